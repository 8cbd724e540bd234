package dev.ycsbpack.mongodb;

import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.UrlOptions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The URL options that explicit properties override, in one line. The pack's rule (a property beats the URL) is the
 * opposite of upstream YCSB's (the URL wins), so the same command can measure something else here: the line says
 * exactly where.
 */
final class UrlOverrides {
  /** Each property and the URL options (lower-cased) it replaces, in the order the line names them. */
  private static final Map<String, List<String>> REPLACES = new LinkedHashMap<>();

  static {
    REPLACES.put(WriteConcernOptions.NAMED, List.of("w", "journal", "j"));
    REPLACES.put(WriteConcernOptions.W, List.of("w"));
    REPLACES.put(WriteConcernOptions.J, List.of("journal", "j"));
    REPLACES.put(WriteConcernOptions.WTIMEOUT, List.of("wtimeoutms", "wtimeout"));
    REPLACES.put(ReadOptions.READ_PREFERENCE, List.of("readpreference"));
    REPLACES.put(ReadOptions.READ_PREFERENCE_TAGS, List.of("readpreferencetags"));
    REPLACES.put(ReadOptions.MAX_STALENESS, List.of("maxstalenessseconds"));
    REPLACES.put(ReadOptions.READ_CONCERN, List.of("readconcernlevel"));
    REPLACES.put(BindingOptions.MAX_POOL_SIZE, List.of("maxpoolsize"));
    REPLACES.put(BindingOptions.UPSTREAM_MAX_CONNECTIONS, List.of("maxpoolsize"));
    REPLACES.put(BindingOptions.COMPRESSORS, List.of("compressors"));
    REPLACES.put(BindingOptions.RETRY_WRITES, List.of("retrywrites"));
    REPLACES.put(BindingOptions.RETRY_READS, List.of("retryreads"));
  }

  private UrlOverrides() {
  }

  /**
   * {@code mongodb binding: mongodb.w=majority overrides the URL's w=1; ...}, or null when no property overrides a
   * URL option with a different value. Values pass through {@code redactor} (none of these options holds a secret,
   * but a value is still never trusted to be harmless) and are capped and escaped.
   */
  static String line(String url, Properties p, Redactor redactor) {
    Map<String, String> inUrl = UrlOptions.of(url);
    List<String> overrides = new ArrayList<>();
    for (Map.Entry<String, List<String>> e : REPLACES.entrySet()) {
      String value = p.getProperty(e.getKey());
      if (value == null) {
        continue;
      }
      List<String> replaced = new ArrayList<>();
      for (String option : e.getValue()) {
        String urlValue = inUrl.get(option);
        if (urlValue != null && !same(value, urlValue)) {
          replaced.add(ConnectionStringCheck.spelling(option) + "=" + shown(urlValue, redactor));
        }
      }
      if (!replaced.isEmpty()) {
        overrides
            .add(e.getKey() + "=" + shown(value, redactor) + " overrides the URL's " + String.join(", ", replaced));
      }
    }
    return overrides.isEmpty() ? null : "mongodb binding: " + String.join("; ", overrides)
        + " (properties take precedence over mongodb.url; upstream YCSB's binding kept the URL's)";
  }

  private static boolean same(String a, String b) {
    return a.trim().equalsIgnoreCase(b.trim());
  }

  private static String shown(String value, Redactor redactor) {
    return Text.shown(redactor.redact(value.trim()));
  }
}
