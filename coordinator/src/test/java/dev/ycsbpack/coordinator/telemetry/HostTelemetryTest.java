package dev.ycsbpack.coordinator.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.common.telemetry.TelemetryFiles;
import dev.ycsbpack.coordinator.hosts.FakeHost;
import dev.ycsbpack.coordinator.hosts.RemoteShell;
import dev.ycsbpack.coordinator.plan.Host;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's host telemetry against real processes: this machine's /proc read through a shell as a remote host's is
 * (the test's {@link FakeHost} runs the command in a real sh), and hosts that fail in each way a host can.
 */
class HostTelemetryTest {
  @TempDir
  Path dir;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final PrintStream log = new PrintStream(err, true, StandardCharsets.UTF_8);

  /** A host whose every command runs {@code sh -c answer} instead (an environment without /proc, a hung host). */
  static RemoteShell answering(String answer) {
    return new RemoteShell() {
      @Override
      public String transport() {
        return "test";
      }

      @Override
      public Process start(String script) throws IOException {
        return new ProcessBuilder("sh", "-c", answer).start();
      }
    };
  }

  private static WatchedHost remote(String name, String role, RemoteShell shell) {
    return new WatchedHost("host-" + name, name, role, new Host.Rsh(name), new ProcSource.Remote(shell));
  }

  private List<Series> oneRun(HostWatch watch, long millis) throws InterruptedException {
    HostTelemetry t = HostTelemetry.start(watch, Map.of("status.interval", "1"), Map.of(), log, Redactor.of(Map.of()));
    Thread.sleep(300); // the clients' launch: the contacts happen meanwhile
    t.release();
    Thread.sleep(millis);
    return t.stop(dir);
  }

  @Test
  void aHostReadThroughItsShellGivesOneSampleAtReleaseEachIntervalAndAtTheEnd() throws Exception {
    Files.createDirectories(dir.resolve("home"));
    FakeHost db = FakeHost.withJava(dir.resolve("home"));
    HostWatch watch = new HostWatch(List.of(remote("db1", WatchedHost.SERVER, db),
        new WatchedHost("host-local", "local", WatchedHost.CLIENT, new Host.Local(1), new ProcSource.Local())));
    List<Series> series = oneRun(watch, 2_500);
    assertEquals("", err.toString(StandardCharsets.UTF_8));
    assertEquals(List.of("host-db1", "host-local"), series.stream().map(Series::source).toList());
    for (Series s : series) {
      // at release, at +1 s and +2 s, at the end: 4 (a tick may land a hair after the stop was asked: 3)
      assertTrue(s.samples().size() >= 3 && s.samples().size() <= 4, s::toString);
      assertEquals(null, s.values("cpu.user").get(0), "no rate at the first sample");
      for (int i = 1; i < s.samples().size(); i++) {
        double total = 0;
        for (String c : List.of("cpu.user", "cpu.system", "cpu.iowait", "cpu.steal", "cpu.idle")) {
          Double v = s.values(c).get(i);
          assertNotNull(v, c);
          total += v;
        }
        assertEquals(100.0, total, 0.01, "the shares of every tick");
        assertTrue(s.samples().get(i).epochMillis() > s.samples().get(i - 1).epochMillis());
      }
      assertTrue(s.values("mem.total").get(0) > 0);
      assertTrue(Files.isRegularFile(TelemetryFiles.csv(dir, s.source())));
      assertTrue(Files.isRegularFile(TelemetryFiles.json(dir, s.source())));
      assertEquals(List.of(), s.notes());
    }
    Map<String, String> id = series.get(0).identity();
    assertEquals("server", id.get("role"));
    assertEquals("db1", id.get("name"));
    assertEquals(Files.readString(Path.of(ProcFile.HOSTNAME.path())).strip(), id.get("hostname"));
    assertEquals(Files.readString(Path.of(ProcFile.OSRELEASE.path())).strip(), id.get("kernel"));
    // the fake host is this machine: its clock, measured over the shell as ssh's would be, is the coordinator's
    assertTrue(Math.abs(Double.parseDouble(id.get("clockOffsetMs"))) < 50, id::toString);
    assertEquals("client", series.get(1).identity().get("role"));
    assertEquals("0.0", series.get(1).identity().get("clockOffsetMs"));
    // one session for the run's readings, the first contact's included: the host pays its set-up once
    assertEquals(1, db.scripts().stream().filter(s -> s.equals(ProcSession.LOOP)).count(), db.scripts()::toString);
    assertEquals(1, db.scripts().stream().filter(s -> s.contains("date +%s%N")).count(), "its clock, once");
  }

  @Test
  void aHostThatNeverAnswersOrHasNoProcCostsOneLineAndANoteWhileTheOthersGoOn() throws Exception {
    Files.createDirectories(dir.resolve("home"));
    FakeHost down = FakeHost.withJava(dir.resolve("home"));
    down.unreachable(true);
    HostWatch watch = new HostWatch(List.of(remote("down", WatchedHost.SERVER, down),
        // grep as on a machine without /proc: every file missing
        // (the line naming /proc/stat is the one said, not grep's last)
        remote("noproc", WatchedHost.SERVER, answering("exec grep -v '^intr ' /nonexistent/proc/stat /proc/none")),
        remote("garbage", WatchedHost.CLIENT, answering("echo '/proc/stat:hello'; echo '/proc/uptime:1 2'")),
        remote("ok", WatchedHost.CLIENT, answering(ProcFiles.command()))));
    List<Series> series = oneRun(watch, 1_200);
    List<String> lines = err.toString(StandardCharsets.UTF_8).lines().sorted().toList();
    assertEquals(List.of(
        "ycsb-coordinator: host down: /proc not readable (fake: connect to host: Connection refused); its figures"
            + " are not recorded",
        "ycsb-coordinator: host garbage: /proc not readable (/proc/stat has no cpu line with its figures); its"
            + " figures are not recorded",
        "ycsb-coordinator: host noproc: /proc not readable (grep: /nonexistent/proc/stat: No such file or "
            + "directory); its figures are not recorded"),
        lines);
    for (Series s : series.subList(0, 3)) {
      assertEquals(List.of(), s.samples(), s.source());
      assertEquals(1, s.notes().size(), s.source());
      assertTrue(lines.contains("ycsb-coordinator: " + s.notes().get(0)), s.source());
      assertTrue(Files.isRegularFile(TelemetryFiles.json(dir, s.source())), "its note is in the bundle");
    }
    assertEquals(1, down.scripts().stream().filter(s -> s.equals(ProcSession.LOOP)).count(),
        "not asked again after its failure");
    Series ok = series.get(3);
    assertTrue(ok.samples().size() >= 2, ok::toString);
    assertFalse(ok.values("cpu.idle").get(1) == null);
  }

  @Test
  void aHungHostIsGivenUpWithinItsLimitsAndTheRunIsNotHeld() throws Exception {
    HostWatch watch = new HostWatch(List.of(remote("hung", WatchedHost.SERVER, answering("exec sleep 30"))));
    long t0 = System.nanoTime();
    List<Series> series = oneRun(watch, 1_000);
    double seconds = (System.nanoTime() - t0) / 1e9;
    // the contact's clock and reading are each cut at 2 s (four readings' limit), the last reading at 0.5 s (half
    // the interval): the instants in between were skipped, not queued
    assertTrue(seconds < 8, "took " + seconds + " s");
    String line = err.toString(StandardCharsets.UTF_8).strip();
    assertTrue(line.matches("ycsb-coordinator: host hung: /proc not readable at \\d\\d:\\d\\d:\\d\\d UTC \\(no "
        + "answer within 0.5 s\\); each instant it misses is not recorded"), line);
    assertEquals(List.of(), series.get(0).samples());
    assertEquals(List.of("host hung: /proc not readable (no answer within 0.5 s); its figures are not recorded"),
        series.get(0).notes());
  }

  @Test
  void aHostThatStopsAnsweringMidRunMissesThoseInstantsOnlyAndSaysWhen() throws Exception {
    Path flag = dir.resolve("down");
    RemoteShell flaky = answering("if [ -e " + flag + " ]; then echo 'ssh: connection lost' >&2; exit 255; fi; "
        + ProcFiles.command());
    HostTelemetry t = HostTelemetry.start(new HostWatch(List.of(remote("flaky", WatchedHost.SERVER, flaky))),
        Map.of("status.interval", "1"), Map.of(), log, Redactor.of(Map.of()));
    Thread.sleep(300);
    t.release();
    Thread.sleep(1_300);
    Files.createFile(flag);
    Thread.sleep(1_000);
    Files.delete(flag);
    long back = System.currentTimeMillis();
    Thread.sleep(1_000);
    Series s = t.stop(dir).get(0);
    String line = err.toString(StandardCharsets.UTF_8).strip();
    assertTrue(line.matches("ycsb-coordinator: host flaky: /proc not readable at \\d\\d:\\d\\d:\\d\\d UTC "
        + "\\(ssh: connection lost\\); each instant it misses is not recorded"), line);
    assertEquals(1, s.notes().size(), s::toString);
    assertTrue(s.notes().get(0).matches("host flaky: [12] of [4-6] instants not read \\(the first at "
        + "\\d\\d:\\d\\d:\\d\\d UTC: ssh: connection lost\\); their figures are not recorded"), s::toString);
    assertTrue(s.samples().size() >= 3, s::toString);
    assertTrue(s.samples().get(s.samples().size() - 1).epochMillis() > back, "read again once it answered");
  }

  @Test
  void nothingIsWrittenWhenTheClientsWereNeverReleased() throws Exception {
    HostTelemetry t = HostTelemetry.start(new HostWatch(List.of(new WatchedHost("host-local", "local",
        WatchedHost.CLIENT, new Host.Local(1), new ProcSource.Local()))), Map.of(), Map.of(), log,
        Redactor.of(Map.of()));
    assertEquals(List.of(), t.stop(dir));
    assertFalse(Files.exists(TelemetryFiles.folder(dir)));
  }

  @Test
  void eachReadingIsBoundWellUnderTheInterval() {
    assertEquals(Duration.ofMillis(500), HostTelemetry.limit(Duration.ofSeconds(1)));
    assertEquals(Duration.ofSeconds(5), HostTelemetry.limit(Duration.ofSeconds(10)));
    assertEquals(Duration.ofSeconds(5), HostTelemetry.limit(Duration.ofSeconds(60)));
    assertEquals(Duration.ofSeconds(10), HostTelemetry.interval(Map.of()));
    assertEquals(Duration.ofSeconds(3), HostTelemetry.interval(Map.of("status.interval", " 3")));
  }
}
