package dev.ycsbpack.coordinator.cli;

import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.hosts.PackArchive;
import dev.ycsbpack.coordinator.options.HostOptions;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.run.Fanout;
import dev.ycsbpack.coordinator.telemetry.ProcCheck;
import dev.ycsbpack.coordinator.telemetry.WatchedHost;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code check}: reach every host, check its Java, stage the pack, measure its clock, read each {@code --server-host}'s
 * {@code /proc} through the same shell, say what is wrong.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
    description = "Checks every host: reachable over ssh (BatchMode, host key checking on) or the --rsh template, a "
        + "JDK 17 or newer, the pack staged (staged now if missing), and its clock offset from this machine; and "
        + "each --server-host's /proc read once through the same shell (readable, or why not).")
final class CheckCommand implements Callable<Integer> {
  @Mixin
  HostOptions hostOptions;

  @Override
  public Integer call() throws IOException {
    List<Host> hosts;
    int parallel;
    try {
      hosts = hostOptions.parse();
      parallel = hostOptions.parallel();
    } catch (UsageError e) {
      System.err.println("ycsb-coordinator: error: " + e.getMessage());
      return CoordinatorMain.USAGE;
    }
    PackArchive pack = PackArchive.of(CoordinatorMain.packHome());
    Map<Host, HostSession> sessions = hostOptions.sessions(hosts, CoordinatorMain.packHome(), 1);
    List<String> results;
    List<WatchedHost> servers = hostOptions.watch(hosts, false).hosts().stream()
        .filter(w -> !w.role().equals(WatchedHost.CLIENT)).toList();
    List<String> procLines;
    try {
      results = Fanout.map(hosts, parallel, "check", h -> check(sessions.get(h), pack));
      procLines = Fanout.map(servers, parallel, "check", ProcCheck::line);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 1;
    } finally {
      hostOptions.closeConnections();
    }
    boolean ok = true;
    for (int i = 0; i < hosts.size(); i++) {
      ok &= results.get(i).startsWith("ok");
      System.out.println(hosts.get(i) + ": " + results.get(i));
    }
    for (int i = 0; i < servers.size(); i++) {
      ok &= procLines.get(i).startsWith("ok");
      System.out.println(servers.get(i).name() + " (--server-host): " + procLines.get(i));
    }
    return ok ? 0 : 1;
  }

  private static String check(HostSession s, PackArchive pack) {
    long t0 = System.nanoTime();
    HostSession.Probe p = s.probe(pack);
    if (!p.ok()) {
      return "FAILED: " + String.join("; ", p.problems());
    }
    String staged = "pack already staged";
    if (!p.staged()) {
      try {
        s.stage(pack);
        staged = "pack staged now";
      } catch (IOException e) {
        return "FAILED: " + e.getMessage();
      }
    }
    return String.format("ok: %s; %s; clock offset %+.1f ms (+/- %.1f ms); checked in %d ms", p.javaVersion(),
        staged, p.clockOffsetMs(), p.clockErrorMs(), (System.nanoTime() - t0) / 1_000_000);
  }
}
