package dev.ycsbpack.coordinator.telemetry;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One reading of a machine's {@code /proc}: the cumulative counters and the gauges as the kernel gave them, before
 * any rate is made of two readings ({@link HostSeries}). A figure whose file could not be read is null (or absent
 * from its map), never 0.
 *
 * @param uptimeSeconds {@code /proc/uptime}'s first figure: the host's own clock between two readings, null if unread
 * @param stat          {@code /proc/stat}'s figures
 * @param load1m        the one-minute load average, null if unread
 * @param memBytes      {@code MemTotal}, {@code MemAvailable}, {@code Cached}, {@code Dirty} in bytes, as present
 * @param disks         whole disks' counters by device name ({@link ProcText#wholeDisks})
 * @param nets          interfaces' byte counters by name, {@code lo} left out
 * @param facts         {@code hostname} and {@code kernel}, as present
 * @param unread        the files of a reading ({@link ProcFile}) this one lacks
 */
public record ProcReading(Double uptimeSeconds, Stat stat, Double load1m, Map<String, Long> memBytes,
    Map<String, DiskCounters> disks, Map<String, NetCounters> nets, Map<String, String> facts, List<ProcFile> unread) {
  public ProcReading {
    memBytes = Collections.unmodifiableMap(new LinkedHashMap<>(memBytes));
    disks = Collections.unmodifiableMap(new LinkedHashMap<>(disks));
    nets = Collections.unmodifiableMap(new LinkedHashMap<>(nets));
    facts = Collections.unmodifiableMap(new LinkedHashMap<>(facts));
    unread = List.copyOf(unread);
  }

  /**
   * The aggregate {@code cpu} line of {@code /proc/stat}, in clock ticks since boot (guest time is already inside
   * user and nice, so it is not added again).
   */
  public record CpuTimes(long user, long nice, long system, long idle, long iowait, long irq, long softirq,
      long steal) {
    /** Every tick counted once: the denominator of each share. */
    public long total() {
      return user + nice + system + idle + iowait + irq + softirq + steal;
    }
  }

  /**
   * What {@code /proc/stat} says.
   *
   * @param cpu     the aggregate line
   * @param cpus    its {@code cpuN} lines: the CPUs online
   * @param running {@code procs_running}, null if absent
   * @param blocked {@code procs_blocked}, null if absent
   */
  public record Stat(CpuTimes cpu, int cpus, Long running, Long blocked) {
  }

  /**
   * A whole disk's counters from {@code /proc/diskstats}.
   *
   * @param reads          reads completed
   * @param sectorsRead    512-byte sectors read
   * @param writes         writes completed
   * @param sectorsWritten 512-byte sectors written
   * @param ioMillis       milliseconds spent doing I/O (the device was busy)
   */
  public record DiskCounters(long reads, long sectorsRead, long writes, long sectorsWritten, long ioMillis) {
  }

  /** An interface's byte counters from {@code /proc/net/dev}. */
  public record NetCounters(long rxBytes, long txBytes) {
  }
}
