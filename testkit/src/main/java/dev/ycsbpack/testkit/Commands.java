package dev.ycsbpack.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs short-lived helper commands (initdb, pg_ctl, createdb) and fails with their output. */
final class Commands {
  private Commands() {
  }

  /**
   * Runs {@code command} in {@code workDir} and returns its combined output.
   *
   * <p>Output goes to a file rather than a pipe: a file needs no reader thread to keep a chatty
   * command from blocking, and a daemon forked by the command (the postmaster behind
   * {@code pg_ctl start}) that inherits the descriptor cannot make us wait for EOF until it exits.
   */
  static String run(List<String> command, Path workDir, Duration timeout) throws IOException {
    Path output = Files.createTempFile("ycsbpack-cmd-", ".out");
    try {
      Process process = new ProcessBuilder(command)
          .directory(workDir.toFile())
          .redirectErrorStream(true)
          .redirectOutput(output.toFile())
          .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
          .start();
      boolean finished;
      try {
        finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while running " + command, e);
      }
      String text = Files.readString(output, StandardCharsets.UTF_8).strip();
      if (!finished) {
        process.destroyForcibly();
        throw new IOException("timed out after " + timeout.toSeconds() + " s: " + command + "\n" + text);
      }
      if (process.exitValue() != 0) {
        throw new IOException("exit code " + process.exitValue() + ": " + command + "\n" + text);
      }
      return text;
    } finally {
      Files.deleteIfExists(output);
    }
  }
}
