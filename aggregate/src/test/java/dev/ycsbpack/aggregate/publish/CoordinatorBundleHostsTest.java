package dev.ycsbpack.aggregate.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbpack.common.RunStatus;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A coordinator bundle's "Hosts and clients" counts its hosts by the kind its manifest records, as the coordinator's
 * summary does: {@code local1} and {@code local2} are this machine named twice, an ssh host named {@code local2} is
 * another machine.
 */
class CoordinatorBundleHostsTest {
  @TempDir
  Path dir;

  @Test
  void twoLocalHostsAreThisMachine() throws Exception {
    assertEquals("2 clients on this machine: 01-host1 on local1, 02-host2 on local2",
        hostsAndClients("local", "local"));
  }

  @Test
  void anSshHostNamedLikeALocalOneIsAnotherMachine() throws Exception {
    assertEquals("2 clients on 2 hosts: 01-host1 on local1, 02-host2 on local2", hostsAndClients("local", "ssh"));
  }

  @Test
  void aManifestWithoutKindsCountsEachHost() throws Exception {
    assertEquals("2 clients on 2 hosts: 01-host1 on local1, 02-host2 on local2", hostsAndClients(null, null));
  }

  /** The published facts of a COMPLETE bundle whose clients ran on hosts local1 and local2 of these kinds. */
  private String hostsAndClients(String kind1, String kind2) throws Exception {
    Path bundle = Bundles.coordinated(dir.resolve("bundle"), "COMPLETE", Bundles.MONGODB, 1_700_000_000_000L, "");
    ObjectMapper json = new ObjectMapper();
    ObjectNode m = (ObjectNode) json.readTree(bundle.resolve("manifest.json").toFile());
    ArrayNode hosts = m.putArray("hosts");
    List<String> kinds = java.util.Arrays.asList(kind1, kind2);
    for (int i = 0; i < 2; i++) {
      ((ObjectNode) m.get("clients").get(i)).put("host", "local" + (i + 1));
      ObjectNode h = hosts.addObject().put("host", "local" + (i + 1));
      if (kinds.get(i) != null) {
        h.put("kind", kinds.get(i));
      }
    }
    json.writeValue(bundle.resolve("manifest.json").toFile(), m);
    Published p = new CoordinatorBundleKind().read(bundle, "bundle", true);
    assertEquals(RunStatus.COMPLETE, p.status(), p.reason());
    assertFalse(p.facts().facts().containsKey("local hosts"), "an input, never shown: " + p.facts().facts());
    return p.facts().facts().get("Hosts and clients");
  }
}
