package dev.ycsbpack.experiment.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbpack.cli.ToolCommandLine;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.experiment.sweep.SweepRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep's command line as its steps (nothing run, nothing written): the values a total split over the clients
 * keeps, the load's threads, and a --clients sweep's placement, one client a host and then the same number on each.
 */
class SweepPlanTest {
  @TempDir
  Path dir;

  private ExperimentLaunch.Launch prepare(String... options) throws Exception {
    Path workload = Files.writeString(dir.resolve("workload"), "workload=site.ycsb.workloads.CoreWorkload\n"
        + "readproportion=1\nrecordcount=100\noperationcount=1000\n");
    List<String> args = new ArrayList<>(List.of("sweep", "basic", "-P", workload.toString(), "--hosts",
        "local,local", "--out", dir.resolve("out").toString()));
    args.addAll(List.of(options));
    SweepCommand sweep = (SweepCommand) ToolCommandLine.create(new ExperimentMain()).parseArgs(
        args.toArray(String[]::new)).subcommand().commandSpec().userObject();
    return sweep.prepare(new LinkedHashMap<>());
  }

  private static List<String> names(ExperimentLaunch.Launch l) {
    return l.study().steps().stream().map(SweepRun.Planned::name).toList();
  }

  private static long threads(RunPlan p) {
    return p.clients().stream().mapToLong(ClientPlan::threads).sum();
  }

  @Test
  void aThreadSweepOverTwoHostsKeepsAThreadAClientAndLoadsWithTheMost() throws Exception {
    ExperimentLaunch.Launch l = prepare("-threads", "1,2,4", "--load");
    assertEquals(List.of("00-load", "01-threads-2", "02-threads-4"), names(l));
    assertEquals(List.of(2L, 4L), l.study().plan().values());
    assertEquals(1, l.study().plan().notes().size(), "the dropped value is noted: " + l.study().plan().notes());
    assertEquals(List.of(4L, 2L, 4L), l.study().steps().stream().map(s -> threads(s.plan())).toList());
    assertEquals(dir.resolve("out"), l.site().dir());
  }

  @Test
  void aClientSweepPlacesOneAHostThenTheSameNumberOnEach() throws Exception {
    ExperimentLaunch.Launch l = prepare("--clients", "1,2,4", "-threads", "3", "--repeat", "2");
    assertEquals(List.of("01-clients-1-r1", "02-clients-2-r1", "03-clients-4-r1", "01-clients-1-r2",
        "02-clients-2-r2", "03-clients-4-r2"), names(l));
    List<SweepRun.Planned> steps = l.study().steps();
    assertEquals(List.of(1, 2, 4), steps.subList(0, 3).stream().map(s -> s.plan().clients().size()).toList());
    assertEquals(List.of(1, 2, 2), steps.subList(0, 3).stream().map(s -> s.plan().hosts().size()).toList());
    assertEquals(List.of(3L, 6L, 12L), steps.subList(0, 3).stream().map(s -> threads(s.plan())).toList(),
        "-threads is per client in a --clients sweep");
  }
}
