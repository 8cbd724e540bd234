package dev.ycsbpack.coordinator.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ycsbpack.cli.UsageError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import picocli.CommandLine;

/** The totals of -threads and -target, as the coordinator and the experiment commands read them: bin/ycsb's lines. */
class TotalLoadOptionsTest {
  @Test
  void notGivenIsZeroAndAGivenTotalIsItsNumber() throws UsageError {
    TotalLoadOptions none = new TotalLoadOptions();
    new CommandLine(none).parseArgs();
    assertEquals(0, none.threads(), "no -threads: threadcount, else one per client");
    assertEquals(0, none.target(), "no -target: unthrottled");
    TotalLoadOptions given = new TotalLoadOptions();
    new CommandLine(given).parseArgs("-threads", "16", "-target", "20000", "-s");
    assertEquals(16, given.threads());
    assertEquals(20000, given.target());
    assertEquals(0, TotalLoadOptions.target("0"), "-target 0 is unthrottled, as for bin/ycsb");
  }

  @Test
  void aBadTotalIsOneLineNamingTheFlagTheValueAndWhatIsAccepted() {
    assertEquals("-threads 0: expected a whole number, 1 or more", refusal(() -> TotalLoadOptions.threads("0")));
    assertEquals("-threads x: expected a whole number, 1 or more", refusal(() -> TotalLoadOptions.threads("x")));
    assertEquals("-target -5: expected a whole number, 0 or more", refusal(() -> TotalLoadOptions.target("-5")));
  }

  /** The line of the usage error {@code reading} throws. */
  private static String refusal(Executable reading) {
    return assertThrows(UsageError.class, reading).getMessage();
  }
}
