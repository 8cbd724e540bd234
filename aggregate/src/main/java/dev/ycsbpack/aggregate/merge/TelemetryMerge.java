package dev.ycsbpack.aggregate.merge;

import dev.ycsbpack.aggregate.input.BundleLayout;
import dev.ycsbpack.aggregate.input.ClientInput;
import dev.ycsbpack.aggregate.input.OpSummary;
import dev.ycsbpack.aggregate.input.TelemetryInput;
import dev.ycsbpack.aggregate.result.ClientResult;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.Telemetry;
import dev.ycsbpack.aggregate.result.TelemetryWindow;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.telemetry.OpcounterCheck;
import dev.ycsbpack.common.telemetry.Sample;
import dev.ycsbpack.common.telemetry.Series;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The merge's telemetry: the series read beside the clients, those that meet the merged window kept, each server
 * series checked against the clients' operations ({@link OpcounterCheck}).
 *
 * <p>Where the series come from: a coordinator bundle's own {@code telemetry/} (the coordinator sampled the whole
 * run) when the merge is given the bundle's {@code clients/}; and each client folder's {@code telemetry/} ({@code
 * bin/ycsb --out} sampled its own run), labelled with that client's name. Several single-client folders merged
 * together thus keep each folder's server series apart: each covers its own client's run, and the clients may have
 * run at other times.
 */
public final class TelemetryMerge {
  /** The source of the one series every run samples from the deployment as the run's URL reaches it. */
  public static final String SERVER = "server";
  /** How the series of one of several mongos is named: {@code server-HOST_PORT}. */
  static final String MONGOS_PREFIX = SERVER + "-";

  /**
   * Series read and the lines for files that could not be.
   *
   * @param sources the series with the client folder that sampled each ("" for a bundle's)
   * @param problems files left out, one line each
   */
  record Gathered(List<Telemetry.Sampled> sources, List<String> problems) {
    boolean isEmpty() {
      return sources.isEmpty() && problems.isEmpty();
    }
  }

  private TelemetryMerge() {
  }

  /** Reads the series beside {@code args} (as given to the merge) and in each of {@code clients}' folders. */
  static Gathered gather(List<Path> args, List<ClientInput> clients) {
    List<Telemetry.Sampled> sources = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (Path a : args) {
      Optional<Path> bundle = BundleLayout.bundleOfClients(a);
      if (bundle.isPresent()) {
        add(TelemetryInput.read(bundle.get()), "", sources, problems);
      }
    }
    for (ClientInput c : clients) {
      add(TelemetryInput.read(c.dir()), c.name(), sources, problems);
    }
    return new Gathered(sources, problems);
  }

  private static void add(TelemetryInput.Loaded loaded, String client, List<Telemetry.Sampled> sources,
      List<String> problems) {
    for (Series s : loaded.series()) {
      sources.add(new Telemetry.Sampled(client, s, Optional.empty(), List.of()));
    }
    problems.addAll(loaded.problems());
  }

  /** {@code r} with the gathered series that meet its window, each server series checked; {@code r} when none. */
  static MergeResult attach(MergeResult r, Gathered g) {
    if (g.isEmpty()) {
      return r;
    }
    List<Telemetry.Sampled> kept = new ArrayList<>();
    List<String> notes = new ArrayList<>(g.problems());
    Map<String, List<Telemetry.Sampled>> mongos = new LinkedHashMap<>();
    for (Telemetry.Sampled s : g.sources()) {
      TelemetryWindow w = new TelemetryWindow(s.series(), r.windowStartMs(), r.windowEndMs());
      if (!w.overlaps()) {
        notes.add("telemetry " + Text.shown(s.label()) + " was sampled " + span(s.series())
            + ", outside the merged window: left out");
      } else if (s.series().source().startsWith(MONGOS_PREFIX)) {
        mongos.computeIfAbsent(s.client(), c -> new ArrayList<>()).add(s);
      } else {
        kept.add(SERVER.equals(s.series().source()) ? checked(List.of(s), r.clients()).get(0) : s);
      }
    }
    for (List<Telemetry.Sampled> routers : mongos.values()) {
      kept.addAll(checked(routers, r.clients()));
    }
    // the deployment's series before the machines', each kind in the order read
    kept.sort(Comparator.comparingInt(s -> s.series().source().startsWith(SERVER) ? 0 : 1));
    return r.withTelemetry(new Telemetry(kept, notes));
  }

  private static final String READ_MODIFY_WRITE = "READ-MODIFY-WRITE";

  /**
   * {@code servers} (the deployment's one series, or one sampler's mongos, whose counters are summed) with the
   * self-check against the merged clients whose logged span meets the series': on the first, the others unchanged.
   */
  static List<Telemetry.Sampled> checked(List<Telemetry.Sampled> servers, List<ClientResult> clients) {
    long from = Long.MAX_VALUE;
    long to = Long.MIN_VALUE;
    for (Telemetry.Sampled s : servers) {
      List<Sample> samples = s.series().samples();
      from = Math.min(from, samples.isEmpty() ? 0 : samples.get(0).epochMillis());
      to = Math.max(to, samples.isEmpty() ? 0 : samples.get(samples.size() - 1).epochMillis());
    }
    Map<String, Long> counts = new LinkedHashMap<>();
    List<String> names = new ArrayList<>();
    for (ClientResult c : clients) {
      boolean meets = c.startMs() == 0 || (c.startMs() <= to && c.endMs() >= from);
      if (!c.failed() && meets) {
        names.add(c.name());
        for (OpSummary op : c.own().values()) {
          // YCSB times a read-modify-write's read and update as a READ and an UPDATE too: counted there, once
          if (!op.name().equals(READ_MODIFY_WRITE)) {
            counts.merge(op.name(), op.operations(), Long::sum);
          }
        }
      }
    }
    Telemetry.Sampled first = servers.get(0);
    List<Series> series = servers.stream().map(Telemetry.Sampled::series).toList();
    // a client folder's warm-up inserts (mongodb.warmup) fell inside its series' window: off, as its verdict does
    OpcounterCheck check = OpcounterCheck.of(series, counts, OpcounterCheck.recordedWarmupInserts(series));
    List<Telemetry.Sampled> out = new ArrayList<>(servers);
    out.set(0, new Telemetry.Sampled(first.client(), first.series(), Optional.of(check), names));
    return out;
  }

  private static String span(Series s) {
    List<Sample> samples = s.samples();
    if (samples.isEmpty()) {
      return "with no sample";
    }
    return "from " + Instant.ofEpochMilli(samples.get(0).epochMillis()) + " to "
        + Instant.ofEpochMilli(samples.get(samples.size() - 1).epochMillis());
  }
}
