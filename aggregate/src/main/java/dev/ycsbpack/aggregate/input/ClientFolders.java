package dev.ycsbpack.aggregate.input;

import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.OperationCount;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.Verdict;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Finds and reads client folders ({@link ClientFolder} is the contract; docs/aggregate.md describes it):
 * <ul>
 *   <li>{@code output.txt} (YCSB text output: stdout or the text {@code exportfile}) or {@code output.json} (the JSON
 *       array exporter's {@code exportfile}); not both. A folder with neither is a failed client.</li>
 *   <li>{@code client.properties}: every property the client ran with (java.util.Properties format). Required.</li>
 *   <li>{@code <prefix><OP>.hdr}: the HdrHistogram interval logs, where the prefix is the file-name part of
 *       {@code hdrhistogram.output.path} (empty when that path ends with '/').</li>
 *   <li>{@code environment.properties}: optional facts about the client's machine, shown and compared.</li>
 * </ul>
 */
public final class ClientFolders {
  private static final String TEXT_OUTPUT = ClientFolder.TEXT_OUTPUT;
  private static final String JSON_OUTPUT = ClientFolder.JSON_OUTPUT;
  private static final String PROPERTIES = ClientFolder.PROPERTIES;
  private static final String HDR = ClientFolder.HDR_SUFFIX;

  /** Longest client name shown. */
  static final int NAME_CAP = 120;
  /** Longest verdict reason shown. */
  static final int REASON_CAP = 300;

  private ClientFolders() {
  }

  /**
   * Expands the command-line arguments: a folder that is itself a client folder stays, a folder whose sub-folders are
   * client folders stands for them (sorted by name).
   */
  public static List<Path> expand(List<Path> args) throws InputException {
    List<Path> out = new ArrayList<>();
    for (Path a : args) {
      if (!Files.isDirectory(a)) {
        throw new InputException(a, 0, "is not a folder.", "pass client folders, or a folder holding them.");
      }
      if (isClientFolder(a)) {
        out.add(a);
        continue;
      }
      List<Path> subs = new ArrayList<>();
      try (Stream<Path> s = Files.list(a)) {
        for (Path p : (Iterable<Path>) s.sorted()::iterator) {
          if (Files.isDirectory(p) && isClientFolder(p)) {
            subs.add(p);
          }
        }
      } catch (IOException e) {
        throw new InputException(a, 0, "cannot list the folder (" + e + ").", "check the folder.", e);
      }
      if (subs.isEmpty()) {
        throw new InputException(a, 0, "is neither a client folder nor a folder of client folders (no "
            + PROPERTIES + ", " + TEXT_OUTPUT + ", " + JSON_OUTPUT + " or *.hdr found).",
            "pass the folders the clients wrote; see docs/aggregate.md for what a client folder holds.");
      }
      out.addAll(subs);
    }
    Map<Path, Path> real = new HashMap<>();
    Map<String, Path> names = new HashMap<>();
    for (Path p : out) {
      Path prev = real.put(realPath(p), p);
      if (prev != null) {
        throw new InputException(p, 0, "is the same folder as " + shown(prev) + ": a client given twice would be "
            + "merged twice.", "name each client folder once.");
      }
      prev = names.put(p.getFileName().toString(), p);
      if (prev != null) {
        throw new InputException(p, 0, "has the same name as " + shown(prev) + "; clients are named by their folder.",
            "give every client folder a distinct name.");
      }
    }
    return out;
  }

  /**
   * Refuses two folders that hold the same client run: the same {@code run.id} in their verdicts (a copy of a
   * {@code bin/ycsb --out} folder), or, for hand-made folders, byte-identical outputs. Either would count the
   * client's operations twice.
   */
  public static void refuseCopies(List<ClientInput> clients) throws InputException {
    Map<String, ClientInput> byRunId = new HashMap<>();
    Map<String, ClientInput> byContent = new HashMap<>();
    for (ClientInput c : clients) {
      if (!c.runId().isEmpty()) {
        ClientInput prev = byRunId.put(c.runId(), c);
        if (prev != null) {
          throw new InputException(null, 0, "client folders " + shown(prev.dir()) + " and " + shown(c.dir())
              + " hold the same client run (run.id " + Text.shown(c.runId()) + " in both verdict.properties): one is "
              + "a copy of the other, and merging both would count that client twice.",
              "pass each client folder once.");
        }
      } else if (c.fingerprint() != null) {
        ClientInput prev = byContent.put(c.fingerprint(), c);
        if (prev != null) {
          throw new InputException(null, 0, "client folders " + shown(prev.dir()) + " and " + shown(c.dir())
              + " hold identical outputs (" + c.output().file().getFileName() + "): one is a copy of the other, and "
              + "merging both would count that client twice.", "pass each client folder once.");
        }
      }
    }
  }

  /** A path as messages show it: control characters escaped (a folder name must not forge a line). */
  public static String shown(Path p) {
    return Text.shown(String.valueOf(p), InputException.PATH_CAP);
  }

  private static Path realPath(Path p) throws InputException {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      throw new InputException(p, 0, "cannot be resolved (" + e + ").", "check the folder.", e);
    }
  }

  static boolean isClientFolder(Path dir) throws InputException {
    if (Files.isRegularFile(dir.resolve(PROPERTIES)) || Files.isRegularFile(dir.resolve(TEXT_OUTPUT))
        || Files.isRegularFile(dir.resolve(JSON_OUTPUT))) {
      return true;
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.anyMatch(p -> p.getFileName().toString().endsWith(HDR));
    } catch (IOException e) {
      throw new InputException(dir, 0, "cannot list the folder (" + e + ").", "check the folder.", e);
    }
  }

  /** Reads one client folder and checks it against the contract. */
  public static ClientInput load(Path dir) throws InputException {
    ClientFolder folder = new ClientFolder(dir);
    String name = Text.shown(folder.name(), NAME_CAP);
    Verdict verdict;
    try {
      verdict = folder.verdict().orElse(null);
    } catch (IOException e) {
      throw new InputException(folder.verdictFile(), 0, "cannot be read (" + e.getMessage() + ").",
          "keep the verdict.properties bin/ycsb wrote, or remove it for a hand-made folder.", e);
    }
    Path props = folder.properties();
    if (!Files.isRegularFile(props)) {
      throw new InputException(props, 0, "is missing: without the properties the client ran with, clients cannot be "
          + "checked for the same workload.",
          "write every property the client ran with (the -P files and -p "
              + "overrides, merged) to " + PROPERTIES + " in the client folder.");
    }
    Map<String, String> properties = readProperties(props);
    Path env = folder.environment();
    Map<String, String> environment = Files.isRegularFile(env) ? readProperties(env) : Map.of();

    Path text = folder.textOutput();
    Path json = folder.jsonOutput();
    boolean hasText = Files.isRegularFile(text);
    boolean hasJson = Files.isRegularFile(json);
    if (hasText && hasJson && Files.isRegularFile(folder.verdictFile())) {
      hasJson = false; // bin/ycsb --out writes both, the same measurements; the text is the one YCSB printed
    }
    if (hasText && hasJson) {
      throw new InputException(dir, 0, "holds both " + TEXT_OUTPUT + " and " + JSON_OUTPUT + "; it is not clear which "
          + "one is the client's result.", "keep only the file the client's exporter wrote.");
    }
    YcsbOutput output = null;
    String failure = null;
    String fingerprint = null;
    if (hasText || hasJson) {
      output = YcsbOutputParser.parse(hasText ? text : json);
      fingerprint = output.hasOverall() ? sha256(output.file()) : null; // two empty outputs are no copy
      if (!output.hasOverall()) {
        failure = shown(output.file()) + " has no [OVERALL] section: the client did not finish";
      }
    } else {
      failure = shown(dir) + " holds no " + TEXT_OUTPUT + " or " + JSON_OUTPUT + ": the client did not finish";
    }
    if (verdict == null && failure == null) {
      failure = shortfall(props, properties, output); // bin/ycsb's verdict applies this rule itself
    }
    if (verdict != null && !verdict.complete()) {
      // bin/ycsb decided the run failed (e.g. fewer operations than asked, errors): trust its verdict over the output
      failure = "its verdict is " + verdict.status() + ": "
          + (verdict.reason().isEmpty() ? "(no reason given)" : Text.shown(verdict.reason(), REASON_CAP));
    }

    Map<String, Path> logs = findLogs(dir, properties);
    if (output != null && output.hasOverall() && failure == null) {
      for (OpSummary op : output.operations().values()) {
        if (op.operations() > 0 && !logs.containsKey(op.name())) {
          if (logs.isEmpty()) {
            throw new InputException(output.file(), op.line(), "the client reports [" + op.name() + "] but its folder "
                + "holds no HdrHistogram interval logs; percentiles cannot be merged from per-client summaries.",
                "run the clients with -p hdrhistogram.fileoutput=true -p hdrhistogram.output.path=<client folder>/ "
                    + "(measurementtype hdrhistogram, the default).");
          }
          throw new InputException(output.file(), op.line(), "the client reports [" + op.name() + "] but its folder "
              + "holds no " + prefix(properties) + op.name() + ".hdr.", "copy that log into the client folder.");
        }
      }
    }
    return new ClientInput(name, dir, output, properties, environment, logs, failure, verdict, fingerprint);
  }

  /**
   * {@code bin/ycsb}'s count rule ({@link OperationCount}) for a folder without a verdict: why the output shows fewer
   * operations than {@code client.properties} asked for, or null. Properties are read as YCSB reads them, so an unset
   * {@code dotransactions} is a run, whose count is {@code operationcount}.
   */
  private static String shortfall(Path file, Map<String, String> properties, YcsbOutput output)
      throws InputException {
    Properties p = new Properties();
    p.putAll(properties);
    OperationCount count;
    try {
      count = OperationCount.of(p);
    } catch (IllegalArgumentException e) {
      throw new InputException(file, 0, Text.shown(e.getMessage(), REASON_CAP) + ".", "write the properties the "
          + "client ran with.", e);
    }
    long done = OperationCount.doneFromOverall(output.runTimeMs(), output.throughput());
    if (count.operations() == 0 || !count.fellShort(done)) {
      return null; // 0: the properties do not say how many (YCSB would have run none), so nothing to hold it to
    }
    return String.format(Locale.ROOT, "%s shows only %,d of the %,d operations its %s asked for (%s=%s%s): the client "
        + "stopped early, which bin/ycsb reports as FAILED", shown(output.file()), done, count.operations(),
        PROPERTIES, count.property(), Text.shown(p.getProperty(count.property())),
        p.containsKey("dotransactions") ? "" : "; dotransactions is unset, so YCSB reads it as a run; a load's folder "
            + "needs dotransactions=false");
  }

  /** The file-name prefix YCSB put before each operation name: the last part of hdrhistogram.output.path. */
  static String prefix(Map<String, String> properties) {
    String path = properties.getOrDefault("hdrhistogram.output.path", "");
    int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
    return path.substring(slash + 1);
  }

  private static Map<String, Path> findLogs(Path dir, Map<String, String> properties) throws InputException {
    String prefix = prefix(properties);
    Map<String, Path> logs = new TreeMap<>();
    try (Stream<Path> s = Files.list(dir)) {
      for (Path p : (Iterable<Path>) s.sorted()::iterator) {
        String f = p.getFileName().toString();
        if (!f.endsWith(HDR) || !Files.isRegularFile(p)) {
          continue;
        }
        if (!f.startsWith(prefix) || f.length() == prefix.length() + HDR.length()) {
          throw new InputException(p, 0, "does not read '" + prefix + "<OP>.hdr', the name YCSB gives a log with "
              + "hdrhistogram.output.path=" + properties.getOrDefault("hdrhistogram.output.path", "") + ".",
              "keep the log names YCSB wrote, and hdrhistogram.output.path in " + PROPERTIES + " as the client ran.");
        }
        String op = f.substring(prefix.length(), f.length() - HDR.length());
        if (!Text.shown(op).equals(op)) {
          throw new InputException(p, 0, "is not a log YCSB writes: its operation name holds control characters or "
              + "is longer than " + Text.MAX_SHOWN + " characters.", "keep only the logs YCSB wrote in the folder.");
        }
        logs.put(op, p);
      }
    } catch (IOException e) {
      throw new InputException(dir, 0, "cannot list the folder (" + e + ").", "check the folder.", e);
    }
    return logs;
  }

  private static String sha256(Path file) throws InputException {
    try (InputStream in = Files.newInputStream(file)) {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      byte[] buf = new byte[1 << 16];
      int n;
      while ((n = in.read(buf)) > 0) {
        md.update(buf, 0, n);
      }
      return HexFormat.of().formatHex(md.digest());
    } catch (IOException e) {
      throw new InputException(file, 0, "cannot be read (" + e + ").", "check the file.", e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e); // every JDK has SHA-256
    }
  }

  private static Map<String, String> readProperties(Path file) throws InputException {
    try {
      return PropertiesFiles.read(file);
    } catch (IOException e) {
      throw new InputException(file, 0, "cannot be read as a java.util.Properties file, the way YCSB reads -P files ("
          + e.getMessage() + ").", "write it with java.util.Properties#store or as plain key=value lines.", e);
    }
  }
}
