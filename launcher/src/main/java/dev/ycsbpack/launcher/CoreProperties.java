package dev.ycsbpack.launcher;

import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.YcsbClasses;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Checks the YCSB 0.17.0 core properties ({@code Client}, {@code CoreWorkload}, measurements) before YCSB sees
 * them, so that a value YCSB would ignore, misread, or fail on half-way through a run is refused up front with
 * one line naming the property, the value and what it accepts.
 *
 * <p>What YCSB 0.17.0 does with a bad value varies: {@code Boolean.parseBoolean} reads anything but "true" as
 * false, {@code insertorder} treats every word but "hashed" as ordered, unparsable percentiles silently fall
 * back to the default, {@code status.interval=0} spins, numbers with trailing spaces (which {@code .properties}
 * files keep) throw {@code NumberFormatException} in {@code main}, an unknown distribution exits 0 with nothing
 * run. Pure: reads the properties and, for output paths, whether folders exist; writes nothing.
 */
final class CoreProperties {
  static final int INT_MAX = Integer.MAX_VALUE;

  static final List<String> PROPORTIONS = List.of("readproportion", "updateproportion", "insertproportion",
      "scanproportion", "readmodifywriteproportion");
  /** The proportions' defaults in CoreWorkload 0.17.0, in the order of {@link #PROPORTIONS}. */
  private static final double[] PROPORTION_DEFAULTS = {0.95, 0.05, 0, 0, 0};
  /** Operations that need records to exist: all but insert. */
  private static final List<String> NEEDS_RECORDS = List.of("readproportion", "updateproportion",
      "scanproportion", "readmodifywriteproportion");

  static final List<String> REQUEST_DISTRIBUTIONS = List.of("uniform", "exponential", "sequential", "zipfian", "latest",
      "hotspot");
  static final List<String> FIELD_LENGTH_DISTRIBUTIONS = List.of("constant", "uniform", "zipfian", "histogram");
  static final List<String> SCAN_LENGTH_DISTRIBUTIONS = List.of("uniform", "zipfian");
  static final List<String> INSERT_ORDERS = List.of("hashed", "ordered");
  static final List<String> MEASUREMENT_TYPES = List.of("hdrhistogram", "histogram", "hdrhistogram+histogram",
      "hdrhistogram+raw", "timeseries", "raw");
  static final List<String> MEASUREMENT_INTERVALS = List.of("op", "intended", "both");
  static final List<String> BOOLEANS = List.of("readallfields", "writeallfields", "dataintegrity",
      "hdrhistogram.fileoutput", "measurement.trackjvm", "measurement.histogram.verbose",
      "measurement.raw.no_summary", "spin.sleep", "reportlatencyforeacherror", "status");

  private CoreProperties() {
  }

  /**
   * Refuses the first property value YCSB 0.17.0 cannot run as the user meant.
   *
   * @param load true for a load ({@code -load}), false for a run
   * @throws UsageException one line: the property, its value (capped, control characters escaped) and what it
   *                        accepts
   */
  static void check(Properties p, boolean load) throws UsageException {
    check(p, load, null);
  }

  /**
   * As {@link #check(Properties, boolean)}, for a run that will create {@code outFolder} ({@code --out}, null if none)
   * once accepted: the HdrHistogram path the pack points into it does not need to exist yet.
   */
  static void check(Properties p, boolean load, Path outFolder) throws UsageException {
    checkClient(p);
    checkMeasurements(p, outFolder);
    // by what the workload is, not its name: the coordinator's MultiClientWorkload (a CoreWorkload) is checked too
    String workload = p.getProperty("workload");
    if (workload != null && YcsbClasses.isCoreWorkload(workload)) {
      checkCoreWorkload(p, load);
    }
  }

  private static void checkClient(Properties p) throws UsageException {
    whole(p, "recordcount", 0, INT_MAX);
    whole(p, "operationcount", 0, INT_MAX);
    whole(p, "threadcount", 1, INT_MAX);
    whole(p, "target", 0, INT_MAX);
    whole(p, "maxexecutiontime", 0, INT_MAX);
    if (p.containsKey("status.interval")) {
      whole(p, "status.interval", 1, INT_MAX, " (seconds between status lines; with 0 YCSB 0.17.0 never finishes)");
    }
    for (String name : BOOLEANS) {
      bool(p, name);
    }
    outputFile(p, "exportfile");
  }

