package dev.ycsbpack.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The command line as bin/ycsb's Java side reads it: upstream's flags and precedence, and its refusals. */
class LaunchArgumentsTest {
  static final String WORKLOAD = "workload=site.ycsb.workloads.CoreWorkload";

  @TempDir
  Path dir;

  private Path file(String name, String content) throws IOException {
    Path f = dir.resolve(name);
    Files.writeString(f, content);
    return f;
  }

  @Test
  void laterFilesOverrideEarlierOnesAndEveryDashPOverridesEveryFile() throws Exception {
    Path a = file("a", WORKLOAD + "\nrecordcount=10\nfieldcount=3\n");
    Path b = file("b", "recordcount=20\n");
    LaunchArguments l = LaunchArguments.parse(new String[] {"run", "basic", "-p", "recordcount=30", "-P",
        a.toString(), "-P", b.toString(), "-threads", "4", "-target", "100", "-s", "-l", "x"});
    assertEquals("30", l.properties().getProperty("recordcount"), "-p wins whatever the order");
    assertEquals("3", l.properties().getProperty("fieldcount"));
    assertEquals("4", l.properties().getProperty("threadcount"));
    assertEquals("100", l.properties().getProperty("target"));
    assertEquals("true", l.properties().getProperty("status"));
    assertEquals("x", l.properties().getProperty("label"));
    assertEquals("true", l.properties().getProperty("dotransactions"));
    assertFalse(l.load());
    // the binding and the workload run behind the pack's stand-ins, which pass everything through
    assertEquals(List.of("-db", StartGateDB.class.getName(), "-p", LaunchArguments.REAL_DB + "=site.ycsb.BasicDB",
        "-t"), l.clientArgs().subList(0, 5));
    assertEquals(List.of("-p", "workload=" + StoppableWorkload.class.getName(), "-p",
        StoppableWorkload.REAL_WORKLOAD + "=site.ycsb.workloads.CoreWorkload"),
        l.clientArgs().subList(l.clientArgs().size() - 4, l.clientArgs().size()));
  }

  @Test
  void itsTextNamesNoPropertyValueSoNoPasswordWhereverItIsPrinted() throws Exception {
    String secret = "s3cr3t-Pa55";
    LaunchArguments l = LaunchArguments.parse(new String[] {"run", "basic", "-p", WORKLOAD, "-p",
        "mongodb.url=mongodb://u:" + secret + "@h/db", "-p", "mongodb.tls.keyStorePassword=" + secret});
    assertTrue(l.properties().getProperty("mongodb.url").contains(secret), "the run itself still has the URL");
    assertFalse(l.toString().contains(secret), l.toString());
    assertEquals("LaunchArguments[run, site.ycsb.BasicDB, out=null]", l.toString());
  }

