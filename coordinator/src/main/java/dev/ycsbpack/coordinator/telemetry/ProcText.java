package dev.ycsbpack.coordinator.telemetry;

import dev.ycsbpack.coordinator.telemetry.ProcReading.CpuTimes;
import dev.ycsbpack.coordinator.telemetry.ProcReading.DiskCounters;
import dev.ycsbpack.coordinator.telemetry.ProcReading.NetCounters;
import dev.ycsbpack.coordinator.telemetry.ProcReading.Stat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Parses the text of the {@code /proc} files ({@link ProcFiles}) into a {@link ProcReading}. Field positions are the
 * kernel's (Documentation/filesystems/proc.rst, Documentation/admin-guide/iostats.rst); a line of another shape is
 * skipped, and a reading without {@code /proc/stat}'s {@code cpu} line is no reading at all.
 */
public final class ProcText {
  private static final Pattern BLANKS = Pattern.compile("\\s+");
  /** Devices that are not disks of their own: loop files, RAM disks, and layers over other disks (LVM, md RAID). */
  private static final Pattern NOT_A_DISK = Pattern.compile("(loop|ram|zram|dm-|md).*");
  private static final long SECTOR = 512;
  private static final Map<String, String> MEMINFO_NAMES = Map.of("MemTotal", "total", "MemAvailable", "available",
      "Cached", "cached", "Dirty", "dirty");

  private ProcText() {
  }

  /** The files' text as read; throws, saying what is wrong, when {@code /proc/stat} has no cpu line. */
  public static ProcReading parse(Map<ProcFile, String> files) throws ProcException {
    String statText = files.get(ProcFile.STAT);
    if (statText == null) {
      throw new ProcException(ProcFile.STAT.path() + " was not read");
    }
    Stat stat = stat(statText);
    List<ProcFile> unread = new ArrayList<>();
    for (ProcFile f : ProcFile.values()) {
      if (!files.containsKey(f)) {
        unread.add(f);
      }
    }
    Map<String, String> facts = new LinkedHashMap<>();
    firstLine(files.get(ProcFile.HOSTNAME)).ifPresent(h -> facts.put("hostname", h));
    firstLine(files.get(ProcFile.OSRELEASE)).ifPresent(k -> facts.put("kernel", k));
    return new ProcReading(firstNumber(files.get(ProcFile.UPTIME)), stat, firstNumber(files.get(ProcFile.LOADAVG)),
        meminfo(files.getOrDefault(ProcFile.MEMINFO, "")), wholeDisks(files.getOrDefault(ProcFile.DISKSTATS, "")),
        netDev(files.getOrDefault(ProcFile.NET_DEV, "")), facts, unread);
  }

  /** {@code /proc/stat}: the aggregate cpu line, the cpuN lines, procs_running and procs_blocked. */
  static Stat stat(String text) throws ProcException {
    CpuTimes cpu = null;
    int cpus = 0;
    Long running = null;
    Long blocked = null;
    for (String line : text.split("\n")) {
      String[] f = BLANKS.split(line.strip());
      if (f[0].equals("cpu")) {
        cpu = cpuTimes(f);
      } else if (f[0].matches("cpu\\d+")) {
        cpus++;
      } else if (f[0].equals("procs_running") && f.length > 1) {
        running = number(f[1]);
      } else if (f[0].equals("procs_blocked") && f.length > 1) {
        blocked = number(f[1]);
      }
    }
    if (cpu == null) {
      throw new ProcException(ProcFile.STAT.path() + " has no cpu line with its figures");
    }
    return new Stat(cpu, cpus, running, blocked);
  }

