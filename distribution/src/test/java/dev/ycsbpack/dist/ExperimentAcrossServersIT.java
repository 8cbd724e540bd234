package dev.ycsbpack.dist;

import static dev.ycsbpack.dist.Servers.concat;
import static dev.ycsbpack.dist.Servers.pointAt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A small sweep against every server the suite has (mongo-java-server; FerretDB on SQLite and on PostgreSQL, real
 * processes; a real MongoDB with MONGODB_URL): loaded once, every step COMPLETE with figures, and the server's memory
 * figures either reported (a positive number) or said to be "not reported by this server", never a zero.
 */
class ExperimentAcrossServersIT {
  private static final List<String> SIZES = List.of("residentBytes", "cacheBytesInUse", "cacheMaximumBytes");

  @TempDir
  Path work;

  static Stream<Named<Target>> targets() {
    return TestTargets.allNamed();
  }

  @ParameterizedTest(name = "[{0}]")
  @MethodSource("targets")
  void aThreadsSweepLoadsOnceAnswersAndRecordsTheServersMemoryHonestly(Target target) throws Exception {
    String table = Servers.newTable();
    Path dir = work.resolve("sweep");
    List<String> args = new ArrayList<>(List.of(concat("sweep", "mongodb", "-P",
        YcsbRun.readMostly().toString(), pointAt(target, table))));
    args.addAll(List.of("-p", "recordcount=100", "-p", "operationcount=150", "-threads", "1,2", "--load",
        "--quiet", "--hosts", "local", "--out", dir.toString()));
    try {
      Coordinator c = Coordinator.start(work, List.of(), "bin/ycsb-experiment", args);
      c.await();
      assertEquals(0, c.exitCode(), c::describe);
      JsonNode m = Coordinator.manifest(dir);
      assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
      assertEquals(100, Servers.countDocuments(target, table));
      JsonNode steps = m.get("steps");
      assertEquals(3, steps.size(), m::toPrettyString);
      for (int i = 1; i < steps.size(); i++) {
        JsonNode s = steps.get(i);
        assertEquals("COMPLETE", s.get("verdict").asText(), s::toPrettyString);
        JsonNode f = s.get("figures");
        assertTrue(f.get("throughput").asDouble() > 0, f::toPrettyString);
        JsonNode memory = f.get("server").get("figures");
        for (String size : SIZES) {
          JsonNode v = memory.get(size);
          assertTrue(v.isNumber() ? v.asLong() > 0 : v.asText().equals("not reported by this server"),
              size + " must be a positive size or said not to be reported: " + memory.toPrettyString());
        }
        JsonNode pages = memory.get("pagesReadIntoCache");
        assertTrue(pages.isNumber() ? pages.asLong() >= 0 : pages.asText().equals("not reported by this server"),
            memory::toPrettyString);
      }
      assertEquals(2, m.get("answers").get("steps").asInt(), m::toPrettyString);
    } finally {
      Servers.drop(target, table);
    }
  }
}
