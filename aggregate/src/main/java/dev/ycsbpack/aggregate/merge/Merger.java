package dev.ycsbpack.aggregate.merge;

import dev.ycsbpack.aggregate.input.ClientFolders;
import dev.ycsbpack.aggregate.input.ClientInput;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.result.MergeResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;

/**
 * The merge, in its steps: admit the clients ({@link Admission}), scan every log once to find each client's span
 * ({@link LogScan}), place the window and its buckets ({@link WindowPlan}), merge each operation's intervals in time
 * order ({@link OpMerge}, each operation split in time over the threads), check every log against its output
 * ({@link CountCheck}), and assemble the result ({@link ResultAssembler}). Percentiles are read from summed
 * histograms, never averaged.
 */
public final class Merger {
  private Merger() {
  }

  /**
   * Reads the client folders (see {@link ClientFolders#expand}) and merges them, with the telemetry sampled beside
   * them ({@link TelemetryMerge}).
   */
  public static MergeResult merge(List<Path> folders, MergeOptions options)
      throws InputException, PartialResultException {
    List<ClientInput> clients = new ArrayList<>();
    for (Path dir : ClientFolders.expand(folders)) {
      clients.add(ClientFolders.load(dir));
    }
    TelemetryMerge.Gathered telemetry = TelemetryMerge.gather(folders, clients);
    return TelemetryMerge.attach(mergeClients(clients, options), telemetry);
  }

  /**
   * Merges clients already read. A sidecar found malformed while its counts are added (its CRCs held) drops the whole
   * attempt: the merge runs again with that log read from the log, and a note; so no count of it is used.
   */
  public static MergeResult mergeClients(List<ClientInput> clients, MergeOptions o)
      throws InputException, PartialResultException {
    Map<Path, String> distrusted = new HashMap<>();
    while (true) {
      try {
        return attempt(clients, o, distrusted);
      } catch (MalformedSidecar m) {
        if (distrusted.putIfAbsent(m.log(), m.why()) != null) {
          throw m; // that log was read from the log this time: cannot be its sidecar again
        }
      }
    }
  }

  private static MergeResult attempt(List<ClientInput> clients, MergeOptions o, Map<Path, String> distrusted)
      throws InputException, PartialResultException {
    Admission admission = Admission.of(clients, o);
    List<ClientInput> ok = admission.ok();
    try (Parallel parallel = new Parallel(o.threads())) {
      List<Callable<LogScan>> scans = new ArrayList<>();
      for (ClientInput c : ok) {
        scans.add(() -> LogScan.of(c, distrusted));
      }
      List<LogScan> scanned = parallel.runAll(scans);
      WindowPlan window = WindowPlan.of(ok, scanned, o);
      Set<Path> sidecars = LogScan.sidecars(scanned);
      double[] pcts = o.percentiles().stream().mapToDouble(Double::doubleValue).toArray();
      // each operation in as many time parts as there are threads, so no core waits for the last operation
      int parts = Math.min(o.threads(), window.buckets());
      List<Callable<OpMerge.Part>> tasks = new ArrayList<>();
      for (String op : operationNames(ok)) {
        for (int p = 0; p < parts; p++) {
          int from = (int) ((long) window.buckets() * p / parts);
          int to = (int) ((long) window.buckets() * (p + 1) / parts);
          tasks.add(() -> OpMerge.part(op, ok, window, pcts, from, to, sidecars));
        }
      }
      List<OpMerge.Part> done = parallel.runAll(tasks);
      List<OpMerge> merged = new ArrayList<>();
      for (int i = 0; i < done.size(); i += parts) {
        merged.add(OpMerge.combine(done.subList(i, i + parts)));
      }
      CountCheck.verify(ok, merged);
      return ResultAssembler.build(admission, window, merged, scanned, o);
    }
  }

  /** Workload operations first (by name), then CLEANUP and the rest; Intended-* sort after their operation. */
  private static Set<String> operationNames(List<ClientInput> ok) {
    Set<String> names = new TreeSet<>((a, b) -> {
      int ka = ResultAssembler.isWorkloadOp(stripIntended(a)) ? 0 : 1;
      int kb = ResultAssembler.isWorkloadOp(stripIntended(b)) ? 0 : 1;
      return ka != kb ? Integer.compare(ka, kb) : a.compareTo(b);
    });
    for (ClientInput c : ok) {
      names.addAll(c.logs().keySet());
    }
    return names;
  }

  private static String stripIntended(String name) {
    return name.startsWith(ResultAssembler.INTENDED) ? name.substring(ResultAssembler.INTENDED.length()) : name;
  }
}