  @Test
  void loadSetsThePhaseAndAValueSpelledLikeAFlagStaysAValue() throws Exception {
    LaunchArguments l = LaunchArguments.parse(new String[] {"load", "basic", "-p", WORKLOAD, "-p", "label=-cp",
        "-l", "-jvm-args", "-load"});
    assertTrue(l.load());
    assertEquals("false", l.properties().getProperty("dotransactions"));
    assertEquals("-jvm-args", l.properties().getProperty("label"));
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        Arguments.of(List.of("run"), "expected a command and a binding"),
        Arguments.of(List.of("walk", "basic"), "unknown command 'walk'"),
        Arguments.of(List.of("run", "mongo"), "unknown binding 'mongo'; available: mongodb, basic"),
        Arguments.of(List.of("run", "basic", "-p", WORKLOAD, "-thread", "4"), "unknown option '-thread'"),
        Arguments.of(List.of("run", "basic", "-p", WORKLOAD, "-threads", "0"), "-threads 0: expected a whole number,"
            + " 1 or more"),
        Arguments.of(List.of("run", "basic", "-p", WORKLOAD, "-target", "-1"), "-target -1"),
        Arguments.of(List.of("run", "basic", "-p", WORKLOAD, "-p", "=x"), "-p =x: expected NAME=VALUE"),
        Arguments.of(List.of("run", "basic", "-p", WORKLOAD, "-p"), "-p needs NAME=VALUE"),
        Arguments.of(List.of("run", "basic", "-p", WORKLOAD, "-load"), "-load contradicts the 'run' command"),
        Arguments.of(List.of("run", "basic", "-p", WORKLOAD, "-db", "x"), "-db is set by the binding name"),
        Arguments.of(List.of("run", "basic", "-P", "no/such/file"), "-P no/such/file: no such file"),
        // a mistyped file name is at the end of its path: shown whole, not cut at 80 characters
        Arguments.of(List.of("run", "basic", "-P", "/" + "x".repeat(120) + "/workloads/workloadz"),
            "x/workloads/workloadz: no such file"),
        Arguments.of(List.of("run", "basic", "-p", WORKLOAD, "--out", "a", "--out", "b"),
            "--out given twice (a, b); give one folder"),
        Arguments.of(List.of("run", "basic", "-p", "recordcount=1"), "no workload given"),
        Arguments.of(List.of("run", "basic", "-p", WORKLOAD, "-l"), "-l needs a label"),
        Arguments.of(List.of("run", "basic", "-p", WORKLOAD, "bad\nflag"), "unknown option 'bad\\nflag'"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  void refusals(List<String> args, String expected) {
    UsageException e = assertThrows(UsageException.class,
        () -> LaunchArguments.parse(args.toArray(new String[0])));
    assertTrue(e.getMessage().contains(expected), () -> "expected '" + expected + "' in: " + e.getMessage());
    CorePropertiesTest.assertOneLine(e.getMessage());
  }

  @Test
  void yscbsOwnClassesUnderTheirNamesBefore017RunUnderTheNewOnesWithANotice() throws Exception {
    Path fork = file("fork", "workload=com.yahoo.ycsb.workloads.CoreWorkload\n"
        + "exporter=com.yahoo.ycsb.measurements.exporter.TextMeasurementsExporter\nrecordcount=10\n");
    LaunchArguments l = LaunchArguments.parse(new String[] {"run", "basic", "-P", fork.toString()});
    assertEquals("site.ycsb.workloads.CoreWorkload", l.properties().getProperty("workload"));
    assertEquals("site.ycsb.measurements.exporter.TextMeasurementsExporter", l.properties().getProperty("exporter"));
    // YCSB reads the -p after the -P file: the new name is what it loads
    int at = l.clientArgs().lastIndexOf("workload=site.ycsb.workloads.CoreWorkload");
    assertTrue(at > l.clientArgs().indexOf(fork.toString()), l.clientArgs()::toString);
    assertEquals(List.of("bin/ycsb: notice: workload=com.yahoo.ycsb.workloads.CoreWorkload is YCSB's name before"
        + " 0.17; running site.ycsb.workloads.CoreWorkload (write that name to drop this notice)",
        "bin/ycsb: notice: exporter=com.yahoo.ycsb.measurements.exporter.TextMeasurementsExporter is YCSB's name"
            + " before 0.17; running site.ycsb.measurements.exporter.TextMeasurementsExporter (write that name to drop"
            + " this notice)"),
        l.notices());
  }

  @Test
  void aWorkloadClassThatDoesNotExistIsRefusedBeforeYcsbThrowsOnIt() {
    UsageException old = assertThrows(UsageException.class, () -> LaunchArguments.parse(new String[] {"run", "basic",
        "-p", "workload=com.yahoo.ycsb.workloads.NoSuchWorkload"}));
    assertEquals("invalid workload=com.yahoo.ycsb.workloads.NoSuchWorkload: YCSB 0.17.0 renamed its package"
        + " com.yahoo.ycsb to site.ycsb, and has no class site.ycsb.workloads.NoSuchWorkload", old.getMessage());
    UsageException missing = assertThrows(UsageException.class, () -> LaunchArguments.parse(new String[] {"run",
        "basic", "-p", "workload=site.ycsb.workloads.CoreWorkload "}));
    assertEquals("invalid workload=site.ycsb.workloads.CoreWorkload : no such class on the class path; expected a"
        + " workload class such as site.ycsb.workloads.CoreWorkload (add your own jar with -cp); remove the spaces"
        + " around the name", missing.getMessage());
  }

  @Test
  void aGatedClientWithATimeLimitCountsItFromTheFirstOperation() throws Exception {
    LaunchArguments gated = LaunchArguments.parse(new String[] {"run", "basic", "-p", WORKLOAD,
        "-p", "maxexecutiontime=5", "--control", "stdin"});
    String args = String.join(" ", gated.clientArgs());
    assertTrue(args.contains("-p workload=" + StoppableWorkload.class.getName() + " -p ycsbpack.workload="
        + "site.ycsb.workloads.CoreWorkload -p ycsbpack.window.seconds=5 -p maxexecutiontime=0"), args);
    assertEquals("5", gated.properties().getProperty("maxexecutiontime"), "the client folder records what was asked");
    LaunchArguments plain = LaunchArguments.parse(new String[] {"run", "basic", "-p", WORKLOAD,
        "-p", "maxexecutiontime=5"});
    assertFalse(String.join(" ", plain.clientArgs()).contains("ycsbpack.window"), "ungated: YCSB's own timer");
  }

  @Test
  void aDirectoryGivenToDashPIsNamedAsADirectory() {
    UsageException e = assertThrows(UsageException.class,
        () -> LaunchArguments.parse(new String[] {"run", "basic", "-P", dir.toString()}));
    assertTrue(e.getMessage().contains("-P " + dir + ": is a directory"), e::getMessage);
  }
}
