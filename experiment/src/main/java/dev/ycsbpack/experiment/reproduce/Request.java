package dev.ycsbpack.experiment.reproduce;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.Text;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the user asked a reproduction to change, weighed against the original's plan: the properties to run with
 * (the plan's, the user's over them), the clients on the user's hosts, and every change listed as typed, secrets
 * masked. A change that cannot be made is refused here.
 *
 * @param userProperties the user's {@code -P} files merged, then their {@code -p}, in order
 * @param userFiles      the user's {@code -P} files as given
 * @param threads        {@code -threads} as given, or null
 * @param target         {@code -target} as given, or null
 * @param repeat         {@code --repeat} as given, or null
 * @param clientsPerHost {@code --clients-per-host} as given, or null
 * @param hosts          the user's hosts, in order
 * @param hostOptions    the user's other host options ({@code --rsh T}, {@code --ssh-config F}, ...), as given
 */
public record Request(Map<String, String> userProperties, List<String> userFiles, String threads, String target,
    Integer repeat, Integer clientsPerHost, List<String> hosts, List<String> hostOptions) {

  /** The properties a reproduction of {@code plan} runs with: the plan's, the user's over them. */
  public Map<String, String> properties(ReproduciblePlan plan) throws UsageError {
    return properties(plan, SentConcerns.NONE);
  }

  /**
   * The properties a reproduction of {@code plan} runs with: the plan's, the user's over them, the user's URL sending
   * the concerns the original sent ({@code sent}) that neither it nor a property sets.
   */
  public Map<String, String> properties(ReproduciblePlan plan, SentConcerns sent) throws UsageError {
    Map<String, String> all = new TreeMap<>(plan.properties() == null ? Map.of() : plan.properties());
    all.putAll(userProperties);
    if ("mongodb".equals(plan.binding()) && !all.containsKey(ReproduciblePlan.URL)) {
      throw new UsageError("-p mongodb.url: give your server (-p mongodb.url=mongodb://HOST:PORT/DATABASE); the "
          + "original's URL is not part of its plan");
    }
    masked(all, "");
    if (all.containsKey(ReproduciblePlan.URL)) {
      all.put(ReproduciblePlan.URL, sent.onto(all.get(ReproduciblePlan.URL), withArms(plan, all)));
    }
    return all;
  }

  /**
   * The concerns of {@code sent} the user's URL is given to send again ({@code w=majority&readPreference=...}), as
   * {@link #properties(ReproduciblePlan, SentConcerns)} adds them; empty for none.
   */
  public String resent(ReproduciblePlan plan, SentConcerns sent) {
    String url = userProperties.get(ReproduciblePlan.URL);
    if (url == null) {
      return "";
    }
    Map<String, String> all = new TreeMap<>(plan.properties() == null ? Map.of() : plan.properties());
    all.putAll(userProperties);
    return sent.shown(url, withArms(plan, all));
  }

  /** {@code properties} and every key an A/B experiment's arm sets: what may replace a URL's option. */
  private static Map<String, String> withArms(ReproduciblePlan plan, Map<String, String> properties) {
    Map<String, String> all = new TreeMap<>(properties);
    ExperimentManifest.Plan e = plan.experiment();
    if (e != null && e.arms() != null) {
      e.arms().forEach(a -> all.putAll(a.properties() == null ? Map.of() : a.properties()));
    }
    return all;
  }

  /** An A/B experiment's arms' properties, the user's {@code -p} over each; empty for any other plan. */
  public Map<String, Map<String, String>> arms(ReproduciblePlan plan) throws UsageError {
    Map<String, Map<String, String>> out = new LinkedHashMap<>();
    ExperimentManifest.Plan e = plan.experiment();
    if (e == null || e.arms() == null) {
      return out;
    }
    for (ExperimentManifest.Arm a : e.arms()) {
      Map<String, String> p = new TreeMap<>(a.properties() == null ? Map.of() : a.properties());
      // the user's -p wins over an arm's own: a reproduction changes what the user says in both arms alike
      userProperties.keySet().forEach(p::remove);
      masked(p, "arm " + a.label() + "'s ");
      out.put(a.label(), p);
    }
    return out;
  }

  /**
   * Clients on each of the user's hosts: as given, or the plan's clients spread evenly over them; refused when the
   * hosts cannot take the plan's clients evenly.
   */
  public int clientsPerHost(ReproduciblePlan plan) throws UsageError {
    if (hosts.isEmpty()) {
      throw new UsageError("--hosts: give the hosts to run on (local, or [user@]host[:port]); the original ran on "
          + String.join(",", plan.hosts() == null ? List.of("?") : plan.hosts()) + ", a reproduction on yours");
    }
    if (clientsPerHost != null) {
      if (clientsPerHost < 1) {
        throw new UsageError("--clients-per-host " + clientsPerHost + ": expected 1 or more");
      }
      return clientsPerHost;
    }
    boolean clientsSweep = plan.experiment() != null && "clients".equals(plan.experiment().axis());
    if (clientsSweep) {
      return 1; // the sweep places its clients itself
    }
    int needed = Math.max(1, plan.clients());
    if (hosts.size() > needed || needed % hosts.size() != 0) {
      List<Integer> fits = new ArrayList<>();
      for (int h = 1; h <= needed; h++) {
        if (needed % h == 0) {
          fits.add(h);
        }
      }
      throw new UsageError("--hosts " + Text.shown(String.join(",", hosts)) + ": the plan runs " + needed
          + " client" + (needed == 1 ? "" : "s") + " (" + plan.clientsPerHost() + " on each of " + (plan.hosts() == null
              ? "?" : plan.hosts().size())
          + " hosts), which " + hosts.size() + " hosts cannot take evenly; give "
          + or(fits) + " hosts, or "
          + "--clients-per-host to change the plan");
    }
    return needed / hosts.size();
  }

  /** {@code 1, 2 or 4}. */
  private static String or(List<Integer> n) {
    List<String> w = n.stream().map(String::valueOf).toList();
    return w.size() == 1 ? w.get(0) : String.join(", ", w.subList(0, w.size() - 1)) + " or " + w.get(w.size() - 1);
  }

  /** Each change against the original's plan, as typed, secrets masked: what is printed first and recorded. */
  public List<String> listed(ReproduciblePlan plan, int perHost) {
    return listed(plan, perHost, SentConcerns.NONE);
  }

  /**
   * Each change against the original's plan, as typed, secrets masked: what is printed first and recorded; a concern
   * the user's URL sends in place of the one the original sent ({@code sent}) among them.
   */
  public List<String> listed(ReproduciblePlan plan, int perHost, SentConcerns sent) {
    Redactor r = Redactor.of(userProperties);
    List<String> out = new ArrayList<>();
    userFiles.forEach(f -> out.add("-P " + f));
    userProperties.forEach((k, v) -> out.add("-p " + k + "=" + r.show(k, v)));
    String url = userProperties.get(ReproduciblePlan.URL);
    if (url != null) {
      Map<String, String> all = new TreeMap<>(plan.properties() == null ? Map.of() : plan.properties());
      all.putAll(userProperties);
      sent.overrides(url, withArms(plan, all)).forEach(o -> out.add(r.redact(o)));
    }
    addGiven(out, "-threads", threads);
    addGiven(out, "-target", target);
    addGiven(out, "--repeat", repeat);
    out.add("--hosts " + String.join(",", hosts));
    out.addAll(hostOptions.stream().map(r::redact).toList());
    boolean clientsSweep = plan.experiment() != null && "clients".equals(plan.experiment().axis());
    if (!clientsSweep && (clientsPerHost != null || perHost != plan.clientsPerHost())) {
      out.add("--clients-per-host " + perHost);
    }
    return out;
  }

  /** Adds {@code flag value} to {@code out} when the user gave {@code value}. */
  private static void addGiven(List<String> out, String flag, Object value) {
    if (value != null) {
      out.add(flag + " " + value);
    }
  }

  /** Refuses to run with a value the plan masked (a secret) that the user did not give again. */
  private void masked(Map<String, String> properties, String whose) throws UsageError {
    List<String> secret = properties.entrySet().stream().filter(e -> e.getValue() != null
        && e.getValue().contains(Redactor.MASK) && !userProperties.containsKey(e.getKey())).map(Map.Entry::getKey)
        .toList();
    if (!secret.isEmpty()) {
      throw new UsageError(whose + secret.get(0) + ": a secret, masked in the original's plan; give yours with -p "
          + secret.get(0) + "=..." + (secret.size() > 1 ? " (and " + String.join(", ", secret.subList(1,
              secret.size())) + ")" : ""));
    }
  }
}
