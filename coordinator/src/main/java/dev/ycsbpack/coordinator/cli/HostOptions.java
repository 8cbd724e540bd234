package dev.ycsbpack.coordinator.cli;

import dev.ycsbpack.common.Text;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.hosts.LocalSession;
import dev.ycsbpack.coordinator.hosts.SshCommand;
import dev.ycsbpack.coordinator.hosts.SshControl;
import dev.ycsbpack.coordinator.hosts.SshSession;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.run.Fanout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** Where clients run, and how they are reached: shared by {@code load}, {@code run} and {@code check}. */
final class HostOptions {
  /** More would be a thread and a connection per host at once: what --parallel exists to avoid. */
  static final int MAX_PARALLEL = 256;

  @Option(names = "--hosts", split = ",", paramLabel = "HOST",
      description = "hosts, comma-separated: local (a child process here; give it several times for several local "
          + "hosts) or [user@]host[:port], reached with the system ssh")
  List<String> hosts = new ArrayList<>();

  @Option(names = "--hosts-file", paramLabel = "FILE",
      description = "a file with one host per line (blank lines and # comments ignored); adds to --hosts")
  Path hostsFile;

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
  int parallel() throws UsageError {
    if (parallel < 1 || parallel > MAX_PARALLEL) {
      throw new UsageError("--parallel " + parallel + ": expected a whole number from 1 to " + MAX_PARALLEL);
    }
    return parallel;
  }

  /** Ends the hosts' shared ssh connections; nothing of them is left running. */
  void closeConnections() {
    SshControl c = control;
    if (c != null) {
      c.close();
    }
  }

  /** The hosts, in order, {@code local} numbered. */
  List<Host> parse() throws UsageError {
    List<String> all = new ArrayList<>(hosts);
    if (hostsFile != null) {
      if (!Files.isRegularFile(hostsFile)) {
        throw new UsageError("--hosts-file " + Text.shown(hostsFile.toString()) + ": no such file");
      }
      try {
        for (String line : Files.readAllLines(hostsFile)) {
          String l = line.strip();
          if (!l.isEmpty() && !l.startsWith("#")) {
            all.add(l);
          }
        }
      } catch (IOException e) {
        throw new UsageError("--hosts-file " + Text.shown(hostsFile.toString()) + ": cannot read it: " + e.getMessage());
      }
    }
    if (all.isEmpty()) {
      throw new UsageError("--hosts: give at least one host, e.g. --hosts local,local or --hosts db-client1,db-client2");
    }
    if (sshConfig != null && !Files.isRegularFile(sshConfig)) {
      throw new UsageError("--ssh-config " + Text.shown(sshConfig.toString()) + ": no such file");
    }
    if (remoteDir.isBlank() || remoteDir.startsWith("-") || remoteDir.chars().anyMatch(c -> c < 0x20)) {
      throw new UsageError("--remote-dir " + Text.shown(remoteDir) + ": expected a folder path");
    }
    List<Host> out = new ArrayList<>();
    int locals = 0;
    for (String h : all) {
      try {
        Host host = Host.parse(h, locals + 1);
        if (host instanceof Host.Local) {
          locals++;
        }
        if (out.contains(host)) {
          throw new UsageError("--hosts " + Text.shown(h) + ": given twice; to run more clients on one host use "
              + "--clients-per-host");
        }
        out.add(host);
      } catch (IllegalArgumentException e) {
        throw new UsageError("--hosts " + Text.shown(h) + ": " + e.getMessage());
      }
    }
    return out;
  }

  /**
   * One session per host; ssh hosts share one connection each (see {@link SshControl} for when not) until
   * {@link #closeConnections()}.
   */
  Map<Host, HostSession> sessions(List<Host> list, Path packHome, int clientsPerHost) throws IOException {
    List<Host.Ssh> remote = list.stream().filter(Host.Ssh.class::isInstance).map(Host.Ssh.class::cast).toList();
    control = SshControl.open(SshCommand.defaults(sshConfig), remote, clientsPerHost);
    SshCommand ssh = control.ssh();
    Map<Host, HostSession> m = new LinkedHashMap<>();
    for (Host h : list) {
      // Java 17: no pattern switch yet; Host is sealed, so these two cases are all of them
      m.put(h, h instanceof Host.Local l ? new LocalSession(l, packHome) : new SshSession((Host.Ssh) h, ssh, remoteDir));
    }
    return m;
  }
}