  private static void checkMeasurements(Properties p, Path outFolder) throws UsageException {
    oneOf(p, "measurementtype", MEASUREMENT_TYPES);
    oneOf(p, "measurement.interval", MEASUREMENT_INTERVALS);
    whole(p, "histogram.buckets", 1, INT_MAX);
    whole(p, "timeseries.granularity", 1, INT_MAX);
    percentiles(p);
    if (Boolean.parseBoolean(p.getProperty("hdrhistogram.fileoutput"))) {
      hdrOutputPath(p, outFolder);
    }
    if (p.getProperty("measurementtype", "").contains("raw")) {
      outputFile(p, "measurement.raw.output_file");
    }
  }

  private static void checkCoreWorkload(Properties p, boolean load) throws UsageException {
    whole(p, "insertstart", 0, INT_MAX);
    whole(p, "insertcount", 0, INT_MAX);
    whole(p, "fieldcount", 1, INT_MAX);
    long fieldLength = whole(p, "fieldlength", 1, INT_MAX, 100);
    long minFieldLength = whole(p, "minfieldlength", 1, INT_MAX, 1);
    whole(p, "zeropadding", 0, INT_MAX);
    long minScan = whole(p, "minscanlength", 1, INT_MAX, 1,
        " (a scan of 0 records asks the binding for no limit at all)");
    long maxScan = whole(p, "maxscanlength", 1, INT_MAX, 1000);
    whole(p, "core_workload_insertion_retry_limit", 0, INT_MAX);
    whole(p, "core_workload_insertion_retry_interval", 0, INT_MAX);

    String requestDistribution = oneOf(p, "requestdistribution", REQUEST_DISTRIBUTIONS);
    String fieldLengthDistribution = oneOf(p, "fieldlengthdistribution", FIELD_LENGTH_DISTRIBUTIONS);
    oneOf(p, "scanlengthdistribution", SCAN_LENGTH_DISTRIBUTIONS);
    oneOf(p, "insertorder", INSERT_ORDERS);

    double[] weights = new double[PROPORTIONS.size()];
    double total = 0;
    for (int i = 0; i < weights.length; i++) {
      weights[i] = real(p, PROPORTIONS.get(i), 0, Double.MAX_VALUE, PROPORTION_DEFAULTS[i],
          "a number, 0 or more (YCSB uses the proportions as weights)");
      total += weights[i];
    }
    real(p, "hotspotdatafraction", 0, 1, 0.2, "a fraction from 0 to 1");
    real(p, "hotspotopnfraction", 0, 1, 0.8, "a fraction from 0 to 1");
    real(p, "exponential.percentile", Double.MIN_VALUE, 100, 95, "a percentile above 0 and up to 100");
    real(p, "exponential.frac", Double.MIN_VALUE, 1, 0.8571428571, "a fraction above 0 and up to 1");

    if (p.containsKey("minscanlength") || p.containsKey("maxscanlength")) {
      if (minScan > maxScan) {
        throw new UsageException("minscanlength=" + minScan + " is more than maxscanlength=" + maxScan
            + ": expected minscanlength <= maxscanlength");
      }
    }
    if (fieldLengthDistribution.equals("uniform") || fieldLengthDistribution.equals("zipfian")) {
      if (minFieldLength > fieldLength) {
        throw new UsageException("minfieldlength=" + minFieldLength + " is more than fieldlength=" + fieldLength
            + ": with fieldlengthdistribution=" + fieldLengthDistribution
            + " expected minfieldlength <= fieldlength");
      }
    }
    if (fieldLengthDistribution.equals("histogram")) {
      String histogram = p.getProperty("fieldlengthhistogram", "hist.txt");
      if (!Files.isRegularFile(path("fieldlengthhistogram", histogram))) {
        throw new UsageException("fieldlengthhistogram=" + Text.shownPath(histogram) + ": no such file"
            + " (fieldlengthdistribution=histogram reads the field lengths from it)");
      }
    }
    if (Boolean.parseBoolean(p.getProperty("dataintegrity")) && !fieldLengthDistribution.equals("constant")) {
      throw new UsageException("dataintegrity=true needs fieldlengthdistribution=constant, not "
          + Text.shown(fieldLengthDistribution) + " (YCSB 0.17.0 would exit at start)");
    }
    if (requestDistribution.equals("zipfian") && !p.containsKey("operationcount")) {
      throw new UsageException("requestdistribution=zipfian needs operationcount, even in a load"
          + " (YCSB 0.17.0 reads it to size the key space); set -p operationcount=N");
    }
    keyRange(p, load, weights, total);
  }

