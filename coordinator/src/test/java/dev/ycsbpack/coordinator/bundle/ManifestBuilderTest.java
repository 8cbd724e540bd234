package dev.ycsbpack.coordinator.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The manifest's builders make the record its constructor makes, and manifest.json stays what it was: the same
 * fields in the same order, nothing of the builders in it.
 */
class ManifestBuilderTest {
  @TempDir
  Path dir;

  private static final Manifest.ClientEntry CLIENT = new Manifest.ClientEntry("01-h1", "h1", 2, 100, 600, "all", 0L,
      300L, "FAILED", "exited with status 1", 1, 1_700_000_000_000L);

  /** Every component set, each to a value of its own, by the canonical constructor. */
  private static final Manifest FULL = new Manifest("NOT MongoDB", "FAILED", "why", "load mongodb", "load", "id",
      "1.0", "t0", "t1", Map.of("server.product", "x"), new Manifest.Release("t0", 1L, 2.0, 3.0, 4L, 5L, "crowded"),
      List.of(new Manifest.HostEntry("h1", "ssh", "java 17", 1.5, 0.5, List.of("slow"))), List.of(CLIENT),
      new Manifest.Merged("merged", "merged/report.html", Map.of("complete", true)), Map.of("recordcount", "10"),
      List.of("a note"), "ERRORS: 1", new Manifest.Count("ycsb.usertable", 0, 10, 10, 10, "COMPLETE", "10 counted"),
      List.of(new Manifest.HostGroup("h1", 1, 1, List.of("01-h1 FAILED"))), Map.of("check", 12L));

  @Test
  void theBuildersMakeWhatTheConstructorsMake() {
    Manifest.ClientEntry client = Manifest.ClientEntry.builder().name("01-h1").host("h1").threads(2).target(100)
        .operations(600).keys("all").insertstart(0L).insertcount(300L).verdict("FAILED")
        .reason("exited with status 1").exitStatus(1).firstOperationMs(1_700_000_000_000L).build();
    assertEquals(CLIENT, client);
    assertEquals(CLIENT, CLIENT.toBuilder().build());

    Manifest built = Manifest.builder().note("NOT MongoDB").status("FAILED").reason("why").command("load mongodb")
        .phase("load").runId("id").packVersion("1.0").startedAt("t0").endedAt("t1").server(FULL.server())
        .release(FULL.release()).hosts(FULL.hosts()).clients(List.of(client)).merged(FULL.merged())
        .properties(FULL.properties()).notes(FULL.notes()).lead("ERRORS: 1").count(FULL.count())
        .byHost(FULL.byHost()).phasesMs(FULL.phasesMs()).build();
    assertEquals(FULL, built);
    assertEquals(FULL, FULL.toBuilder().build());
  }

  @Test
  void manifestJsonHoldsTheComponentsInTheirOrderAndNothingElse() throws Exception {
    Bundle bundle = Bundle.create(dir.resolve("bundle"));
    bundle.write(FULL.toBuilder().build());
    String json = Files.readString(bundle.dir().resolve(Bundle.MANIFEST));

    com.fasterxml.jackson.databind.JsonNode tree = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
    List<String> fields = new java.util.ArrayList<>();
    tree.fieldNames().forEachRemaining(fields::add);
    // note, lead, status and reason first (@JsonPropertyOrder), then the rest in the record's order
    assertEquals(List.of("note", "lead", "status", "reason", "command", "phase", "runId", "packVersion", "startedAt",
        "endedAt", "server", "release", "hosts", "clients", "merged", "properties", "notes", "count", "byHost",
        "phasesMs"), fields);
    List<String> clientFields = new java.util.ArrayList<>();
    tree.get("clients").get(0).fieldNames().forEachRemaining(clientFields::add);
    assertEquals(java.util.Arrays.stream(Manifest.ClientEntry.class.getRecordComponents())
        .map(java.lang.reflect.RecordComponent::getName).toList(), clientFields);
    assertEquals(FULL, Bundle.read(bundle.dir()));
  }
}
