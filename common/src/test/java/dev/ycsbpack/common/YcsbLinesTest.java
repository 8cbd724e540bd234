package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class YcsbLinesTest {
  @Test
  void measurementLines() {
    Measurement m = Measurement.parse("[READ], 99thPercentileLatency(us), 1234.5").orElseThrow();
    assertEquals(new Measurement("READ", "99thPercentileLatency(us)", "1234.5"), m);
    assertEquals(1234.5, m.number());
    assertEquals("Return=OK", Measurement.parse("[UPDATE], Return=OK, 10").orElseThrow().measurement());
    assertTrue(Measurement.parse("DBWrapper: report latency for each error is false").isEmpty());
    assertTrue(Measurement.parse("[READ] broken").isEmpty());
  }

  @Test
  void statusLines() {
    StatusLine s = StatusLine.parse("2026-11-23 12:00:10:001 10 sec: 51234 operations; 5120.3 current ops/sec; "
        + "est completion in 1 minute [READ: Count=51234, Max=1, Min=1, Avg=1, 90=1, 99=1, 99.9=1, 99.99=1]")
        .orElseThrow();
    assertEquals(new StatusLine(10, 51234, 5120.3), s);
    StatusLine zero = StatusLine.parse(
        "client1 2026-11-23 12:00:00:000 0 sec: 0 operations; est completion in 106751991167300 days ")
        .orElseThrow();
    assertEquals(0, zero.operations());
    assertTrue(Double.isNaN(zero.currentOpsPerSec()));
    assertTrue(StatusLine.parse("[OVERALL], RunTime(ms), 10").isEmpty());
  }

  @Test
  void countRuleFollowsClient() {
    Properties p = new Properties();
    p.setProperty("recordcount", "1000");
    p.setProperty("operationcount", "3");
    p.setProperty("threadcount", "8");
    assertEquals(new OperationCount("operationcount", 3, 3, false), OperationCount.of(p));
    p.setProperty("dotransactions", "false");
    assertEquals(new OperationCount("recordcount", 1000, 8, false), OperationCount.of(p));
    p.setProperty("insertcount", "500");
    assertEquals(new OperationCount("insertcount", 500, 8, false), OperationCount.of(p));
    p.setProperty("insertcount", "5e3");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OperationCount.of(p));
    assertTrue(e.getMessage().startsWith("insertcount=5e3: expected a whole number"), e.getMessage());
  }

  @Test
  void controlEvents() {
    ClientControl.Event e = new ClientControl.Event(ClientControl.EventType.STARTED, 1763900000123L);
    assertEquals(e, ClientControl.parse(e.line()).orElseThrow());
    assertEquals(ClientControl.EventType.READY, ClientControl.parse("@ycsbpack READY").orElseThrow().type());
    assertTrue(ClientControl.parse("@ycsbpack NONSENSE").isEmpty());
    assertTrue(ClientControl.parse("READY").isEmpty());
    assertEquals(0, ClientControl.goTime("GO"));
    assertEquals(1763900000123L, ClientControl.goTime(ClientControl.goAt(1763900000123L)));
    assertEquals(-1, ClientControl.goTime("HB"));
    assertEquals(-1, ClientControl.goTime("GO soon"));
  }

  @Test
  void shownCapsAndEscapes() {
    assertEquals("a\\nb\\tc\\u0007", Text.shown("a\nb\tc\u0007"));
    String longValue = "x".repeat(1_000_000);
    String shown = Text.shown(longValue);
    assertTrue(shown.length() < 120 && shown.endsWith("(1000000 characters)"), shown);
  }
}
