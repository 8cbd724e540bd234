package dev.ycsbpack.aggregate.compare;

import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.aggregate.input.ClientFolders;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.merge.ConfigCheck;
import dev.ycsbpack.aggregate.result.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads one side of a comparison (its repetitions) and refuses a side that cannot stand for one setup: an empty set,
 * a path that is not a merged result, one result given twice, or repetitions that ran different workload
 * configurations (by the merge's own rule, {@link ConfigCheck}).
 */
public final class Arms {
  private Arms() {
  }

  /** A side that cannot be compared; the message is one line naming the option and the value. */
  public static final class Unusable extends Exception {
    private static final long serialVersionUID = 1L;

    public Unusable(String message) {
      super(message);
    }
  }

  /**
   * Reads {@code paths}, each a merged.json or the folder holding it.
   *
   * @param option how the user named this side ({@code --a}, {@code BASELINE}), for messages
   * @throws Unusable      the command line cannot be run as given
   * @throws InputException a file is there but is not a readable merged result
   */
  public static List<Comparison.Named> read(String option, List<Path> paths) throws Unusable, InputException {
    if (paths == null || paths.isEmpty()) {
      throw new Unusable(option + ": an empty set; expected one or more merged results (merged.json or the folder "
          + "holding it), one per repetition");
    }
    List<Comparison.Named> out = new ArrayList<>();
    Map<Path, Path> byFile = new HashMap<>();
    Map<String, String> byRun = new HashMap<>();
    for (Path p : paths) {
      Path file = Files.isDirectory(p) ? p.resolve("merged.json") : p;
      if (!Files.exists(p)) {
        throw new Unusable(option + " " + ClientFolders.shown(p) + ": does not exist; expected a merged.json "
            + "written by 'ycsb-aggregate merge', or the folder holding it");
      }
      if (!Files.isRegularFile(file)) {
        throw new Unusable(option + " " + ClientFolders.shown(p) + ": is not a merged result (no merged.json in "
            + "it); expected a merged.json written by 'ycsb-aggregate merge', or the folder holding it");
      }
      Path real = realPath(file);
      Path earlier = byFile.putIfAbsent(real, p);
      if (earlier != null) {
        throw new Unusable(option + " " + ClientFolders.shown(p) + ": the same result as " + ClientFolders.shown(
            earlier) + "; give each repetition once (a result counted twice understates the noise)");
      }
      MergedJson r = Comparison.read(p);
      // a copy of one result elsewhere is the same run: same window to the millisecond and same operation count
      String run = r.window().startEpochMs() + "/" + r.window().endEpochMs() + "/" + r.overall().operations();
      String copyOf = byRun.putIfAbsent(run, ClientFolders.shown(p));
      if (copyOf != null) {
        throw new Unusable(option + " " + ClientFolders.shown(p) + ": holds the same run as " + copyOf + " (same "
            + "window and operation count); give each repetition once (a result counted twice understates the "
            + "noise)");
      }
      out.add(new Comparison.Named(p.toString(), r));
    }
    sameWorkload(option, out);
    return out;
  }

  /**
   * YCSB's CLEANUP section: each thread closing its connections at the end, in every run whatever the workload, so
   * it says nothing about what the workload measured.
   */
  public static final String NOT_MEASURED = "CLEANUP";

  /**
   * Refuses two sides with no measured operation in common (CLEANUP does not count: a read/update run and an
   * insert-only run share only it): there would be nothing to compare but totals of different work.
   */
  public static void shareOperations(String aOption, List<Comparison.Named> a, String bOption,
      List<Comparison.Named> b) throws Unusable {
    Set<String> x = operations(a);
    Set<String> y = operations(b);
    if (x.stream().noneMatch(y::contains)) {
      throw new Unusable(aOption + " and " + bOption + " share no measured operation (" + listed(x) + " against "
          + listed(y) + "; YCSB's CLEANUP does not count); expected results of the same workload's operations");
    }
  }

  private static String listed(Set<String> ops) {
    return ops.isEmpty() ? "none" : String.join(", ", ops);
  }

  private static Set<String> operations(List<Comparison.Named> side) {
    return side.stream().flatMap(n -> n.result().operations().stream().map(MergedJson.Operation::name))
        .filter(name -> !NOT_MEASURED.equals(name))
        .collect(Collectors.toCollection(LinkedHashSet::new));
  }

  private static void sameWorkload(String option, List<Comparison.Named> side) throws Unusable {
    if (side.size() < 2) {
      return;
    }
    Map<String, Map<String, String>> byResult = new LinkedHashMap<>();
    for (Comparison.Named n : side) {
      byResult.put(ClientFolders.shown(Path.of(n.name())), n.result().configuration().common());
    }
    Settings s = ConfigCheck.check(byResult, List.of(), true);
    if (!s.differences().isEmpty()) {
      throw new Unusable(option + ": the repetitions did not run the same workload configuration: "
          + s.differences().stream().map(Settings.Difference::describe).collect(Collectors.joining("; "))
          + "; expected repetitions of one setup on each side (put a different setup on the other side)");
    }
  }

  private static Path realPath(Path file) throws Unusable {
    try {
      return file.toRealPath();
    } catch (IOException e) {
      throw new Unusable(ClientFolders.shown(file) + ": cannot be read (" + e.getMessage() + ")");
    }
  }
}
