package dev.ycsbpack.experiment.reproduce;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The command line that runs a plan again: the coordinator's ({@code load|run}) for a bundle, the experiment's
 * ({@code sweep}, {@code wc-matrix}, {@code repeat}, {@code ab}) for an experiment, every property given as a
 * {@code -p} (the plan's, then the user's), so no file of the original is read.
 *
 * @param plan           the original's plan
 * @param properties     the properties to run with: the plan's with the user's over them (the URL among them)
 * @param arms           an A/B experiment's arms' properties by label, the user's over them; empty otherwise
 * @param threads        the user's {@code -threads}, replacing the plan's (a list for a threads sweep); null to keep
 * @param target         the user's {@code -target}, likewise; null to keep
 * @param repeat         the user's {@code --repeat} (an A/B experiment's rounds); null to keep
 * @param clientsPerHost clients on each of the user's hosts
 * @param hostArguments  the user's host options, as given ({@code --hosts ...}, {@code --rsh ...})
 * @param out            the reproduction's folder
 * @param quiet          no progress output
 */
public record Replay(ReproduciblePlan plan, Map<String, String> properties, Map<String, Map<String, String>> arms,
    String threads, String target, Integer repeat, int clientsPerHost, List<String> hostArguments, Path out,
    boolean quiet) {

  /** The arguments of the tool to run: the coordinator's for a bundle, else the experiment tool's. */
  public List<String> arguments() {
    List<String> a = new ArrayList<>();
    ExperimentManifest.Plan e = plan.experiment();
    a.add(e == null ? plan.kind() : e.kind());
    a.add(plan.binding());
    properties.forEach((k, v) -> {
      a.add("-p");
      a.add(k + "=" + v);
    });
    if (e == null) {
      coordinator(a);
    } else {
      experiment(e, a);
    }
    a.addAll(hostArguments);
    a.add("--out");
    a.add(out.toString());
    if (quiet) {
      a.add("--quiet");
    }
    return a;
  }

  /**
   * The coordinator's load of this replay's records before its run ({@code reproduce --load}): the same properties
   * without a time limit (a load cut short leaves the run reading records that are not there), unthrottled, with the
   * run's threads on the same hosts and clients, into {@code loadOut}.
   */
  public List<String> loadArguments(Path loadOut) {
    List<String> a = new ArrayList<>(List.of("load", plan.binding()));
    Map<String, String> p = new TreeMap<>(properties);
    p.put("maxexecutiontime", "0");
    p.forEach((k, v) -> option(a, "-p", k + "=" + v));
    option(a, "-threads", threads != null ? threads : plan.threads() > 0 ? Long.toString(plan.threads()) : null);
    option(a, "--clients-per-host", Integer.toString(clientsPerHost));
    a.addAll(hostArguments);
    option(a, "--out", loadOut.toString());
    if (quiet) {
      a.add("--quiet");
    }
    return a;
  }

  private void coordinator(List<String> a) {
    option(a, "-threads", threads != null ? threads : plan.threads() > 0 ? Long.toString(plan.threads()) : null);
    option(a, "-target", target != null ? target : plan.target() > 0 ? Long.toString(plan.target()) : null);
    option(a, "--clients-per-host", Integer.toString(clientsPerHost));
    if (plan.readyTimeoutSeconds() != null) {
      option(a, "--ready-timeout", plan.readyTimeoutSeconds().toString());
    }
    if (plan.stallTimeoutSeconds() != null) {
      option(a, "--stall-timeout", plan.stallTimeoutSeconds().toString());
    }
    if (plan.jvmArgs() != null && !plan.jvmArgs().isEmpty()) {
      option(a, "-jvm-args", String.join(" ", plan.jvmArgs()));
    }
  }

  private void experiment(ExperimentManifest.Plan e, List<String> a) {
    String fixedThreads = e.threads() > 0 ? Long.toString(e.threads()) : null;
    String fixedTarget = e.target() > 0 ? Long.toString(e.target()) : null;
    String values = e.values() == null ? "" : e.values().stream().map(String::valueOf).collect(Collectors.joining(","));
    switch (e.kind()) {
      case "sweep" -> {
        String axis = e.axis() == null ? "" : e.axis();
        option(a, "-threads", threads != null ? threads : axis.equals("threads") ? values : fixedThreads);
        option(a, "-target", target != null ? target : axis.equals("target") ? values
            : axis.equals("target-percent") ? percents(e) : fixedTarget);
        option(a, "--clients", axis.equals("clients") ? values : null);
        option(a, "--repeat", repeat != null ? repeat.toString() : Integer.toString(e.repeat()));
        for (String slo : e.slos() == null ? List.<String>of() : e.slos()) {
          option(a, "--slo", slo);
        }
      }
      case "wc-matrix" -> {
        option(a, "--write-concerns", String.join(",", e.writeConcerns()));
        fixed(e, a, fixedThreads, fixedTarget);
      }
      case "ab" -> {
        fixedAb(e, a, fixedThreads, fixedTarget);
      }
      default -> {
        fixed(e, a, fixedThreads, fixedTarget);
        option(a, "--warmup-rounds", e.warmupRounds() == null ? null : e.warmupRounds().toString());
      }
    }
    if (!"clients".equals(e.axis())) {
      option(a, "--clients-per-host", Integer.toString(clientsPerHost));
    }
    if (e.load()) {
      a.add("--load");
    }
  }

  /** A write-concern matrix's or a repeat's: the same threads and target for every run, and the repetitions. */
  private void fixed(ExperimentManifest.Plan e, List<String> a, String fixedThreads, String fixedTarget) {
    option(a, "-threads", threads != null ? threads : fixedThreads);
    option(a, "-target", target != null ? target : fixedTarget);
    option(a, "--repeat", repeat != null ? repeat.toString() : Integer.toString(e.repeat()));
  }

  /** An A/B experiment's: its rounds, warm-up, primary figure and each arm's label and properties. */
  private void fixedAb(ExperimentManifest.Plan e, List<String> a, String fixedThreads, String fixedTarget) {
    option(a, "-threads", threads != null ? threads : fixedThreads);
    option(a, "-target", target != null ? target : fixedTarget);
    option(a, "--rounds", repeat != null ? repeat.toString() : Integer.toString(e.repeat()));
    option(a, "--warmup-rounds", e.warmupRounds() == null ? null : e.warmupRounds().toString());
    option(a, "--primary", e.primary());
    String[] sides = {"--a", "--b"};
    for (int i = 0; i < e.arms().size() && i < sides.length; i++) {
      ExperimentManifest.Arm arm = e.arms().get(i);
      option(a, sides[i] + "-label", arm.label());
      for (Map.Entry<String, String> p : arms.getOrDefault(arm.label(), Map.of()).entrySet()) {
        option(a, sides[i] + "-p", p.getKey() + "=" + p.getValue());
      }
    }
  }

  /** A target-share sweep's shares ({@code 25%,50%}): its values are the percentages. */
  private static String percents(ExperimentManifest.Plan e) {
    return e.values().stream().map(v -> v + "%").collect(Collectors.joining(","));
  }

  private static void option(List<String> a, String name, String value) {
    if (value != null) {
      a.add(name);
      a.add(value);
    }
  }
}
