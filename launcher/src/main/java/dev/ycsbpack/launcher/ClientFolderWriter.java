package dev.ycsbpack.launcher;

import dev.ycsbpack.common.AtomicFiles;
import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.common.Measurement;
import dev.ycsbpack.common.OutputFolder;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.RunStatus;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.Verdict;
import dev.ycsbpack.common.hdr.CountsSidecar;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Writes the client folder of {@code bin/ycsb --out DIR} (the contract is {@link ClientFolder}).
 *
 * <p>Order matters: the properties and environment are written before YCSB starts, the outputs while it runs (every
 * line already redacted), and {@code verdict.properties} last, from the shutdown hook that also decides the exit
 * status: a folder with a verdict is a finished folder, and one without is a client that was killed.
 */
final class ClientFolderWriter {
  private final ClientFolder folder;
  private final BufferedWriter stdout;
  private final BufferedWriter stderr;
  private final BufferedWriter text;
  private final List<Measurement> measurements = new ArrayList<>();
  private boolean finished;
  /**
   * The first write into the folder that failed ({@code cannot write PATH: ERROR}), or null: from then on the run's
   * outputs are no longer copied into the folder (it cannot be complete), the terminal still gets every line, and the
   * verdict says FAILED with this cause.
   */
  private volatile String failure;
  private volatile Consumer<String> onFailure = line -> {
  };

  /** The environment record as written at the start, and its redactor, to add the binding's after-run facts. */
  private final Map<String, String> environment;
  private final Redactor redactor;

  private ClientFolderWriter(ClientFolder folder, Map<String, String> environment, Redactor redactor)
      throws IOException {
    this.folder = folder;
    this.environment = environment;
    this.redactor = redactor;
    this.stdout = Files.newBufferedWriter(folder.stdout(), StandardCharsets.UTF_8);
    this.stderr = Files.newBufferedWriter(folder.stderr(), StandardCharsets.UTF_8);
    this.text = Files.newBufferedWriter(folder.textOutput(), StandardCharsets.UTF_8);
  }

  /**
   * The properties {@code --out DIR} sets, after checking that the user's own do not fight them.
   *
   * @throws UsageException when an exporter, an HdrHistogram path or a measurement type would send the results
   *                        elsewhere than the folder
   */
  static Map<String, String> properties(Path out, Properties user) throws UsageException {
    for (String p : List.of("exportfile", "exporter", "hdrhistogram.output.path")) {
      if (user.containsKey(p)) {
        throw new UsageException(p + "=" + Text.shown(user.getProperty(p)) + " cannot be combined with --out, which "
            + "writes the measurements and HdrHistogram logs into the client folder itself; drop " + p);
      }
    }
    String type = user.getProperty("measurementtype", "hdrhistogram").trim();
    if (!type.equals("hdrhistogram")) {
      throw new UsageException("measurementtype=" + Text.shown(type) + " cannot be combined with --out: the client "
          + "folder needs HdrHistogram interval logs to be merged correctly; drop measurementtype");
    }
    Map<String, String> set = new LinkedHashMap<>();
    set.put("hdrhistogram.fileoutput", "true");
    // a prefix, not a folder, to YCSB: the trailing separator makes the logs DIR/READ.hdr, DIR/UPDATE.hdr, ...
    set.put("hdrhistogram.output.path", out.toAbsolutePath().normalize() + "/");
    return set;
  }

