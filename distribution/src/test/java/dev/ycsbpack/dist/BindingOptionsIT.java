package dev.ycsbpack.dist;

import static dev.ycsbpack.dist.YcsbRun.readMostly;
import static dev.ycsbpack.dist.Servers.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.testkit.TestTargets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** bin/ycsb with the binding options users bring from upstream YCSB and the mongodb-labs fork (issue 22). */
class BindingOptionsIT {
  @TempDir
  Path work;
  @RegisterExtension
  final FreshTable fresh = new FreshTable();

  @Test
  void anAdminUrlPathBenchmarksTheDatabaseOptionAndNothingEscapesAsAStackTrace() {
    String[] admin = {"-P", readMostly().toString(), "-p",
        "mongodb.url=" + fresh.target().connectionString() + "/admin",
        "-p", "mongodb.database=" + Servers.DATABASE, "-p", "table=" + fresh.table(), "-p", "recordcount=30",
        "-p", "operationcount=30"};
    YcsbRun early = YcsbRun.run(work, concat("run", "mongodb", admin));
    assertEquals(1, early.exitCode, early::describe);
    assertTrue(early.stderr.contains(Servers.DATABASE + "." + fresh.table() + " is empty (never loaded)"),
        early::describe);
    assertFalse(early.stderr.contains("Exception") || early.stderr.contains("\tat "), early::describe);

    YcsbRun load = YcsbRun.run(work, concat("load", "mongodb", admin));
    assertEquals(0, load.exitCode, load::describe);
    assertTrue(load.stderr.contains(" database=" + Servers.DATABASE + " "), load::describe);
    assertEquals(30, fresh.countDocuments());
    YcsbRun run = YcsbRun.run(work, concat("run", "mongodb", admin));
    assertEquals(0, run.exitCode, run::describe);
  }

  @Test
  void propertiesOverridingTheUrlAreNamedOnOneLineWithoutItsSecret() {
    YcsbRun load = YcsbRun.run(work, "load", "mongodb", "-P", readMostly().toString(), "-p",
        "mongodb.url=" + fresh.target().connectionString() + "/?w=1&maxPoolSize=5&readPreference=secondaryPreferred"
            + "&readPreferenceTags=dc:ny",
        "-p", "mongodb.database=" + Servers.DATABASE, "-p", "table=" + fresh.table(), "-p", "recordcount=10",
        "-p", "mongodb.w=majority", "-p", "mongodb.maxPoolSize=8", "-p", "mongodb.readPreference=nearest");
    assertEquals(0, load.exitCode, load::describe);
    List<String> lines = load.stderr.lines().filter(l -> l.contains("overrides the URL's")).toList();
    assertEquals(List.of("mongodb binding: mongodb.w=majority overrides the URL's w=1;"
        + " mongodb.readPreference=nearest overrides the URL's readPreference=secondaryPreferred;"
        + " mongodb.maxPoolSize=8 overrides the URL's maxPoolSize=5 (properties take precedence over mongodb.url;"
        + " upstream YCSB's binding kept the URL's)"), lines, load::describe);
    // the URL's tags survive the explicit mode
    assertTrue(load.stderr.contains(" readPreference={nearest, tags dc:ny} "), load::describe);
  }

  @Test
  void bindingOptionsThatCannotBeRunAsMeantAreOneLineAndExitStatus2() {
    String url = "mongodb.url=" + TestTargets.inProcess().connectionString();
    assertRefused(List.of("-p", url + "/foo", "-p", "mongodb.database=bar"),
        "bin/ycsb: error: the database is named twice: mongodb.url has /foo in its path and mongodb.database=bar;");
    assertRefused(List.of("-p", url, "-p", "mongodb.w=1", "-p", "mongodb.wtimeout=99999999999"),
        "bin/ycsb: error: invalid mongodb.wtimeout=99999999999: a timeout in milliseconds from 0 to 2147483647");
    assertRefused(List.of("-p", url, "-p", "mongodb.username=alice", "-p", "mongodb.password=s3cret"),
        "credentials go in mongodb.url as user info, percent-encoded");
    assertRefused(List.of("-p", url, "-p", "datatype=string"),
        "bin/ycsb: error: datatype=string is a property of the mongodb-labs YCSB fork");
    assertRefused(List.of("-p", url + "/?j=true"), "invalid mongodb.url option j: the driver's deprecated spelling");
  }

  private void assertRefused(List<String> options, String expected) {
    YcsbRun r = YcsbRun.run(work, concat("load", "mongodb", "-P", readMostly().toString(), "-p", "recordcount=10",
        options.toArray(new String[0])));
    assertEquals(2, r.exitCode, r::describe);
    assertEquals(1, r.stderr.lines().count(), () -> "one line\n" + r.describe());
    assertTrue(r.stderr.contains(expected), () -> "expected '" + expected + "'\n" + r.describe());
    assertFalse(r.stderr.contains("s3cret"), r::describe);
    assertEquals("", r.stdout, r::describe);
  }
}
