package dev.ycsbpack.launcher;

import dev.ycsbpack.common.ErrorBudget;
import dev.ycsbpack.common.NearestName;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.YcsbClasses;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * Refuses a property that nothing in the run reads: a misspelled {@code recordcont=1000000} would otherwise run the
 * default (YCSB ignores names it does not know), and the result would look fine.
 *
 * <p>Known: every property YCSB 0.17.0's {@code Client}, {@code ClientThread}, {@code DBWrapper}, {@code StatusThread},
 * measurements and exporters read, those of the workload (for YCSB's {@code CoreWorkload}, its
 * {@code ConstantOccupancyWorkload} and the pack's {@code MultiClientWorkload}), those of the pack's bindings (whose
 * {@code mongodb.*} names the binding checks itself) and the pack's own {@code ycsbpack.*}. A workload class of
 * anyone else may read names nobody here can know: then nothing is refused. Users' own names pass when listed in
 * {@value #ALLOW} (names, or prefixes ending in {@code *}).
 */
final class KnownProperties {
  /** Opt-out for the user's own properties: {@code ycsbpack.allow=run.id,team.*}. */
  static final String ALLOW = "ycsbpack.allow";

  /** site.ycsb.Client and the classes around it (0.17.0). */
  static final Set<String> YCSB = Set.of("workload", "db", "exporter", "exportfile", "threadcount", "target",
      "operationcount", "recordcount", "insertcount", "insertstart", "maxexecutiontime", "dotransactions", "status",
      "status.interval", "label", "measurement.trackjvm", "spin.sleep", "reportlatencyforeacherror",
      "latencytrackederrors", "measurementtype", "measurement.interval", "measurement.histogram.verbose",
      "hdrhistogram.fileoutput", "hdrhistogram.output.path", "hdrhistogram.percentiles", "histogram.buckets",
      "timeseries.granularity", "measurement.raw.output_file", "measurement.raw.no_summary");
  /** Read by YCSB's HTrace set-up: every name under this prefix. */
  static final String HTRACE_PREFIX = "htrace.";
  /** site.ycsb.workloads.CoreWorkload and its generators (0.17.0). */
  static final Set<String> CORE_WORKLOAD = Set.of("table", "fieldcount", "fieldlength", "minfieldlength",
      "fieldlengthdistribution", "fieldlengthhistogram", "fieldnameprefix", "readallfields", "writeallfields",
      "dataintegrity", "readproportion", "updateproportion", "insertproportion", "scanproportion",
      "readmodifywriteproportion", "requestdistribution", "zeropadding", "minscanlength", "maxscanlength",
      "scanlengthdistribution", "insertorder", "hotspotdatafraction", "hotspotopnfraction",
      "core_workload_insertion_retry_limit", "core_workload_insertion_retry_interval", "exponential.percentile",
      "exponential.frac");
  /** site.ycsb.workloads.ConstantOccupancyWorkload, a CoreWorkload with three more. */
  static final Set<String> CONSTANT_OCCUPANCY = Set.of("disksize", "storageages", "occupancy");
  /**
   * The pack's own: the coordinator's client placement, the error budget, the no-progress rule, the names
   * {@code bin/ycsb} sets for YCSB in front of the binding and the workload, and this opt-out.
   */
  static final Set<String> PACK = Set.of(LaunchArguments.REAL_DB, MultiClientWorkload.INDEX, MultiClientWorkload.COUNT,
      MultiClientWorkload.TOTAL_OPERATIONS, ErrorBudget.MAX_ERROR_RATE, ErrorBudget.MAX_NOT_FOUND_RATE,
      StallWatch.PROPERTY, StoppableWorkload.REAL_WORKLOAD, StoppableWorkload.WINDOW_SECONDS, ALLOW);
  /** Workload classes whose every property is known here. */
  static final Set<String> KNOWN_WORKLOADS = Set.of(YcsbClasses.CORE_WORKLOAD,
      "site.ycsb.workloads.ConstantOccupancyWorkload", MultiClientWorkload.class.getName());
  /** Names YCSB reads only after 0.17.0: set here they would change nothing. */
  static final Map<String, String> AFTER_0_17 = Map.of(
      "readallfieldsbyname", "YCSB after 0.17.0 reads it; 0.17.0, which this pack runs, does not",
      "core_workload_insertion_keep_going_on_error", "YCSB after 0.17.0 reads it; 0.17.0, which this pack runs,"
          + " does not (use core_workload_insertion_retry_limit)");

  private KnownProperties() {
  }

  /**
   * @throws UsageException naming the first unknown property (in name order), its nearest known name and the opt-out
   */
  static void check(Properties p) throws UsageException {
    String workload = p.getProperty("workload", "").trim();
    if (!KNOWN_WORKLOADS.contains(workload)) {
      return; // another workload class may read any name
    }
    List<String> allowed = allowList(p);
    for (String name : new TreeSet<>(p.stringPropertyNames())) {
      if (known(name) || allowedByUser(name, allowed)) {
        continue;
      }
      String why = AFTER_0_17.get(name);
      if (why != null) {
        throw new UsageException("unsupported property " + name + ": " + why);
      }
      throw new UsageException("unknown property " + Text.shown(name) + NearestName.hint(name, all())
          + ": no part of this run reads it; correct it, or list your own properties in " + ALLOW
          + "=NAME,PREFIX* to keep them");
    }
  }

  private static boolean known(String name) {
    return YCSB.contains(name) || CORE_WORKLOAD.contains(name) || CONSTANT_OCCUPANCY.contains(name)
        || PACK.contains(name) || name.startsWith(HTRACE_PREFIX) || Bindings.reads(name);
  }

  private static List<String> allowList(Properties p) {
    List<String> out = new ArrayList<>();
    for (String entry : p.getProperty(ALLOW, "").split(",")) {
      if (!entry.isBlank()) {
        out.add(entry.trim());
      }
    }
    return out;
  }

  private static boolean allowedByUser(String name, List<String> allowed) {
    for (String a : allowed) {
      if (a.endsWith("*") ? name.startsWith(a.substring(0, a.length() - 1)) : name.equals(a)) {
        return true;
      }
    }
    return false;
  }

  /** Every known name, for the nearest-name hint. */
  private static Set<String> all() {
    Set<String> all = new TreeSet<>(YCSB);
    all.addAll(CORE_WORKLOAD);
    all.addAll(CONSTANT_OCCUPANCY);
    all.addAll(PACK);
    all.addAll(Bindings.names());
    return all;
  }
}
