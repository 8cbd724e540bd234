package dev.ycsbpack.experiment.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.ycsbpack.cli.ToolCommandLine;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** A usage error of bin/ycsb-experiment is one line naming the wrong word, never a password given after it. */
class UsageLineTest {
  private String err;

  private int run(String... args) {
    CommandLine cl = ToolCommandLine.create(new ExperimentMain());
    StringWriter out = new StringWriter();
    StringWriter e = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(e, true));
    int rc = cl.execute(args);
    err = e.toString();
    assertFalse((out + err).contains("Zq9"), out + err);
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
