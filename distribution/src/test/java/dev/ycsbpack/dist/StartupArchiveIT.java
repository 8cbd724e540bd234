package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/ycsb's class-data sharing archive (issue 19): the first load or run makes it in the cache, later runs map the
 * binding's classes from it, and an archive the JVM cannot use is never a warning or a failure.
 */
class StartupArchiveIT {
  private static final String CLASS_FROM_ARCHIVE =
      "dev.ycsbpack.mongodb.MongoDbClient source: shared objects file (top)";

  @TempDir
  Path work;

  @Test
  void theFirstRunArchivesTheClassesAndTheNextRunLoadsTheBindingFromTheArchive() throws IOException {
    Target target = TestTargets.inProcess();
    String table = Servers.newTable();
    Path cache = work.resolve("cds");
    try {
      // the coordinator's check before its clients start loads too few classes to be worth an archive
      YcsbRun check = YcsbRun.runWith(work, on(cache), Servers.concat(args("load", target, table), "--check"));
      assertEquals(0, check.exitCode, check::describe);
      assertFalse(Files.exists(cache) && !files(cache).isEmpty(), "a check archives nothing");
      // nor does a coordinated client: the archiving run keeps bin/ycsb as Java's parent, and the coordinator stops
      // a client by the pid it recorded, which must be the JVM's
      YcsbRun coordinated = YcsbRun.execWith(work, on(cache), YcsbRun.home().resolve("bin/ycsb-coordinator")
          .toString(), Servers.concat(args("load", target, table), "--hosts", "local,local", "--quiet", "--out",
          work.resolve("coordinated").toString()));
      assertEquals(0, coordinated.exitCode, coordinated::describe);
      assertFalse(Files.exists(cache) && !files(cache).isEmpty(), "a coordinated client archives nothing");
      Servers.drop(target, table);

      YcsbRun load = YcsbRun.runWith(work, on(cache), args("load", target, table));
      assertEquals(0, load.exitCode, load::describe);
      assertNoJvmWarning(load);
      List<Path> archives = files(cache);
      assertEquals(1, archives.size(), () -> "one archive, no leftovers: " + archives);
      assertTrue(archives.get(0).getFileName().toString().endsWith(".jsa"), archives::toString);

      Path classes = work.resolve("classes.log");
      YcsbRun run = YcsbRun.runWith(work, withClassLog(on(cache), classes), args("run", target, table));
      assertEquals(0, run.exitCode, run::describe);
      assertNoJvmWarning(run);
      assertTrue(Files.readString(classes).contains(CLASS_FROM_ARCHIVE), "the binding's classes come from the archive");
      assertEquals(archives, files(cache), "the archive is used, not made again");
    } finally {
      Servers.drop(target, table);
    }
  }

  @Test
  void runsWithTheirOwnJvmOptionsOrAnArchiveTheJvmCannotUseRunAsAskedWithoutAWord() throws IOException {
    Target target = TestTargets.inProcess();
    String table = Servers.newTable();
    Path cache = work.resolve("cds");
    try {
      // JVM options of the run's own are kept whole: the archiving JVM would record no JFR, so none is made
      Path recording = work.resolve("load.jfr");
      YcsbRun recorded = YcsbRun.runWith(work, on(cache), Servers.concat(args("load", target, table), "-jvm-args",
          "-XX:StartFlightRecording=filename=" + recording));
      assertEquals(0, recorded.exitCode, recorded::describe);
      assertTrue(Files.size(recording) > 0, "the JFR recording asked for is written");
      assertFalse(Files.exists(cache) && !files(cache).isEmpty(), "a run with -jvm-args archives nothing");
      Servers.drop(target, table);

      YcsbRun load = YcsbRun.runWith(work, on(cache), args("load", target, table));
      assertEquals(0, load.exitCode, load::describe);
      Path archive = files(cache).get(0);
      // what a JDK or build it does not match looks like to the JVM: a file whose header it refuses
      byte[] garbage = new byte[200_000];
      new Random(19).nextBytes(garbage);
      archive.toFile().setWritable(true);
      Files.write(archive, garbage);
      Path classes = work.resolve("classes.log");
      YcsbRun run = YcsbRun.runWith(work, withClassLog(on(cache), classes), args("run", target, table));
      assertEquals(0, run.exitCode, run::describe);
      assertNoJvmWarning(run);
      assertFalse(Files.readString(classes).contains(CLASS_FROM_ARCHIVE), "nothing loaded from garbage");

      Path offCache = work.resolve("off");
      YcsbRun off = YcsbRun.runWith(work, Map.of("YCSB_CDS", "off", "YCSB_CDS_DIR", offCache.toString()),
          args("run", target, table));
      assertEquals(0, off.exitCode, off::describe);
      assertFalse(Files.exists(offCache), "YCSB_CDS=off writes no archive");
    } finally {
      Servers.drop(target, table);
    }
  }

  private static Map<String, String> on(Path cache) {
    return Map.of("YCSB_CDS", "on", "YCSB_CDS_DIR", cache.toString());
  }

  /** The JVM's class-loading log into a file, without changing bin/ycsb's command line (nor its archive's name). */
  private static Map<String, String> withClassLog(Map<String, String> env, Path log) {
    return Map.of("YCSB_CDS", env.get("YCSB_CDS"), "YCSB_CDS_DIR", env.get("YCSB_CDS_DIR"),
        "JAVA_TOOL_OPTIONS", "-Xlog:class+load=info:file=" + log);
  }

  private static String[] args(String command, Target target, String table) {
    return Servers.concat(new String[] {command, "mongodb", "-P",
        YcsbRun.home().resolve("workloads/read95-update5").toString(), "-p", "recordcount=50",
        "-p", "operationcount=50"}, Servers.pointAt(target, table));
  }

  private static void assertNoJvmWarning(YcsbRun run) {
    for (String text : List.of(run.stdout, run.stderr)) {
      assertFalse(text.contains("[warning]") || text.contains("[error]") || text.contains("shared archive")
          || text.contains("A fatal error"), run::describe);
    }
  }

  private static List<Path> files(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.sorted().toList();
    }
  }
}
