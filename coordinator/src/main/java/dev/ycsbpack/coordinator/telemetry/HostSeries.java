package dev.ycsbpack.coordinator.telemetry;

import dev.ycsbpack.common.telemetry.Column;
import dev.ycsbpack.common.telemetry.Sample;
import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.coordinator.telemetry.ProcReading.CpuTimes;
import dev.ycsbpack.coordinator.telemetry.ProcReading.DiskCounters;
import dev.ycsbpack.coordinator.telemetry.ProcReading.NetCounters;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A machine's readings made into its {@link Series}, in the columns of the telemetry contract: CPU as a share of all
 * CPUs' ticks between two readings, disk and network counters as rates between them, memory and run queue as read.
 * A rate needs the reading before it: the first sample's rates are null, and so is a rate over a counter that went
 * back (a device re-created, a host rebooted). The time between two readings is the host's own uptime clock when both
 * have it (ssh's latency then does not enter a rate), else the coordinator's stamps.
 */
public final class HostSeries {
  private static final String PERCENT = "%";
  private static final List<String> CPU = List.of("cpu.user", "cpu.system", "cpu.iowait", "cpu.steal", "cpu.idle");
  private static final List<String> MEM = List.of("total", "available", "cached", "dirty");

  private HostSeries() {
  }

  /**
   * One reading and when the coordinator received it.
   *
   * @param epochMillis the coordinator's clock when the answer arrived
   * @param reading     what it said
   */
  public record Timed(long epochMillis, ProcReading reading) {
  }

  /** The series of {@code readings} (in time order) under {@code source}, with {@code identity} and {@code notes}. */
  public static Series of(String source, Map<String, String> identity, List<Timed> readings, List<String> notes) {
    Set<String> disks = new LinkedHashSet<>();
    Set<String> nets = new LinkedHashSet<>();
    readings.forEach(t -> {
      disks.addAll(t.reading().disks().keySet());
      nets.addAll(t.reading().nets().keySet());
    });
    List<Column> columns = columns(disks, nets);
    List<Sample> samples = new ArrayList<>();
    for (int i = 0; i < readings.size(); i++) {
      Timed prev = i == 0 ? null : readings.get(i - 1);
      Timed cur = readings.get(i);
      List<Double> v = new ArrayList<>(columns.size());
      cpu(prev, cur, v);
      ProcReading r = cur.reading();
      v.add(whole(r.stat().running()));
      v.add(whole(r.stat().blocked()));
      v.add(r.load1m());
      for (String m : MEM) {
        v.add(whole(r.memBytes().get(m)));
      }
      Double seconds = seconds(prev, cur);
      for (String d : disks) {
        disk(prev == null ? null : prev.reading().disks().get(d), r.disks().get(d), seconds, v);
      }
      for (String n : nets) {
        net(prev == null ? null : prev.reading().nets().get(n), r.nets().get(n), seconds, v);
      }
      samples.add(new Sample(cur.epochMillis(), v));
    }
    List<String> allNotes = new ArrayList<>(notes);
    allNotes.addAll(unreadNotes(readings));
    return new Series(source, identity, columns, samples, allNotes);
  }

  private static List<Column> columns(Set<String> disks, Set<String> nets) {
    List<Column> c = new ArrayList<>();
    CPU.forEach(n -> c.add(new Column(n, PERCENT)));
    c.add(new Column("procs.running", "count"));
    c.add(new Column("procs.blocked", "count"));
    c.add(new Column("load.1m", "count"));
    MEM.forEach(m -> c.add(new Column("mem." + m, "bytes")));
    for (String d : disks) {
      c.add(new Column("disk." + d + ".reads", "ops/s"));
      c.add(new Column("disk." + d + ".writes", "ops/s"));
      c.add(new Column("disk." + d + ".readBytes", "bytes/s"));
      c.add(new Column("disk." + d + ".writeBytes", "bytes/s"));
      c.add(new Column("disk." + d + ".busy", PERCENT));
    }
    for (String n : nets) {
      c.add(new Column("net." + n + ".rxBytes", "bytes/s"));
      c.add(new Column("net." + n + ".txBytes", "bytes/s"));
    }
    return c;
  }

  /** user (+nice), system (+irq, softirq), iowait, steal and idle as shares of every tick between the readings. */
  private static void cpu(Timed prev, Timed cur, List<Double> v) {
    CpuTimes a = prev == null ? null : prev.reading().stat().cpu();
    CpuTimes b = cur.reading().stat().cpu();
    long total = a == null ? 0 : b.total() - a.total();
    if (a == null || total <= 0 || b.user() < a.user() || b.nice() < a.nice() || b.system() < a.system()
        || b.idle() < a.idle() || b.iowait() < a.iowait() || b.irq() < a.irq() || b.softirq() < a.softirq()
        || b.steal() < a.steal()) {
      CPU.forEach(n -> v.add(null));
      return;
    }
    v.add(share(b.user() - a.user() + b.nice() - a.nice(), total));
    v.add(share(b.system() - a.system() + b.irq() - a.irq() + b.softirq() - a.softirq(), total));
    v.add(share(b.iowait() - a.iowait(), total));
    v.add(share(b.steal() - a.steal(), total));
    v.add(share(b.idle() - a.idle(), total));
  }

  private static void disk(DiskCounters a, DiskCounters b, Double seconds, List<Double> v) {
    if (a == null || b == null || seconds == null) {
      for (int i = 0; i < 5; i++) {
        v.add(null);
      }
      return;
    }
    v.add(rate(a.reads(), b.reads(), seconds));
    v.add(rate(a.writes(), b.writes(), seconds));
    v.add(rate(ProcText.sectorBytes(a.sectorsRead()), ProcText.sectorBytes(b.sectorsRead()), seconds));
    v.add(rate(ProcText.sectorBytes(a.sectorsWritten()), ProcText.sectorBytes(b.sectorsWritten()), seconds));
    Double busyMsPerSecond = rate(a.ioMillis(), b.ioMillis(), seconds);
    // io_ticks advance in whole jiffies while uptime is finer: a fully busy disk can read a hair over 100%
    v.add(busyMsPerSecond == null ? null : round(Math.min(100.0, busyMsPerSecond / 10.0)));
  }

  private static void net(NetCounters a, NetCounters b, Double seconds, List<Double> v) {
    boolean both = a != null && b != null && seconds != null;
    v.add(both ? rate(a.rxBytes(), b.rxBytes(), seconds) : null);
    v.add(both ? rate(a.txBytes(), b.txBytes(), seconds) : null);
  }

  /** Seconds between two readings: the host's uptime clock when both have it, else the coordinator's stamps. */
  static Double seconds(Timed prev, Timed cur) {
    if (prev == null) {
      return null;
    }
    Double a = prev.reading().uptimeSeconds();
    Double b = cur.reading().uptimeSeconds();
    double s = a != null && b != null ? b - a : (cur.epochMillis() - prev.epochMillis()) / 1000.0;
    return s > 0 ? s : null;
  }

  private static Double rate(long a, long b, double seconds) {
    return b < a ? null : round((b - a) / seconds);
  }

  private static Double share(long part, long total) {
    return round(100.0 * part / total);
  }

  /** Three decimals: more would be noise of the tick counts, and a CSV a reader can scan. */
  private static double round(double v) {
    return Math.round(v * 1000.0) / 1000.0;
  }

  private static Double whole(Long n) {
    return n == null ? null : n.doubleValue();
  }

  /** One note per file some reading lacked (a kernel without it, a container hiding it): its figures are null. */
  private static List<String> unreadNotes(List<Timed> readings) {
    Set<ProcFile> unread = new LinkedHashSet<>();
    readings.forEach(t -> unread.addAll(t.reading().unread()));
    unread.remove(ProcFile.HOSTNAME);
    unread.remove(ProcFile.OSRELEASE);
    List<String> out = new ArrayList<>();
    for (ProcFile f : unread) {
      long missing = readings.stream().filter(t -> t.reading().unread().contains(f)).count();
      out.add(
          f.path() + ": not readable on this host in " + missing + " of " + readings.size() + " readings; the figures "
              + "from it are not recorded there");
    }
    return out;
  }
}
