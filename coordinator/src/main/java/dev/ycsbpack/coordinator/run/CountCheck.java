package dev.ycsbpack.coordinator.run;

import dev.ycsbpack.common.CollectionCount;
import dev.ycsbpack.common.RunStatus;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.plan.Phase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checks a coordinated phase against the server's own count of the collection, from the counts each client's binding
 * recorded ({@link CollectionCount}).
 *
 * <p>Expected: the documents there before (every client counts before the start gate, when nothing has been written
 * yet; the largest is taken) plus the new documents all clients stored and the server acknowledged. Counted: the
 * largest of the clients' counts after their phases. Each client counts after all of its own writes, so the client
 * that counts last sees every client's documents, and a collection only grows in a load or a CoreWorkload run (it
 * has no deletes): the largest count is the final one. Fewer counted than expected is a shortfall.
 */
final class CountCheck {
  /** Every document expected was counted: the count is complete, in the word a run uses. */
  static final String COMPLETE = RunStatus.COMPLETE.label();
  static final String SHORTFALL = "SHORTFALL";

  private CountCheck() {
  }

  /** The check, or empty when some client recorded no counts (another binding, upserts, w=0, or a failed count). */
  static Optional<Manifest.Count> of(Phase phase, int clients, List<Map<String, String>> environments) {
    List<CollectionCount> counts = new ArrayList<>();
    for (Map<String, String> env : environments) {
      CollectionCount.of(env).ifPresent(counts::add);
    }
    if (counts.isEmpty() || counts.size() != clients) {
      return Optional.empty();
    }
    String collection = counts.get(0).collection();
    long before = counts.stream().mapToLong(CollectionCount::before).max().orElse(0);
    long stored = counts.stream().mapToLong(CollectionCount::inserted).sum();
    long counted = counts.stream().mapToLong(CollectionCount::after).max().orElse(0);
    long expected = before + stored;
    boolean complete = counted >= expected;
    String text = phase == Phase.LOAD
        ? String.format("%,d loaded, %,d counted in %s", stored, counted, collection)
            + (before > 0 ? String.format(" (%,d there before)", before) : "")
        : String.format("%,d new keys inserted, %,d counted in %s (%,d before the run)", stored, counted, collection,
            before);
    if (!complete) {
      text += String.format("; %,d documents missing", expected - counted);
    }
    return Optional.of(new Manifest.Count(collection, before, stored, expected, counted,
        complete ? COMPLETE : SHORTFALL, text));
  }
}
