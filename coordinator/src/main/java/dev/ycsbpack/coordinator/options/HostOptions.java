package dev.ycsbpack.coordinator.options;

import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.CommandWords;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.hosts.LocalSession;
import dev.ycsbpack.coordinator.hosts.RemoteSession;
import dev.ycsbpack.coordinator.hosts.RemoteShell;
import dev.ycsbpack.coordinator.hosts.RshTemplate;
import dev.ycsbpack.coordinator.hosts.SshCommand;
import dev.ycsbpack.coordinator.hosts.SshControl;
import dev.ycsbpack.coordinator.hosts.SshShell;
import dev.ycsbpack.coordinator.hosts.TemplateShell;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.run.Fanout;
import dev.ycsbpack.coordinator.telemetry.HostWatch;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * Where clients run, and how they are reached, as picocli options: shared by the coordinator's {@code load},
 * {@code run} and {@code check}, and by {@code bin/ycsb-experiment}, whose steps are coordinated runs.
 */
public final class HostOptions {
  /** More would be a thread and a connection per host at once: what --parallel exists to avoid. */
  static final int MAX_PARALLEL = 256;

  @Option(names = "--hosts", split = ",", paramLabel = "HOST",
      description = "hosts, comma-separated: local (a child process here; give it several times for several local "
          + "hosts) or [user@]host[:port], reached with the system ssh")
  List<String> hosts = new ArrayList<>();

  @Option(names = "--hosts-file", paramLabel = "FILE",
      description = "a file with one host per line (blank lines and # comments ignored), or - for standard input "
          + "(kubectl get pods -o name | ...); adds to --hosts")
  Path hostsFile;

  @Option(names = "--rsh", paramLabel = "TEMPLATE",
      description = "reach every host but local through this command instead of ssh; {host} is replaced by the host "
          + "name, the coordinator's script follows as sh -c SCRIPT (or replaces {cmd}), e.g. 'kubectl exec -i {host} "
          + "--', 'docker exec -i {host}', 'srun --nodelist={host} --ntasks=1', 'ip netns exec {host}'")
  String rsh;

  /** {@link #rsh} parsed, by {@link #parse()}. */
  private RshTemplate template;

  @Option(names = "--server-host", paramLabel = "NAME",
      description = "a database machine whose /proc (CPU, run queue, memory, disks, network) is sampled during each "
          + "run, every status interval, into the bundle's telemetry/ (the client hosts' too); reached as a host of "
          + "--hosts is (ssh, --ssh-config, --rsh, or local for this machine); runs no client; repeatable")
  List<String> serverHosts = new ArrayList<>();

  /** {@link #serverHosts} parsed, by {@link #parse()}. */
  private List<Host> servers = List.of();

  @Option(names = "--ssh-config", paramLabel = "FILE",
      description = "an ssh_config for hosts not in your own (passed to ssh -F); host key checking stays on")
  Path sshConfig;

  @Option(names = "--remote-dir", paramLabel = "DIR", defaultValue = ".ycsb-pack",
      description = "folder on each ssh host for the staged pack and the runs' working folders, relative to the "
          + "remote home unless absolute (default: ${DEFAULT-VALUE})")
  String remoteDir;

  @Option(names = "--parallel", paramLabel = "N", defaultValue = "" + Fanout.DEFAULT_PARALLEL,
      description = "hosts worked on at once in each per-host step (check, staging, client launch, collection); "
          + "keep it under the hosts' sshd MaxStartups (default: ${DEFAULT-VALUE})")
  int parallel;

  private volatile SshControl control;

  /** {@code --parallel}, checked. */
  public int parallel() throws UsageError {
    if (parallel < 1 || parallel > MAX_PARALLEL) {
      throw new UsageError("--parallel " + parallel + ": expected a whole number from 1 to " + MAX_PARALLEL);
    }
    return parallel;
  }

  /** Ends the hosts' shared ssh connections; nothing of them is left running. */
  public void closeConnections() {
    SshControl c = control;
    if (c != null) {
      c.close();
    }
  }

  /** The hosts, in order, {@code local} numbered. */
  public List<Host> parse() throws UsageError {
    // each host with where it came from, for a refusal to name
    List<String> given = new ArrayList<>();
    List<String> from = new ArrayList<>();
    hosts.forEach(h -> {
      given.add(h);
      from.add("--hosts");
    });
    if (hostsFile != null) {
      for (String h : hostsFileLines()) {
        given.add(h);
        from.add("--hosts-file " + Text.shown(hostsFile.toString()) + ": host");
      }
    }
    if (given.isEmpty()) {
      throw new UsageError(
          "--hosts: give at least one host, e.g. --hosts local,local or --hosts db-client1,db-client2");
    }
    if (sshConfig != null && !Files.isRegularFile(sshConfig)) {
      throw new UsageError("--ssh-config " + Text.shown(sshConfig.toString()) + ": no such file");
    }
    if (remoteDir.isBlank() || remoteDir.startsWith("-") || remoteDir.chars().anyMatch(c -> c < 0x20)) {
      throw new UsageError("--remote-dir " + Text.shown(remoteDir) + ": expected a folder path");
    }
    if (rsh != null) {
      template = template();
      if (sshConfig != null) {
        throw new UsageError("--ssh-config " + Text.shown(sshConfig.toString()) + ": with --rsh no host is reached "
            + "with ssh; give ssh's options in the template instead (--rsh 'ssh -F FILE {host} {cmd}')");
      }
    }
    List<Host> out = new ArrayList<>();
    int locals = 0;
    for (int i = 0; i < given.size(); i++) {
      String h = given.get(i);
      try {
        Host host = rsh == null ? Host.parse(h, locals + 1) : Host.parseRsh(h, locals + 1);
        if (host instanceof Host.Local) {
          locals++;
        }
        if (out.contains(host)) {
          throw new UsageError(from.get(i) + " " + Text.shown(h) + ": given twice; to run more clients on one host use "
              + "--clients-per-host");
        }
        out.add(host);
      } catch (IllegalArgumentException e) {
        throw new UsageError(from.get(i) + " " + Text.shown(h) + ": " + e.getMessage());
      }
    }
    servers = parseServers();
    return out;
  }

