package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * {@code bin/ycsb-coordinator} as a separate process, as a user runs it (optionally inside a test rig's network
 * namespace), with its exit status, output and bundle.
 */
final class Coordinator {
  static final long TIMEOUT_SECONDS = 240;

  final List<String> command;
  final Process process;
  final Path stdoutFile;
  final Path stderrFile;

  private Coordinator(List<String> command, Process process, Path stdoutFile, Path stderrFile) {
    this.command = command;
    this.process = process;
    this.stdoutFile = stdoutFile;
    this.stderrFile = stderrFile;
  }

  /** Starts {@code prefix... bin/ycsb-coordinator args...} (prefix: e.g. {@code ip netns exec NS}). */
  static Coordinator start(Path work, List<String> prefix, List<String> args) throws IOException {
    return start(work, prefix, "bin/ycsb-coordinator", args);
  }

  /**
   * Starts another of the pack's tools the same way ({@code bin/ycsb-experiment}, whose steps are coordinated runs).
   */
  static Coordinator start(Path work, List<String> prefix, String tool, List<String> args) throws IOException {
    List<String> command = new ArrayList<>(prefix);
    command.add(YcsbRun.home().resolve(tool).toString());
    command.addAll(args);
    Files.createDirectories(work);
    Path out = Files.createTempFile(work, "coordinator-out", ".txt");
    Path err = Files.createTempFile(work, "coordinator-err", ".txt");
    Process p = new ProcessBuilder(command).directory(work.toFile()).redirectOutput(out.toFile())
        .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE).start();
    return new Coordinator(command, p, out, err);
  }

  static Coordinator run(Path work, List<String> prefix, List<String> args) throws IOException, InterruptedException {
    Coordinator c = start(work, prefix, args);
    c.await();
    return c;
  }

  /** Runs another of the pack's tools to its end, as {@link #start(Path, List, String, List)} starts it. */
  static Coordinator run(Path work, String tool, List<String> args) throws IOException, InterruptedException {
    Coordinator c = start(work, List.of(), tool, args);
    c.await();
    return c;
  }

  int await() throws InterruptedException {
    if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      fail("the coordinator did not finish in " + TIMEOUT_SECONDS + " s: " + command + "\n" + describe());
    }
    return process.exitValue();
  }

  int exitCode() {
    return process.exitValue();
  }

  String stdout() {
    return read(stdoutFile);
  }

  String stderr() {
    return read(stderrFile);
  }

  String describe() {
    return "command: " + command + "\nexit: " + (process.isAlive() ? "running" : process.exitValue())
        + "\nstdout:\n" + stdout() + "\nstderr:\n" + stderr();
  }

  static JsonNode manifest(Path bundle) throws IOException {
    return new ObjectMapper().readTree(bundle.resolve("manifest.json").toFile());
  }

  /**
   * Checks that {@code c} was refused as every tool refuses a command line: exit status 2 and one line on stderr,
   * "{@code tool}: error: ...", that contains {@code says}. Returns that line.
   */
  static String assertRefusedInOneLine(Coordinator c, String tool, String says) {
    assertEquals(2, c.exitCode(), c::describe);
    String err = c.stderr().strip();
    assertEquals(1, err.lines().count(), c::describe);
    assertTrue(err.startsWith(tool + ": error: ") && err.contains(says), c::describe);
    return err;
  }

  /** How many hosts this {@code check} found ready with the pack staged before (its "ok: ... already staged" lines). */
  long hostsAlreadyStaged() {
    return stdout().lines().filter(x -> x.contains("ok: ") && x.contains("already staged")).count();
  }

  /** Polls {@code condition} every 100 ms for at most {@code seconds}. */
  static boolean waitFor(BooleanSupplier condition, int seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (System.nanoTime() < deadline) {
      if (condition.getAsBoolean()) {
        return true;
      }
      Thread.sleep(100);
    }
    return condition.getAsBoolean();
  }

  /**
   * Waits up to {@code seconds} until {@code clients} remote clients under {@code runs} (a --remote-dir's runs/ folder)
   * have printed their first measured operation ({@code @ycsbpack STARTED}).
   */
  static boolean awaitMeasuring(Path runs, int clients, int seconds) throws InterruptedException {
    return waitFor(() -> {
      try (java.util.stream.Stream<Path> s = Files.exists(runs) ? Files.walk(runs) : java.util.stream.Stream.empty()) {
        return s.filter(p -> p.getFileName().toString().equals("stderr.txt")).filter(p -> {
          try {
            return Files.readString(p).contains("@ycsbpack STARTED");
          } catch (IOException e) {
            return false;
          }
        }).count() == clients;
      } catch (IOException | java.io.UncheckedIOException e) {
        return false; // a folder removed while walked
      }
    }, seconds);
  }

  private static String read(Path p) {
    try {
      return Files.readString(p, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(cannot read " + p + ": " + e + ")";
    }
  }
}
