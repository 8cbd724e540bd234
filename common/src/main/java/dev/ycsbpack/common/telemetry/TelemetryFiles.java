package dev.ycsbpack.common.telemetry;

import dev.ycsbpack.common.AtomicFiles;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Where and how a folder keeps its telemetry: {@code DIR/telemetry/SOURCE.csv} and {@code DIR/telemetry/SOURCE.json},
 * one pair per {@link Series}, in a client folder ({@code bin/ycsb --out}) or a bundle (coordinator, experiment step).
 *
 * <p>The CSV is for a spreadsheet: a header {@code epoch_ms,NAME [UNIT],...}, then one row per sample, an empty cell
 * where the source did not report the figure. The JSON is the record the pack reads back: {@code source}, {@code
 * identity}, {@code notes}, {@code columns} ({@code name}, {@code unit}) and {@code samples} ({@code t}: epoch ms,
 * {@code v}: values, {@code null} where not reported). Both are written whole or not at all ({@link AtomicFiles}),
 * JSON last, so a folder with a JSON file has its CSV too.
 */
public final class TelemetryFiles {
  /** The folder's name inside a client folder or bundle. */
  public static final String FOLDER = "telemetry";
  public static final String CSV = ".csv";
  public static final String JSON = ".json";

  private TelemetryFiles() {
  }

  /** {@code dir/telemetry}. */
  public static Path folder(Path dir) {
    return dir.resolve(FOLDER);
  }

  /** {@code dir/telemetry/SOURCE.json}. */
  public static Path json(Path dir, String source) {
    return folder(dir).resolve(source + JSON);
  }

  /** {@code dir/telemetry/SOURCE.csv}. */
  public static Path csv(Path dir, String source) {
    return folder(dir).resolve(source + CSV);
  }

  /** Writes {@code series} into {@code dir/telemetry/}, replacing an earlier pair of the same source. */
  public static void write(Path dir, Series series) throws IOException {
    AtomicFiles.write(csv(dir, series.source()), out -> writeCsv(series, out), AtomicFiles.Mode.SHARED);
    AtomicFiles.write(json(dir, series.source()), out -> writeJson(series, out), AtomicFiles.Mode.SHARED);
  }

  static void writeCsv(Series s, Writer out) throws IOException {
    out.write("epoch_ms");
    for (Column c : s.columns()) {
      out.write(',');
      out.write(c.name() + " [" + c.unit().replace(',', ';') + "]");
    }
    out.write('\n');
    for (Sample sample : s.samples()) {
      out.write(Long.toString(sample.epochMillis()));
      for (Double v : sample.values()) {
        out.write(',');
        if (v != null) {
          out.write(number(v));
        }
      }
      out.write('\n');
    }
  }

  static void writeJson(Series s, Writer out) throws IOException {
    out.write("{\n  \"source\": " + string(s.source()) + ",\n  \"identity\": {");
    Iterator<Map.Entry<String, String>> it = s.identity().entrySet().iterator();
    while (it.hasNext()) {
      Map.Entry<String, String> e = it.next();
      out.write(string(e.getKey()) + ": " + string(e.getValue()) + (it.hasNext() ? ", " : ""));
    }
    out.write("},\n  \"notes\": [");
    writeStrings(s.notes(), out);
    out.write("],\n  \"columns\": [");
    for (int i = 0; i < s.columns().size(); i++) {
      Column c = s.columns().get(i);
      out.write((i == 0 ? "\n    " : ",\n    ") + "{\"name\": " + string(c.name()) + ", \"unit\": "
          + string(c.unit()) + "}");
    }
    out.write(s.columns().isEmpty() ? "],\n  \"samples\": [" : "\n  ],\n  \"samples\": [");
    for (int i = 0; i < s.samples().size(); i++) {
      Sample sample = s.samples().get(i);
      out.write((i == 0 ? "\n    " : ",\n    ") + "{\"t\": " + sample.epochMillis() + ", \"v\": [");
      for (int j = 0; j < sample.values().size(); j++) {
        Double v = sample.value(j);
        out.write((j == 0 ? "" : ", ") + (v == null ? "null" : number(v)));
      }
      out.write("]}");
    }
    out.write(s.samples().isEmpty() ? "]\n}\n" : "\n  ]\n}\n");
  }

  private static void writeStrings(List<String> values, Writer out) throws IOException {
    for (int i = 0; i < values.size(); i++) {
      out.write((i == 0 ? "" : ", ") + string(values.get(i)));
    }
  }

  /** A whole number without a fraction, anything else as Java prints a double; never NaN or infinite. */
  static String number(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      throw new IllegalArgumentException("a telemetry value is finite: " + v);
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return Double.toString(v);
  }

  /** {@code text} as a JSON string. */
  static String string(String text) {
    StringBuilder b = new StringBuilder(text.length() + 2).append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x2028 || c == 0x2029) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }
}
