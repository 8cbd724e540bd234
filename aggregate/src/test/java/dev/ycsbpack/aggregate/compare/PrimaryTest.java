package dev.ycsbpack.aggregate.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.aggregate.stats.Significance;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The default primary figure: throughput unthrottled, the main operation's (intended) p99 throttled. */
class PrimaryTest {
  static final Significance.Method METHOD = new Significance.Method(500, 1);

  @Test
  void theFormOfAPrimaryFigureIsCheckedBeforeAnyRun() throws Exception {
    for (String ok : List.of("OVERALL.throughput", "READ.p99", "read.p99.9", "UPDATE.intended-p99", "INSERT.error-rate",
        "READ-MODIFY-WRITE.mean", " SCAN.max ")) {
      assertEquals(ok.strip(), Primary.checkForm(ok));
    }
    for (String bad : List.of("READ", "READ.p", "OVERALL.p99", "READ.p99;rm -rf /", ".p99", "READ.median")) {
      Arms.Unusable e = assertThrows(Arms.Unusable.class, () -> Primary.checkForm(bad), bad);
      assertTrue(e.getMessage().startsWith("--primary ") && e.getMessage().contains(": expected OVERALL.throughput or "
          + "OP.FIGURE"), e.getMessage());
    }
  }

  @Test
  void unthrottledRunsJudgeOverallThroughput() {
    List<List<Comparison.Named>> sides = new SyntheticSides(3).draw(5, 1.0, SyntheticSides.Order.ABBA);
    Comparison c = Comparison.of(sides.get(0), sides.get(1), METHOD);
    assertEquals("overall throughput", c.headline().figure());
    assertEquals("the runs were unthrottled (no target), so how much they did is the question", c.headline().why());
    assertTrue(c.headline().line().startsWith("Headline (primary figure, judged at 5%): overall throughput: "),
        c.headline().line());
  }

  @Test
  void throttledRunsJudgeTheMainOperationsIntendedP99WhenRecordedElseItsP99() {
    List<List<Comparison.Named>> sides = new SyntheticSides(4).draw(5, 1.0, SyntheticSides.Order.ABBA);
    Comparison c = Comparison.of(throttled(sides.get(0), true), throttled(sides.get(1), true), METHOD);
    assertEquals("READ intended p99", c.headline().figure());
    assertEquals("the runs were throttled (target 9,000 ops/s), so latency at that rate is the question; READ has "
        + "the most operations; intended latency (timed from when each operation was due) is free of coordinated "
        + "omission", c.headline().why());
    c = Comparison.of(throttled(sides.get(0), false), throttled(sides.get(1), false), METHOD);
    assertEquals("READ p99", c.headline().figure());
    assertTrue(c.headline().why().endsWith("; no intended latency was recorded, so the p99 is timed from when each "
        + "operation was sent"), c.headline().why());
  }

  /** The same results with {@code target=9000} and, if asked, an intended latency 10% above the service one. */
  private static List<Comparison.Named> throttled(List<Comparison.Named> side, boolean intended) {
    List<Comparison.Named> out = new ArrayList<>();
    for (Comparison.Named n : side) {
      MergedJson r = n.result();
      Map<String, String> cfg = new LinkedHashMap<>(r.configuration().common());
      cfg.put("target", "9000");
      List<MergedJson.Operation> ops = new ArrayList<>();
      for (MergedJson.Operation o : r.operations()) {
        MergedJson.Latency l = o.latencyUs();
        Map<String, Long> pcts = new LinkedHashMap<>();
        l.percentiles().forEach((k, v) -> pcts.put(k, Math.round(v * 1.1)));
        MergedJson.Latency later = new MergedJson.Latency(l.count(), l.min(), l.mean() * 1.1, l.stdDev(),
            Math.round(l.max() * 1.1), pcts, List.of());
        ops.add(MergedJson.Operation.builder().name(o.name()).operations(o.operations())
            .reportedOperations(o.reportedOperations()).throughputOpsPerSec(o.throughputOpsPerSec())
            .latencyKind(o.latencyKind()).latencyUs(l).intendedLatencyUs(intended ? later : null).returns(o.returns())
            .errors(o.errors()).errorRate(o.errorRate()).build());
      }
      out.add(new Comparison.Named(n.name(), r.toBuilder().operations(ops)
          .configuration(new MergedJson.Settings(cfg, Map.of(), List.of())).build()));
    }
    return out;
  }
}
