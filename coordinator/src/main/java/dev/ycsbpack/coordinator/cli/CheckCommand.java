package dev.ycsbpack.coordinator.cli;

import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.hosts.PackArchive;
import dev.ycsbpack.coordinator.plan.Host;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code check}: reach every host, check its Java, stage the pack, measure its clock, say what is wrong. */
@Command(name = "check", mixinStandardHelpOptions = true,
    description = "Checks every host: reachable over ssh (BatchMode, host key checking on) or the --rsh template, a "
        + "JDK 17 or newer, the pack staged (staged now if missing), and its clock offset from this machine.")
final class CheckCommand implements Callable<Integer> {
  @Mixin
  HostOptions hostOptions;

  @Override
  public Integer call() throws IOException {
    List<Host> hosts;
    try {
      hosts = hostOptions.parse();
    } catch (UsageError e) {
      System.err.println("ycsb-coordinator: error: " + e.getMessage());
      return CoordinatorMain.USAGE;
    }
    PackArchive pack = PackArchive.of(CoordinatorMain.packHome());
    Map<Host, HostSession> sessions = hostOptions.sessions(hosts, CoordinatorMain.packHome());
    Map<Host, CompletableFuture<String>> results = new LinkedHashMap<>();
    for (Host h : hosts) {
      results.put(h, CompletableFuture.supplyAsync(() -> check(sessions.get(h), pack)));
    }
    boolean ok = true;
    for (Map.Entry<Host, CompletableFuture<String>> e : results.entrySet()) {
      String line = e.getValue().join();
      ok &= line.startsWith("ok");
      System.out.println(e.getKey() + ": " + line);
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
