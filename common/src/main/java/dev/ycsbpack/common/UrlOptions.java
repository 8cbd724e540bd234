package dev.ycsbpack.common;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The options of a {@code mongodb://} URL (the part after {@code ?}), read as the Java driver reads them: pairs split
 * at {@code &} or {@code ;}, names and values percent-decoded, a {@code +} kept as it is. The one parser of URL options
 * in the pack: the binding checks and reads them, the coordinator and the experiments look for the TLS file options.
 */
public final class UrlOptions {
  /**
   * One option as written.
   *
   * @param name  decoded, as spelled
   * @param value decoded; null when the pair has no {@code =}
   */
  public record Pair(String name, String value) {
    /** The name lower-cased: option names are case-insensitive. */
    public String key() {
      return name.toLowerCase(Locale.ROOT);
    }
  }

  private UrlOptions() {
  }

  /** Every non-empty pair of the URL's options, in order. */
  public static List<Pair> pairs(String url) {
    List<Pair> out = new ArrayList<>();
    String query = query(url);
    if (query == null) {
      return out;
    }
    for (String pair : query.split("[&;]")) {
      if (!pair.isEmpty()) {
        int eq = pair.indexOf('=');
        out.add(new Pair(decode(eq < 0 ? pair : pair.substring(0, eq)), eq < 0 ? null : decode(pair.substring(eq + 1))));
      }
    }
    return out;
  }

  /**
   * The URL's options that have a value, by lower-cased name; a repeated option's values joined by {@code ;} (the way
   * {@code mongodb.readPreferenceTags} writes several tag sets).
   */
  public static Map<String, String> of(String url) {
    Map<String, String> options = new LinkedHashMap<>();
    for (Pair p : pairs(url)) {
      if (p.value() != null && !p.name().isEmpty()) {
        options.merge(p.key(), p.value(), (a, b) -> a + ";" + b);
      }
    }
    return options;
  }

  /** The URL without the options named (lower-cased) in {@code keys}; the rest exactly as written. */
  public static String without(String url, Set<String> keys) {
    String query = query(url);
    if (query == null || query.isEmpty()) {
      return url;
    }
    List<String> kept = new ArrayList<>();
    for (String pair : query.split("[&;]")) {
      int eq = pair.indexOf('=');
      if (!pair.isEmpty() && !keys.contains(decode(eq < 0 ? pair : pair.substring(0, eq)).toLowerCase(Locale.ROOT))) {
        kept.add(pair);
      }
    }
    String head = url.substring(0, url.length() - query.length() - 1);
    return kept.isEmpty() ? head : head + "?" + String.join("&", kept);
  }

  /**
   * The part after '?', found where the driver ({@code ConnectionString}, 5.x) finds it: the user info and hosts end
   * at the first '/' or '?' after the scheme, and the options follow the first '?'. So an option value's '@'
   * ({@code appName=ycsb@lab}) does not hide the options, and a password holding a '?' must be percent-encoded
   * ({@code %3F}), for the driver too. Null when there are none.
   */
  private static String query(String url) {
    int scheme = url.indexOf("://");
    if (scheme < 0) {
      return null;
    }
    int q = url.indexOf('?', scheme + 3);
    return q < 0 ? null : url.substring(q + 1);
  }

  /** Percent-decoded as the driver decodes; a {@code +} stays a plus; a malformed escape is kept as written. */
  private static String decode(String s) {
    try {
      return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return s;
    }
  }
}
