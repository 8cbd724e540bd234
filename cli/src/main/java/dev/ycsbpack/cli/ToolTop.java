package dev.ycsbpack.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * The top command of a tool, which only holds its commands: run without one, it is a usage error naming them
 * ({@code name a command: load, run, check or recover}), in the order the tool declares them.
 */
public abstract class ToolTop implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  /** What the usage error calls a command. */
  protected String commandWord() {
    return "command";
  }

  @Override
  public void run() {
    List<String> names = new ArrayList<>(spec.subcommands().keySet());
    names.remove("help");
    throw new CommandLine.ParameterException(spec.commandLine(), "name a " + commandWord() + ": "
        + UsageLine.either(names));
  }
}
