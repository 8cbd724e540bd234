package dev.ycsbpack.experiment.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The changes a reproduction lists first and records: as typed, never with a secret. */
class RequestTest {
  private static final ReproduciblePlan PLAN = ReproduciblePlan.builder().tool("coordinator").kind("run")
      .binding("mongodb").hosts(List.of("h1", "h2")).clientsPerHost(1).clients(2).properties(Map.of("workload", "W"))
      .build();

  @Test
  void theChangesAreListedAsTypedWithEverySecretMasked() throws Exception {
    // awkward ones (common's AwkwardStrings is not on this module's test path): blanks, quotes, URL delimiters
    for (String secret : List.of("p@ss w0rd-Zq9", "a:b@c/d?e#f-Zq9", "qu\"ote's-Zq9", "100%25+sure-Zq9")) {
      Map<String, String> user = new LinkedHashMap<>();
      user.put("mongodb.url", "mongodb://u:" + URLEncoder.encode(secret, StandardCharsets.UTF_8) + "@db2/ycsb");
      user.put("mongodb.tls.keyStorePassword", secret);
      Request r = new Request(user, List.of(), "8", null, null, null, List.of("local"), List.of());
      int perHost = r.clientsPerHost(PLAN);
      assertEquals(2, perHost, "the plan's 2 clients on 1 host");
      List<String> listed = r.listed(PLAN, perHost);
      assertEquals(5, listed.size(), listed::toString);
      assertEquals("-threads 8", listed.get(2));
      assertEquals(List.of("--hosts local", "--clients-per-host 2"), listed.subList(3, 5));
      String all = String.join("\n", listed);
      assertFalse(all.contains(secret) || all.contains(URLEncoder.encode(secret, StandardCharsets.UTF_8)), all);
      assertEquals("W", r.properties(PLAN).get("workload"), "the plan's properties under the user's");
    }
  }
}
