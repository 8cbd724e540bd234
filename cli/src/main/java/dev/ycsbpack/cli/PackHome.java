package dev.ycsbpack.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** The installed pack a tool runs from (bin/, lib/, workloads/, experiments/): its bin/ script sets it. */
public final class PackHome {
  private PackHome() {
  }

  /**
   * The pack's folder, from {@code ycsbpack.home}.
   *
   * @param script the tool's bin/ script, named in the refusal
   * @throws IllegalStateException the property is not set or names no folder
   */
  public static Path of(String script) {
    String home = System.getProperty("ycsbpack.home");
    if (home == null || !Files.isDirectory(Path.of(home))) {
      throw new IllegalStateException("ycsbpack.home is not set: run the coordinator as " + script);
    }
    return Path.of(home);
  }
}
