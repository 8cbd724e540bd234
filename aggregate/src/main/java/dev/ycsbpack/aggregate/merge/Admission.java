package dev.ycsbpack.aggregate.merge;

import dev.ycsbpack.aggregate.input.ClientFolders;
import dev.ycsbpack.aggregate.input.ClientInput;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.result.Settings;
import dev.ycsbpack.common.ClientControl;
import java.util.ArrayList;
import java.util.List;

/**
 * Which clients may be merged: refuses copies of one client, different workload configurations (unless forced) and
 * failed clients (unless a partial result is accepted).
 *
 * @param all    every client given
 * @param ok     the clients that finished, in order
 * @param failed the names of those that did not
 * @param config their configurations, compared
 */
record Admission(List<ClientInput> all, List<ClientInput> ok, List<String> failed, List<String> stopped,
    Settings config) {

  static Admission of(List<ClientInput> clients, MergeOptions o) throws InputException, PartialResultException {
    if (clients.isEmpty()) {
      throw new InputException(null, 0, "no client folders given.", "pass the clients' folders.");
    }
    ClientFolders.refuseCopies(clients);
    Settings config = ConfigCheck.check(clients, o.allowedDifferences());
    if (!config.differences().isEmpty() && !o.force()) {
      throw new InputException(null, 0, "the clients did not run the same workload configuration; these properties "
          + "differ: " + describe(config) + ".",
          "merge only the clients of one run; if a property differs by "
              + "design, pass --allow-difference KEY; to merge anyway, pass --force (every output then lists the "
              + "differences).");
    }
    List<ClientInput> all = new ArrayList<>();
    List<ClientInput> ok = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    List<String> stopped = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    for (ClientInput given : clients) {
      ClientInput c = given;
      if (o.acceptPartial() && stoppedByItsLostCoordinator(c)) {
        // measured soundly until its coordinator vanished: merged, and the result says INCOMPLETE, naming it
        stopped.add(c.name());
        c = new ClientInput(c.name(), c.dir(), c.output(), c.properties(), c.environment(), c.logs(), null,
            c.verdict(), c.fingerprint());
      }
      all.add(c);
      if (c.failed()) {
        failed.add(c.name());
        failures.add(c.name() + ": " + c.failure());
      } else {
        ok.add(c);
      }
    }
    long stoppable = clients.stream().filter(Admission::stoppedByItsLostCoordinator).count();
    if (!o.acceptPartial() && stoppable > 0) {
      throw new PartialResultException(stoppable + " of " + clients.size() + " clients stopped before the end when "
          + "their coordinator was lost: " + String.join("; ", failures) + ". Fix: merge what they measured with "
          + "--accept-partial (every output then says INCOMPLETE on its first line); for a coordinator's bundle, "
          + "bin/ycsb-coordinator recover DIR does that and marks the bundle.");
    }
    if (ok.isEmpty()) {
      throw new InputException(null, 0, "no client finished: " + String.join("; ", failures) + ".",
          "re-run the clients; there is nothing to merge.");
    }
    if (!failed.isEmpty() && !o.acceptPartial()) {
      throw new PartialResultException(failed.size() + " of " + clients.size() + " clients failed: "
          + String.join("; ", failures) + ". The merged result would be incomplete. Fix: re-run the failed clients, "
          + "or pass --accept-partial to merge the others (every output then says INCOMPLETE on its first line).");
    }
    return new Admission(all, ok, failed, stopped, config);
  }

  /**
   * A client that stopped only because its coordinator was gone (killed, or the link to it lost): it stopped as on a
   * coordinator's STOP, so YCSB reported what it measured, and every operation it reports has its interval log. Its
   * verdict is FAILED (the run did not finish), but its measurements are whole up to its stop.
   */
  static boolean stoppedByItsLostCoordinator(ClientInput c) {
    if (c.verdict() == null || c.verdict().complete() || !c.verdict().reason().startsWith(ClientControl.LOST)
        || c.output() == null || !c.output().hasOverall()) {
      return false;
    }
    return c.output().operations().values().stream()
        .allMatch(op -> op.operations() == 0 || c.logs().containsKey(op.name()));
  }

  /** The differences as one line: {@code key: v1 (c1); v2 (c2) | key2: ...}. */
  static String describe(Settings config) {
    List<String> d = new ArrayList<>();
    for (Settings.Difference diff : config.differences()) {
      d.add(diff.describe());
    }
    return String.join(" | ", d);
  }
}
