package dev.ycsbpack.experiment.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.ycsbpack.cli.ToolCommandLine;
import dev.ycsbpack.cli.ToolMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A usage error of bin/ycsb-experiment is one line naming the wrong word, never a password given after it. */
class UsageLineTest {
  private String err;

  /** Runs bin/ycsb-experiment's entry on {@code args}: its exit status, its stderr in {@link #err}. */
  private int run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    int rc = ToolMain.run(ToolCommandLine.create(new ExperimentMain()), args,
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8));
    err = e.toString(StandardCharsets.UTF_8);
    String printed = out.toString(StandardCharsets.UTF_8) + err;
    assertFalse(printed.contains("Zq9"), printed);
    assertEquals(1, err.lines().count(), err);
    return rc;
  }

  @Test
  void aMistypedCommandAndABadValueAreOneLineWithoutPasswords() {
    assertEquals(2, run("swep", "mongodb", "-p", "mongodb.url=mongodb://alice:Zq9simple@db1:27017/ycsb", "-p",
        "mongodb.tls.keyStorePassword=Zq9KS", "--hosts", "local", "--out", "x"));
    assertEquals("ycsb-experiment: error: unknown command 'swep'; use sweep, wc-matrix, repeat, ab, run or "
        + "reproduce\n", err);
    assertEquals(2, run("sweep", "mongodb", "-p", "mongodb.url=mongodb://alice:Zq9simple@db1:27017/ycsb",
        "--clients-per-host", "Zq9simple", "--out", "x"));
    assertEquals("ycsb-experiment: error: --clients-per-host *****: expected a whole number (K)\n", err);
  }
}
