package dev.ycsbpack.aggregate.publish;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.aggregate.format.RunFacts;
import dev.ycsbpack.aggregate.input.BundleLayout;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.result.WindowKind;
import dev.ycsbpack.common.RunJudgement;
import dev.ycsbpack.common.RunStatus;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A coordinator's bundle: {@code manifest.json} beside {@code clients/}. Rebuilt the way the coordinator merged it
 * (the union window, each client's host from the manifest) from the client folders' logs; the manifest says how it
 * ended, its command and the server's count check.
 */
final class CoordinatorBundleKind implements BundleKind {
  @Override
  public String describe() {
    return "a coordinator bundle (manifest.json beside clients/)";
  }

  @Override
  public boolean accepts(Path dir) {
    return BundleLayout.isBundle(dir);
  }

  @Override
  public Published read(Path dir, String name, boolean absolutePaths) {
    List<Path> clients = RawClients.children(dir.resolve(BundleLayout.CLIENTS));
    RawClients raw = RawClients.of(clients);
    JsonNode m;
    try {
      m = MergedJson.MAPPER.readTree(dir.resolve(BundleLayout.MANIFEST).toFile());
    } catch (IOException e) {
      return raw.failed(name, KIND, RunStatus.FAILED, BundleLayout.MANIFEST + " cannot be read: " + e.getMessage(), 0,
          Map.of());
    }
    Map<String, String> given = new LinkedHashMap<>();
    String command = m.path("command").asText("");
    if (!absolutePaths) {
      command = LocalPaths.relative(command, dir);
    }
    if (!command.isEmpty()) {
      given.put(RunFacts.COMMAND, raw.shown("command", "bin/ycsb-coordinator " + command));
    }
    JsonNode count = m.path("count");
    if (count.isObject()) {
      given.put(RunFacts.COUNT, raw.shown("count", count.path("text").asText("") + " ("
          + count.path("verdict").asText("") + ")"));
    }
    // the hosts on the coordinator's machine, by the kind the manifest records (older manifests have none)
    List<String> local = new ArrayList<>();
    m.path("hosts").forEach(h -> {
      if (h.path("kind").asText("").equals("local")) {
        local.add(h.path("host").asText(""));
      }
    });
    given.put(RunFacts.LOCAL_HOSTS, String.join(",", local));
    long started = epochMs(m.path("startedAt").asText(""));
    String status = m.path("status").asText("");
    RunStatus published = RunJudgement.published(status);
    if (published != RunStatus.COMPLETE) {
      return raw.failed(name, KIND, published, why(status, m, raw), started, given);
    }
    if (clients.isEmpty()) {
      return raw.failed(name, KIND, RunStatus.FAILED, "it has no client folders under " + BundleLayout.CLIENTS
          + "/ to rebuild it from", started, given);
    }
    Map<String, String> hosts = new LinkedHashMap<>();
    m.path("clients").forEach(c -> hosts.put(c.path("name").asText(""), c.path("host").asText("")));
    hosts.remove("");
    MergeOptions options = MergeOptions.builder().hosts(hosts).window(WindowKind.UNION).build();
    return raw.rebuilt(name, KIND, clients, options, started, given, absolutePaths ? null : dir);
  }

  private static final String KIND = "coordinated run";

  /** Why a bundle whose manifest says {@code status} (not COMPLETE) is not published with figures. */
  private static String why(String status, JsonNode m, RawClients raw) {
    if (RunStatus.RUNNING.is(status)) {
      return "the coordinator did not finish: its manifest still says RUNNING (killed, or still running when this "
          + "site was built)";
    }
    if (RunStatus.INCOMPLETE.is(status)) { // a killed coordinator's bundle, recovered: a partial result, no figures
      return m.path("reason").asText("the coordinator was lost during the run; its bundle was recovered from what the "
          + "clients kept");
    }
    String reason = m.path("reason").asText("");
    return RunStatus.FAILED.is(status) ? (reason.isEmpty() ? "the coordinator marked it FAILED" : reason)
        : "its manifest's status is " + raw.shown("status", status) + ", not COMPLETE or FAILED";
  }

  /** An ISO-8601 instant as epoch ms; 0 when absent or not one. */
  static long epochMs(String iso) {
    try {
      return iso == null ? 0 : Instant.parse(iso).toEpochMilli();
    } catch (DateTimeParseException e) {
      return 0;
    }
  }
}
