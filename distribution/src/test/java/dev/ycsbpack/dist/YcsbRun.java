package dev.ycsbpack.dist;

import dev.ycsbpack.common.Measurement;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One run of the distribution's {@code bin/ycsb} as a separate process, as a user runs it, with its exit
 * status, its output and the measurements parsed from its stdout.
 */
public final class YcsbRun {
  private static final long TIMEOUT_SECONDS = 300;
  private static final Pattern STATUS_OPERATIONS = Pattern.compile("(\\d+) operations;");

  public final List<String> command;
  public final int exitCode;
  public final String stdout;
  public final String stderr;
  /** {@code "READ" -> {"Operations" -> "100", "Return=OK" -> "100", ...}} */
  public final Map<String, Map<String, String>> measurements;

  private YcsbRun(List<String> command, int exitCode, String stdout, String stderr) {
    this.command = command;
    this.exitCode = exitCode;
    this.stdout = stdout;
    this.stderr = stderr;
    this.measurements = parse(stdout);
  }

  /** The unpacked distribution built by this module's package phase. */
  public static Path home() {
    String home = System.getProperty("dist.home");
    if (home == null || !Files.isExecutable(Path.of(home, "bin", "ycsb"))) {
      throw new IllegalStateException("dist.home=" + home + " has no bin/ycsb; run through Maven (mvn verify)");
    }
    return Path.of(home);
  }

  /** The distribution's {@code workloads/read95-update5}, the workload most tests run. */
  public static Path readMostly() {
    return home().resolve("workloads/read95-update5");
  }

  /**
   * The operation count of the last status line ({@code -s}: "N operations;") in a client's {@code stderr} file so
   * far, 0 before the first; for waiting until a run is under way before a fault.
   */
  public static long lastReportedOperations(Path stderr) {
    try {
      if (!Files.isRegularFile(stderr)) {
        return 0;
      }
      Matcher m = STATUS_OPERATIONS.matcher(Files.readString(stderr, StandardCharsets.UTF_8));
      long last = 0;
      while (m.find()) {
        last = Long.parseLong(m.group(1));
      }
      return last;
    } catch (IOException e) {
      return 0;
    }
  }

  /** A file a run writes, as text, or the error that kept it from being read (one it has not written yet). */
  public static String readOrError(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return e.toString();
    }
  }

  public static YcsbRun run(Path workDir, String... args) {
    return exec(workDir, home().resolve("bin/ycsb").toString(), args);
  }

  /** Runs {@code bin/ycsb args...} with these environment variables added to this JVM's. */
  public static YcsbRun runWith(Path workDir, Map<String, String> environment, String... args) {
    return exec(workDir, environment, home().resolve("bin/ycsb").toString(), args);
  }

  /** Runs another script of the distribution's bin/ folder with these environment variables added to this JVM's. */
  public static YcsbRun execWith(Path workDir, Map<String, String> environment, String program, String... args) {
    return exec(workDir, environment, program, args);
  }

  /** Runs another script of the distribution's bin/ folder. */
  public static YcsbRun exec(Path workDir, String program, String... args) {
    return exec(workDir, Map.of(), program, args);
  }

  private static YcsbRun exec(Path workDir, Map<String, String> environment, String program, String... args) {
    List<String> command = new ArrayList<>();
    command.add(program);
    command.addAll(List.of(args));
    try {
      Files.createDirectories(workDir);
      Path out = Files.createTempFile(workDir, "stdout", ".txt");
      Path err = Files.createTempFile(workDir, "stderr", ".txt");
      ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile())
          .redirectOutput(out.toFile()).redirectError(err.toFile());
      builder.environment().putAll(environment);
      Process p = builder.start();
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        fail("bin/ycsb did not finish in " + TIMEOUT_SECONDS + " s: " + command);
      }
      YcsbRun run = new YcsbRun(command, p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
      Files.delete(out);
      Files.delete(err);
      return run;
    } catch (IOException e) {
      throw new IllegalStateException("cannot run " + command, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, Map<String, String>> parse(String stdout) {
    Map<String, Map<String, String>> m = new LinkedHashMap<>();
    for (String line : stdout.split("\n")) {
      Measurement.parse(line.trim())
          .ifPresent(x -> m.computeIfAbsent(x.metric(), k -> new LinkedHashMap<>()).put(x.measurement(), x.value()));
    }
    return m;
  }

  /** Measurements read from a file in YCSB's text format (exit code 0, no stderr). */
  public static YcsbRun parseOutput(String text) {
    return new YcsbRun(List.of("(file)"), 0, text, "");
  }

  /** The count under {@code [section], name}, or 0 when absent. */
  public long count(String section, String name) {
    String v = measurements.getOrDefault(section, Map.of()).get(name);
    return v == null ? 0 : Math.round(Double.parseDouble(v));
  }

  public long operations(String section) {
    return count(section, "Operations");
  }

  /** Asserts exit 0 and a complete YCSB report; returns this for chaining. */
  public YcsbRun assertSucceeded() {
    assertEquals(0, exitCode, this::describe);
    assertTrue(measurements.containsKey("OVERALL"), this::describe);
    return this;
  }

  /** Asserts that no operation ended in a failure status (anything but OK, BATCHED_OK or NOT_FOUND). */
  public YcsbRun assertNoFailedOperations() {
    measurements.forEach((section, values) -> values.forEach((name, value) -> {
      if (name.startsWith("Return=") && !name.equals("Return=OK") && !name.equals("Return=BATCHED_OK")
          && !name.equals("Return=NOT_FOUND")) {
        fail("[" + section + "] " + name + " " + value + "\n" + describe());
      }
    }));
    return this;
  }

  public String describe() {
    return "command: " + String.join(" ", command) + "\nexit: " + exitCode + "\n--- stdout\n" + stdout
        + "\n--- stderr\n" + stderr;
  }
}
