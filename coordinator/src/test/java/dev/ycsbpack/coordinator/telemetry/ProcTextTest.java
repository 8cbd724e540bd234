package dev.ycsbpack.coordinator.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.coordinator.telemetry.ProcReading.CpuTimes;
import dev.ycsbpack.coordinator.telemetry.ProcReading.DiskCounters;
import dev.ycsbpack.coordinator.telemetry.ProcReading.NetCounters;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The /proc parser over real text: {@code proc/this-machine.txt} is what {@link ProcFiles#command()} printed on the
 * machine the pack is developed on (a 2-CPU VM with one virtio disk, eight loop devices and a zram swap).
 */
class ProcTextTest {
  static String captured() throws IOException {
    try (InputStream in = ProcTextTest.class.getResourceAsStream("/proc/this-machine.txt")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void aRealAnswerSplitsIntoItsFilesAndParsesIntoTheKernelsFigures() throws Exception {
    Map<ProcFile, String> files = ProcFiles.split("Welcome to the host\n" + captured());
    assertEquals(List.of(ProcFile.values()), List.copyOf(files.keySet()), "every file, the banner line dropped");
    ProcReading r = ProcText.parse(files);
    assertEquals(new CpuTimes(3023974, 2096, 454417, 1299661, 3745, 0, 10463, 4321), r.stat().cpu());
    assertEquals(2, r.stat().cpus());
    assertEquals(19L, r.stat().running());
    assertEquals(0L, r.stat().blocked());
    assertEquals(9.62, r.load1m());
    assertEquals(24126.44, r.uptimeSeconds());
    assertEquals(Map.of("total", 24683772L * 1024, "available", 23077504L * 1024, "cached", 3176316L * 1024,
        "dirty", 130432L * 1024), r.memBytes());
    // the loop devices and the zram swap are not disks of their own
    assertEquals(Map.of("vda", new DiskCounters(681280, 16287306, 406895, 34903864, 238092)), r.disks());
    assertEquals(List.of("ifb0", "ifb1", "eth0"), List.copyOf(r.nets().keySet()), "lo left out");
    assertEquals(new NetCounters(513938828, 2649014), r.nets().get("eth0"));
    assertEquals(Map.of("hostname", "vm", "kernel", "6.18.44-fc-v1300"), r.facts());
    assertEquals(List.of(), r.unread());
  }

  @Test
  void onlyWholeDisksAreKeptAsTheKernelNamesTheirPartitions() {
    String stats = String.join("\n", List.of("sda", "sda1", "sda2", "nvme0n1", "nvme0n1p1", "nvme0n10", "mmcblk0",
        "mmcblk0p1", "dm-0", "md0", "loop0", "ram0", "zram0", "sr0").stream()
        .map(d -> "   8  0 " + d + " 1 0 2 0 3 0 4 0 0 5 0 0 0 0 0").toList());
    assertEquals(List.of("sda", "nvme0n1", "nvme0n10", "mmcblk0", "sr0"),
        List.copyOf(ProcText.wholeDisks(stats).keySet()));
    assertEquals(new DiskCounters(1, 2, 3, 4, 5), ProcText.wholeDisks(stats).get("sda"));
  }

  @Test
  void anInterfaceWhoseCounterTouchesItsColonIsRead() {
    String dev = "Inter-|   Receive |  Transmit\n face |bytes    packets|bytes\n"
        + "  eth1:12345678901 5 0 0 0 0 0 0 42 7 0 0 0 0 0 0\n    lo: 9 1 0 0 0 0 0 0 9 1 0 0 0 0 0 0\n";
    assertEquals(Map.of("eth1", new NetCounters(12345678901L, 42)), ProcText.netDev(dev));
  }

  @Test
  void anAnswerWithoutTheCpuLineIsNoReading() throws Exception {
    ProcException none = assertThrows(ProcException.class, () -> ProcText.parse(Map.of()));
    assertEquals("/proc/stat was not read", none.getMessage());
    ProcException garbage = assertThrows(ProcException.class,
        () -> ProcText.parse(Map.of(ProcFile.STAT, "cpu  a b c d e\nctxt 5\n")));
    assertEquals("/proc/stat has no cpu line with its figures", garbage.getMessage());
    ProcException html = assertThrows(ProcException.class,
        () -> ProcText.parse(ProcFiles.split("<html>503 Service Unavailable</html>\n")));
    assertTrue(html.getMessage().contains("not read"), html::getMessage);
  }

  @Test
  void aFileTheHostLacksIsUnreadAndItsFiguresAbsentNotZero() throws Exception {
    Map<ProcFile, String> files = new java.util.LinkedHashMap<>(ProcFiles.split(captured()));
    files.remove(ProcFile.DISKSTATS);
    files.remove(ProcFile.LOADAVG);
    ProcReading r = ProcText.parse(files);
    assertEquals(List.of(ProcFile.LOADAVG, ProcFile.DISKSTATS), r.unread());
    assertEquals(null, r.load1m());
    assertEquals(Map.of(), r.disks());
  }

  @Test
  void theLocalReadingOfThisMachineParses() throws Exception {
    StringBuilder why = new StringBuilder();
    ProcReading r = ProcText.parse(ProcFiles.readLocal(why));
    assertEquals("", why.toString());
    assertEquals(Runtime.getRuntime().availableProcessors() <= r.stat().cpus(), true, "online CPUs counted");
    assertTrue(r.stat().cpu().total() > 0);
  }
}