  /** {@code cpu user nice system idle [iowait irq softirq [steal ...]]}: later fields absent on old kernels are 0. */
  private static CpuTimes cpuTimes(String[] f) {
    long[] v = new long[8];
    if (f.length < 5) {
      return null;
    }
    for (int i = 0; i < v.length && i + 1 < f.length; i++) {
      Long n = number(f[i + 1]);
      if (n == null) {
        return null;
      }
      v[i] = n;
    }
    return new CpuTimes(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
  }

  /** {@code /proc/meminfo}'s four figures, in bytes ({@code kB} there is 1024 bytes). */
  static Map<String, Long> meminfo(String text) {
    Map<String, Long> out = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      int colon = line.indexOf(':');
      if (colon < 0) {
        continue;
      }
      String name = MEMINFO_NAMES.get(line.substring(0, colon).strip());
      String[] f = BLANKS.split(line.substring(colon + 1).strip());
      Long n = name == null ? null : number(f[0]);
      if (n != null) {
        out.put(name, f.length > 1 && f[1].equals("kB") ? n * 1024 : n);
      }
    }
    return out;
  }

  /**
   * {@code /proc/diskstats}, whole disks only: no partition (a name that is a listed disk's name followed by its
   * number, with a {@code p} between when the disk's name ends in a digit, as the kernel names them: sda1,
   * nvme0n1p1, mmcblk0p2), no loop, RAM or layered device (their I/O is a disk's I/O counted again).
   */
  static Map<String, DiskCounters> wholeDisks(String text) {
    Map<String, DiskCounters> all = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      String[] f = BLANKS.split(line.strip());
      if (f.length < 13 || NOT_A_DISK.matcher(f[2]).matches()) {
        continue; // before 2.6.25 partitions had 4 figures; nothing here needs them
      }
      Long reads = number(f[3]);
      Long sectorsRead = number(f[5]);
      Long writes = number(f[7]);
      Long sectorsWritten = number(f[9]);
      Long io = number(f[12]);
      if (reads != null && sectorsRead != null && writes != null && sectorsWritten != null && io != null) {
        all.put(f[2], new DiskCounters(reads, sectorsRead, writes, sectorsWritten, io));
      }
    }
    Map<String, DiskCounters> whole = new LinkedHashMap<>();
    all.forEach((name, counters) -> {
      if (all.keySet().stream().noneMatch(disk -> isPartitionOf(name, disk))) {
        whole.put(name, counters);
      }
    });
    return whole;
  }

  static boolean isPartitionOf(String name, String disk) {
    if (!name.startsWith(disk) || name.length() == disk.length()) {
      return false;
    }
    String rest = name.substring(disk.length());
    boolean digitEnd = Character.isDigit(disk.charAt(disk.length() - 1));
    return digitEnd ? rest.matches("p\\d+") : rest.matches("\\d+");
  }

  /** {@code /proc/net/dev}: received bytes (first figure) and sent bytes (ninth) per interface, {@code lo} left out. */
  static Map<String, NetCounters> netDev(String text) {
    Map<String, NetCounters> out = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      int colon = line.indexOf(':');
      if (colon < 0 || line.contains("|")) {
        continue;
      }
      String name = line.substring(0, colon).strip();
      String[] f = BLANKS.split(line.substring(colon + 1).strip());
      if (name.equals("lo") || name.isEmpty() || f.length < 9) {
        continue;
      }
      Long rx = number(f[0]);
      Long tx = number(f[8]);
      if (rx != null && tx != null) {
        out.put(name, new NetCounters(rx, tx));
      }
    }
    return out;
  }

  /** Bytes of {@code sectors} 512-byte sectors (the unit of diskstats whatever the device's own sector size). */
  static long sectorBytes(long sectors) {
    return sectors * SECTOR;
  }

  private static java.util.Optional<String> firstLine(String text) {
    if (text == null) {
      return java.util.Optional.empty();
    }
    String line = text.strip().split("\n")[0].strip();
    return line.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(line);
  }

  private static Double firstNumber(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      double v = Double.parseDouble(BLANKS.split(text.strip())[0]);
      return Double.isFinite(v) ? v : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static Long number(String s) {
    try {
      long v = Long.parseLong(s);
      return v < 0 ? null : v;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
