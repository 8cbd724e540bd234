package dev.ycsbpack.aggregate.merge;

import dev.ycsbpack.aggregate.input.ClientFolders;
import dev.ycsbpack.aggregate.input.ClientInput;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.result.Settings;
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
record Admission(List<ClientInput> all, List<ClientInput> ok, List<String> failed, Settings config) {

  static Admission of(List<ClientInput> clients, MergeOptions o) throws InputException, PartialResultException {
    if (clients.isEmpty()) {
      throw new InputException(null, 0, "no client folders given.", "pass the clients' folders.");
    }
    ClientFolders.refuseCopies(clients);
    Settings config = ConfigCheck.check(clients, o.allowedDifferences());
    if (!config.differences().isEmpty() && !o.force()) {
      throw new InputException(null, 0, "the clients did not run the same workload configuration; these properties "
          + "differ: " + describe(config) + ".", "merge only the clients of one run; if a property differs by "
          + "design, pass --allow-difference KEY; to merge anyway, pass --force (every output then lists the "
          + "differences).");
    }
    List<ClientInput> ok = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    for (ClientInput c : clients) {
      if (c.failed()) {
        failed.add(c.name());
        failures.add(c.name() + ": " + c.failure());
      } else {
        ok.add(c);
      }
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
    return new Admission(clients, ok, failed, config);
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
