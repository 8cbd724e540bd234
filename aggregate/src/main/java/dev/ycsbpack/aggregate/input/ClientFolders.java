package dev.ycsbpack.aggregate.input;

import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.PropertiesFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
    Map<String, Path> names = new HashMap<>();
    for (Path p : out) {
      Path prev = names.put(p.getFileName().toString(), p);
      if (prev != null) {
        throw new InputException(p, 0, "has the same name as " + prev + "; clients are named by their folder.",
            "give every client folder a distinct name.");
      }
    }
    return out;
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
    String name = folder.name();
    Path props = folder.properties();
    if (!Files.isRegularFile(props)) {
      throw new InputException(props, 0, "is missing: without the properties the client ran with, clients cannot be "
          + "checked for the same workload.", "write every property the client ran with (the -P files and -p "
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
    if (hasText || hasJson) {
      output = YcsbOutputParser.parse(hasText ? text : json);
      if (!output.hasOverall()) {
        failure = (hasText ? text : json) + " has no [OVERALL] section: the client did not finish";
      }
    } else {
      failure = dir + " holds no " + TEXT_OUTPUT + " or " + JSON_OUTPUT + ": the client did not finish";
    }

    Map<String, Path> logs = findLogs(dir, properties);
    if (output != null && output.hasOverall()) {
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
    return new ClientInput(name, dir, output, properties, environment, logs, failure);
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
        logs.put(f.substring(prefix.length(), f.length() - HDR.length()), p);
      }
    } catch (IOException e) {
      throw new InputException(dir, 0, "cannot list the folder (" + e + ").", "check the folder.", e);
    }
    return logs;
  }

  private static Map<String, String> readProperties(Path file) throws InputException {
    try {
      return PropertiesFiles.read(file);
    } catch (IOException e) {
      throw new InputException(file, 0, "cannot be read as a java.util.Properties file in UTF-8 (" + e.getMessage()
          + ").", "write it with java.util.Properties#store or as plain key=value lines.", e);
    }
  }
}