  /** insertstart, insertcount and recordcount as CoreWorkload 0.17.0 combines them. */
  private static void keyRange(Properties p, boolean load, double[] weights, double total)
      throws UsageException {
    long recordCount = longOf(p, "recordcount", 0);
    long insertStart = longOf(p, "insertstart", 0);
    boolean countGiven = p.containsKey("insertcount");
    long insertCount = longOf(p, "insertcount", 0);
    if (load) {
      if (insertStart > 0 && !countGiven) {
        throw new UsageException("insertstart=" + insertStart + " without insertcount: YCSB 0.17.0 would insert"
            + " recordcount=" + recordCount + " records from key " + insertStart + ", past recordcount;"
            + " set insertcount to this client's share (e.g. -p insertcount=" + Math.max(1, recordCount - insertStart)
            + ")");
      }
      if (recordCount > 0 && insertStart >= recordCount) {
        throw new UsageException("insertstart=" + insertStart + " is at or past recordcount=" + recordCount
            + ": expected insertstart < recordcount (keys past recordcount are never read by a run)");
      }
    } else {
      if (total <= 0) {
        throw new UsageException("every operation proportion is 0 (" + String.join(", ", PROPORTIONS)
            + "): a run needs at least one above 0");
      }
      boolean needsRecords = false;
      for (int i = 0; i < weights.length; i++) {
        needsRecords |= weights[i] > 0 && NEEDS_RECORDS.contains(PROPORTIONS.get(i));
      }
      if (needsRecords && recordCount == 0) {
        throw new UsageException("recordcount is 0 (or unset) in a run that reads or updates: YCSB 0.17.0"
            + " would pick keys from 0 to " + INT_MAX + ", which were never loaded; set recordcount to the number"
            + " of records loaded");
      }
      if (recordCount > 0 && insertStart >= recordCount) {
        throw new UsageException("insertstart=" + insertStart + " is at or past recordcount=" + recordCount
            + ": expected insertstart < recordcount (the run chooses keys from insertstart on)");
      }
    }
    if (recordCount > 0 && countGiven && insertStart + insertCount > recordCount) {
      throw new UsageException("insertstart=" + insertStart + " + insertcount=" + insertCount + " = "
          + (insertStart + insertCount) + " is more than recordcount=" + recordCount
          + ": expected insertstart + insertcount <= recordcount (YCSB 0.17.0 would exit without running)");
    }
  }

  private static void percentiles(Properties p) throws UsageException {
    String raw = p.getProperty("hdrhistogram.percentiles");
    if (raw == null) {
      return;
    }
    String expected = ": expected a comma list of percentiles from 0 to 100, e.g. 50,90,99,99.9"
        + " (YCSB 0.17.0 silently falls back to 95,99 on a bad list)";
    String[] parts = raw.split(",", -1);
    for (String part : parts) {
      double v;
      try {
        v = Double.parseDouble(part);
      } catch (NumberFormatException e) {
        throw new UsageException("invalid hdrhistogram.percentiles=" + Text.shown(raw) + expected);
      }
      if (!(v >= 0 && v <= 100)) {
        throw new UsageException("invalid hdrhistogram.percentiles=" + Text.shown(raw) + expected);
      }
    }
  }

  /**
   * {@code hdrhistogram.output.path} is a file name prefix ({@code out/host1-} gives {@code out/host1-READ.hdr}).
   * Its folder must exist: YCSB would otherwise fail at its first histogram write, after the run. The folder is
   * not created here, so a mistyped path is reported rather than silently made.
   */
  private static void hdrOutputPath(Properties p, Path outFolder) throws UsageException {
    String prefix = p.getProperty("hdrhistogram.output.path", "");
    Path asGiven = path("hdrhistogram.output.path", prefix);
    Path folder = prefix.endsWith("/") ? asGiven : asGiven.getParent();
    boolean createdLater = folder != null && outFolder != null
        && folder.toAbsolutePath().normalize().equals(outFolder.toAbsolutePath().normalize());
    if (folder != null && !createdLater && !Files.isDirectory(folder)) {
      throw new UsageException("hdrhistogram.output.path=" + Text.shown(prefix) + ": folder "
          + Text.shown(folder.toString()) + (Files.exists(folder) ? " is not a folder" : " does not exist")
          + "; create it first (the path is a file name prefix: out/host1- writes out/host1-READ.hdr)");
    }
  }

