package dev.ycsbpack.aggregate.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ycsbpack.common.AtomicFiles;
import dev.ycsbpack.common.PackVersion;
import dev.ycsbpack.common.Redactor;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code plan.json}: what it takes to run a coordinator bundle or an experiment again without the files it was
 * started from, written beside its {@code manifest.json} when it starts. The workload is its effective properties
 * (every {@code -P} file and {@code -p} merged, as the clients started from them), never a path to a file that may
 * have changed or gone. Secrets are masked ({@link Redactor}), and the server's URL is not part of it: whoever runs it
 * again gives their own. {@code bin/ycsb-experiment reproduce} reads it; the coordinator and the experiments write it.
 *
 * @param schema          {@link #SCHEMA}; a higher version is a plan of a newer pack
 * @param tool            {@code coordinator} (a bundle) or {@code experiment} (an experiment's folder)
 * @param kind            a bundle's phase ({@code load}, {@code run}); an experiment's kind ({@code sweep},
 *                        {@code wc-matrix}, {@code repeat}, {@code ab})
 * @param packVersion     the pack's version that wrote it
 * @param packBuild       the build it came from ({@link PackVersion#build()})
 * @param binding         the binding
 * @param properties      the effective properties every client started from (before its share), secrets masked,
 *                        without {@code mongodb.url}: record and operation counts, time limits
 *                        ({@code maxexecutiontime}), warm-up and concerns set as properties are among them
 * @param workloadFiles   the {@code -P} files as given, for the reader only (their contents are in properties)
 * @param hosts           the hosts as given, for the reader only (a reproduction runs on its own)
 * @param clientsPerHost  clients on each host
 * @param clients         clients in all (hosts times clients per host)
 * @param threads         client threads in total (a bundle); an experiment's as its plan says; 0 for the default
 * @param target          operations per second in total, 0 for unthrottled
 * @param jvmArgs         every client JVM's own arguments ({@code -jvm-args}), secrets masked; null for none
 * @param readyTimeoutSeconds the coordinator's {@code --ready-timeout}; null when not known
 * @param stallTimeoutSeconds the coordinator's {@code --stall-timeout}; null when not known
 * @param concerns        the write concern, read concern and read preference the clients sent, as they recorded them
 *                        ({@code server.writeConcern}, ...); null until a client recorded them
 * @param experiment      an experiment's plan: its kind, swept values, cells, arms, primary, repetitions, warm-up
 *                        rounds, SLOs and load, its properties as above; null for a bundle
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "tool", "kind", "packVersion", "packBuild", "binding"})
@RecordBuilder
public record ReproduciblePlan(@RecordBuilder.Initializer("SCHEMA") String schema, String tool, String kind,
    @RecordBuilder.Initializer("thisVersion") String packVersion,
    @RecordBuilder.Initializer("thisBuild") String packBuild, String binding, Map<String, String> properties,
    List<String> workloadFiles, List<String> hosts, @RecordBuilder.Initializer("ONE_PER_HOST") int clientsPerHost,
    int clients, long threads, long target, List<String> jvmArgs, Long readyTimeoutSeconds,
    Long stallTimeoutSeconds, Map<String, String> concerns, ExperimentManifest.Plan experiment) {
  /** The schema this pack writes and reads. */
  public static final String SCHEMA = "ycsb-plan/v1";
  /** Every plan's schema starts so; the number after it is the version. */
  public static final String SCHEMA_FAMILY = "ycsb-plan/v";
  /** The file's name beside the manifest. */
  public static final String FILE = "plan.json";
  /** {@link #tool} of a coordinator's bundle. */
  public static final String COORDINATOR = "coordinator";
  /** {@link #tool} of an experiment's folder. */
  public static final String EXPERIMENT = "experiment";
  /** The property never recorded: the server is the reproducer's. */
  public static final String URL = "mongodb.url";
  /** A builder's {@link #clientsPerHost}. */
  public static final int ONE_PER_HOST = 1;

  /** A builder's {@link #packVersion}: this pack's. */
  public static String thisVersion() {
    return PackVersion.current().version();
  }

  /** A builder's {@link #packBuild}: this pack's. */
  public static String thisBuild() {
    return PackVersion.current().build();
  }

  /** A builder: schema and this pack's version set, one client per host, everything else unset. */
  public static ReproduciblePlanBuilder builder() {
    return ReproduciblePlanBuilder.builder();
  }

  /** Writes this plan into {@code dir}, whole or not at all. */
  public void write(Path dir) throws IOException {
    AtomicFiles.write(dir.resolve(FILE), FolderJson.json(this) + "\n", AtomicFiles.Mode.SHARED);
  }

  /** The plan in {@code dir}; empty when there is none or it is not a plan's JSON. */
  public static Optional<ReproduciblePlan> read(Path dir) {
    return FolderJson.read(dir, FILE, ReproduciblePlan.class,
        p -> p.schema() != null && p.schema().startsWith(SCHEMA_FAMILY));
  }

  /** The schema's version ({@code 1} of {@code ycsb-plan/v1}); -1 when it cannot be read. */
  public int schemaVersion() {
    try {
      return Integer.parseInt(schema.substring(SCHEMA_FAMILY.length()));
    } catch (RuntimeException e) {
      return -1;
    }
  }

  /**
   * Properties as a plan records them: each value masked as the pack shows it, the URL left out (a URL's user info,
   * host and options are the original deployment's, not the workload's).
   */
  public static Map<String, String> recorded(Map<String, String> properties, Redactor redactor) {
    Map<String, String> out = new TreeMap<>();
    properties.forEach((k, v) -> {
      if (!URL.equals(k)) {
        out.put(k, redactor.show(k, v));
      }
    });
    return out;
  }

  /**
   * The plan of an experiment whose manifest's plan is {@code plan}: its properties as recorded ({@link #recorded}),
   * and each arm's as what its runs started from beyond what both arms share ({@code armRuns}: the arm's label to the
   * properties its runs started from, every {@code -P} file and {@code -p} merged as the planner merged them). So a
   * replay that gives the shared properties as the command's {@code -p} and an arm's as its own (which win) runs each
   * arm with exactly its original properties, whichever of the command's and the arm's files and properties set them;
   * nothing refers to a file. An arm whose runs' properties are not given keeps its own {@code -p}.
   */
  public static ReproduciblePlan ofExperiment(ExperimentManifest.Plan plan, Map<String, Map<String, String>> armRuns,
      Redactor redactor) {
    List<ExperimentManifest.Arm> arms = null;
    if (plan.arms() != null) {
      arms = new ArrayList<>();
      Map<String, String> shared = shared(armRuns.values());
      for (ExperimentManifest.Arm a : plan.arms()) {
        Map<String, String> own = new TreeMap<>();
        Map<String, String> run = armRuns.get(a.label());
        if (run == null) {
          own.putAll(a.properties() == null ? Map.of() : a.properties());
        } else {
          run.forEach((k, v) -> {
            if (!v.equals(shared.get(k))) {
              own.put(k, v);
            }
          });
        }
        arms.add(new ExperimentManifest.Arm(a.label(), recorded(own, redactor), a.workloadFiles()));
      }
    }
    Map<String, String> props = recorded(plan.properties() == null ? Map.of() : plan.properties(), redactor);
    ExperimentManifest.Plan p = plan.toBuilder().properties(props).arms(arms).build();
    int hosts = plan.hosts() == null ? 0 : plan.hosts().size();
    return builder().tool(EXPERIMENT).kind(plan.kind()).binding(plan.binding()).properties(props)
        .workloadFiles(plan.workloadFiles()).hosts(plan.hosts()).clientsPerHost(plan.clientsPerHost())
        .clients(hosts * plan.clientsPerHost()).threads(plan.threads()).target(plan.target()).experiment(p).build();
  }

  /** The entries every one of {@code runs} has with the same value. */
  private static Map<String, String> shared(java.util.Collection<Map<String, String>> runs) {
    Map<String, String> shared = null;
    for (Map<String, String> r : runs) {
      if (shared == null) {
        shared = new TreeMap<>(r);
      } else {
        shared.entrySet().removeIf(e -> !e.getValue().equals(r.get(e.getKey())));
      }
    }
    return shared == null ? Map.of() : shared;
  }
}
