package dev.ycsbpack.coordinator.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.ycsbpack.common.telemetry.Column;
import dev.ycsbpack.common.telemetry.Series;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Rates between readings, exactly: a real reading of this machine, then a second one made from it with known
 * increments, ten seconds later on the host's uptime clock (and 10.3 s later on the coordinator's, which a rate must
 * not use when both readings have the uptime).
 */
class HostSeriesTest {
  private static final long T0 = 1_765_000_000_000L;

  /** The captured text with each counter of {@code line} (found by its start) raised by {@code plus}, in order. */
  private static String raised(String text, String lineStart, long... plus) {
    List<String> out = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (line.startsWith(lineStart)) {
        String head = line.substring(0, lineStart.length());
        String[] f = line.substring(lineStart.length()).strip().split("\\s+");
        for (int i = 0; i < plus.length && i < f.length; i++) {
          f[i] = Long.toString(Long.parseLong(f[i]) + plus[i]);
        }
        line = head + " " + String.join(" ", f);
      }
      out.add(line);
    }
    return String.join("\n", out) + "\n";
  }

  static ProcReading second(String text) throws ProcException {
    String t = text.replace("/proc/uptime:24126.44", "/proc/uptime:24136.44");
    // user nice system idle iowait irq softirq steal: 2000 ticks, shares 20 (user+nice), 10 (system+irq+softirq),
    // 10 iowait, 10 steal, 50 idle
    t = raised(t, "/proc/stat:cpu ", 300, 100, 150, 1000, 200, 25, 25, 200);
    // major minor name: reads, merged, sectors read, ms reading, writes, merged, sectors written, ms writing,
    // in flight, ms doing I/O
    t = raised(t, "/proc/diskstats: 254       0 vda", 500, 7, 20480, 99, 1000, 7, 40960, 99, 0, 2500);
    t = raised(t, "/proc/net/dev:  eth0:", 1_000_000, 10, 0, 0, 0, 0, 0, 0, 50_000);
    return ProcText.parse(ProcFiles.split(t));
  }

  private static Series series(ProcReading a, ProcReading b, long secondAt) {
    return HostSeries.of("host-vm", Map.of("role", "server"), List.of(new HostSeries.Timed(T0, a),
        new HostSeries.Timed(secondAt, b)), List.of());
  }

  @Test
  void knownIncrementsGiveExactRatesAndTheFirstSampleHasNone() throws Exception {
    String text = ProcTextTest.captured();
    ProcReading a = ProcText.parse(ProcFiles.split(text));
    Series s = series(a, second(text), T0 + 10_300);
    assertEquals(List.of(T0, T0 + 10_300), s.samples().stream().map(x -> x.epochMillis()).toList());
    Map<String, Double> expected = Map.ofEntries(Map.entry("cpu.user", 20.0), Map.entry("cpu.system", 10.0),
        Map.entry("cpu.iowait", 10.0), Map.entry("cpu.steal", 10.0), Map.entry("cpu.idle", 50.0),
        Map.entry("disk.vda.reads", 50.0), Map.entry("disk.vda.writes", 100.0),
        Map.entry("disk.vda.readBytes", 20480 * 512 / 10.0), Map.entry("disk.vda.writeBytes", 40960 * 512 / 10.0),
        Map.entry("disk.vda.busy", 25.0), Map.entry("net.eth0.rxBytes", 100_000.0),
        Map.entry("net.eth0.txBytes", 5_000.0), Map.entry("net.ifb0.rxBytes", 0.0));
    expected.forEach((column, value) -> {
      assertEquals(Arrays.asList(null, value), s.values(column), column);
    });
    // gauges are read at every instant, the first included
    assertEquals(List.of(19.0, 19.0), s.values("procs.running"));
    assertEquals(List.of(24683772.0 * 1024, 24683772.0 * 1024), s.values("mem.total"));
    assertEquals(List.of(9.62, 9.62), s.values("load.1m"));
    assertEquals(new Column("disk.vda.busy", "%"), s.columns().get(s.indexOf("disk.vda.busy").orElseThrow()));
    assertEquals(new Column("net.eth0.rxBytes", "bytes/s"),
        s.columns().get(s.indexOf("net.eth0.rxBytes").orElseThrow()));
    assertEquals(List.of(), s.notes());
  }

  @Test
  void withoutUptimeTheCoordinatorsStampsTimeTheRates() throws Exception {
    String text = ProcTextTest.captured().replaceAll("/proc/uptime:[^\n]*\n", "");
    Series s = series(ProcText.parse(ProcFiles.split(text)), second(text), T0 + 20_000);
    assertEquals(Arrays.asList(null, 50_000.0), s.values("net.eth0.rxBytes"), "over the stamps' 20 s");
    assertEquals(List.of("/proc/uptime: not readable on this host in 2 of 2 readings; the figures from it are not "
        + "recorded there"), s.notes());
  }

  @Test
  void aCounterThatWentBackHasNoRateRatherThanANegativeOne() throws Exception {
    String text = ProcTextTest.captured();
    ProcReading later = ProcText.parse(ProcFiles.split(text));
    ProcReading rebooted = ProcText.parse(ProcFiles.split(raised(text.replace("/proc/uptime:24126.44",
        "/proc/uptime:24136.44"), "/proc/net/dev:  eth0:", -513_000_000)));
    Series s = series(later, rebooted, T0 + 10_000);
    assertNull(s.values("net.eth0.rxBytes").get(1));
    assertEquals(0.0, s.values("net.eth0.txBytes").get(1));
  }

  @Test
  void aDiskThatAppearsLaterHasNullsBeforeAndNoRateAtItsFirstReading() throws Exception {
    String text = ProcTextTest.captured();
    ProcReading a = ProcText.parse(ProcFiles.split(text));
    ProcReading b = ProcText.parse(ProcFiles.split(text.replace("/proc/uptime:24126.44", "/proc/uptime:24136.44")
        + "/proc/diskstats: 259 0 nvme0n1 10 0 20 0 30 0 40 0 0 50 0\n"));
    Series s = series(a, b, T0 + 10_000);
    assertEquals(Arrays.asList(null, null), s.values("disk.nvme0n1.reads"));
    assertEquals(Arrays.asList(null, 0.0), s.values("disk.vda.reads"));
  }
}
