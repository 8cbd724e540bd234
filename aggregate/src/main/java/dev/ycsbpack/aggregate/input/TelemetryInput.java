package dev.ycsbpack.aggregate.input;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.telemetry.Column;
import dev.ycsbpack.common.telemetry.Sample;
import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.common.telemetry.TelemetryFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The one reader of the series {@link TelemetryFiles} writes: {@code DIR/telemetry/SOURCE.json} of a client folder or
 * a bundle, read back into {@link Series} exactly as written (a {@code null} value stays null: not reported, never
 * 0). The CSV beside each is for spreadsheets and is not read.
 */
public final class TelemetryInput {
  private static final ObjectMapper JSON = new ObjectMapper();

  private TelemetryInput() {
  }

  /**
   * What a folder's {@code telemetry/} held.
   *
   * @param series the series read, by file name
   * @param problems one line per file that could not be read (it is left out; the clients' figures stay whole)
   */
  public record Loaded(List<Series> series, List<String> problems) {
    public static final Loaded NONE = new Loaded(List.of(), List.of());

    public Loaded {
      series = List.copyOf(series);
      problems = List.copyOf(problems);
    }
  }

  /**
   * Reads every {@code *.json} in {@code dir/telemetry/}, sorted by name; {@link Loaded#NONE} when the folder has no
   * {@code telemetry/}. A file that cannot be read is a problem line, not a refused merge: telemetry sits beside the
   * clients' measurements and never decides them.
   */
  public static Loaded read(Path dir) {
    Path folder = TelemetryFiles.folder(dir);
    if (!Files.isDirectory(folder)) {
      return Loaded.NONE;
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(folder)) {
      files = s.filter(p -> p.getFileName().toString().endsWith(TelemetryFiles.JSON)).sorted().toList();
    } catch (IOException e) {
      return new Loaded(List.of(), List.of(ClientFolders.shown(folder) + " cannot be listed (" + e.getMessage()
          + "): its telemetry is left out"));
    }
    List<Series> series = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (Path f : files) {
      try {
        series.add(parse(f));
      } catch (InputException e) {
        problems.add(e.getMessage() + " (left out)");
      }
    }
    return new Loaded(series, problems);
  }

  /** Reads one series file; the exception names the file and what is wrong with it. */
  public static Series parse(Path file) throws InputException {
    JsonNode root;
    try {
      root = JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw bad(file, "is not a telemetry series (" + Text.shown(String.valueOf(e.getMessage()), 300) + ").", e);
    }
    if (root == null || !root.isObject()) {
      throw bad(file, "is not a telemetry series: a JSON object is expected.", null);
    }
    try {
      List<Column> columns = columns(file, root.path("columns"));
      return new Series(text(file, root, "source"), identity(file, root.path("identity")), columns,
          samples(file, root.path("samples"), columns.size()), strings(file, root.path("notes")));
    } catch (IllegalArgumentException e) {
      throw bad(file, "is not a telemetry series: " + Text.shown(e.getMessage(), 300) + ".", e);
    }
  }

  private static List<Column> columns(Path file, JsonNode node) throws InputException {
    List<Column> out = new ArrayList<>();
    for (JsonNode c : array(file, node, "columns")) {
      out.add(new Column(text(file, c, "name"), text(file, c, "unit")));
    }
    return out;
  }

  private static List<Sample> samples(Path file, JsonNode node, int width) throws InputException {
    List<Sample> out = new ArrayList<>();
    for (JsonNode s : array(file, node, "samples")) {
      JsonNode t = s.path("t");
      if (!t.canConvertToLong() || !t.isIntegralNumber()) {
        throw bad(file, "has a sample without a whole epoch-millisecond time \"t\".", null);
      }
      List<Double> values = new ArrayList<>(width);
      for (JsonNode v : array(file, s.path("v"), "v")) {
        if (!v.isNull() && !v.isNumber()) {
          throw bad(file, "has a sample value at " + t.asLong() + " that is neither a number nor null.", null);
        }
        values.add(v.isNull() ? null : v.asDouble());
      }
      out.add(new Sample(t.asLong(), values));
    }
    return out;
  }

  private static Map<String, String> identity(Path file, JsonNode node) throws InputException {
    if (!node.isObject()) {
      throw bad(file, "has no \"identity\" object.", null);
    }
    Map<String, String> out = new LinkedHashMap<>();
    Iterator<Map.Entry<String, JsonNode>> it = node.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      out.put(e.getKey(), e.getValue().asText());
    }
    return out;
  }

  private static List<String> strings(Path file, JsonNode node) throws InputException {
    List<String> out = new ArrayList<>();
    for (JsonNode n : array(file, node, "notes")) {
      out.add(n.asText());
    }
    return out;
  }

  private static Iterable<JsonNode> array(Path file, JsonNode node, String name) throws InputException {
    if (!node.isArray()) {
      throw bad(file, "has no \"" + name + "\" array.", null);
    }
    return node;
  }

  private static String text(Path file, JsonNode node, String name) throws InputException {
    JsonNode v = node.path(name);
    if (!v.isTextual()) {
      throw bad(file, "has no \"" + name + "\" string.", null);
    }
    return v.asText();
  }

  private static InputException bad(Path file, String problem, Throwable cause) {
    String fix = "keep the file as the sampler wrote it (docs/aggregate.md), or remove it";
    return cause == null ? new InputException(file, 0, problem, fix) : new InputException(file, 0, problem, fix,
        cause);
  }
}
