package dev.ycsbpack.launcher;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The client JVM's own CPU time and age at the end of its run, for the environment record: with the host's CPU count
 * they say how busy the client machine was, so an experiment can flag a step whose clients, not the server, were the
 * limit. JVM start-up and JIT compiling are included (they are part of what the client machine spent).
 */
final class ProcessCpu {
  static final String CPU_MS = dev.ycsbpack.common.EnvironmentFacts.PROCESS_CPU_MS;
  static final String UPTIME_MS = dev.ycsbpack.common.EnvironmentFacts.PROCESS_UPTIME_MS;

  private ProcessCpu() {
  }

  /** {@code process.cpu.ms} (user + system, all threads) and {@code process.uptime.ms}; CPU absent where unknown. */
  static Map<String, String> now() {
    Map<String, String> m = new LinkedHashMap<>();
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      long ns = os.getProcessCpuTime();
      if (ns >= 0) {
        m.put(CPU_MS, Long.toString(ns / 1_000_000));
      }
    }
    m.put(UPTIME_MS, Long.toString(ManagementFactory.getRuntimeMXBean().getUptime()));
    return m;
  }
}
