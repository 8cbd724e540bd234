package dev.ycsbpack.coordinator.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbpack.coordinator.hosts.FakeHost;
import dev.ycsbpack.coordinator.hosts.RemoteShell;
import dev.ycsbpack.coordinator.plan.Host;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code check}'s line on a server host, read through real shells: readable, unreachable, without /proc. */
class ProcCheckTest {
  private static final Duration LIMIT = Duration.ofSeconds(5);

  @TempDir
  Path dir;

  private static WatchedHost server(String name, RemoteShell shell) {
    return new WatchedHost("host-" + name, name, WatchedHost.SERVER, new Host.Rsh(name), new ProcSource.Remote(shell));
  }

  @Test
  void aReadableHostIsOkWithItsCpusAndKernelAsItsProcSaysThem() throws Exception {
    FakeHost db = FakeHost.withJava(Files.createDirectories(dir.resolve("home")));
    long cpus = Files.readAllLines(Path.of("/proc/stat")).stream().filter(l -> l.matches("cpu\\d+ .*")).count();
    String kernel = Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip();
    assertEquals("ok: /proc readable (" + cpus + " CPUs, kernel " + kernel + ")", ProcCheck.line(server("db1", db),
        LIMIT));
  }

  @Test
  void anUnreachableHostOrOneWithoutProcIsOneLineSayingWhy() throws Exception {
    FakeHost down = FakeHost.withJava(Files.createDirectories(dir.resolve("home")));
    down.unreachable(true);
    assertEquals("FAILED: /proc not readable (fake: connect to host: Connection refused); a run goes on without its "
        + "figures", ProcCheck.line(server("down", down), LIMIT));
    assertEquals("FAILED: /proc not readable (grep: /nonexistent/proc/stat: No such file or directory); a run goes on"
        + " without its figures",
        ProcCheck.line(server("noproc",
            HostTelemetryTest.answering("exec grep -v '^intr ' /nonexistent/proc/stat /proc/none")), LIMIT));
  }
}
