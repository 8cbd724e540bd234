package dev.ycsbpack.experiment.ab;

import java.util.ArrayList;
import java.util.List;

/**
 * The order an A/B experiment runs its arms in: rounds of one run each, A first in odd rounds and B first in even
 * ones (ABBA). Alternating spreads a drift of the server or the machine over both arms; reversing the order every
 * round keeps either arm from always running second, right after the other (a cache the other filled, a compaction it
 * started), so over each pair of rounds both arms meet the same positions.
 */
public final class AbOrder {
  private AbOrder() {
  }

  /**
   * One run of the order.
   *
   * @param round the round, from 1
   * @param arm   0 for A, 1 for B
   */
  public record Slot(int round, int arm) {
    /** The run's step name, {@code 03-B-r2}: its place in the order (from 1), its arm's label and its round. */
    public String name(int place, String label) {
      return String.format(java.util.Locale.ROOT, "%02d-%s-r%d", place, label, round);
    }
  }

  /** Every run of {@code rounds} rounds, in the order they run. */
  public static List<Slot> of(int rounds) {
    List<Slot> order = new ArrayList<>(2 * rounds);
    for (int r = 1; r <= rounds; r++) {
      int first = r % 2 == 1 ? 0 : 1;
      order.add(new Slot(r, first));
      order.add(new Slot(r, 1 - first));
    }
    return order;
  }

  /** The order in words: {@code round 1: A B, round 2: B A, ...}, the first rounds only. */
  public static String words(int rounds, String a, String b) {
    List<String> shown = new ArrayList<>();
    for (int r = 1; r <= Math.min(rounds, 3); r++) {
      shown.add("round " + r + ": " + (r % 2 == 1 ? a + " " + b : b + " " + a));
    }
    return String.join(", ", shown) + (rounds > 3 ? ", ..." : "");
  }
}
