package dev.ycsbpack.cli;

import dev.ycsbpack.common.PackVersion;
import picocli.CommandLine;

/** {@code --version} of every tool: its name, then the pack's version and build ({@link PackVersion}). */
public final class ToolVersion implements CommandLine.IVersionProvider {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public String[] getVersion() {
    return new String[] {spec.root().name() + " " + PackVersion.current().shown()};
  }
}
