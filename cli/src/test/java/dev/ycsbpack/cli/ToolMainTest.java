package dev.ycsbpack.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbpack.common.PackVersion;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * A tool built on this module, as a user meets it: its version line, the usage error without a command, a failure of
 * the tool itself in one line with the secret masked, and the arguments kept for the run's record.
 */
class ToolMainTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Command(name = "ycsb-demo", mixinStandardHelpOptions = true, versionProvider = ToolVersion.class,
      subcommands = {Fails.class, Works.class, CommandLine.HelpCommand.class})
  static final class Demo extends ToolTop {
  }

  @Command(name = "fails")
  static final class Fails implements Callable<Integer> {
    @Override
    public Integer call() throws IOException {
      throw new IOException("cannot reach mongodb://alice:Zq9secret@db1:27017/ycsb");
    }
  }

  @Command(name = "works")
  static final class Works implements Callable<Integer> {
    @Option(names = "--n", paramLabel = "N")
    int n;

    @Override
    public Integer call() {
      return n;
    }
  }

  /** Shows a remote shell's error through the run's redactor, as the coordinator does. */
  @Command(name = "ycsb-masks")
  static final class Masks implements Callable<Integer> {
    @Option(names = "--rsh", paramLabel = "TEMPLATE")
    String rsh;

    String shown;

    @Override
    public Integer call() {
      shown = ToolMain.redactor(Map.of("mongodb.password", "Pw9word", "table", "usertable"))
          .redact("kubectl --token Tk9token failed; auth Pw9word refused on usertable");
      return 0;
    }
  }

  private int run(boolean failureLine, String... args) {
    out.reset();
    err.reset();
    CommandLine cl = failureLine ? ToolCommandLine.create(new Demo()) : ToolCommandLine.parsing(new Demo());
    return ToolMain.run(cl, args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theVersionLineNamesTheTool() {
    assertEquals(0, run(true, "--version"));
    assertEquals("ycsb-demo " + PackVersion.current().shown() + "\n", out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void withoutACommandTheLineNamesEveryCommandInOrder() {
    assertEquals(2, run(true));
    assertEquals("ycsb-demo: error: name a command: fails or works\n", err());
    assertEquals(2, run(true, "wroks", "--n", "Zq9secret"));
    assertEquals("ycsb-demo: error: unknown command 'wroks'; use fails or works\n", err());
    assertEquals(2, run(true, "works", "--n", "many"));
    assertEquals("ycsb-demo: error: --n many: expected a whole number (N)\n", err());
  }

  @Test
  void aFailureIsOneLineWithTheSecretMaskedWhereTheToolAsksForIt() {
    assertEquals(1, run(true, "fails"));
    assertEquals("ycsb-demo: FAILED: IOException: cannot reach mongodb://alice:*****@db1:27017/ycsb\n", err());
  }

  @Test
  void theArgumentsAreKeptAsGivenAndTheStatusIsTheCommands() {
    assertEquals(7, run(false, "works", "--n", "7"));
    assertEquals(List.of("works", "--n", "7"), ToolMain.arguments());
    assertEquals("", err());
  }

  @Test
  void theRunsRedactorMasksItsSecretPropertiesAndTheSecretWordsOfItsArguments() {
    Masks masks = new Masks();
    String[] args = {"--rsh", "kubectl --token Tk9token exec -i {host} --"};
    assertEquals(0, ToolMain.run(ToolCommandLine.parsing(masks), args, new PrintStream(out, true,
        StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
    assertEquals("kubectl --token ***** failed; auth ***** refused on usertable", masks.shown);
  }
}
