package dev.ycsbpack.dist;

import static dev.ycsbpack.dist.YcsbRun.readMostly;
import static dev.ycsbpack.dist.Servers.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.PropertiesFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A secret whose value is short or a common word ('OVERALL', 'READY', 'ycsb', '1') is a coincidence inside the
 * lines machines read: it once failed runs that were complete ({@code no [*****] section on stdout}), kept a
 * coordinated client from ever being seen ready ({@code @ycsbpack *****}) and corrupted the client folder
 * ({@code db=dev.*****pack.mongodb.MongoDbClient}).
 */
class ShortSecretIT {
  @TempDir
  Path work;
  @RegisterExtension
  final FreshTable fresh = new FreshTable();

  @Test
  void aRunWithAShortPasswordIsCompleteAndItsFolderIntact() throws Exception {
    fresh.loadReadMostly(work, "-p", "recordcount=200");
    for (String password : List.of("OVERALL", "ycsb", "1")) {
      Path out = work.resolve("run-" + password);
      YcsbRun run = YcsbRun.run(work, concat("run", "mongodb", fresh.pointAt(), "-P", readMostly().toString(),
          "-p", "recordcount=200", "-p", "operationcount=300", "-s", "-p", "ycsbpack.allow=my.*",
          "-p", "my.password=" + password, "--out", out.toString()));
      assertEquals(0, run.exitCode, run::describe);
      assertTrue(run.stdout.contains("[OVERALL], RunTime(ms), "), run::describe);
      Map<String, String> verdict = PropertiesFiles.read(out.resolve("verdict.properties"));
      assertEquals("COMPLETE", verdict.get("status"), password + ": " + verdict);
      assertEquals("300", verdict.get("operations.completed"), password + ": " + verdict);
      String output = Files.readString(out.resolve("output.txt"));
      assertTrue(output.contains("[OVERALL], RunTime(ms), ") && output.contains("[OVERALL], Throughput(ops/sec), ")
          && !output.contains("*****"), password + ": output.txt:\n" + output);
      Map<String, String> props = PropertiesFiles.read(out.resolve("client.properties"));
      assertEquals("dev.ycsbpack.mongodb.MongoDbClient", props.get("db"), password + ": " + props);
      assertEquals("zipfian", props.get("requestdistribution"), password + ": " + props);
      assertEquals("my.*", props.get("ycsbpack.allow"), password + ": " + props);
      assertEquals("*****", props.get("my.password"), password + ": " + props);
      assertEquals("300", props.get("operationcount"), password + ": " + props);
      // the merge reads the folder as it is
      YcsbRun merge = YcsbRun.exec(work, YcsbRun.home().resolve("bin/ycsb-aggregate").toString(), "merge",
          out.toString(), "-o", work.resolve("merged-" + password).toString());
      assertEquals(0, merge.exitCode, merge::describe);
    }
    // the verdict reads what YCSB printed, not what is shown: the JSON exporter's "OVERALL" on stdout is a whole
    // token, masked on the terminal, and the run is complete all the same
    YcsbRun json = YcsbRun.run(work, concat("run", "mongodb", fresh.pointAt(), "-P", readMostly().toString(),
        "-p", "recordcount=200", "-p", "operationcount=300", "-p", "ycsbpack.allow=my.*",
        "-p", "my.password=OVERALL", "-p", "exporter=site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter"));
    assertEquals(0, json.exitCode, json::describe);
    assertTrue(json.stdout.contains("\"*****\"") && !json.stdout.contains("OVERALL"), json::describe);
  }

  @Test
  void aCoordinatedRunWithAPasswordNamedLikeAnEventStartsAndCompletes() throws Exception {
    for (String[] phase : List.of(new String[] {"load", "READY"}, new String[] {"run", "ycsb"})) {
      Path bundle = work.resolve(phase[0]);
      List<String> args = new ArrayList<>(List.of(phase[0], "mongodb"));
      args.addAll(List.of(fresh.pointAt()));
      args.addAll(List.of("-P", readMostly().toString(), "-p", "recordcount=400", "-p", "operationcount=400",
          "-p", "ycsbpack.allow=my.*", "-p", "my.password=" + phase[1], "-threads", "2",
          "--hosts", "local,local", "--ready-timeout", "60", "--out", bundle.toString(), "--quiet"));
      Coordinator c = Coordinator.run(work, List.of(), args);
      assertEquals(0, c.exitCode(), c::describe);
      assertEquals("COMPLETE", Coordinator.manifest(bundle).get("status").asText(), c::describe);
      assertFalse(c.stdout().contains("not ready") || c.stderr().contains("not ready"), c::describe);
    }
    assertEquals(400, fresh.countDocuments());
  }
}
