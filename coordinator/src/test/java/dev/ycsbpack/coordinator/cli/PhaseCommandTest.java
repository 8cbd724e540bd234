package dev.ycsbpack.coordinator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbpack.cli.ToolCommandLine;
import dev.ycsbpack.coordinator.plan.Phase;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code load} and {@code run} differ only in their help and the phase their name says. */
class PhaseCommandTest {
  @Test
  void eachCommandRunsThePhaseItsNameSays() {
    CommandLine cl = ToolCommandLine.create(new CoordinatorMain());
    for (String name : List.of("load", "run")) {
      PhaseCommand command = cl.getSubcommands().get(name).getCommand();
      assertEquals(name.equals("load") ? Phase.LOAD : Phase.RUN, command.phase(), name);
    }
  }
}
