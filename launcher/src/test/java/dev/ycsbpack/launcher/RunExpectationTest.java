package dev.ycsbpack.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** YCSB 0.17.0's count rule: operationcount for a run; insertcount, else recordcount, for a load. */
class RunExpectationTest {
  static RunExpectation expect(String phase, String... props) throws UsageException {
    List<String> args = new ArrayList<>(List.of(phase, "basic", "-p", LaunchArgumentsTest.WORKLOAD));
    for (String p : props) {
      args.add("-p");
      args.add(p);
    }
    return RunExpectation.of(LaunchArguments.parse(args.toArray(new String[0])));
  }

  @ParameterizedTest(name = "{0} {1} {2} {3} -> {4}")
  @CsvSource({
      "run,  recordcount=100, operationcount=7, insertcount=3, 7",
      "load, recordcount=100, operationcount=7, insertcount=3, 3",
      "load, recordcount=100, operationcount=7, threadcount=2, 100",
      "load, recordcount=2147483647, operationcount=1, threadcount=1, 2147483647"})
  void countsTheOperationsYcsbAttempts(String phase, String a, String b, String c, long expected)
      throws UsageException {
    assertEquals(expected, expect(phase, a, b, c).count().operations());
  }

  @Test
  void zeroOrMissingCountsAreRefusedNamingTheProperty() {
    UsageException run = assertThrows(UsageException.class, () -> expect("run", "recordcount=10"));
    assertTrue(run.getMessage().startsWith("operationcount is 0 (or unset)"), run::getMessage);
    UsageException load = assertThrows(UsageException.class, () -> expect("load", "insertcount=0",
        "recordcount=10"));
    assertTrue(load.getMessage().startsWith("insertcount is 0"), load::getMessage);
    UsageException big = assertThrows(UsageException.class, () -> expect("run", "operationcount=2147483648"));
    assertTrue(big.getMessage().contains("operationcount=2147483648: expected a whole number from 0 to"),
        big::getMessage);
  }

  @Test
  void timeLimitAndExportFileAreRecorded() throws UsageException {
    RunExpectation e = expect("run", "operationcount=5", "maxexecutiontime=10", "exportfile=out.json");
    assertTrue(e.count().timeLimited());
    assertEquals("out.json", e.exportFile());
    assertEquals(RunExpectation.TEXT_EXPORTER, e.exporter());
    RunExpectation plain = expect("run", "operationcount=5");
    assertFalse(plain.count().timeLimited());
    assertNull(plain.exportFile());
  }
}
