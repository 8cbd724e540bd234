package dev.ycsbpack.experiment.reproduce;

import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.common.UrlOptions;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The write concern, read concern and read preference an original's clients sent, as they recorded them (its plan's
 * concerns: {@code w=majority, j=true}, {@code majority}, {@code secondary, tags dc:ny, maxStalenessSeconds=120}),
 * as the URL options that send them again. The original's URL is not in its plan, and with it went the concerns it
 * set: a reproduction adds them to the user's URL, unless the user's URL or a property sets one (then the user's
 * wins, and an option that differs from the original's is an override). What the server chose ({@code server
 * default}) was not sent, and is not sent again.
 *
 * @param options the URL options, by their driver spelling, in the order they are added; a repeated option (several
 *                tag sets) joined by {@code ;}
 */
public record SentConcerns(Map<String, String> options) {
  /** Nothing to send again: no concerns recorded. */
  public static final SentConcerns NONE = new SentConcerns(Map.of());

  /**
   * Each URL option (lower-cased) and the properties that replace it (the binding's rule, {@code UrlOverrides}: a
   * property beats the URL).
   */
  private static final Map<String, List<String>> REPLACED_BY = Map.of("w", List.of("mongodb.w", "mongodb.writeConcern"),
      "journal", List.of("mongodb.j", "mongodb.writeConcern"), "wtimeoutms", List.of("mongodb.wtimeout"),
      "readconcernlevel", List.of("mongodb.readConcern"), "readpreference", List.of("mongodb.readPreference"),
      "readpreferencetags", List.of("mongodb.readPreferenceTags"), "maxstalenessseconds",
      List.of("mongodb.maxStalenessSeconds"));
  private static final String SERVER_DEFAULT = "server default";

  /**
   * The options that send {@code concerns} ({@link EnvironmentFacts#WRITE_CONCERN} and the others, as recorded);
   * without the write concern when {@code perCell} (a write-concern matrix sets it in each cell).
   */
  public static SentConcerns of(Map<String, String> concerns, boolean perCell) {
    if (concerns == null) {
      return NONE;
    }
    Map<String, String> o = new LinkedHashMap<>();
    String wc = concerns.get(EnvironmentFacts.WRITE_CONCERN);
    if (!perCell && wc != null && !wc.startsWith(SERVER_DEFAULT)) {
      for (String part : wc.split(", ")) {
        if (part.startsWith("w=")) {
          o.put("w", part.substring(2));
        } else if (part.startsWith("j=")) {
          o.put("journal", part.substring(2));
        } else if (part.startsWith("wtimeout=") && part.endsWith("ms")) {
          o.put("wtimeoutMS", part.substring("wtimeout=".length(), part.length() - 2));
        }
      }
    }
    String rc = concerns.get(EnvironmentFacts.READ_CONCERN);
    if (rc != null && !rc.startsWith(SERVER_DEFAULT)) {
      o.put("readConcernLevel", rc);
    }
    String rp = concerns.get(EnvironmentFacts.READ_PREFERENCE);
    if (rp != null && !rp.isBlank()) {
      String[] parts = rp.split(", ");
      o.put("readPreference", parts[0]);
      for (int i = 1; i < parts.length; i++) {
        if (parts[i].startsWith("tags ")) {
          o.put("readPreferenceTags", parts[i].substring("tags ".length()));
        } else if (parts[i].startsWith("maxStalenessSeconds=")) {
          o.put("maxStalenessSeconds", parts[i].substring("maxStalenessSeconds=".length()));
        }
      }
    }
    return new SentConcerns(o);
  }

  /**
   * {@code url} with each option added that neither it nor a property of {@code properties} sets; as it is when
   * there is none to add.
   */
  public String onto(String url, Map<String, String> properties) {
    Map<String, String> add = added(url, properties);
    if (add.isEmpty()) {
      return url;
    }
    StringBuilder s = new StringBuilder(url);
    String afterScheme = url.substring(url.indexOf("://") + 3);
    if (!url.contains("?")) {
      // the driver takes options only after the path's slash (mongodb://host/?w=1)
      s.append(afterScheme.contains("/") ? "?" : "/?");
    } else if (!url.endsWith("?") && !url.endsWith("&")) {
      s.append('&');
    }
    List<String> pairs = new ArrayList<>();
    add.forEach((k, v) -> {
      for (String one : v.split(";")) {
        pairs.add(k + "=" + URLEncoder.encode(one, StandardCharsets.UTF_8));
      }
    });
    return s.append(String.join("&", pairs)).toString();
  }

  /** The options {@link #onto} adds, as {@code w=majority&readPreference=primaryPreferred}; empty for none. */
  public String shown(String url, Map<String, String> properties) {
    List<String> pairs = new ArrayList<>();
    added(url, properties).forEach((k, v) -> pairs.add(k + "=" + v));
    return String.join("&", pairs);
  }

  /**
   * The user's URL's options that send another concern than the original's, one override each:
   * {@code mongodb.url's w=1 (the original sent w=majority)}; an option a property of {@code properties} replaces is
   * not sent, and not one.
   */
  public List<String> overrides(String url, Map<String, String> properties) {
    Map<String, String> theirs = new LinkedHashMap<>();
    options.forEach((k, v) -> theirs.put(k.toLowerCase(Locale.ROOT), k + "=" + v));
    List<String> out = new ArrayList<>();
    for (UrlOptions.Pair p : UrlOptions.pairs(url)) {
      String k = p.key();
      boolean replaced = REPLACED_BY.getOrDefault(k, List.of()).stream().anyMatch(properties::containsKey);
      String sent = theirs.get(k);
      if (REPLACED_BY.containsKey(k) && !replaced && p.value() != null && (sent == null
          || !sent.substring(sent.indexOf('=') + 1).equalsIgnoreCase(p.value()))) {
        out.add("mongodb.url's " + p.name() + "=" + p.value() + " (the original sent " + (sent == null ? "none: "
            + SERVER_DEFAULT : sent) + ")");
      }
    }
    return out;
  }

  private Map<String, String> added(String url, Map<String, String> properties) {
    Map<String, String> inUrl = UrlOptions.of(url);
    Map<String, String> add = new LinkedHashMap<>();
    options.forEach((k, v) -> {
      String key = k.toLowerCase(Locale.ROOT);
      boolean set = inUrl.containsKey(key) || REPLACED_BY.getOrDefault(key, List.of()).stream()
          .anyMatch(properties::containsKey);
      if (!set) {
        add.put(k, v);
      }
    });
    return add;
  }
}
