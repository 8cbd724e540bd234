package dev.ycsbpack.launcher;

import dev.ycsbpack.common.Outcomes;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.telemetry.OpcounterCheck;
import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.telemetry.ServerSampling;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A client folder's server telemetry ({@code bin/ycsb --out DIR} with the mongodb binding, not under
 * {@code --control}, where the coordinator samples): sampling starts just before YCSB's client runs and stops just
 * after; the series go to {@code DIR/telemetry/} (with the binding's warm-up inserts in the identity, when there were
 * any), and the opcounter self-check gives the verdict's note. Nothing here
 * fails or changes the run's status.
 *
 * @param sampling the sampler, started
 * @param dir the client folder the series are written to
 * @param err where the sampler's warnings go
 */
record RunTelemetry(ServerSampling sampling, Path dir, PrintStream err) {
  /** Whether a run of {@code binding} with these arguments samples the server. */
  static boolean wanted(LaunchArguments launch, String binding) {
    return launch.out() != null && !launch.controlled() && launch.telemetry() && binding.equals("mongodb");
  }

  /**
   * Starts sampling the run's server; returns once the first sample is taken (a bounded wait), or null when the
   * sampler could not even start (said in one line: the run goes on without it).
   */
  static RunTelemetry start(LaunchArguments launch, PrintStream err) {
    Map<String, String> properties = PropertiesFiles.toMap(launch.properties());
    try {
      ServerSampling sampling = ServerSampling.start(properties, ServerSampling.intervalMs(properties),
          line -> err.println("bin/ycsb: warning: " + line));
      return new RunTelemetry(sampling, launch.out(), err);
    } catch (RuntimeException e) {
      err.println("bin/ycsb: warning: the server telemetry could not start (" + e + "); the run goes on without it");
      return null;
    }
  }

  /**
   * Takes the last sample, writes the series into the client folder and compares the server's opcounters with
   * {@code outcomes}, the run's operations (every {@code Return=} status), less {@code unmeasuredInserts} (the
   * warm-up's); the self-check's note, if the counts differ.
   */
  Optional<String> finish(Outcomes outcomes, long unmeasuredInserts) {
    List<Series> series = new ArrayList<>(sampling.stop());
    if (series.isEmpty()) {
      return Optional.empty();
    }
    if (unmeasuredInserts > 0) {
      // recorded beside the figures, so a merge of this folder takes them off as this verdict does
      series.set(0, series.get(0).withIdentity(OpcounterCheck.WARMUP_INSERTS, Long.toString(unmeasuredInserts)));
    }
    ServerSampling.write(dir, series, line -> err.println("bin/ycsb: warning: " + line));
    // several mongos: each counts only what went through it, so their counters are summed
    return OpcounterCheck.of(series, OpcounterCheck.clientOperations(outcomes), unmeasuredInserts).note();
  }
}
