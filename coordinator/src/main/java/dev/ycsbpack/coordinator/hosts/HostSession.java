package dev.ycsbpack.coordinator.hosts;

import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What the coordinator does on one host: check it, stage the pack, start clients, bring their folders back, clean
 * up. One implementation per kind of {@link Host}.
 */
public sealed interface HostSession permits LocalSession, RemoteSession {
  Host host();

  /** How the host is reached, for messages: {@code local}, {@code ssh}, or the {@code --rsh} template's program. */
  String transport();

  /** Reaches the host and reports what is wrong with it, if anything (never throws for a host problem). */
  Probe probe(PackArchive pack);

  /** Makes the pack available on the host (nothing to do locally; on SSH only when its digest is not there yet). */
  void stage(PackArchive pack) throws IOException;

  /**
   * Where a file staged for a client (its properties' TLS files) will be on the host, for its properties to name.
   *
   * @param local the coordinator's owner-only copy, named uniquely in the run
   */
  String stagedPath(ClientPlan client, String runId, Path local);

  /**
   * Starts one client.
   *
   * @param staged     its properties file (0600), with secrets; it reaches the host as a file, never on a command line
   * @param files      more owner-only files the properties name (TLS files, see {@link #stagedPath}); they reach the
   *                   host the same way and are removed with the properties ({@link #removeStaged} once the
   *                   client is ready, and when it ends, however it ends)
   * @param clientArgs the arguments after {@code bin/ycsb}, made only of the coordinator's own words
   * @param bundle     the bundle's {@code clients/} folder (a local client writes its folder there directly)
   * @param uploadLimit how long each of its files may take to reach the host, counted from this call (the client's
   *                   own launch, not the launch phase's start); {@code --ready-timeout}
   */
  Process start(ClientPlan client, String runId, Path staged, List<Path> files, ClientArgs clientArgs, Path bundle,
      PackArchive pack, Duration uploadLimit) throws IOException;

  /**
   * Removes the files {@link #start} put on the host for the client (its properties, secrets included, and the
   * {@code files}) once it has read them: its READY. They would otherwise stay there until it ends. Nothing to do for a
   * local client, which reads the coordinator's own copies (removed by the coordinator).
   */
  void removeStaged(ClientPlan client, String runId, List<Path> files) throws IOException;

  /** Brings the client's folder into {@code bundle/<name>} (nothing to do for a local client). */
  void fetch(ClientPlan client, String runId, Path bundle) throws IOException;

  /** Removes the run's working folder on the host (staged properties included). */
  void cleanup(String runId) throws IOException;

  /**
   * What a host said about itself.
   *
   * @param javaVersion   the line of {@code java -version} naming the version, or null when there is none
   * @param javaMajor     its major version, 0 when unknown
   * @param staged        whether the current pack is already there
   * @param clockOffsetMs host clock minus coordinator clock, in ms (0 locally)
   * @param clockErrorMs  bound on the offset's error (half the best round trip), -1 when not measured
   * @param problems      what is wrong, one line each; empty when the host is usable
   */
  record Probe(String javaVersion, int javaMajor, boolean staged, double clockOffsetMs, double clockErrorMs,
      List<String> problems) {
    public Probe {
      problems = List.copyOf(problems);
    }

    public boolean ok() {
      return problems.isEmpty();
    }
  }

  /**
   * The arguments of {@code bin/ycsb} for a coordinated client, relative to where it runs.
   *
   * @param phase          {@code load} or {@code run}
   * @param binding        binding name (checked by the CLI: letters, digits, '-', '_')
   * @param controlTimeout seconds without heartbeat after which the client stops itself
   * @param jvmArgs        the client JVM's own arguments ({@code -jvm-args}, checked by {@code JvmArgs}), maybe none
   */
  record ClientArgs(String phase, String binding, int controlTimeout, List<String> jvmArgs) {
    public ClientArgs {
      jvmArgs = List.copyOf(jvmArgs);
    }

    /** {@code bin/ycsb} arguments with the staged file and the output folder at these paths. */
    public List<String> with(String stagedPath, String outPath) {
      List<String> a = new java.util.ArrayList<>();
      if (!jvmArgs.isEmpty()) {
        a.add("-jvm-args=" + String.join(" ", jvmArgs)); // bin/ycsb splits it on blanks into these words again
      }
      a.addAll(List.of(phase, binding, "-P", stagedPath, "-s", "--out", outPath, "--control", "stdin",
          "--control-timeout", Integer.toString(controlTimeout)));
      return a;
    }
  }
}
