package dev.ycsbpack.coordinator.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.plan.Phase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CountCheckTest {
  private static Map<String, String> env(long before, long inserted, long after) {
    return Map.of("collection", "ycsb.usertable", "collection.documents.before", Long.toString(before),
        "collection.documents.inserted", Long.toString(inserted), "collection.documents.after", Long.toString(after));
  }

  @Test
  void theLastCountMustHoldWhatWasThereAndWhatEveryClientStored() {
    // client 1 counted before client 2 had finished: the larger, later count is the collection's
    Manifest.Count load = CountCheck.of(Phase.LOAD, 2, List.of(env(0, 500_000, 730_000), env(0, 500_000, 1_000_000)))
        .orElseThrow();
    assertEquals(1_000_000, load.expected());
    assertEquals(1_000_000, load.counted());
    assertEquals(CountCheck.COMPLETE, load.verdict());
    assertEquals("1,000,000 loaded, 1,000,000 counted in ycsb.usertable", load.text());

    Manifest.Count run = CountCheck.of(Phase.RUN, 2, List.of(env(1000, 30, 1050), env(1000, 25, 1040))).orElseThrow();
    assertEquals(1055, run.expected());
    assertEquals(CountCheck.SHORTFALL, run.verdict());
    assertEquals("55 new keys inserted, 1,050 counted in ycsb.usertable (1,000 before the run); 5 documents missing",
        run.text());
  }

  @Test
  void noCheckWhenAClientRecordedNoCount() {
    assertTrue(CountCheck.of(Phase.LOAD, 2, List.of(env(0, 5, 10))).isEmpty(), "one of two clients");
    assertTrue(CountCheck.of(Phase.LOAD, 1, List.of(Map.of("server.version", "7.0"))).isEmpty(), "another binding");
  }
}
