package dev.ycsbpack.launcher;

import dev.ycsbpack.common.AtomicFiles;
import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.common.Measurement;
import dev.ycsbpack.common.OutputFolder;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.Verdict;
import dev.ycsbpack.common.hdr.CountsSidecar;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

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

  /** One redacted line of stdout (with its line end). */
  synchronized void stdoutLine(String line) {
    if (finished) {
      return;
    }
    write(stdout, line);
    String bare = line.endsWith("\n") ? line.substring(0, line.length() - 1) : line;
    Measurement.parse(bare).ifPresent(m -> {
      measurements.add(m);
      write(text, line.endsWith("\n") ? line : line + "\n");
    });
  }

  /** One redacted line of stderr (with its line end). */
  synchronized void stderrLine(String line) {
    if (!finished) {
      write(stderr, line);
    }
  }

  /**
   * Closes the outputs, writes {@code output.json}, adds what the binding learnt during the run ({@code afterRun},
   * e.g. the collection's count) to the environment record, writes each log's counts sidecar (YCSB has closed its
   * logs by now; see {@link CountsSidecar}: a merge then adds counts instead of inflating), then writes the verdict.
   * Called once, from the shutdown hook.
   */
  synchronized void finish(Verdict verdict, Map<String, String> afterRun) throws IOException {
    if (finished) {
      return;
    }
    finished = true;
    for (BufferedWriter w : List.of(stdout, stderr, text)) {
      w.close();
    }
    AtomicFiles.write(folder.jsonOutput(), json(), AtomicFiles.Mode.SHARED);
    Map<String, String> env = new TreeMap<>(environment);
    env.putAll(afterRun);
    env.putAll(ProcessCpu.now());
    folder.writeEnvironment(env, redactor);
    CountsSidecar.writeAll(folder.dir()); // never fails the run: a log without one is merged from the log
    folder.writeVerdict(verdict);
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

  private static void write(BufferedWriter w, String line) {
    try {
      w.write(line);
      if (line.endsWith("\n")) {
        w.flush(); // a killed client still leaves every complete line it printed
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
