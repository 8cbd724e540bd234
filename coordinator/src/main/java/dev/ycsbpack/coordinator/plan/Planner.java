package dev.ycsbpack.coordinator.plan;

import dev.ycsbpack.common.ClientShare;
import dev.ycsbpack.common.ErrorBudget;
import dev.ycsbpack.common.OperationCount;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.Shares;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.YcsbClasses;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Splits a request over its clients.
 *
 * <ul>
 *   <li>{@code -threads}, {@code -target} and the operation count are totals: each client gets a near-equal share
 *       ({@link Shares}), the first ones one more, so the shares add up exactly.</li>
 *   <li>Load: the insert range {@code [insertstart, insertstart + insertcount)} (default: all of {@code recordcount})
 *       is cut into consecutive disjoint ranges, one per client; {@code recordcount} stays the total.</li>
 *   <li>Run: {@code operationcount} is split; every client reads the whole loaded key space, as a single client does;
 *       run-phase inserts go to disjoint keys through {@code MultiClientWorkload} (client i of N takes every N-th new
 *       key from {@code recordcount}).</li>
 *   <li>With a target, every client records intended latency beside service latency ({@code measurement.interval=both}
 *       unless the user chose {@code intended}).</li>
 * </ul>
 */
public final class Planner {
  static final String MULTI_CLIENT_WORKLOAD = "dev.ycsbpack.launcher.MultiClientWorkload";
  /** Status interval given to clients when the user sets none: progress, liveness and the merge window need it. */
  static final String DEFAULT_STATUS_INTERVAL = "1";
  /** YCSB's choice of latencies: {@code op} (service, its default), {@code intended}, or {@code both}. */
  static final String MEASUREMENT_INTERVAL = "measurement.interval";
  static final String MEASURE_SERVICE_ONLY = "op";

  private Planner() {
  }

  public static RunPlan plan(RunRequest r) throws PlanException {
    if (r.hosts().isEmpty()) {
      throw new PlanException("--hosts: give at least one host (local, or [user@]host[:port])");
    }
    if (r.clientsPerHost() < 1) {
      throw new PlanException("--clients-per-host " + r.clientsPerHost() + ": expected 1 or more");
    }
    Map<String, String> merged = merge(r);
    try {
      ErrorBudget.of(merged); // every client would refuse it; refused here before any starts
    } catch (IllegalArgumentException e) {
      throw new PlanException(e.getMessage());
    }
    int n = r.hosts().size() * r.clientsPerHost();
    Properties props = new Properties();
    props.putAll(merged);
    props.setProperty("dotransactions", Boolean.toString(r.phase() == Phase.RUN));
    // -threads/-target win over threadcount/target in the files, as with bin/ycsb; unset threads: one per client
    long totalThreads = r.threads() > 0 ? r.threads() : props.containsKey("threadcount")
        ? count(props, "threadcount", n) : n;
    long totalTarget = r.target() > 0 ? r.target() : count(props, "target", 0);
    if (totalThreads < n) {
      throw new PlanException("-threads " + totalThreads + ": the total must be at least the number of clients (" + n
          + "), so each client has a thread");
    }
    if (totalTarget > 0 && totalTarget < n) {
      throw new PlanException("-target " + totalTarget + ": the total must be 0 (unthrottled) or at least the number"
          + " of clients (" + n + "); a client's share of 0 would mean unthrottled to YCSB");
    }
    List<String> notes = new ArrayList<>();
    if (totalTarget > 0 && MEASURE_SERVICE_ONLY.equals(merged.getOrDefault(MEASUREMENT_INTERVAL, "").trim())) {
      notes.add(MEASUREMENT_INTERVAL + "=op became both: with -target the clients record the intended latency (from "
          + "each operation's scheduled start) beside the service latency");
    }
    Split split = new Split(r, merged, props, n, Shares.split(totalThreads, n), Shares.split(totalTarget, n));
    List<ClientPlan> clients = r.phase() == Phase.LOAD ? loadClients(split) : runClients(split, notes);
    return new RunPlan(r.phase(), r.binding(), r.hosts(), clients, merged, r.out(), notes, r.jvmArgs());
  }

  /**
   * What every client's plan is cut from.
   *
   * @param r       the request
   * @param merged  the properties every client starts from
   * @param props   the same, as YCSB reads them
   * @param n       how many clients
   * @param threads each client's share of the threads
   * @param targets each client's share of the target
   */
  private record Split(RunRequest r, Map<String, String> merged, Properties props, int n, long[] threads,
      long[] targets) {
    /** Client {@code i}'s properties: the merged ones with its share. */
    Map<String, String> properties(int i) {
      return clientProperties(merged, i, n, threads[i], targets[i]);
    }

    /** Client {@code i}'s plan. */
    ClientPlan client(int i, long operations, String keys, Map<String, String> properties) {
      return new ClientPlan(i, name(r, i), host(r, i), threads[i], targets[i], operations, keys, properties);
    }
  }

