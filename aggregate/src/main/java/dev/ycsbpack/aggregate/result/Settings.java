package dev.ycsbpack.aggregate.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Key/value settings of every client (configuration or environment), compared: what is equal everywhere, what differs
 * per client, and which of those differences are not allowed. Every value is already redacted and capped.
 *
 * @param common      key to the value every client has
 * @param perClient   key to {client: value} for keys whose values differ
 * @param differences the differing keys that are not allowed to differ (non-empty only for a forced merge)
 */
public record Settings(Map<String, String> common, Map<String, Map<String, String>> perClient,
    List<Difference> differences) {
  public Settings {
    common = Collections.unmodifiableMap(new TreeMap<>(common));
    perClient = Collections.unmodifiableMap(new TreeMap<>(perClient));
    differences = List.copyOf(differences);
  }

  /** Nothing recorded. */
  public static Settings empty() {
    return new Settings(Map.of(), Map.of(), List.of());
  }

  /** The value of {@code key} for one client: the common value, else its own, else null. */
  public String valueFor(String key, String client) {
    String v = common.get(key);
    if (v != null) {
      return v;
    }
    Map<String, String> m = perClient.get(key);
    return m == null ? null : m.get(client);
  }

  /** Every value of {@code key}: the common one, or each client's (an unset one left out), in client order. */
  public java.util.Set<String> values(String key) {
    java.util.Set<String> out = new java.util.LinkedHashSet<>();
    String c = common.get(key);
    if (c != null) {
      out.add(c);
    }
    Map<String, String> per = perClient.get(key);
    if (per != null) {
      per.values().stream().filter(v -> !"<unset>".equals(v)).forEach(out::add);
    }
    return out;
  }

  /**
   * A number summed over {@code clients} clients: the common value times the clients, else each client's own (unset
   * counts 0).
   *
   * @throws NumberFormatException when a value is not a number
   */
  public double sum(String key, int clients) {
    String c = common.get(key);
    if (c != null) {
      return Double.parseDouble(c.trim()) * clients;
    }
    double total = 0;
    for (String v : perClient.getOrDefault(key, Map.of()).values()) {
      total += "<unset>".equals(v) ? 0 : Double.parseDouble(v.trim());
    }
    return total;
  }

  /**
   * One property whose value is not the same on every client.
   *
   * @param key            the property
   * @param clientsByValue shown value to the clients holding it; a missing property shows as {@code <unset>}
   */
  public record Difference(String key, Map<String, List<String>> clientsByValue) {
    public Difference {
      clientsByValue = Collections.unmodifiableMap(new LinkedHashMap<>(clientsByValue));
    }

    /** {@code key: value1 (c1, c2); value2 (c3)}. */
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
}
