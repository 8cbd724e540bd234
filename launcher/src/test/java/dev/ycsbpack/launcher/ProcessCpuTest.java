package dev.ycsbpack.launcher;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ProcessCpuTest {
  @Test
  void cpuTimeGrowsWithWorkAndStaysWithinTheJvmsAgeTimesItsCpus() {
    long before = Long.parseLong(ProcessCpu.now().get(ProcessCpu.CPU_MS));
    // 200 ms of this thread's own CPU time (the machine may be shared: wall time says nothing), at most 30 s
    java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
    long start = threads.getCurrentThreadCpuTime();
    long sink = 0;
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (threads.getCurrentThreadCpuTime() - start < 200_000_000L && System.nanoTime() < deadline) {
      sink += Long.numberOfTrailingZeros(sink + System.nanoTime());
    }
    Map<String, String> after = ProcessCpu.now();
    long cpu = Long.parseLong(after.get(ProcessCpu.CPU_MS));
    long uptime = Long.parseLong(after.get(ProcessCpu.UPTIME_MS));
    assertTrue(cpu - before >= 200, "before " + before + " ms, after " + cpu + " ms (" + sink + ")");
    assertTrue(cpu <= uptime * Runtime.getRuntime().availableProcessors() + 1000, cpu + " ms CPU in " + uptime + " ms");
  }
}
