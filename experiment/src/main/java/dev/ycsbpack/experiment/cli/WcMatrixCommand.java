package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.coordinator.plan.PlanException;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.experiment.sweep.SweepRun;
import dev.ycsbpack.experiment.wc.Rotation;
import dev.ycsbpack.experiment.wc.WriteConcernCell;
import dev.ycsbpack.experiment.wc.WriteConcernProbe;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.LongStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code wc-matrix}: the same workload under each write concern, repeated in rotating order, each run probed first. */
@Command(name = "wc-matrix", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Runs the workload once per write concern per repetition, each a coordinated run",
        "with its own bundle under DIR/steps/, on the same loaded data, in an order that",
        "rotates each repetition. Before each run, one probe write under that write",
        "concern (to a scratch collection, dropped after) asks whether the deployment",
        "can satisfy it; a cell it cannot is NOT RUN with the server's code and message,",
        "and the matrix goes on. Per cell: INSERT/UPDATE avg, min, max, p95, p99,",
        "throughput, the ratio to w=1, the spread over the repetitions, and the write",
        "concern the clients recorded sending."})
final class WcMatrixCommand extends ExperimentCommand {
  @Parameters(index = "0", paramLabel = "BINDING", description = "the binding, as for bin/ycsb: mongodb")
  String binding;

  @Option(names = "--write-concerns", paramLabel = "CELL[,CELL...]", defaultValue = WriteConcernCell.DEFAULT,
      description = "the cells, each settings joined by +: w=0, w=1, w=N, w=majority (or majority), w=tag:NAME, "
          + "j=true|false, wtimeout=MS; e.g. w=1,w=majority+j=true (default: ${DEFAULT-VALUE})")
  String writeConcerns;

  @Mixin
  FixedLoadOptions load;

  @Option(names = "--repeat", paramLabel = "R", defaultValue = "3", description = "runs of each cell; repetition r "
      + "starts at cell r and goes round (default: ${DEFAULT-VALUE})")
  int repeat;

  @Mixin
  ExperimentOptions options;

  @Override
  ExperimentLaunch.Launch prepare(Map<String, String> overrides) throws UsageError, PlanException, IOException {
    options.runOptions.readWorkload(binding, overrides);
    if (!binding.equals("mongodb")) {
      throw new UsageError("wc-matrix " + dev.ycsbpack.common.Text.shown(binding) + ": a write-concern matrix needs"
          + " a server that takes write concerns; use the mongodb binding");
    }
    List<WriteConcernCell> cells;
    try {
      cells = WriteConcernCell.parseList("--write-concerns", writeConcerns);
    } catch (IllegalArgumentException e) {
      throw new UsageError(e.getMessage());
    }
    long fixedThreads = load.threads();
    long fixedTarget = load.target();
    for (String key : List.of("mongodb.w", "mongodb.j", "mongodb.wtimeout", "mongodb.writeConcern")) {
      if (overrides.containsKey(key)) {
        throw new UsageError("-p " + key + "=" + dev.ycsbpack.common.Text.shown(overrides.get(key)) + ": the "
            + "matrix sets the write concern of each cell itself; give it in --write-concerns instead");
      }
    }
    ExperimentOptions.checkRepeat(repeat);
    Site site = options.site();
    StepPlanner planner = options.planner(binding, site);
    List<SweepRun.Planned> steps = options.loadStep(planner, overrides, fixedThreads, site);
    List<Cell> runs = runs(cells, planner, overrides, fixedThreads, fixedTarget, site.stepsDir());
    RunPlan first = runs.get(0).plan();
    Redactor redactor = FirstRun.check(first, options.runOptions);
    for (Cell run : runs) {
      steps.add(new SweepRun.Planned(run.name(), run.x(), run.plan(), false, true,
          new CellGate(run.cell(), run.plan().properties(), redactor)));
    }
    Map<String, String> shown = new TreeMap<>();
    first.properties().forEach((k, v) -> {
      if (!cells.get(0).properties().containsKey(k)) {
        shown.put(k, redactor.show(k, v)); // the plan's common properties; each cell's own are in writeConcerns
      }
    });
    ExperimentManifest.Plan plan = new ExperimentManifest.Plan("wc-matrix", binding, "write concern",
        LongStream.rangeClosed(1, cells.size()).boxed().toList(),
        options.workloadFiles(), shown,
        site.hostNames(), options.clientsPerHost(), fixedThreads, fixedTarget,
        List.of(), options.load, repeat, "none: every cell runs in every repetition; a cell the probe write shows the "
            + "deployment cannot satisfy is not run",
        cells.stream().map(WriteConcernCell::label).toList());
    return options.accepted(site, binding, plan, steps, List.of(), redactor);
  }

  /** One run of the matrix: its step name, its cell (and the cell's place in --write-concerns, from 1), its plan. */
  private record Cell(String name, WriteConcernCell cell, long x, RunPlan plan) {
  }

  /** Every repetition's runs, repetition r in the order {@link Rotation} gives it. */
  private List<Cell> runs(List<WriteConcernCell> cells, StepPlanner planner, Map<String, String> overrides,
      long threads, long target, Path stepsDir) throws PlanException {
    List<Cell> runs = new ArrayList<>();
    for (int r = 1; r <= repeat; r++) {
      for (int i : Rotation.order(cells.size(), r)) {
        WriteConcernCell cell = cells.get(i);
        String name = String.format("%02d-%s-r%d", runs.size() + 1, cell.folderName(), r);
        Map<String, String> props = new LinkedHashMap<>(overrides);
        props.putAll(cell.properties());
        runs.add(new Cell(name, cell, i + 1L, planner.run(props, threads, target, stepsDir.resolve(name))));
      }
    }
    return runs;
  }

  /**
   * Before each run: the probe write. The run's new keys start after every document already there (the loaded
   * records plus the earlier runs' inserts): {@link dev.ycsbpack.experiment.run.FreshInserts}, as for every step.
   */
  private record CellGate(WriteConcernCell cell, Map<String, String> merged, Redactor redactor)
      implements
        SweepRun.Probe {
    @Override
    public java.util.Optional<String> notRun() {
      return WriteConcernProbe.notRun(merged, cell).map(redactor::redact);
    }
  }
}
