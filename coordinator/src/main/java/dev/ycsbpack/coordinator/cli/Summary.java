package dev.ycsbpack.coordinator.cli;

import dev.ycsbpack.aggregate.format.Machines;
import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.common.Verdict;
import dev.ycsbpack.coordinator.bundle.Bundle;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.run.CoordinatedRun;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a user reads when the run ends: the merged table (unless {@code --quiet}), then one line with the verdict,
 * the operations reported and merged, throughput and the main percentiles, then where the bundle and report are.
 */
final class Summary {
  private Summary() {
  }

  /**
   * @param hosts  the run's hosts, as planned
   * @param merged the run's merge, typed as merged.json holds it; null when the run was not merged
   */
  static void print(Bundle bundle, List<Host> hosts, int status, boolean table, MergedJson merged, PrintStream out,
      PrintStream err) {
    Manifest m;
    try {
      m = Bundle.read(bundle.dir());
    } catch (IOException e) {
      err.println("ycsb-coordinator: cannot read " + bundle.dir().resolve(Bundle.MANIFEST) + ": " + e.getMessage());
      return;
    }
    if (m.note() != null && (!table || status != CoordinatedRun.COMPLETE)) {
      out.println(m.note()); // the merged table states it itself
    }
    if (status == CoordinatedRun.COMPLETE && m.reason() != null) {
      out.println(m.reason()); // a complete run's reason is a note (the server's own count differs): first
    }
    if (status != CoordinatedRun.COMPLETE) {
      if (m.lead() != null) {
        err.println("ycsb-coordinator: " + m.lead());
      }
      err.println("ycsb-coordinator: FAILED: " + m.reason());
      err.println("ycsb-coordinator: the bundle (marked FAILED" + (m.merged() == null ? ", not merged" : "") + ") is "
          + bundle.dir().toAbsolutePath());
      return;
    }
    Path md = bundle.merged().resolve("merged.md");
    if (table) {
      try {
        if (Files.isRegularFile(md)) {
          out.print(Files.readString(md));
        }
      } catch (IOException e) {
        err.println("ycsb-coordinator: cannot read " + md + ": " + e.getMessage());
      }
    }
    out.println(line(bundle, m, hosts, merged));
    if (m.count() != null) {
      out.println(m.count().text()); // the server's own count: the data is really there
    }
    if (m.release() != null && m.release().crowding() != null) {
      out.println("note: " + m.release().crowding());
    }
    out.println("result: " + bundle.dir().toAbsolutePath().resolve(Bundle.MANIFEST));
    out.println("report: " + bundle.merged().toAbsolutePath().resolve("report.html"));
  }

  /** Where the clients ran, by the report's rule ({@link Machines}): {@code this machine} when every host is local. */
  static String machines(List<Host> hosts) {
    return Machines.of(hosts.stream().map(Host::toString).toList(), Host.localNames(hosts));
  }

  /** e.g. {@code ; all clients ran together for 97.2% of it}, or empty for one client. */
  private static String together(MergedJson.Window window, int clients) {
    if (clients < 2 || window.seconds() <= 0) {
      return "";
    }
    return String.format("; all clients ran together for %.1f%% of it",
        100.0 * window.allClientsTogetherSeconds() / window.seconds());
  }

  /** e.g. {@code run COMPLETE: 2 clients on 2 hosts, 20,000 operations (20,000 of 20,000 measured = 100.0% in the union
   * window; all clients ran together for 97.4% of it), 1,212 ops/s; write concern w=1; READ p50 790 us, p99 35,423 us};
   * led by the
   * manifest's {@code ERRORS: ...; NOT FOUND: ...} when any operation failed or found nothing, and quoting intended
   * latency first when the clients recorded it ({@code -target}).
   *
   * @param hosts  the run's hosts, as planned
   * @param merged the run's merge; null when it was not merged (the line then has the clients' own counts only)
   */
  static String line(Bundle bundle, Manifest m, List<Host> hosts, MergedJson merged) {
    long reported = 0;
    for (Manifest.ClientEntry c : m.clients()) {
      try {
        reported += new ClientFolder(bundle.clients().resolve(c.name())).verdict()
            .map(Verdict::completedOperations).orElse(0L);
      } catch (IOException e) {
        // counted as 0; the manifest has the verdicts
      }
    }
    StringBuilder sb = new StringBuilder();
    sb.append(m.phase()).append(' ').append(m.status()).append(": ");
    if (m.lead() != null) {
      sb.append(m.lead()).append("; ");
    }
    sb.append(m.clients().size()).append(m.clients().size() == 1 ? " client on " : " clients on ")
        .append(machines(hosts)).append(", ").append(String.format("%,d", reported)).append(" operations");
    if (merged == null) {
      return sb.toString();
    }
    MergedJson.Overall overall = merged.overall();
    if (overall.reportedOperations() > 0) {
      sb.append(String.format(" (%,d of %,d measured = %.1f%% in the %s window%s)", overall.operations(),
          overall.reportedOperations(), 100.0 * overall.operations() / overall.reportedOperations(),
          merged.window().kind().toLowerCase(java.util.Locale.ROOT), together(merged.window(), m.clients().size())));
    }
    if (overall.throughputOpsPerSec() != null) {
      sb.append(String.format(", %,.0f ops/s", overall.throughputOpsPerSec()));
    }
    Map<String, Long> docs = overall.insertDocuments();
    if (docs != null && docs.containsKey("Acknowledged")) {
      sb.append(String.format(", %,d of %,d batched documents acknowledged", docs.get("Acknowledged"),
          docs.getOrDefault("Counted", 0L)));
    }
    String writeConcern = m.server() == null ? null : m.server().get(EnvironmentFacts.WRITE_CONCERN);
    if (writeConcern != null) {
      // w=1 and w=majority measure different things: the number is not quotable without it
      sb.append("; write concern ").append(writeConcern);
    }
    Set<String> names = new HashSet<>();
    merged.operations().forEach(op -> names.add(op.name()));
    List<String> parts = new ArrayList<>();
    for (MergedJson.Operation op : merged.operations()) {
      String name = op.name();
      if (name.startsWith("Intended-") || name.equals("CLEANUP") || name.endsWith("-FAILED")
          || (name.equals("INSERT") && names.contains("INSERT-BATCH"))) {
        continue; // buffered inserts take microseconds; their batches are the latency that means something
      }
      Map<String, Long> p = percentiles(op.latencyUs());
      Map<String, Long> intended = percentiles(op.intendedLatencyUs());
      if (intended.containsKey("50") && intended.containsKey("99") && p.containsKey("99")) {
        // with -target, a client behind its schedule makes users wait longer than a call takes: that wait leads
        parts.add(String.format("%s intended p50 %,d us, p99 %,d us (service p99 %,d us)", name,
            intended.get("50"), intended.get("99"), p.get("99")));
      } else if (p.containsKey("50") && p.containsKey("99")) {
        parts.add(String.format("%s p50 %,d us, p99 %,d us", name, p.get("50"), p.get("99")));
      }
    }
    if (!parts.isEmpty()) {
      sb.append("; ").append(String.join("; ", parts));
    }
    return sb.toString();
  }

  private static Map<String, Long> percentiles(MergedJson.Latency l) {
    return l == null || l.percentiles() == null ? Map.of() : l.percentiles();
  }
}
