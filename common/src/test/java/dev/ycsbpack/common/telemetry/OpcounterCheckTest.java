package dev.ycsbpack.common.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OpcounterCheckTest {
  private static Series counters(double[] insert, double[] query, double[] update) {
    List<Column> columns = List.of(new Column("opcounters.insert", "count"), new Column("opcounters.query", "count"),
        new Column("opcounters.update", "count"));
    List<Sample> samples = new java.util.ArrayList<>();
    for (int i = 0; i < insert.length; i++) {
      samples.add(new Sample(1000L * i, Arrays.asList(insert[i], query[i], update[i])));
    }
    return new Series("server", Map.of(), columns, samples, List.of());
  }

  @Test
  void countsThatAgreeGiveNoNote() {
    Series s = counters(new double[] {10, 60, 110}, new double[] {5, 505, 1005}, new double[] {0, 500, 1000});
    OpcounterCheck check = OpcounterCheck.of(s, Map.of("INSERT", 100L, "READ", 990L, "UPDATE", 1000L));
    assertEquals(Optional.empty(), check.note());
    assertEquals(3, check.rows().size());
    assertEquals(new OpcounterCheck.Row("opcounters.query", "READ+SCAN+READ-MODIFY-WRITE", 1000, 990),
        check.rows().get(1));
    assertFalse(check.notReported());
  }

  @Test
  void anotherClientsLoadIsNamed() {
    Series s = counters(new double[] {0, 0}, new double[] {0, 3000}, new double[] {0, 1000});
    OpcounterCheck check = OpcounterCheck.of(s, Map.of("READ", 1000L, "UPDATE", 1000L));
    assertTrue(
        check.note().orElseThrow().contains("opcounters.query 3000 vs 1000 READ+SCAN+READ-MODIFY-WRITE (+200.0%)"),
        check.note().orElseThrow());
    assertFalse(check.note().orElseThrow().contains("opcounters.update"));
  }

  @Test
  void readModifyWriteCountsAsAReadAndAnUpdate() {
    Series s = counters(new double[] {0, 0}, new double[] {0, 500}, new double[] {0, 500});
    OpcounterCheck check = OpcounterCheck.of(s, Map.of("READ-MODIFY-WRITE", 500L));
    assertEquals(Optional.empty(), check.note());
  }

  @Test
  void aServerWithoutOpcountersIsNotReportedNotZero() {
    Series s = new Series("server", Map.of(), List.of(new Column("mem.resident", "MiB")),
        List.of(new Sample(0, Arrays.asList(1.0)), new Sample(1, Arrays.asList(1.0))), List.of());
    OpcounterCheck check = OpcounterCheck.of(s, Map.of("READ", 1000L));
    assertTrue(check.notReported());
    assertTrue(check.rows().isEmpty());
    assertEquals(Optional.empty(), check.note());
  }

  @Test
  void theWarmUpsInsertsAreTheServersNotTheClients() {
    // 300 measured inserts and 200 warm-up inserts: the server counted 500
    Series s = counters(new double[] {0, 500}, new double[] {0, 0}, new double[] {0, 0});
    assertTrue(OpcounterCheck.of(s, Map.of("INSERT", 300L)).note().orElseThrow().contains(
        "opcounters.insert 500 vs 300 INSERT"));
    OpcounterCheck check = OpcounterCheck.of(s, Map.of("INSERT", 300L), 200);
    assertEquals(Optional.empty(), check.note());
    assertEquals(new OpcounterCheck.Row("opcounters.insert", "INSERT", 300, 300), check.rows().get(0));
  }

  private static Series mongos(String source, double[] query) {
    List<Sample> samples = new java.util.ArrayList<>();
    for (int i = 0; i < query.length; i++) {
      samples.add(new Sample(1000L * i, Arrays.asList(query[i])));
    }
    return new Series(source, Map.of(), List.of(new Column("opcounters.query", "count")), samples, List.of());
  }

  @Test
  void severalMongosCountersAreSummedSinceEachRoutesOnlyAPart() {
    Series a = mongos("server-a_27017", new double[] {100, 400, 700});
    Series b = mongos("server-b_27017", new double[] {50, 250, 450});
    OpcounterCheck check = OpcounterCheck.of(List.of(a, b), Map.of("READ", 1000L), 0);
    assertEquals(Optional.empty(), check.note(), "600 + 400 = the clients' 1000");
    assertEquals(List.of(new OpcounterCheck.Row("opcounters.query", "READ+SCAN+READ-MODIFY-WRITE", 1000, 1000)),
        check.rows());
    assertTrue(check.summed());
    assertEquals(List.of("server-a_27017", "server-b_27017"), check.sources());
    assertEquals("the 2 mongos (summed) counted other operations than the clients: opcounters.query 1000 vs 2000 "
        + "READ+SCAN+READ-MODIFY-WRITE (-50.0%) (another client, a retrying proxy, or another database?)",
        OpcounterCheck.of(List.of(a, b), Map.of("READ", 2000L), 0).note().orElseThrow());
    // one mongos that does not report the counter: a partial sum is not compared
    Series silent = new Series("server-c_27017", Map.of(), List.of(new Column("opcounters.query", "count")), List.of(
        new Sample(0, Arrays.asList((Double) null)), new Sample(1000, Arrays.asList((Double) null))), List.of());
    assertTrue(OpcounterCheck.of(List.of(a, silent), Map.of("READ", 1000L), 0).notReported());
  }

  @Test
  void theClientsOperationsAreTheirReturnCountsOfEveryStatus() {
    dev.ycsbpack.common.Outcomes o = dev.ycsbpack.common.Outcomes.none().plus("READ", "OK", 90).plus("READ",
        "NOT_FOUND", 5).plus("READ", "ERROR", 5).plus("UPDATE", "OK", 40);
    assertEquals(Map.of("READ", 100L, "UPDATE", 40L), OpcounterCheck.clientOperations(o));
  }
}
