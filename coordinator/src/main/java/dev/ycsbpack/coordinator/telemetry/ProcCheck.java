package dev.ycsbpack.coordinator.telemetry;

import java.time.Duration;

/**
 * {@code check}'s word on a machine a run would sample: one reading of its {@code /proc} through the source its runs
 * would use (the same shell as its clients), within the first contact's limit, in one line: readable (how many CPUs,
 * which kernel), or why not.
 */
public final class ProcCheck {
  private ProcCheck() {
  }

  /**
   * {@code ok: /proc readable (...)} or {@code FAILED: /proc not readable (WHY); ...}; the source's session is closed
   * after.
   */
  public static String line(WatchedHost host) {
    return line(host, HostSampler.MAX_CONTACT);
  }

  static String line(WatchedHost host, Duration limit) {
    try {
      ProcReading r = ProcText.parse(host.proc().read(limit));
      String kernel = r.facts().get("kernel");
      return "ok: /proc readable (" + r.stat().cpus() + " CPUs" + (kernel == null ? "" : ", kernel " + kernel)
          + ")";
    } catch (ProcException e) {
      return "FAILED: /proc not readable (" + HostSampler.why(e) + "); a run goes on without its figures";
    } finally {
      host.proc().close();
    }
  }
}
