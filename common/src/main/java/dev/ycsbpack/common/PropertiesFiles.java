package dev.ycsbpack.common;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * {@code java.util.Properties} files, read and written the one way every part of the pack uses: YCSB's.
 *
 * <p>The charset rule: YCSB reads {@code -P} files with {@link Properties#load(InputStream)}, i.e. ISO-8859-1 with
 * <code>&#92;uXXXX</code> escapes, so that is how every properties file is read here too (a workload file, a
 * client's {@code client.properties}, the coordinator's staged client properties). Files are written in plain
 * ASCII, every other character as a <code>&#92;uXXXX</code> escape, as
 * {@link Properties#store(java.io.OutputStream, String)} does: any reader, with any ASCII-compatible charset, gets
 * the same characters back. A non-ASCII password written by the coordinator therefore reaches its client unchanged.
 *
 * <p>Files are written with keys sorted and no date comment (two runs with the same settings give the same file,
 * so {@code diff} shows only what changed), atomically.
 */
public final class PropertiesFiles {
  private PropertiesFiles() {
  }

  /**
   * The text of a properties file holding {@code values}: sorted, escaped as
   * {@link Properties#store(java.io.OutputStream, String)} does, so it is pure ASCII.
   */
  public static String format(String comment, Map<String, String> values) {
    Properties p = new Properties();
    p.putAll(values);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try {
      p.store(bytes, null);
    } catch (IOException e) {
      throw new IllegalStateException(e); // a ByteArrayOutputStream does not fail
    }
    // store() writes a date line first and keys in hash order: drop the date, sort the rest. Its line separator is
    // the platform's; the pack writes '\n' everywhere.
    TreeMap<String, String> lines = new TreeMap<>();
    String[] all = bytes.toString(StandardCharsets.ISO_8859_1).split("\r?\n");
    for (String line : all) {
      if (line.startsWith("#") || line.isEmpty()) {
        continue;
      }
      lines.put(keyOf(line), line);
    }
    StringBuilder sb = new StringBuilder();
    if (comment != null) {
      for (String c : comment.split("\n")) {
        sb.append("# ").append(ascii(c)).append('\n');
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

  /**
   * Reads a properties file into a sorted map exactly as YCSB reads a {@code -P} file
   * ({@link Properties#load(InputStream)}: ISO-8859-1, <code>&#92;uXXXX</code> escapes).
   *
   * @throws IOException when it cannot be read, or holds a malformed <code>&#92;uXXXX</code> escape
   */
  public static Map<String, String> read(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      Properties p = new Properties();
      try {
        p.load(in);
      } catch (IllegalArgumentException e) {
        throw new IOException("malformed properties: " + e.getMessage(), e);
      }
      return toMap(p);
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

  /** A comment line as ASCII: every other character, and every control character, as a <code>&#92;uXXXX</code>. */
  private static String ascii(String comment) {
    StringBuilder sb = new StringBuilder(comment.length());
    for (char c : comment.toCharArray()) {
      if (c < 0x20 || c > 0x7e) {
        sb.append(String.format("\\u%04X", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
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
