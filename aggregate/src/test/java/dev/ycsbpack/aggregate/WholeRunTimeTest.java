package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbpack.aggregate.cli.AggregateMain;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.merge.Merger;
import dev.ycsbpack.aggregate.result.ClientResult;
import dev.ycsbpack.aggregate.result.MergeResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Clients that ran without -s (one histogram per whole run) obey the same rule of time as interval logs: real YCSB
 * runs of two clients, moved apart in time by their logs' StartTime, are refused in the common window when they never
 * overlapped, merged with the overlap stated when they partly did, and the union window gives operations over its
 * length, never a sum of rates of clients that did not run together.
 */
class WholeRunTimeTest extends RealRunFixture {
  /** The two clients' spans before any move: client1, client2. */
  ClientResult c1;
  ClientResult c2;

  @BeforeEach
  void copyTheRun() throws Exception {
    copyRealRun("text-nos");
    MergeResult r = Merger.merge(List.of(run), MergeOptions.defaults());
    c1 = r.clients().stream().filter(c -> c.name().equals("client1")).findFirst().orElseThrow();
    c2 = r.clients().stream().filter(c -> c.name().equals("client2")).findFirst().orElseThrow();
    assertTrue(r.togetherMs() > 0, "the real clients ran together");
  }

  /** Moves every log of client2 so that it starts {@code startMs} (ms since the epoch). */
  void startClient2At(long startMs) throws Exception {
    long by = startMs - c2.startMs();
    try (Stream<Path> s = Files.list(run.resolve("client2"))) {
      for (Path f : (Iterable<Path>) s::iterator) {
        if (!f.toString().endsWith(".hdr")) {
          continue;
        }
        List<String> l = new ArrayList<>(Files.readAllLines(f, StandardCharsets.ISO_8859_1));
        for (int i = 0; i < l.size(); i++) {
          if (l.get(i).startsWith("#[StartTime: ")) {
            String rest = l.get(i).substring("#[StartTime: ".length());
            double t = Double.parseDouble(rest.substring(0, rest.indexOf(' ')));
            l.set(i, "#[StartTime: " + String.format(Locale.ROOT, "%.3f", t + by / 1000.0) + " (seconds)]");
          }
        }
        Files.writeString(f, String.join("\n", l) + "\n", StandardCharsets.ISO_8859_1);
      }
    }
  }

  JsonNode mergedJson() throws Exception {
    return new ObjectMapper().readTree(out.resolve("merged.json").toFile());
  }

  @Test
  void clientsThatRanOneAfterAnotherAreRefusedInTheCommonWindow() throws Exception {
    startClient2At(c1.endMs() + 2000);
    assertEquals(AggregateMain.REFUSED, merge(), stderr);
    assertEquals(1, stderr.strip().lines().count(), "one line:\n" + stderr);
    assertTrue(stderr.contains("no common time") && stderr.contains("client1 ") && stderr.contains("client2 ")
        && stderr.contains("--window union"), stderr);
    assertFalse(Files.exists(out), "a refused merge writes nothing");
  }

  @Test
  void theUnionOfClientsThatRanOneAfterAnotherIsOperationsOverItsLength() throws Exception {
    startClient2At(c1.endMs() + 2000);
    assertEquals(AggregateMain.OK, merge("--window", "union"), stderr);
    JsonNode j = mergedJson();
    long ops = j.get("overall").get("operations").asLong();
    double seconds = j.get("window").get("seconds").asDouble();
    long c2Length = c2.endMs() - c2.startMs();
    assertEquals((c1.endMs() + 2000 + c2Length - c1.startMs()) / 1000.0, seconds, 0.002,
        "the union runs from client1's start to client2's end");
    double tp = j.get("overall").get("throughputOpsPerSec").asDouble();
    assertEquals(ops / seconds, tp, 1e-6 * tp, "operations over the union's length");
    double sumOfRates = 0;
    for (JsonNode c : j.get("clients")) {
      sumOfRates += c.get("windowThroughputOpsPerSec").asDouble();
    }
    assertTrue(tp < sumOfRates / 2, tp + " ops/s is not the " + sumOfRates + " ops/s of rates that never ran together");
    assertEquals(0.0, j.get("window").get("allClientsTogetherSeconds").asDouble());
    assertTrue(stdout.contains("ran together for 0.0 s"), stdout);
  }

  @Test
  void aPartialOverlapIsMergedAndItsLengthStated() throws Exception {
    long c1Length = c1.endMs() - c1.startMs();
    long c2Length = c2.endMs() - c2.startMs();
    long start2 = c1.startMs() + c1Length / 2;
    startClient2At(start2);
    long together = Math.min(c1.endMs(), start2 + c2Length) - start2;
    assertEquals(AggregateMain.OK, merge(), stderr);
    JsonNode j = mergedJson();
    assertEquals(together / 1000.0, j.get("window").get("allClientsTogetherSeconds").asDouble(), 0.002);
    assertEquals(together / 1000.0, j.get("window").get("seconds").asDouble(), 0.002,
        "the common window is the time both ran");
    String told = String.format(Locale.ROOT, "ran together for %.1f s (the common window), ", together / 1000.0);
    assertTrue(stdout.contains(told) && stdout.contains("% of the "), "stated:\n" + stdout);
    assertFalse(j.get("overall").get("coverageStatement").asText().contains("lie inside the common window"),
        j.get("overall").get("coverageStatement").asText());
    long reported = j.get("overall").get("reportedOperations").asLong();
    assertEquals(reported, j.get("overall").get("operations").asLong(), "whole runs are merged whole");
  }

  @Test
  void clientsThatRanTogetherStillMerge() throws Exception {
    assertEquals(AggregateMain.OK, merge(), stderr);
    JsonNode j = mergedJson();
    double together = j.get("window").get("allClientsTogetherSeconds").asDouble();
    assertTrue(together > 0, "together " + together);
    assertEquals(together, j.get("window").get("seconds").asDouble(), 0.0005);
  }
}
