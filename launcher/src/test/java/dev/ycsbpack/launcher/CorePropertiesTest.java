package dev.ycsbpack.launcher;

import dev.ycsbpack.common.YcsbClasses;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.AwkwardStrings;
import dev.ycsbpack.common.PropertyPairs;
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
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Every core property the pack's and upstream's workloads use, with values YCSB 0.17.0 would mishandle. */
class CorePropertiesTest {
  static final Path REPO = Path.of(System.getProperty("user.dir")).getParent();

  /** Upstream's workloada: 1000 records, 1000 operations, 50/50 zipfian. */
  static Properties workloada() {
    return PropertyPairs.of("workload=" + YcsbClasses.CORE_WORKLOAD, "recordcount=1000", "operationcount=1000",
        "readallfields=true", "readproportion=0.5", "updateproportion=0.5", "scanproportion=0", "insertproportion=0",
        "requestdistribution=zipfian");
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

  /** Phase | overrides (several joined by " & ") | what the one line must say. */
  @ParameterizedTest(name = "{0} {1} -> {2}")
  @CsvSource(delimiter = '|', value = {
      "run | recordcount=many | invalid recordcount=many: expected a whole number from 0",
      "run | 'recordcount=1000 ' | without spaces around it",
      "run | operationcount=-5 | invalid operationcount=-5",
      "run | recordcount=3000000000 | invalid recordcount=3000000000: expected a whole number from 0 to 2147483647",
      "load | insertstart=x & insertcount=10 | invalid insertstart=x",
      "load | insertcount=1.5 | invalid insertcount=1.5",
      "run | fieldcount=0 | invalid fieldcount=0: expected a whole number from 1",
      "run | fieldlength=0 | invalid fieldlength=0: expected a whole number from 1",
      "run | minfieldlength=0 | invalid minfieldlength=0",
      "run | fieldlengthdistribution=uniform & minfieldlength=200 & fieldlength=100 | minfieldlength=200 is more than"
          + " fieldlength=100",
      "run | target=-1 | invalid target=-1",
      "run | target=1e3 | invalid target=1e3",
      "run | threadcount=0 | invalid threadcount=0: expected a whole number from 1",
      "run | maxexecutiontime=ten | invalid maxexecutiontime=ten",
      "run | zeropadding=-1 | invalid zeropadding=-1",
      "run | status.interval=0 | invalid status.interval=0: expected a whole number from 1",
      "run | hdrhistogram.percentiles=50,,99 | invalid hdrhistogram.percentiles=50,,99",
      "run | hdrhistogram.percentiles=p99 | invalid hdrhistogram.percentiles=p99",
      "run | hdrhistogram.percentiles=50,101 | expected a comma list of percentiles",
      "run | maxscanlength=0 | invalid maxscanlength=0",
      "run | minscanlength=0 | invalid minscanlength=0",
      "run | minscanlength=50 & maxscanlength=10 | minscanlength=50 is more than maxscanlength=10",
      "run | readproportion=-0.1 | invalid readproportion=-0.1: expected a number, 0 or more",
      "run | updateproportion=half | invalid updateproportion=half",
      "run | scanproportion=NaN | invalid scanproportion=NaN",
      "run | insertproportion=Infinity | invalid insertproportion=Infinity",
      "run | readmodifywriteproportion=x | invalid readmodifywriteproportion=x",
      "run | readproportion=0 & updateproportion=0 | every operation proportion is 0",
      "run | hotspotdatafraction=1.5 | invalid hotspotdatafraction=1.5: expected a fraction from 0 to 1",
      "run | hotspotopnfraction=-1 | invalid hotspotopnfraction=-1",
      "run | requestdistribution=Zipfian | invalid requestdistribution=Zipfian: expected one of uniform, exponential,"
          + " sequential, zipfian, latest, hotspot",
      "run | 'requestdistribution=zipfian ' | write zipfian",
      "run | requestdistribution=gaussian | invalid requestdistribution=gaussian",
      "run | fieldlengthdistribution=normal | invalid fieldlengthdistribution=normal: expected one of constant,"
          + " uniform, zipfian, histogram",
      "run | scanlengthdistribution=latest | invalid scanlengthdistribution=latest: expected one of uniform, zipfian",
      "load | insertorder=Hashed | invalid insertorder=Hashed: expected one of hashed, ordered",
      "run | readallfields=yes | invalid readallfields=yes: expected true or false",
      "run | writeallfields=1 | invalid writeallfields=1",
      "load | dataintegrity=ture | invalid dataintegrity=ture",
      "run | dataintegrity=true & fieldlengthdistribution=uniform | dataintegrity=true needs"
          + " fieldlengthdistribution=constant",
      "run | hdrhistogram.fileoutput=on | invalid hdrhistogram.fileoutput=on",
      "run | measurementtype=hdr | invalid measurementtype=hdr: expected one of hdrhistogram, histogram,"
          + " hdrhistogram+histogram, hdrhistogram+raw, timeseries, raw",
      "run | measurement.interval=all | invalid measurement.interval=all",
      "load | insertstart=1000 | insertstart=1000 without insertcount",
      "load | insertstart=1000 & insertcount=10 | insertstart=1000 is at or past recordcount=1000",
      "load | insertstart=500 & insertcount=600 | insertstart=500 + insertcount=600 = 1100 is more than"
          + " recordcount=1000",
      "run | insertstart=500 & insertcount=600 | insertstart=500 + insertcount=600",
      "run | insertstart=1000 | insertstart=1000 is at or past recordcount=1000",
      "run | recordcount=<unset> | recordcount is 0 (or unset) in a run that reads",
      "load | operationcount=<unset> | requestdistribution=zipfian needs operationcount, even in a load",
      "run | fieldlengthdistribution=histogram & fieldlengthhistogram=no/such/hist.txt |"
          + " fieldlengthhistogram=no/such/hist.txt: no such file",
      "run | hdrhistogram.fileoutput=true & hdrhistogram.output.path=no/such/dir/host1- |"
          + " hdrhistogram.output.path=no/such/dir/host1-: folder no/such/dir does not exist; create it first",
      "run | hdrhistogram.fileoutput=true & hdrhistogram.output.path=no/such/dir/ | folder no/such/dir does not exist",
      "run | exportfile=no/such/dir/out.json | exportfile=no/such/dir/out.json: folder no/such/dir does not exist",
      "run | exportfile=. | invalid exportfile=.: expected a file name, not a folder",
      "run | measurementtype=raw & measurement.raw.output_file=no/such/raw.txt | folder no/such does not exist",
      "run | histogram.buckets=0 | invalid histogram.buckets=0",
      "run | exponential.percentile=0 | invalid exponential.percentile=0",
      "run | exportfile=bad\u0000name | invalid exportfile=bad\\u0000name"})
  void refusesWithOneLineNamingTheOptionTheValueAndWhatItAccepts(String phase, String overrides, String expected) {
    Properties p = with(overrides.split(" & "));
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