  /**
   * Makes sure {@code dir} is a new or empty folder, writing nothing: it is created by {@link #create} once every
   * check has passed, so a refused command leaves no folder (nor parents) behind.
   *
   * @throws UsageException when the folder holds anything already (a previous result must never be mixed in)
   */
  static void check(Path dir) throws UsageException, IOException {
    try {
      OutputFolder.check(dir, "--out");
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * {@code --check}: the same rule as {@link #check}, for a folder that must exist already, since a check writes
   * nothing, not even the folder (the coordinator gives an empty private one).
   */
  static void checkClaimable(Path dir) throws UsageException, IOException {
    if (!Files.isDirectory(dir)) {
      throw new UsageException("--out " + Text.shown(dir.toString()) + " with --check: give an existing empty folder"
          + " (a check writes nothing, not even the folder)");
    }
    check(dir); // an existing empty folder: nothing is created
  }

  /** Creates the {@link #check checked} folder and writes what is known before the run into it. */
  /** The environment key of the command line that ran. */
  static final String COMMAND = dev.ycsbpack.common.EnvironmentFacts.RUN_COMMAND;

  static ClientFolderWriter create(Path dir, Properties effective, Map<String, String> serverFacts, Redactor redactor,
      String command) throws IOException, UsageException {
    try {
      OutputFolder.claim(dir, "--out"); // checked again: something may have appeared since
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    ClientFolder folder = new ClientFolder(dir);
    folder.writeProperties(PropertiesFiles.toMap(effective), redactor);
    Map<String, String> env = new TreeMap<>(EnvironmentFacts.local());
    env.putAll(serverFacts);
    env.put(EnvironmentFacts.PACK_VERSION, Version.of());
    env.put(COMMAND, command); // what was run, for the report; the redactor masks its secrets
    folder.writeEnvironment(env, redactor);
    return new ClientFolderWriter(folder, env, redactor);
  }

  /**
   * A run that failed before YCSB started (the server could not be used): the folder still says what happened, with
   * the driver's full report in its stderr, and a FAILED verdict, so a coordinator's bundle keeps the cause.
   *
   * @param stderr the lines printed, then the full report (already redacted by the caller's redactor too)
   */
  static void failedBeforeRun(Path dir, Properties effective, Redactor redactor, List<String> stderr, Verdict verdict)
      throws IOException {
    ClientFolder folder = new ClientFolder(dir);
    folder.writeProperties(PropertiesFiles.toMap(effective), redactor);
    Map<String, String> env = new TreeMap<>(EnvironmentFacts.local());
    env.put(EnvironmentFacts.PACK_VERSION, Version.of());
    folder.writeEnvironment(env, redactor);
    StringBuilder text = new StringBuilder();
    for (String line : stderr) {
      text.append(redactor.redact(line)).append('\n');
    }
    AtomicFiles.write(folder.stderr(), text.toString(), AtomicFiles.Mode.SHARED);
    folder.writeVerdict(verdict);
  }

  /**
   * Calls {@code onFailure} once with the first failed write ({@link #failure()}), outside this writer's lock: it
   * prints, and printing reaches this writer again.
   */
  void onFailure(Consumer<String> onFailure) {
    this.onFailure = onFailure;
  }

  /** {@code cannot write PATH: ERROR} for the first write into the folder that failed, or null. */
  String failure() {
    return failure;
  }

  /** One redacted line of stdout (with its line end). */
  void stdoutLine(String line) {
    String failed;
    synchronized (this) {
      if (finished || failure != null) {
        return;
      }
      failed = write(stdout, folder.stdout(), line);
      String bare = line.endsWith("\n") ? line.substring(0, line.length() - 1) : line;
      Measurement m = failed == null ? Measurement.parse(bare).orElse(null) : null;
      if (m != null) {
        measurements.add(m);
        failed = write(text, folder.textOutput(), line.endsWith("\n") ? line : line + "\n");
      }
    }
    tell(failed);
  }

  /** One redacted line of stderr (with its line end). */
  void stderrLine(String line) {
    String failed;
    synchronized (this) {
      failed = finished || failure != null ? null : write(stderr, folder.stderr(), line);
    }
    tell(failed);
  }

  private void tell(String failed) {
    if (failed != null) {
      onFailure.accept(failed);
    }
  }

  /**
   * Closes the outputs, writes {@code output.json}, adds what the binding learnt during the run ({@code afterRun},
   * e.g. the collection's count) to the environment record, writes each log's counts sidecar (YCSB has closed its
   * logs by now; see {@link CountsSidecar}: a merge then adds counts instead of inflating), then writes the verdict.
   * Called once, from the shutdown hook. A write that fails here or failed before makes the verdict FAILED with
   * its cause ({@link #withFailure}); the verdict itself is always tried.
   *
   * @return {@link #failure()} once finished: the first write that failed, or null
   * @throws IOException when the verdict cannot be written; its message is {@code cannot write PATH: ERROR}
   */
  synchronized String finish(Verdict verdict, Map<String, String> afterRun) throws IOException {
    if (finished) {
      return failure;
    }
    finished = true;
    closeAll();
    if (failure == null) { // after a failed write the outputs are known to be cut: the verdict alone is tried
      try {
        AtomicFiles.write(folder.jsonOutput(), json(), AtomicFiles.Mode.SHARED);
      } catch (IOException e) {
        noteFailure(folder.jsonOutput(), e);
      }
    }
    if (failure == null) {
      Map<String, String> env = new TreeMap<>(environment);
      env.putAll(afterRun);
      env.putAll(ProcessCpu.now());
      try {
        folder.writeEnvironment(env, redactor);
      } catch (IOException e) {
        noteFailure(folder.environment(), e);
      }
    }
    if (failure == null) {
      CountsSidecar.writeAll(folder.dir()); // never fails the run: a log without one is merged from the log
    }
    try {
      folder.writeVerdict(withFailure(verdict));
    } catch (IOException e) {
      throw new IOException(cannotWrite(folder.verdictFile(), e), e);
    }
    return failure;
  }

  /** Closes the three outputs (flushing what is buffered); notes the first that fails. */
  private void closeAll() {
    Map<BufferedWriter, Path> files = Map.of(stdout, folder.stdout(), stderr, folder.stderr(), text,
        folder.textOutput());
    files.forEach((w, path) -> {
      try {
        w.close();
      } catch (IOException e) {
        noteFailure(path, e);
      }
    });
  }

  /**
   * The verdict to write for a run that ended with {@code verdict}: the same when every write into the folder
   * succeeded; else FAILED with the first failed write as its cause (a folder that could not take the whole run is
   * no complete result), followed by the run's own reason when it had one.
   */
  Verdict withFailure(Verdict verdict) {
    String f = failure;
    if (f == null) {
      return verdict;
    }
    String reason = verdict.complete() || verdict.reason().isEmpty() ? f : f + "; " + verdict.reason();
    return new Verdict(RunStatus.FAILED, reason, verdict.expectedOperations(), verdict.completedOperations(),
        verdict.runId(), verdict.firstOperationEpochMs(), verdict.measuredWindowMs(), verdict.outcomes(),
        verdict.lastSuccessEpochMs());
  }

  /** The measurements in the JSON array exporter's shape: [{"metric":..,"measurement":..,"value":..}, ...]. */
  private String json() {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < measurements.size(); i++) {
      Measurement m = measurements.get(i);
      double v = m.number();
      sb.append(i == 0 ? "\n" : ",\n").append("{\"metric\":").append(quote(m.metric()))
          .append(",\"measurement\":").append(quote(m.measurement())).append(",\"value\":")
          .append(Double.isFinite(v) ? m.value().trim() : quote(m.value())).append('}');
    }
    return sb.append("\n]\n").toString();
  }

  private static String quote(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < 0x20 || c == 0x2028 || c == 0x2029) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.append('"').toString();
  }

  /** Writes one line; returns {@link #failure} when this write was the first to fail, else null. */
  private String write(BufferedWriter w, Path path, String line) {
    try {
      w.write(line);
      if (line.endsWith("\n")) {
        w.flush(); // a killed client still leaves every complete line it printed
      }
      return null;
    } catch (IOException e) {
      return noteFailure(path, e);
    }
  }

  /** Records the first failed write; returns it when this was the first, else null. */
  private synchronized String noteFailure(Path path, IOException e) {
    if (failure != null) {
      return null;
    }
    failure = cannotWrite(path, e);
    return failure;
  }

  /** {@code cannot write PATH: ERROR}: the path and the system's words (a full disk, a lost mount). */
  static String cannotWrite(Path path, IOException e) {
    String why = e.getMessage();
    if (e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null) {
      why = fse.getReason();
    }
    return "cannot write " + path + ": " + (why == null ? e.getClass().getSimpleName() : why);
  }
}
