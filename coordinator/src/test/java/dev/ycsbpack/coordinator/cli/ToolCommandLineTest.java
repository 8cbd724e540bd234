package dev.ycsbpack.coordinator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.ycsbpack.cli.ToolCommandLine;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** A usage error of bin/ycsb-coordinator is one line that names the wrong word, never the passwords after it. */
class ToolCommandLineTest {
  private static final List<String> SECRETS = List.of("-p", "mongodb.url=mongodb://alice:Zq9simple@db1:27017/ycsb",
      "-p", "mongodb.tls.keyStorePassword=Zq9KS", "--rsh", "sshpass -p Zq9pass ssh {host} {cmd}", "--hosts", "local",
      "--out", "x");

  private String err;

  private int run(List<String> head) {
    List<String> args = new ArrayList<>(head);
    args.addAll(SECRETS);
    CommandLine cl = ToolCommandLine.create(new CoordinatorMain());
    StringWriter out = new StringWriter();
    StringWriter e = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(e, true));
    int rc = cl.execute(args.toArray(String[]::new));
    err = e.toString();
    assertFalse((out + err).contains("Zq9"), out + err);
    assertEquals(1, err.lines().count(), err);
    return rc;
  }

  @Test
  void aMistypedCommandNamesOnlyItself() {
    assertEquals(2, run(List.of("lod", "mongodb")));
    assertEquals("ycsb-coordinator: error: unknown command 'lod'; use load, run, check or recover\n", err);
  }

  @Test
  void aBadValueNamesOptionValueAndWhatIsAccepted() {
    assertEquals(2, run(List.of("run", "mongodb", "--clients-per-host", "x")));
    assertEquals("ycsb-coordinator: error: --clients-per-host x: expected a whole number (K)\n", err);
  }

  @Test
  void anUnknownOptionIsNamedWithoutItsValue() {
    assertEquals(2, run(List.of("run", "mongodb", "--pasword=Zq9typo", "-p", "x=Zq9typo")));
    assertEquals("ycsb-coordinator: error: unknown option '--pasword' (did you mean --parallel?); see "
        + "bin/ycsb-coordinator run --help\n", err);
    assertEquals(2, run(List.of("load", "mongodb", "extra", "Zq9simple")));
    assertEquals(2, run(List.of("check", "--bogus")));
  }
}
