package dev.ycsbpack.aggregate.model;

import dev.ycsbpack.aggregate.input.ClientInput;
import dev.ycsbpack.common.Redactor;
import java.util.ArrayList;
import java.util.Collection;
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
 * ({@link #PER_CLIENT}), credential-like properties (never compared, never shown), the host list (and user info) of
 * MongoDB connection strings, and whatever the user allows with a glob.
 */
public final class ConfigCheck {
  /** The key range each client was given: differs by design. */
  public static final Set<String> KEY_RANGE = Set.of("insertstart", "insertcount");
  /** Where and how each client wrote its results, or how it reported progress: no effect on the workload. */
  public static final Set<String> PER_CLIENT = Set.of("hdrhistogram.output.path", "exportfile", "exporter", "status",
      "status.interval", "label");

  private ConfigCheck() {
  }

  /** One property whose value is not the same on every client. Values are already redacted. */
  public record Difference(String key, Map<String, List<String>> clientsByValue) {
    /** {@code key: value1 (c1, c2); value2 (c3)}; a missing property shows as {@code <unset>}. */
    public String describe() {
      StringBuilder sb = new StringBuilder(key).append(": ");
      boolean first = true;
      for (Map.Entry<String, List<String>> e : clientsByValue.entrySet()) {
        if (!first) {
          sb.append("; ");
        }
        first = false;
        sb.append(e.getKey()).append(" (").append(String.join(", ", e.getValue())).append(')');
      }
      return sb.toString();
    }
  }

  /** The result: properties equal everywhere (redacted), per-client ones, and the differences. */
  public record Result(Map<String, String> common, Map<String, Map<String, String>> perClient,
                       List<Difference> differences) {
  }

  public static Result check(Collection<ClientInput> clients, Collection<String> allowGlobs) {
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
   * @param builtInAllowed whether {@link #KEY_RANGE} and {@link #PER_CLIENT} may differ (workload properties)
   */
  public static Result check(Map<String, Map<String, String>> byClient, Collection<String> allowGlobs,
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
    Map<String, String> common = new TreeMap<>();
    Map<String, Map<String, String>> perClient = new TreeMap<>();
    List<Difference> diffs = new ArrayList<>();
    for (String key : keys) {
      if (Redactor.isSecretName(key)) {
        continue;
      }
      boolean mayDiffer = (builtInAllowed && (KEY_RANGE.contains(key) || PER_CLIENT.contains(key)))
          || allowed.stream().anyMatch(p -> p.matcher(key).matches());
      Map<String, List<String>> byComparable = new LinkedHashMap<>();
      Map<String, String> shown = new LinkedHashMap<>();
      for (Map.Entry<String, Map<String, String>> c : byClient.entrySet()) {
        String v = c.getValue().get(key);
        String cmp = v == null ? "<unset>" : comparable(v);
        byComparable.computeIfAbsent(cmp, k -> new ArrayList<>()).add(c.getKey());
        shown.put(c.getKey(), v == null ? "<unset>" : redactor.show(key, v));
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
        diffs.add(new Difference(key, byShown));
        perClient.put(key, shown);
      }
    }
    return new Result(common, perClient, diffs);
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
      int slash = v.indexOf('/', schemeEnd);
      int q = v.indexOf('?', schemeEnd);
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