  private static void outputFile(Properties p, String name) throws UsageException {
    String value = p.getProperty(name);
    if (value == null) {
      return;
    }
    if (value.isEmpty() || Files.isDirectory(path(name, value))) {
      throw new UsageException("invalid " + name + "=" + Text.shown(value) + ": expected a file name, not "
          + (value.isEmpty() ? "an empty one" : "a folder"));
    }
    Path folder = parent(value);
    if (folder != null && !Files.isDirectory(folder)) {
      throw new UsageException(name + "=" + Text.shown(value) + ": folder " + Text.shown(folder.toString())
          + " does not exist; create it first (YCSB 0.17.0 would fail only after the whole run)");
    }
  }

  private static Path parent(String file) {
    return Path.of(file).getParent();
  }

  /** A path a user gave, or a refusal naming it when the platform cannot have such a file. */
  private static Path path(String name, String value) throws UsageException {
    try {
      return Path.of(value);
    } catch (InvalidPathException e) {
      throw new UsageException("invalid " + name + "=" + Text.shown(value) + ": not a possible file name here");
    }
  }

  private static String oneOf(Properties p, String name, List<String> allowed) throws UsageException {
    String value = p.getProperty(name);
    if (value == null) {
      return defaultOf(name, allowed);
    }
    if (!allowed.contains(value)) {
      throw new UsageException("invalid " + name + "=" + Text.shown(value) + ": expected one of "
          + String.join(", ", allowed) + hint(value, allowed));
    }
    return value;
  }

  private static String defaultOf(String name, List<String> allowed) {
    switch (name) {
      case "fieldlengthdistribution" :
        return "constant";
      case "insertorder" :
        return "hashed";
      case "measurementtype" :
        return "hdrhistogram";
      case "measurement.interval" :
        return "op";
      default :
        return "uniform";
    }
  }

  private static String hint(String value, List<String> allowed) {
    String trimmed = value.trim().toLowerCase(Locale.ROOT);
    if (!trimmed.equals(value) && allowed.contains(trimmed)) {
      return " (YCSB 0.17.0 matches case and spaces exactly: write " + trimmed + ")";
    }
    return "";
  }

  private static void bool(Properties p, String name) throws UsageException {
    String value = p.getProperty(name);
    if (value != null && !value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
      throw new UsageException("invalid " + name + "=" + Text.shown(value)
          + ": expected true or false (YCSB 0.17.0 reads anything but true as false)");
    }
  }

  private static long whole(Properties p, String name, long min, long max) throws UsageException {
    return whole(p, name, min, max, 0, "");
  }

  private static long whole(Properties p, String name, long min, long max, String why) throws UsageException {
    return whole(p, name, min, max, 0, why);
  }

  private static long whole(Properties p, String name, long min, long max, long fallback) throws UsageException {
    return whole(p, name, min, max, fallback, "");
  }

  /** A whole number as YCSB reads it: {@code Integer.parseInt} of the value as it is, spaces included. */
  private static long whole(Properties p, String name, long min, long max, long fallback, String why)
      throws UsageException {
    String value = p.getProperty(name);
    return value == null ? fallback : accepted(name, value, Long::parseLong, n -> n >= min && n <= max,
        "a whole number from " + min + " to " + max + why
            + (spaced(value) ? " without spaces around it (YCSB 0.17.0 does not trim them)" : ""));
  }

  private static long longOf(Properties p, String name, long fallback) {
    String value = p.getProperty(name);
    return value == null ? fallback : Long.parseLong(value);
  }

  private static double real(Properties p, String name, double min, double max, double fallback, String expected)
      throws UsageException {
    String value = p.getProperty(name);
    return value == null ? fallback : accepted(name, value, Double::parseDouble,
        d -> d >= min && d <= max && Double.isFinite(d), expected);
  }

  /** {@code value} parsed, when it parses and is accepted; else the refusal naming the property and what it expects. */
  private static <N> N accepted(String name, String value, Function<String, N> parse, Predicate<N> accept,
      String expected) throws UsageException {
    try {
      N n = parse.apply(value);
      if (accept.test(n)) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException("invalid " + name + "=" + Text.shown(value) + ": expected " + expected);
  }

  private static boolean spaced(String value) {
    return !value.isEmpty() && !value.trim().equals(value);
  }
}
