package dev.ycsbpack.aggregate.input;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.ycsbpack.common.InsertDocuments;
import dev.ycsbpack.common.Measurement;
import dev.ycsbpack.common.Text;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what a YCSB 0.17 client exported: the text exporter's lines ({@code [METRIC], MEASUREMENT, VALUE}, on stdout
 * or in {@code exportfile}) or the JSON array exporter's {@code [{"metric":..,"measurement":..,"value":..}, ...]}
 * (the concatenated objects of {@code JSONMeasurementsExporter} are accepted too).
 *
 * <p>In text, lines that do not start with {@code [} are ignored (YCSB and bindings print stray lines to stdout), but a
 * line that starts like a measurement and does not parse is an error, and so is a last line without an end of line.
 */
public final class YcsbOutputParser {
  private static final String[] REQUIRED = {"Operations", "AverageLatency(us)", "MinLatency(us)", "MaxLatency(us)"};
  private static final Pattern PERCENTILE = Pattern.compile("^(.+?)(?:st|nd|rd|th)?PercentileLatency\\(us\\)$");

  private YcsbOutputParser() {
  }

  /** One measurement as exported. */
  private record Entry(String metric, String measurement, double value, String raw, long line) {
  }

  public static YcsbOutput parse(Path file) throws InputException {
    String name = file.getFileName().toString();
    return name.endsWith(".json") ? parseJson(file) : parseText(file);
  }

  public static YcsbOutput parseText(Path file) throws InputException {
    List<Entry> entries = new ArrayList<>();
    boolean truncated = endsWithoutNewline(file);
    long lineNo = 0;
    long total = 0;
    long cutLine = 0;
    if (truncated) {
      total = countLines(file);
    }
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      while ((line = r.readLine()) != null) {
        lineNo++;
        if (truncated && lineNo == total) {
          cutLine = lineNo;
          if (line.startsWith("[")) {
            throw cut(file, lineNo);
          }
          continue;
        }
        if (!line.startsWith("[")) {
          continue;
        }
        Optional<Measurement> parsed = Measurement.parse(line);
        if (parsed.isEmpty()) {
          if (!Measurement.looksLikeOne(line)) {
            continue; // not an exporter line: "[" is not enough to claim one
          }
          throw new InputException(file, lineNo, "this line starts like a YCSB measurement but does not read "
              + "'[METRIC], MEASUREMENT, VALUE': '" + Text.shown(line) + "'.",
              "the output is corrupt: take the client's complete output, or re-run it.");
        }
        Measurement m = parsed.get();
        String raw = m.value().trim();
        double value = m.number();
        if (Double.isNaN(value) && !"NaN".equals(raw)) {
          throw new InputException(file, lineNo, "the value '" + Text.shown(raw) + "' of [" + Text.shown(m.metric())
              + "], " + Text.shown(m.measurement()) + " is not a number.",
              "the output is corrupt: take the client's complete output, or re-run it.");
        }
        entries.add(new Entry(m.metric(), m.measurement(), value, raw, lineNo));
      }
    } catch (java.nio.charset.MalformedInputException e) {
      throw new InputException(file, lineNo + 1, "the output is not UTF-8 text.",
          "give the client's text output (stdout or exportfile), not a binary file.", e);
    } catch (IOException e) {
      throw new InputException(file, 0, "cannot read the output (" + e + ").", "check the file.", e);
    }
    YcsbOutput out = build(file, entries, "line");
    if (cutLine > 0 && out.hasOverall()) {
      // a client that never printed [OVERALL] is a failed client whatever its last line; one that did must be whole
      throw cut(file, cutLine);
    }
    return out;
  }

  public static YcsbOutput parseJson(Path file) throws InputException {
    List<Entry> entries = new ArrayList<>();
    JsonFactory factory = new JsonFactory();
    try (JsonParser p = factory.createParser(file.toFile())) {
      JsonToken first = p.nextToken();
      if (first == null) {
        return build(file, entries, "line"); // empty file: the client exported nothing
      }
      boolean array = first == JsonToken.START_ARRAY;
      JsonToken t = array ? p.nextToken() : first;
      while (t != null && !(array && t == JsonToken.END_ARRAY)) {
        if (t != JsonToken.START_OBJECT) {
          throw json(file, p.currentTokenLocation(), "expected a {\"metric\", \"measurement\", \"value\"} object, "
              + "found " + t + ".");
        }
        long line = p.currentTokenLocation().getLineNr();
        String metric = null;
        String measurement = null;
        Double value = null;
        String raw = null;
        while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
          if (t != JsonToken.FIELD_NAME) {
            throw json(file, p.currentTokenLocation(), "unexpected " + t + " inside a measurement object.");
          }
          String field = p.currentName();
          t = p.nextToken();
          switch (field) {
            case "metric" -> metric = t == JsonToken.VALUE_STRING ? p.getText() : null;
            case "measurement" -> measurement = t == JsonToken.VALUE_STRING ? p.getText() : null;
            case "value" -> {
              if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
                value = p.getDoubleValue();
                raw = p.getText();
              } else if (t == JsonToken.VALUE_STRING) {
                raw = p.getText();
                try {
                  value = Double.parseDouble(raw);
                } catch (NumberFormatException e) {
                  value = null;
                }
              }
            }
            default -> p.skipChildren();
          }
        }
        if (metric == null || measurement == null || value == null) {
          throw new InputException(file, line, "a measurement object lacks a string \"metric\", a string "
              + "\"measurement\" or a numeric \"value\".",
              "the output is corrupt: take the client's complete JSON export, or re-run it.");
        }
        entries.add(new Entry(metric, measurement, value, raw, line));
        t = p.nextToken();
      }
      if (array && t == null) {
        throw json(file, p.currentLocation(), "the JSON array is not closed: the export was cut.");
      }
      if (array && p.nextToken() != null) {
        throw json(file, p.currentTokenLocation(), "there is more text after the closing ']'.");
      }
    } catch (JsonProcessingException e) {
      JsonLocation loc = e.getLocation();
      throw new InputException(file, loc == null ? 0 : loc.getLineNr(),
          "the JSON export is cut or corrupt (" + e.getOriginalMessage() + ").",
          "take the client's complete JSON export, or re-run it.", e);
    } catch (IOException e) {
      throw new InputException(file, 0, "cannot read the output (" + e + ").", "check the file.", e);
    }
    return build(file, entries, "line");
  }

  private static InputException json(Path file, JsonLocation loc, String problem) {
    return new InputException(file, loc == null ? 0 : loc.getLineNr(), problem,
        "take the client's complete JSON export, or re-run it.");
  }

  private static YcsbOutput build(Path file, List<Entry> entries, String unit) throws InputException {
    Map<String, Map<String, Entry>> sections = new LinkedHashMap<>();
    for (Entry e : entries) {
      Map<String, Entry> s = sections.computeIfAbsent(e.metric(), k -> new LinkedHashMap<>());
      Entry prev = s.putIfAbsent(e.measurement(), e);
      if (prev != null) {
        throw new InputException(file, e.line(), "[" + e.metric() + "], " + e.measurement() + " appears twice (also on "
            + unit + " " + prev.line() + "): two outputs were put in one file.",
            "give each client folder exactly one client's output.");
      }
    }
    long runTime = -1;
    double throughput = Double.NaN;
    Map<String, Entry> overall = sections.get("OVERALL");
    if (overall != null) {
      Entry rt = overall.get("RunTime(ms)");
      Entry tp = overall.get("Throughput(ops/sec)");
      if (rt == null || tp == null) {
        Entry any = overall.values().iterator().next();
        throw new InputException(file, any.line(), "the [OVERALL] section lacks "
            + (rt == null ? "RunTime(ms)" : "Throughput(ops/sec)") + ": the output was cut.",
            "take the client's complete output, or re-run it.");
      }
      runTime = (long) rt.value();
      throughput = tp.value();
    }
    Map<String, OpSummary> ops = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, Entry>> s : sections.entrySet()) {
      String metric = s.getKey();
      Map<String, Entry> m = s.getValue();
      boolean latencySection = m.containsKey("Operations") || m.containsKey("AverageLatency(us)")
          || m.containsKey("MinLatency(us)") || m.containsKey("MaxLatency(us)");
      if ("OVERALL".equals(metric) || !latencySection) {
        continue; // GC, JVM and other non-operation sections
      }
      Entry firstEntry = m.values().iterator().next();
      for (String req : REQUIRED) {
        if (!m.containsKey(req)) {
          throw new InputException(file, firstEntry.line(), "the [" + metric + "] section lacks " + req
              + ": the output was cut or is not from the hdrhistogram measurement type.",
              "take the client's complete output, or re-run it.");
        }
      }
      Map<String, Double> pct = new LinkedHashMap<>();
      Map<String, Long> returns = new LinkedHashMap<>();
      for (Entry e : m.values()) {
        if (e.measurement().startsWith("Return=")) {
          returns.put(e.measurement().substring("Return=".length()), (long) e.value());
        } else {
          Matcher pm = PERCENTILE.matcher(e.measurement());
          if (pm.matches()) {
            pct.put(pm.group(1), e.value());
          }
        }
      }
      ops.put(metric, new OpSummary(metric, (long) m.get("Operations").value(), m.get("AverageLatency(us)").value(),
          (long) m.get("MinLatency(us)").value(), (long) m.get("MaxLatency(us)").value(), pct, returns,
          firstEntry.line()));
    }
    Map<String, Long> insertDocuments = new LinkedHashMap<>();
    Map<String, Entry> docs = sections.getOrDefault(InsertDocuments.SECTION, Map.of());
    for (Entry e : docs.values()) {
      insertDocuments.put(e.measurement(), (long) e.value());
    }
    return new YcsbOutput(file, runTime, throughput, ops, insertDocuments);
  }

  private static InputException cut(Path file, long line) {
    return new InputException(file, line, "the last line has no end of line: the output was cut while being written "
        + "(client killed, disk full or an incomplete copy).", "take the client's complete output, or re-run it.");
  }

  static boolean endsWithoutNewline(Path file) throws InputException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = ch.size();
      if (size == 0) {
        return false;
      }
      ByteBuffer last = ByteBuffer.allocate(1);
      ch.read(last, size - 1);
      return last.get(0) != '\n';
    } catch (IOException e) {
      throw new InputException(file, 0, "cannot read the output (" + e + ").", "check the file.", e);
    }
  }

  private static long countLines(Path file) throws InputException {
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      long n = 0;
      while (r.readLine() != null) {
        n++;
      }
      return n;
    } catch (IOException e) {
      throw new InputException(file, 0, "cannot read the output (" + e + ").", "check the file.", e);
    }
  }
}