  /** The {@code --server-host} machines, in order: the syntax of {@code --hosts} (of {@code --rsh}'s names with it). */
  private List<Host> parseServers() throws UsageError {
    List<Host> out = new ArrayList<>();
    for (String s : serverHosts) {
      try {
        Host host = rsh == null ? Host.parse(s, 1) : Host.parseRsh(s, 1);
        if (out.contains(host)) {
          throw new UsageError("--server-host " + Text.shown(s) + ": given twice");
        }
        out.add(host);
      } catch (IllegalArgumentException e) {
        throw new UsageError("--server-host " + Text.shown(s) + ": " + e.getMessage());
      }
    }
    return out;
  }

  /** A run's reach given again ({@code recover}): its {@code --ssh-config}, {@code --rsh} and {@code --remote-dir}. */
  public static HostOptions reaching(Path sshConfig, String rsh, String remoteDir) {
    HostOptions reach = new HostOptions();
    reach.sshConfig = sshConfig;
    reach.rsh = rsh;
    reach.remoteDir = remoteDir;
    return reach;
  }

  /**
   * Checks this reach ({@code --ssh-config}, {@code --rsh}) for hosts a manifest recorded ({@code recover}), which are
   * not parsed from {@code --hosts}: a host the run reached through {@code --rsh} needs the template again.
   */
  public List<Host> recorded(List<Host> hosts) throws UsageError {
    if (sshConfig != null && !Files.isRegularFile(sshConfig)) {
      throw new UsageError("--ssh-config " + Text.shown(sshConfig.toString()) + ": no such file");
    }
    if (rsh != null) {
      template = template();
    }
    for (Host h : hosts) {
      if (h instanceof Host.Rsh && template == null) {
        throw new UsageError("host " + Text.shown(h.toString()) + " was reached through --rsh: give the run's --rsh "
            + "TEMPLATE again");
      }
    }
    return hosts;
  }

  /** The hosts file's hosts; {@code -} is standard input, read to its end. */
  private List<String> hostsFileLines() throws UsageError {
    boolean stdin = hostsFile.toString().equals("-");
    String shown = "--hosts-file " + Text.shown(hostsFile.toString());
    if (!stdin && !Files.isRegularFile(hostsFile)) {
      throw new UsageError(shown + ": no such file");
    }
    if (stdin && System.console() != null) {
      // a terminal would wait for a list nobody types: the usual use is a pipe
      throw new UsageError(shown + ": standard input is a terminal; pipe the host list in, e.g. kubectl get pods "
          + "-o name | ycsb-coordinator ... --hosts-file -");
    }
    List<String> lines;
    try {
      lines = stdin ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8).lines().toList()
          : Files.readAllLines(hostsFile);
    } catch (IOException | java.io.UncheckedIOException e) {
      throw new UsageError(shown + ": cannot read it: " + e.getMessage());
    }
    List<String> out = new ArrayList<>();
    for (String line : lines) {
      String l = line.strip();
      if (!l.isEmpty() && !l.startsWith("#")) {
        out.add(l);
      }
    }
    if (stdin && out.isEmpty()) {
      throw new UsageError(shown + ": standard input held no host (one per line; blank lines and # comments ignored)");
    }
    return out;
  }

  private RshTemplate template() throws UsageError {
    try {
      return RshTemplate.parse(rsh);
    } catch (IllegalArgumentException e) {
      throw new UsageError("--rsh " + Text.shown(CommandWords.masked(rsh)) + ": " + e.getMessage());
    }
  }

  /**
   * One session per host (after {@link #parse()}): local ones as child processes, the others over ssh or --rsh; ssh
   * hosts share one connection each (see {@link SshControl} for when not) until {@link #closeConnections()}.
   */
  public Map<Host, HostSession> sessions(List<Host> list, Path packHome, int clientsPerHost) throws IOException {
    // the --server-host machines share the run's connections too: one each, closed with the others
    List<Host.Ssh> remote = java.util.stream.Stream.concat(list.stream(), servers.stream()).distinct()
        .filter(Host.Ssh.class::isInstance).map(Host.Ssh.class::cast).toList();
    control = SshControl.open(SshCommand.defaults(sshConfig), remote, clientsPerHost);
    Map<Host, HostSession> m = new LinkedHashMap<>();
    for (Host h : list) {
      m.put(h, h instanceof Host.Local l ? new LocalSession(l, packHome) : new RemoteSession(h, shell(h), remoteDir));
    }
    return m;
  }

  /**
   * The machines whose /proc the runs sample (after {@link #sessions}): every {@code --server-host} and every one of
   * the client {@code hosts}, through the same shells as the clients; none with {@code --no-telemetry}.
   */
  public HostWatch watch(List<Host> hosts, boolean noTelemetry) {
    return noTelemetry ? HostWatch.NONE : HostWatch.of(servers, hosts, this::shell);
  }

  /** How a host that is not local is reached: ssh over the run's shared connection, or the --rsh template. */
  private RemoteShell shell(Host h) {
    // Java 17: no pattern switch yet; Host is sealed, and a local host has no shell
    if (h instanceof Host.Ssh host) {
      return new SshShell(control.ssh(), host);
    }
    return new TemplateShell(template, (Host.Rsh) h);
  }
}
