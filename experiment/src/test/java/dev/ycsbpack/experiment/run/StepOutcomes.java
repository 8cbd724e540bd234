package dev.ycsbpack.experiment.run;

import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.coordinator.bundle.Bundle;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.run.CoordinatedRun;
import dev.ycsbpack.coordinator.run.RunOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The outcomes of steps whose figures a test chooses, built from the coordinator's and aggregate's own records: a
 * step's bundle holds the manifest its outcome carries, and its merged figures only where the test asks for them (a
 * sweep takes a step's figures from its outcome; only compare reads them from the bundle).
 */
public final class StepOutcomes {
  /** The operations every chosen step measured: 1,000 reads. */
  private static final long OPERATIONS = 1000;

  private StepOutcomes() {
  }

  /** A step's manifest: {@code status} with {@code reason}, the server's facts and the manifest's note. */
  public static Manifest manifest(String name, String status, String reason, String note, Map<String, String> server) {
    return Manifest.builder().note(note).status(status).reason(reason).command("test").phase("run").runId(name)
        .packVersion("test").server(server).hosts(List.of()).clients(List.of()).properties(Map.of()).notes(List.of())
        .byHost(List.of()).phasesMs(Map.of()).build();
  }

  /**
   * The merged figures of 1,000 reads at {@code throughput} ops/s, p99 100 us.
   *
   * @param window      the merge window, or null
   * @param config      the clients' configuration, or null
   * @param environment the clients' environment, or null
   */
  public static MergedJson merged(double throughput, MergedJson.Window window, MergedJson.Settings config,
      MergedJson.Settings environment) {
    MergedJson.Latency latency = new MergedJson.Latency(OPERATIONS, 50, 80.0, 10.0, 200, Map.of("99", 100L),
        List.of());
    return new MergedJson(List.of(), MergedJson.SCHEMA, true, null, "run", null, window, List.of(99.0),
        new MergedJson.Overall(1, 1, OPERATIONS, OPERATIONS, 1.0, null, throughput, null, 0, 0, 0.0, throughput, null,
            null),
        List.of(new MergedJson.Operation("READ", OPERATIONS, OPERATIONS, throughput, "latency", latency, null,
            Map.of("OK", OPERATIONS), 0, 0.0)),
        List.of(), config, false, environment, List.of(), null);
  }

  /** A step that failed: its bundle holds the FAILED manifest, as a coordinated run that failed leaves. */
  public static RunOutcome failed(Path out, Manifest failed) throws IOException {
    Bundle.create(out).write(failed);
    return new RunOutcome(failed, null, List.of(), CoordinatedRun.FAILED);
  }

  /**
   * A step that completed: its bundle holds the manifest, and {@code merged/merged.json} only when {@code written}
   * (a reader of the bundle, as compare is, needs it; the sweep must not).
   */
  public static RunOutcome complete(Path out, Manifest manifest, MergedJson merged, boolean written)
      throws IOException {
    Bundle bundle = Bundle.create(out);
    bundle.write(manifest);
    if (written) {
      Files.createDirectories(bundle.merged());
      MergedJson.MAPPER.writeValue(bundle.merged().resolve("merged.json").toFile(), merged);
    }
    return new RunOutcome(manifest, merged, List.of(), CoordinatedRun.COMPLETE);
  }
}
