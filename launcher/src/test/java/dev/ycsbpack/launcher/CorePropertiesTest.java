package dev.ycsbpack.launcher;

import dev.ycsbpack.common.YcsbClasses;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.AwkwardStrings;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every core property the pack's and upstream's workloads use, with values YCSB 0.17.0 would mishandle. */
class CorePropertiesTest {
  static final Path REPO = Path.of(System.getProperty("user.dir")).getParent();

  /** Upstream's workloada: 1000 records, 1000 operations, 50/50 zipfian. */
  static Properties workloada() {
    Properties p = new Properties();
    p.setProperty("workload", YcsbClasses.CORE_WORKLOAD);
    p.setProperty("recordcount", "1000");
    p.setProperty("operationcount", "1000");
    p.setProperty("readallfields", "true");
    p.setProperty("readproportion", "0.5");
    p.setProperty("updateproportion", "0.5");
    p.setProperty("scanproportion", "0");
    p.setProperty("insertproportion", "0");
    p.setProperty("requestdistribution", "zipfian");
    return p;
  }

  private static Properties with(String... pairs) {
    Properties p = workloada();
    for (String pair : pairs) {
      int eq = pair.indexOf('=');
      if (pair.endsWith("=<unset>")) {
        p.remove(pair.substring(0, eq));
      } else {
        p.setProperty(pair.substring(0, eq), pair.substring(eq + 1));
      }
    }
    return p;
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        // phase, overrides, what the one line must say
        Arguments.of("run", List.of("recordcount=many"), "invalid recordcount=many: expected a whole number from 0"),
        Arguments.of("run", List.of("recordcount=1000 "), "without spaces around it"),
        Arguments.of("run", List.of("operationcount=-5"), "invalid operationcount=-5"),
        Arguments.of("run", List.of("recordcount=3000000000"), "invalid recordcount=3000000000: expected a whole"
            + " number from 0 to 2147483647"),
        Arguments.of("load", List.of("insertstart=x", "insertcount=10"), "invalid insertstart=x"),
        Arguments.of("load", List.of("insertcount=1.5"), "invalid insertcount=1.5"),
        Arguments.of("run", List.of("fieldcount=0"), "invalid fieldcount=0: expected a whole number from 1"),
        Arguments.of("run", List.of("fieldlength=0"), "invalid fieldlength=0: expected a whole number from 1"),
        Arguments.of("run", List.of("minfieldlength=0"), "invalid minfieldlength=0"),
        Arguments.of("run", List.of("fieldlengthdistribution=uniform", "minfieldlength=200", "fieldlength=100"),
            "minfieldlength=200 is more than fieldlength=100"),
        Arguments.of("run", List.of("target=-1"), "invalid target=-1"),
        Arguments.of("run", List.of("target=1e3"), "invalid target=1e3"),
        Arguments.of("run", List.of("threadcount=0"), "invalid threadcount=0: expected a whole number from 1"),
        Arguments.of("run", List.of("maxexecutiontime=ten"), "invalid maxexecutiontime=ten"),
        Arguments.of("run", List.of("zeropadding=-1"), "invalid zeropadding=-1"),
        Arguments.of("run", List.of("status.interval=0"), "invalid status.interval=0: expected a whole number"
            + " from 1"),
        Arguments.of("run", List.of("hdrhistogram.percentiles=50,,99"), "invalid hdrhistogram.percentiles=50,,99"),
        Arguments.of("run", List.of("hdrhistogram.percentiles=p99"), "invalid hdrhistogram.percentiles=p99"),
        Arguments.of("run", List.of("hdrhistogram.percentiles=50,101"), "expected a comma list of percentiles"),
        Arguments.of("run", List.of("maxscanlength=0"), "invalid maxscanlength=0"),
        Arguments.of("run", List.of("minscanlength=0"), "invalid minscanlength=0"),
        Arguments.of("run", List.of("minscanlength=50", "maxscanlength=10"), "minscanlength=50 is more than"
            + " maxscanlength=10"),
        Arguments.of("run", List.of("readproportion=-0.1"), "invalid readproportion=-0.1: expected a number,"
            + " 0 or more"),
        Arguments.of("run", List.of("updateproportion=half"), "invalid updateproportion=half"),
        Arguments.of("run", List.of("scanproportion=NaN"), "invalid scanproportion=NaN"),
        Arguments.of("run", List.of("insertproportion=Infinity"), "invalid insertproportion=Infinity"),
        Arguments.of("run", List.of("readmodifywriteproportion=x"), "invalid readmodifywriteproportion=x"),
        Arguments.of("run", List.of("readproportion=0", "updateproportion=0"), "every operation proportion is 0"),
        Arguments.of("run", List.of("hotspotdatafraction=1.5"), "invalid hotspotdatafraction=1.5: expected a"
            + " fraction from 0 to 1"),
        Arguments.of("run", List.of("hotspotopnfraction=-1"), "invalid hotspotopnfraction=-1"),
        Arguments.of("run", List.of("requestdistribution=Zipfian"), "invalid requestdistribution=Zipfian:"
            + " expected one of uniform, exponential, sequential, zipfian, latest, hotspot"),
        Arguments.of("run", List.of("requestdistribution=zipfian "), "write zipfian"),
        Arguments.of("run", List.of("requestdistribution=gaussian"), "invalid requestdistribution=gaussian"),
        Arguments.of("run", List.of("fieldlengthdistribution=normal"), "invalid fieldlengthdistribution=normal:"
            + " expected one of constant, uniform, zipfian, histogram"),
        Arguments.of("run", List.of("scanlengthdistribution=latest"), "invalid scanlengthdistribution=latest:"
            + " expected one of uniform, zipfian"),
        Arguments.of("load", List.of("insertorder=Hashed"), "invalid insertorder=Hashed: expected one of hashed,"
            + " ordered"),
        Arguments.of("run", List.of("readallfields=yes"), "invalid readallfields=yes: expected true or false"),
        Arguments.of("run", List.of("writeallfields=1"), "invalid writeallfields=1"),
        Arguments.of("load", List.of("dataintegrity=ture"), "invalid dataintegrity=ture"),
        Arguments.of("run", List.of("dataintegrity=true", "fieldlengthdistribution=uniform"),
            "dataintegrity=true needs fieldlengthdistribution=constant"),
        Arguments.of("run", List.of("hdrhistogram.fileoutput=on"), "invalid hdrhistogram.fileoutput=on"),
        Arguments.of("run", List.of("measurementtype=hdr"), "invalid measurementtype=hdr: expected one of"
            + " hdrhistogram, histogram, hdrhistogram+histogram, hdrhistogram+raw, timeseries, raw"),
        Arguments.of("run", List.of("measurement.interval=all"), "invalid measurement.interval=all"),
        Arguments.of("load", List.of("insertstart=1000"), "insertstart=1000 without insertcount"),
        Arguments.of("load", List.of("insertstart=1000", "insertcount=10"), "insertstart=1000 is at or past"
            + " recordcount=1000"),
        Arguments.of("load", List.of("insertstart=500", "insertcount=600"), "insertstart=500 + insertcount=600 ="
            + " 1100 is more than recordcount=1000"),
        Arguments.of("run", List.of("insertstart=500", "insertcount=600"), "insertstart=500 + insertcount=600"),
        Arguments.of("run", List.of("insertstart=1000"), "insertstart=1000 is at or past recordcount=1000"),
        Arguments.of("run", List.of("recordcount=<unset>"), "recordcount is 0 (or unset) in a run that reads"),
        Arguments.of("load", List.of("operationcount=<unset>"), "requestdistribution=zipfian needs"
            + " operationcount, even in a load"),
        Arguments.of("run", List.of("fieldlengthdistribution=histogram", "fieldlengthhistogram=no/such/hist.txt"),
            "fieldlengthhistogram=no/such/hist.txt: no such file"),
        Arguments.of("run", List.of("hdrhistogram.fileoutput=true", "hdrhistogram.output.path=no/such/dir/host1-"),
            "hdrhistogram.output.path=no/such/dir/host1-: folder no/such/dir does not exist; create it first"),
        Arguments.of("run", List.of("hdrhistogram.fileoutput=true", "hdrhistogram.output.path=no/such/dir/"),
            "folder no/such/dir does not exist"),
        Arguments.of("run", List.of("exportfile=no/such/dir/out.json"), "exportfile=no/such/dir/out.json: folder"
            + " no/such/dir does not exist"),
        Arguments.of("run", List.of("exportfile=."), "invalid exportfile=.: expected a file name, not a folder"),
        Arguments.of("run", List.of("measurementtype=raw", "measurement.raw.output_file=no/such/raw.txt"),
            "folder no/such does not"
                + " exist"),
        Arguments.of("run", List.of("histogram.buckets=0"), "invalid histogram.buckets=0"),
        Arguments.of("run", List.of("exponential.percentile=0"), "invalid exponential.percentile=0"),
        Arguments.of("run", List.of("exportfile=bad\u0000name"), "invalid exportfile=bad\\u0000name"));
  }

  @ParameterizedTest(name = "{0} {1} -> {2}")
  @MethodSource("refused")
  void refusesWithOneLineNamingTheOptionTheValueAndWhatItAccepts(String phase, List<String> overrides,
      String expected) {
    Properties p = with(overrides.toArray(new String[0]));
    UsageException e = assertThrows(UsageException.class, () -> CoreProperties.check(p, phase.equals("load")));
    assertTrue(e.getMessage().contains(expected), () -> "expected '" + expected + "' in: " + e.getMessage());
    assertOneLine(e.getMessage());
  }

  @Test
  void aWorkloadThatIsACoreWorkloadUnderAnotherNameIsCheckedAsOne() {
    // the coordinator runs MultiClientWorkload: the checks follow what the class is, not its name
    Properties p = with("workload=" + MultiClientWorkload.class.getName(), "recordcount=<unset>");
    UsageException e = assertThrows(UsageException.class, () -> CoreProperties.check(p, false));
    assertTrue(e.getMessage().contains("recordcount is 0 (or unset) in a run that reads or updates"), e::getMessage);
    Properties notCore = with("workload=site.ycsb.workloads.TimeSeriesWorkload", "recordcount=<unset>");
    assertDoesNotThrow(() -> CoreProperties.check(notCore, false), "another workload reads these its own way");
  }

  @Test
  void upstreamDefaultsNeedNoProperties() {
    Properties p = new Properties();
    p.setProperty("workload", YcsbClasses.CORE_WORKLOAD);
    p.setProperty("recordcount", "10");
    p.setProperty("operationcount", "10");
    assertDoesNotThrow(() -> CoreProperties.check(p, true));
    assertDoesNotThrow(() -> CoreProperties.check(p, false));
  }

  @Test
  void loadSharesAndOutputFoldersThatExistAreAccepted(@TempDir Path dir) {
    assertDoesNotThrow(() -> CoreProperties.check(with("insertstart=500", "insertcount=500"), true));
    assertDoesNotThrow(() -> CoreProperties.check(with("insertstart=0", "insertcount=250"), true));
    assertDoesNotThrow(() -> CoreProperties.check(with("insertstart=250", "insertcount=250"), false));
    assertDoesNotThrow(() -> CoreProperties.check(with("readproportion=6", "updateproportion=1"), false),
        "proportions are weights");
    assertDoesNotThrow(() -> CoreProperties.check(with("readproportion=0", "updateproportion=0",
        "insertproportion=1", "recordcount=<unset>"), false), "a run of inserts needs no loaded records");
    assertDoesNotThrow(() -> CoreProperties.check(with("hdrhistogram.fileoutput=true",
        "hdrhistogram.output.path=" + dir + "/host1-", "exportfile=" + dir.resolve("out.json"),
        "hdrhistogram.percentiles=50,90,99.9,100", "status.interval=1", "readallfields=FALSE"), false));
    assertDoesNotThrow(() -> CoreProperties.check(with("hdrhistogram.fileoutput=true",
        "hdrhistogram.output.path=host1-"), false), "a bare prefix writes into the working folder");
  }

  @Test
  void otherWorkloadClassesAreCheckedOnlyForClientAndMeasurementProperties() {
    Properties p = with("workload=site.ycsb.workloads.TimeSeriesWorkload", "fieldcount=0");
    assertDoesNotThrow(() -> CoreProperties.check(p, false));
    p.setProperty("threadcount", "0");
    assertThrows(UsageException.class, () -> CoreProperties.check(p, false));
  }

  static Stream<Path> shippedAndUpstreamWorkloads() throws IOException {
    List<Path> files = new ArrayList<>();
    try (Stream<Path> s = Files.list(REPO.resolve("workloads"))) {
      s.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().endsWith(".md")).forEach(files::add);
    }
    try (Stream<Path> s = Files.list(REPO.resolve("distribution/src/test/resources/upstream-0.17.0"))) {
      s.forEach(files::add);
    }
    return files.stream().sorted();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("shippedAndUpstreamWorkloads")
  void everyShippedAndUpstreamWorkloadPassesInBothPhases(Path file) throws IOException {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    }
    assertDoesNotThrow(() -> CoreProperties.check(p, true), file::toString);
    assertDoesNotThrow(() -> CoreProperties.check(p, false), file::toString);
  }

  static Stream<Arguments> awkwardValues() {
    List<String> names = List.of("recordcount", "operationcount", "fieldcount", "threadcount", "status.interval",
        "readproportion", "requestdistribution", "insertorder", "readallfields", "measurementtype",
        "hdrhistogram.percentiles", "maxscanlength", "hotspotdatafraction", "exportfile");
    List<String> values = new ArrayList<>(AwkwardStrings.passwords(20261123L, 60));
    values.add("x".repeat(5000));
    values.add("1\n[OVERALL], RunTime(ms), 1");
    List<Arguments> cases = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      cases.add(Arguments.of(names.get(i % names.size()), values.get(i)));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("awkwardValues")
  void anAwkwardValueIsEchoedCappedAndEscapedOnOneLine(String name, String value) {
    Properties p = with(name + "=" + value);
    if (name.equals("exportfile")) {
      p.setProperty(name, "no-such-folder-" + value + "/x");
    }
    UsageException e = assertThrows(UsageException.class, () -> CoreProperties.check(p, false), value);
    assertTrue(e.getMessage().contains(name), e::getMessage);
    assertOneLine(e.getMessage());
    assertTrue(e.getMessage().length() < 600, () -> "not capped: " + e.getMessage().length());
  }

  static void assertOneLine(String message) {
    assertTrue(message.chars().noneMatch(c -> c < 0x20 || c == 0x7f || c == 0x2028 || c == 0x2029),
        () -> "a control character or line break in: " + message);
  }
}
