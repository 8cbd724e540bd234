package dev.ycsbpack.aggregate.merge;

import dev.ycsbpack.aggregate.input.ClientInput;
import dev.ycsbpack.aggregate.result.Settings;
import dev.ycsbpack.common.ClientShare;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.Text;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Decides whether clients ran the same workload configuration. Every property must be equal across clients except:
 * the key range each client was given ({@link #KEY_RANGE}), purely per-client output settings
 * ({@link #PER_CLIENT}), each client's share when the clients are those of one coordinated run
 * ({@link ClientShare}), credential-like properties (never compared, never shown), the host list (and user info) of
 * MongoDB connection strings, and whatever the user allows with a glob.
 */
public final class ConfigCheck {
  /** The key range each client was given: differs by design. */
  public static final Set<String> KEY_RANGE = Set.of("insertstart", "insertcount");
  /** Where and how each client wrote its results, or how it reported progress: no effect on the workload. */
  public static final Set<String> PER_CLIENT = Set.of("hdrhistogram.output.path", "exportfile", "exporter", "status",
      "status.interval", "label");

  /** Longest value shown in full in outputs and messages. */
  public static final int VALUE_CAP = 500;

  private ConfigCheck() {
  }

  public static Settings check(Collection<ClientInput> clients, Collection<String> allowGlobs) {
    Map<String, Map<String, String>> byClient = new LinkedHashMap<>();
    for (ClientInput c : clients) {
      byClient.put(c.name(), c.properties());
    }
    return check(byClient, allowGlobs, true);
  }

  /**
   * Compares key/value maps per client.
   *
   * @param byClient       client name to its properties
   * @param allowGlobs     further keys that may differ
   * @param builtInAllowed whether {@link #KEY_RANGE}, {@link #PER_CLIENT} and, for the clients of one coordinated
   *                       run, {@link ClientShare#PROPERTIES} may differ (workload properties)
   */
  public static Settings check(Map<String, Map<String, String>> byClient, Collection<String> allowGlobs,
      boolean builtInAllowed) {
    List<Pattern> allowed = new ArrayList<>();
    for (String g : allowGlobs) {
      allowed.add(Pattern.compile(globToRegex(g)));
    }
    Set<String> keys = new TreeSet<>();
    for (Map<String, String> m : byClient.values()) {
      keys.addAll(m.keySet());
    }
    Redactor redactor = redactorFor(byClient);
    boolean shares = builtInAllowed && ClientShare.oneCoordinatedRun(byClient.values());
    Map<String, String> common = new TreeMap<>();
    Map<String, Map<String, String>> perClient = new TreeMap<>();
    List<Settings.Difference> diffs = new ArrayList<>();
    for (String rawKey : keys) {
      if (Redactor.isSecretName(rawKey)) {
        continue;
      }
      String key = Text.shown(rawKey, VALUE_CAP);
      boolean mayDiffer = (builtInAllowed && (KEY_RANGE.contains(rawKey) || PER_CLIENT.contains(rawKey)))
          || (shares && ClientShare.PROPERTIES.contains(rawKey))
          || allowed.stream().anyMatch(p -> p.matcher(rawKey).matches());
      Map<String, List<String>> byComparable = new LinkedHashMap<>();
      Map<String, String> shown = new LinkedHashMap<>();
      Map<String, String> shownByRaw = new HashMap<>(); // one redaction per distinct value: a long one costs once
      for (Map.Entry<String, Map<String, String>> c : byClient.entrySet()) {
        String v = c.getValue().get(rawKey);
        String cmp = v == null ? "<unset>" : comparable(v);
        byComparable.computeIfAbsent(cmp, k -> new ArrayList<>()).add(c.getKey());
        shown.put(c.getKey(), v == null ? "<unset>" : shownByRaw.computeIfAbsent(v, x -> show(redactor, rawKey, x)));
      }
      if (byComparable.size() == 1) {
        common.put(key, shown.values().iterator().next());
      } else if (mayDiffer) {
        perClient.put(key, shown);
      } else {
        Map<String, List<String>> byShown = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : shown.entrySet()) {
          byShown.computeIfAbsent(e.getValue(), k -> new ArrayList<>()).add(e.getKey());
        }
        diffs.add(new Settings.Difference(key, byShown));
        perClient.put(key, shown);
      }
    }
    return new Settings(common, perClient, diffs);
  }

  /**
   * A value as every output and message may show it: redacted, then capped at {@value #VALUE_CAP} characters with
   * control characters escaped (a pasted file or a hostile value must neither flood a report nor forge a line).
   */
  public static String show(Redactor redactor, String key, String value) {
    return Text.shown(redactor.show(key, value), VALUE_CAP);
  }

  /**
   * A redactor that knows the secrets of every client: a value shown for one client must not reveal another's
   * password either. The keys keep their names (a numeric prefix keeps them apart), so secret names stay secret.
   */
  public static Redactor redactorFor(Map<String, Map<String, String>> byClient) {
    Map<String, String> all = new java.util.HashMap<>();
    int i = 0;
    for (Map<String, String> m : byClient.values()) {
      for (Map.Entry<String, String> e : m.entrySet()) {
        all.put(i + "." + e.getKey(), e.getValue());
      }
      i++;
    }
    return Redactor.of(all);
  }

  /**
   * The part of a value that must match: for a MongoDB connection string, everything but the user info and the host
   * list (clients may use different routers of one cluster); otherwise the value itself.
   */
  static String comparable(String value) {
    String v = value.trim();
    if (v.startsWith("mongodb://") || v.startsWith("mongodb+srv://")) {
      int schemeEnd = v.indexOf("://") + 3;
      // user info runs to the last '@' (an unescaped '@', '/' or '?' in a password must not end it early)
      int at = v.lastIndexOf('@');
      int hostStart = at >= schemeEnd ? at + 1 : schemeEnd;
      int slash = v.indexOf('/', hostStart);
      int q = v.indexOf('?', hostStart);
      int hostEnd = slash >= 0 ? slash : (q >= 0 ? q : v.length());
      return v.substring(0, schemeEnd) + "<hosts>" + v.substring(hostEnd);
    }
    return v;
  }

  static String globToRegex(String glob) {
    StringBuilder sb = new StringBuilder();
    for (char ch : glob.toCharArray()) {
      if (ch == '*') {
        sb.append(".*");
      } else if (ch == '?') {
        sb.append('.');
      } else {
        sb.append(Pattern.quote(String.valueOf(ch)));
      }
    }
    return sb.toString();
  }
}
