package dev.ycsbpack.experiment.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.cli.ToolCommandLine;
import dev.ycsbpack.cli.UsageError;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** repeat and wc-matrix take -threads and -target from one mixin: the same help lines, the same refusals. */
class FixedLoadOptionsTest {
  @Test
  void repeatAndWcMatrixDescribeTheirFixedLoadAlike() {
    CommandLine cl = ToolCommandLine.create(new ExperimentMain());
    List<String> repeat = lines(cl.getSubcommands().get("repeat").getUsageMessage());
    List<String> matrix = lines(cl.getSubcommands().get("wc-matrix").getUsageMessage());
    for (String option : List.of("      -target=OPS ", "      -threads=N ")) {
      String r = repeat.stream().filter(l -> l.startsWith(option)).findFirst().orElseThrow();
      assertEquals(r, matrix.stream().filter(l -> l.startsWith(option)).findFirst().orElseThrow());
    }
  }

  @Test
  void valuesAreReadOrRefusedNamingTheOption() throws UsageError {
    FixedLoadOptions o = new FixedLoadOptions();
    o.threads = "8";
    assertEquals(8, o.threads());
    assertEquals(0, o.target(), "unthrottled when not given");
    o.target = "500";
    assertEquals(500, o.target());
    o.threads = "0";
    assertTrue(assertThrows(UsageError.class, o::threads).getMessage().startsWith("-threads 0"));
    o.target = "fast";
    assertTrue(assertThrows(UsageError.class, o::target).getMessage().startsWith("-target fast"));
  }

  private static List<String> lines(String usage) {
    return usage.lines().toList();
  }
}
