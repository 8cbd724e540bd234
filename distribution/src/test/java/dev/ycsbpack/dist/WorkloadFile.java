package dev.ycsbpack.dist;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A file of the distribution's {@code workloads/}: its properties, and the claims its header comment makes
 * ({@code # Key: text}, continued on {@code #   indented} lines), so tests can hold the file to its header.
 */
final class WorkloadFile {
  /** The header entries every workload file must have. */
  static final List<String> REQUIRED_HEADER = List.of("Measures", "Mix", "Keys", "Document", "Default size",
      "Full size", "Write concern", "Threads");

  private static final Pattern ENTRY = Pattern.compile("^# ([A-Z][a-z -]+):\\s+(.*)$");
  private static final Pattern CONTINUATION = Pattern.compile("^#\\s{3,}(.*)$");
  private static final Pattern SHAPE = Pattern.compile("(\\d+) fields? x (\\d+) bytes.*?about (\\d+) bytes of BSON");

  final String name;
  final Path path;
  final String text;
  final Properties properties = new Properties();
  /** "Document" -> "_id + 10 fields x 100 bytes (binary); about 1170 bytes of BSON." */
  final Map<String, String> header = new LinkedHashMap<>();

  private WorkloadFile(String name, Path path) {
    this.name = name;
    this.path = path;
    try {
      text = Files.readString(path, StandardCharsets.UTF_8);
      try (Reader r = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
        properties.load(r);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String key = null;
    for (String line : text.split("\n")) {
      Matcher entry = ENTRY.matcher(line);
      Matcher more = CONTINUATION.matcher(line);
      if (entry.matches()) {
        key = entry.group(1);
        header.put(key, entry.group(2).trim());
      } else if (key != null && more.matches()) {
        header.put(key, header.get(key) + " " + more.group(1).trim());
      } else {
        key = null;
      }
    }
  }

  static Path directory() {
    return YcsbRun.home().resolve("workloads");
  }

  static WorkloadFile named(String name) {
    return new WorkloadFile(name, directory().resolve(name));
  }

  /** The workload files users pick from: the top-level files but the README. */
  static List<String> names() {
    try (Stream<Path> files = Files.list(directory())) {
      return files.filter(Files::isRegularFile).map(p -> p.getFileName().toString())
          .filter(n -> !n.endsWith(".md")).sorted().collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The layer files of {@code workloads/writeconcern/}. */
  static List<String> writeConcernLayers() {
    try (Stream<Path> files = Files.list(directory().resolve("writeconcern"))) {
      return files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String path() {
    return path.toString();
  }

  String property(String key) {
    String v = properties.getProperty(key);
    if (v == null) {
      throw new AssertionError(name + " sets no " + key);
    }
    return v.trim();
  }

  /** The header's document claim: {field count, field length, approximate BSON size}. */
  int[] documentClaim() {
    String doc = header.getOrDefault("Document", "");
    Matcher m = SHAPE.matcher(doc);
    if (!m.find()) {
      throw new AssertionError(name + ": the Document header does not read 'N fields x M bytes ... about B"
          + " bytes of BSON': " + doc);
    }
    return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))};
  }
}