  /** A load's clients: each inserts its own range of the keys. */
  private static List<ClientPlan> loadClients(Split s) throws PlanException {
    Properties props = s.props();
    int n = s.n();
    List<ClientPlan> clients = new ArrayList<>(n);
    long recordcount = count(props, "recordcount", 0);
    long insertstart = count(props, "insertstart", 0);
    long insertcount = props.containsKey("insertcount") ? count(props, "insertcount", 0) : recordcount - insertstart;
    if (recordcount == 0 || insertcount <= 0) {
      throw new PlanException("recordcount=" + recordcount + ", insertstart=" + insertstart + ", insertcount="
          + insertcount + ": a load needs records to insert (recordcount > insertstart, insertcount > 0)");
    }
    if (insertstart + insertcount > recordcount) {
      throw new PlanException("insertstart + insertcount = " + (insertstart + insertcount) + " is past recordcount="
          + recordcount + " (YCSB 0.17 exits without inserting); lower insertcount or raise recordcount");
    }
    if (insertcount < n) {
      throw new PlanException("insertcount " + insertcount + " is less than the number of clients (" + n + ")");
    }
    List<Shares.KeyRange> ranges = Shares.ranges(insertstart, insertcount, n);
    for (int i = 0; i < n; i++) {
      Map<String, String> p = s.properties(i);
      p.put("insertstart", Long.toString(ranges.get(i).start()));
      p.put("insertcount", Long.toString(ranges.get(i).count()));
      clients.add(s.client(i, ranges.get(i).count(), "inserts keys " + ranges.get(i), p));
    }
    return clients;
  }

  /** A run's clients: each its share of the operations, inserting keys of its own when CoreWorkload inserts. */
  private static List<ClientPlan> runClients(Split s, List<String> notes) throws PlanException {
    Properties props = s.props();
    int n = s.n();
    List<ClientPlan> clients = new ArrayList<>(n);
    long operations = count(props, "operationcount", 0);
    if (operations < n) {
      throw new PlanException("operationcount=" + operations + ": the total must be at least the number of clients ("
          + n + ")");
    }
    long recordcount = count(props, "recordcount", 0);
    long[] ops = Shares.split(operations, n);
    String named = s.merged().getOrDefault("workload", YcsbClasses.CORE_WORKLOAD).trim();
    String workload = YcsbClasses.renamed(named).orElse(named);
    // only YCSB's CoreWorkload itself: a subclass may choose keys its own way, and replacing it would drop it
    boolean disjointInserts = workload.equals(YcsbClasses.CORE_WORKLOAD);
    if (!disjointInserts && n > 1) {
      notes.add("workload=" + Text.shown(workload) + " is not YCSB's CoreWorkload: the coordinator cannot keep its"
          + " run-phase inserts disjoint across clients; clients may insert the same keys");
    }
    for (int i = 0; i < n; i++) {
      Map<String, String> p = s.properties(i);
      p.put("operationcount", Long.toString(ops[i]));
      String keys = "reads all loaded keys";
      if (disjointInserts && n > 1) {
        p.put("workload", MULTI_CLIENT_WORKLOAD);
        // zipfian sizes its key space from operationcount: the total gives every client one shared hot set
        p.put(ClientShare.TOTAL_OPERATIONS, Long.toString(operations));
        keys += "; inserts keys " + recordcount + "+" + i + "+" + n + "k";
      }
      clients.add(s.client(i, ops[i], keys, p));
    }
    return clients;
  }

  /** -P files in order, then every -p, as bin/ycsb merges them. */
  static Map<String, String> merge(RunRequest r) throws PlanException {
    Map<String, String> m = new TreeMap<>();
    for (Path f : r.workloadFiles()) {
      if (Files.isDirectory(f)) {
        throw new PlanException("-P " + Text.shownPath(f.toString()) + ": is a directory; give a workload file");
      }
      if (!Files.isRegularFile(f)) {
        throw new PlanException("-P " + Text.shownPath(f.toString()) + ": no such file");
      }
      try {
        m.putAll(PropertiesFiles.read(f));
      } catch (IOException e) {
        throw new PlanException("-P " + Text.shownPath(f.toString()) + ": cannot read it: " + e.getMessage());
      }
    }
    m.putAll(r.overrides());
    if (!m.containsKey("workload")) {
      throw new PlanException("no workload given: pass -P with a workload file (e.g. -P workloads/read95-update5)");
    }
    return m;
  }

  /**
   * The merged properties with client {@code index}'s share. Only {@link ClientShare#PROPERTIES} may differ between
   * clients (aggregate lets exactly those differ); the index and count mark the client as one of this run's, in both
   * phases, so its folder can be merged again by hand.
   */
  private static Map<String, String> clientProperties(Map<String, String> merged, int index, int clients,
      long threads, long target) {
    Map<String, String> p = new LinkedHashMap<>(merged);
    p.put(ClientShare.INDEX, Integer.toString(index));
    p.put(ClientShare.COUNT, Integer.toString(clients));
    p.put("threadcount", Long.toString(threads));
    if (target > 0) {
      p.put("target", Long.toString(target));
      // a client behind its schedule shows only in the intended latency: with a target it is always recorded
      if (MEASURE_SERVICE_ONLY.equals(p.getOrDefault(MEASUREMENT_INTERVAL, MEASURE_SERVICE_ONLY).trim())) {
        p.put(MEASUREMENT_INTERVAL, "both");
      }
    } else {
      p.remove("target");
    }
    p.putIfAbsent("status.interval", DEFAULT_STATUS_INTERVAL);
    return p;
  }

  private static long count(Properties p, String name, long fallback) throws PlanException {
    try {
      return OperationCount.intProperty(p, name, fallback);
    } catch (IllegalArgumentException e) {
      throw new PlanException(e.getMessage());
    }
  }

  private static Host host(RunRequest r, int i) {
    return r.hosts().get(i / r.clientsPerHost());
  }

  private static String name(RunRequest r, int i) {
    String label = host(r, i).label().replaceAll("[^A-Za-z0-9._-]", "_");
    return String.format("%02d-%s", i + 1, label);
  }
}
