package dev.ycsbpack.experiment.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.coordinator.options.HostOptions;
import dev.ycsbpack.coordinator.options.RunOptions;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.experiment.sweep.SweepRun;
import dev.ycsbpack.testkit.TestTargets;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An experiment's own load looks at its collection first (the in-process server): a non-empty one is refused, naming
 * it, its count and the ways out (and the recipe's experiment that loads, in a recipe); --fresh drops it and says so.
 */
class LoadTargetTest {
  @TempDir
  Path dir;

  private ExperimentLaunch.Launch launch(String table) throws Exception {
    Path workload = Files.writeString(dir.resolve("workload"), "workload=site.ycsb.workloads.CoreWorkload\n"
        + "readproportion=1\n");
    RunOptions options = new RunOptions();
    options.workloadFiles.add(workload);
    Map<String, String> props = Map.of("recordcount", "10", "mongodb.url",
        TestTargets.inProcess().connectionString(), "mongodb.database", "loadtarget", "table", table);
    SweepRun.Planned load = ExperimentLaunch.loadStep("mongodb", options, props, 1, List.of(new Host.Local(1)), 1,
        dir.resolve("steps"));
    ExperimentManifest.Plan plan = new ExperimentManifest.Plan("sweep", "mongodb", "threads", List.of(1L),
        List.of(), Map.of(), List.of("local"), 1, 0, 0, List.of(), true, 1, "rule", null);
    return new ExperimentLaunch.Launch(new Site(dir.resolve("exp"), null, new HostOptions(),
        List.of(new Host.Local(1)), 1), new Study("mongodb", options, plan, List.of(load), List.of(), true),
        Redactor.of(props));
  }

  private static MongoCollection<Document> collection(MongoClient c, String table) {
    return c.getDatabase("loadtarget").getCollection(table);
  }

  @Test
  void aNonEmptyCollectionIsRefusedAndFreshDropsIt() throws Exception {
    String table = "t" + System.nanoTime();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    try (MongoClient c = MongoClients.create(TestTargets.inProcess().connectionString())) {
      ExperimentLaunch.Launch l = launch(table);
      assertNull(ExperimentLaunch.checkLoadTarget(l, err), "an empty collection may be loaded");
      List<Document> docs = new ArrayList<>();
      for (int i = 0; i < 1234; i++) {
        docs.add(new Document("_id", "user" + i));
      }
      collection(c, table).insertMany(docs);
      assertEquals(2, ExperimentLaunch.checkLoadTarget(l, err));
      assertEquals("ycsb-experiment: error: --load: the collection loadtarget." + table + " already holds 1,234 "
          + "documents, and a load into it would stop at the first duplicate key; pass --fresh to drop it before the "
          + "load, or -p table=OTHER to load another collection\n", take(bytes));
      ExperimentLaunch.Launch inRecipe = l.withFacts(Map.of("recipe.name", "r1", "recipe.experiment", "fits"));
      assertEquals(2, ExperimentLaunch.checkLoadTarget(inRecipe, err));
      assertEquals("ycsb-experiment: error: recipe r1's experiment fits loads, but the collection loadtarget." + table
          + " already holds 1,234 documents, and a load into it would stop at the first duplicate key; pass --fresh "
          + "to drop it before the load, or -p table=OTHER to load another collection\n", take(bytes));
      assertNull(ExperimentLaunch.dropForLoad(l, err), "without --fresh nothing is dropped");
      assertEquals(1234, collection(c, table).countDocuments());

      ExperimentLaunch.Launch fresh = l.withFresh(true);
      assertNull(ExperimentLaunch.checkLoadTarget(fresh, err), "--fresh: the drop comes when the experiment starts");
      assertEquals(1234, collection(c, table).countDocuments(), "nothing dropped by the check");
      assertNull(ExperimentLaunch.dropForLoad(fresh, err));
      assertEquals("ycsb-experiment: --fresh: dropped loadtarget." + table + " (1,234 documents) before the load\n",
          take(bytes));
      assertEquals(0, collection(c, table).countDocuments());
    }
  }

  private static String take(ByteArrayOutputStream bytes) {
    String s = bytes.toString(StandardCharsets.UTF_8);
    bytes.reset();
    return s;
  }
}
