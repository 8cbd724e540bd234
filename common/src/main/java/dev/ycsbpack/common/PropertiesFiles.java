package dev.ycsbpack.common;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * {@code java.util.Properties} files as the pack writes them: keys sorted, no date comment (two runs with the same
 * settings give the same file, so {@code diff} shows only what changed), UTF-8, written atomically.
 */
public final class PropertiesFiles {
  private PropertiesFiles() {
  }

  /** The text of a properties file holding {@code values} (sorted, escaped as {@link Properties#store} does). */
  public static String format(String comment, Map<String, String> values) {
    Properties p = new Properties();
    p.putAll(values);
    StringWriter w = new StringWriter();
    try {
      p.store(w, null);
    } catch (IOException e) {
      throw new IllegalStateException(e); // a StringWriter does not fail
    }
    // store() writes a date line first and keys in hash order: drop the date, sort the rest.
    TreeMap<String, String> lines = new TreeMap<>();
    String[] all = w.toString().split("\n");
    for (String line : all) {
      if (line.startsWith("#") || line.isEmpty()) {
        continue;
      }
      lines.put(keyOf(line), line);
    }
    StringBuilder sb = new StringBuilder();
    if (comment != null) {
      for (String c : comment.split("\n")) {
        sb.append("# ").append(c).append('\n');
      }
    }
    lines.values().forEach(l -> sb.append(l).append('\n'));
    return sb.toString();
  }

  /** Writes {@code values} to {@code file} atomically. */
  public static void write(Path file, String comment, Map<String, String> values, AtomicFiles.Mode mode)
      throws IOException {
    AtomicFiles.write(file, format(comment, values), mode);
  }

  /** Reads a properties file (UTF-8) into a sorted map. */
  public static Map<String, String> read(Path file) throws IOException {
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return toMap(load(r));
    }
  }

  /** Parses properties text into a sorted map. */
  public static Map<String, String> parse(String text) throws IOException {
    return toMap(load(new StringReader(text)));
  }

  /** The properties as a sorted map. */
  public static Map<String, String> toMap(Properties p) {
    Map<String, String> m = new TreeMap<>();
    for (String k : p.stringPropertyNames()) {
      m.put(k, p.getProperty(k));
    }
    return m;
  }

  private static Properties load(Reader r) throws IOException {
    Properties p = new Properties();
    try {
      p.load(r);
    } catch (IllegalArgumentException e) {
      throw new IOException("malformed properties: " + e.getMessage(), e);
    }
    return p;
  }

  /** The escaped key at the start of a line that {@link Properties#store} wrote. */
  private static String keyOf(String line) {
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '=' || c == ':') {
        return line.substring(0, i);
      }
    }
    return line;
  }
}
