package dev.ycsbpack.experiment.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbpack.coordinator.options.RunOptions;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.experiment.sweep.SweepRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadStepTest {
  @Test
  void theLoadIgnoresTheStepsTimeLimit(@TempDir Path dir) throws Exception {
    // the steps run 5 s each (7 s in the workload file); the load must still insert all 1,000 records, or every step
    // reads NOT_FOUND
    Path workload = Files.writeString(dir.resolve("workload"), "workload=site.ycsb.workloads.CoreWorkload\n"
        + "readproportion=1\nmaxexecutiontime=7\n");
    RunOptions options = new RunOptions();
    options.workloadFiles.add(workload);
    SweepRun.Planned load = ExperimentLaunch.loadStep("mongodb", options,
        Map.of("recordcount", "1000", "maxexecutiontime", "5"), 2, List.of(new Host.Local(1)), 1,
        dir.resolve("steps"));
    assertEquals("0", load.plan().properties().get("maxexecutiontime"));
    assertEquals("1000", load.plan().properties().get("recordcount"));
    load.plan().clients().forEach(c -> assertEquals("0", c.properties().get("maxexecutiontime"),
        "client " + c + " keeps the time limit"));
  }
}
