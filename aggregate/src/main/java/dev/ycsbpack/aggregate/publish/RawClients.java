package dev.ycsbpack.aggregate.publish;

import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.aggregate.Aggregate;
import dev.ycsbpack.aggregate.format.RunFacts;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.merge.ConfigCheck;
import dev.ycsbpack.aggregate.merge.Findings;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.merge.PartialResultException;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.Settings;
import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.RunJudgement;
import dev.ycsbpack.common.RunStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The client folders of one bundle as recorded (properties, environment, verdict), read without merging: what a
 * bundle that cannot be merged still says about itself, every value redacted by the redactor that knows every
 * client's secrets. Also turns a bundle into its {@link Published} form, rebuilt from the raw data or failed.
 *
 * @param names    each client's folder name
 * @param config   the clients' properties, compared
 * @param env      the clients' environments, compared
 * @param verdicts each client's verdict.properties (empty map when it has none)
 * @param redactor knows every client's secrets
 */
record RawClients(List<String> names, Settings config, Settings env, List<Map<String, String>> verdicts,
    Redactor redactor) {

  /** Reads the folders; a file that is missing or unreadable counts as empty (the merge then says what is wrong). */
  static RawClients of(List<Path> folders) {
    Map<String, Map<String, String>> props = new LinkedHashMap<>();
    Map<String, Map<String, String>> envs = new LinkedHashMap<>();
    List<Map<String, String>> verdicts = new ArrayList<>();
    for (Path f : folders) {
      String name = String.valueOf(f.getFileName());
      props.put(name, read(f.resolve(ClientFolder.PROPERTIES)));
      envs.put(name, read(f.resolve(ClientFolder.ENVIRONMENT)));
      verdicts.add(read(f.resolve(ClientFolder.VERDICT)));
    }
    Map<String, Map<String, String>> all = new HashMap<>();
    props.forEach((k, v) -> all.put("p." + k, v));
    envs.forEach((k, v) -> all.put("e." + k, v));
    Redactor redactor = ConfigCheck.redactorFor(all);
    return new RawClients(List.copyOf(props.keySet()), compared(props, redactor), compared(envs, redactor),
        verdicts, redactor);
  }

  /** The client folders of a folder, in name order (a coordinator bundle's {@code clients/}). */
  static List<Path> children(Path dir) {
    try (var s = Files.list(dir)) {
      return s.filter(Files::isDirectory).sorted().toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  /** A recorded value as the site may show it: redacted and capped. */
  String shown(String key, String value) {
    return ConfigCheck.show(redactor, key, value);
  }

  /** The bundle listed without figures. */
  Published failed(String name, String kind, RunStatus status, String reason, long started, Map<String, String> given) {
    return new Published(name, kind, status, redactor.redact(reason), Findings.notMongoDb(env).orElse(null), started,
        RunFacts.of(config, env, clients(), given), given, null, Workloads.of(config));
  }

  /**
   * The bundle rebuilt: its client folders merged again from their logs. A merge that is refused, incomplete or
   * over the clients' error budget makes it failed, with the reason.
   */
  Published rebuilt(String name, String kind, List<Path> folders, MergeOptions options, long started,
      Map<String, String> given) {
    return rebuilt(name, kind, folders, options, started, given, null);
  }

  /** As above; unless {@code bundle} is null, each client's folder is shown relative to it. */
  Published rebuilt(String name, String kind, List<Path> folders, MergeOptions options, long started,
      Map<String, String> given, Path bundle) {
    MergeResult r;
    try {
      r = Aggregate.merge(folders, options);
    } catch (InputException | PartialResultException | RuntimeException e) {
      return failed(name, kind, RunStatus.FAILED, "its raw data cannot be merged again: " + e.getMessage(), started,
          given);
    }
    if (r.budgetFailure() != null) {
      return failed(name, kind, RunStatus.FAILED, r.budgetFailure(), started, given);
    }
    if (bundle != null) {
      r = LocalPaths.relative(r, bundle);
    }
    return new Published(name, kind, RunStatus.COMPLETE, null, Findings.notMongoDb(r.environment()).orElse(null),
        started > 0 ? started : r.windowStartMs(), RunFacts.of(r, given), given, r, Workloads.of(r.config()));
  }

  /** Each client, failed unless its verdict says COMPLETE. */
  private List<RunFacts.Client> clients() {
    List<RunFacts.Client> out = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      String n = names.get(i);
      boolean failed = !RunJudgement.counts(verdicts.get(i).get("status"));
      String host = env.values(EnvironmentFacts.HOST_NAME).size() == 1
          ? env.values(EnvironmentFacts.HOST_NAME).iterator().next()
          : String.valueOf(env.perClient().getOrDefault(EnvironmentFacts.HOST_NAME, Map.of()).getOrDefault(n, ""));
      out.add(new RunFacts.Client(n, host, failed));
    }
    return out;
  }

  private static Settings compared(Map<String, Map<String, String>> byClient, Redactor redactor) {
    TreeSet<String> keys = new TreeSet<>();
    byClient.values().forEach(m -> keys.addAll(m.keySet()));
    Map<String, String> common = new LinkedHashMap<>();
    Map<String, Map<String, String>> per = new LinkedHashMap<>();
    for (String k : keys) {
      Map<String, String> values = new LinkedHashMap<>();
      byClient.forEach((c, m) -> values.put(c, m.containsKey(k) ? ConfigCheck.show(redactor, k, m.get(k)) : "<unset>"));
      if (new TreeSet<>(values.values()).size() == 1) {
        common.put(k, values.values().iterator().next());
      } else {
        per.put(k, values);
      }
    }
    return new Settings(common, per, List.of());
  }

  private static Map<String, String> read(Path file) {
    try {
      return Files.isRegularFile(file) ? PropertiesFiles.read(file) : Map.of();
    } catch (IOException | RuntimeException e) {
      return Map.of();
    }
  }

  /** A recorded whole number, 0 when absent or not a number. */
  static long number(String value) {
    try {
      return value == null ? 0 : Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
