package dev.ycsbpack.common;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The "did you mean" of every refusal of an unknown name (a property, a URL option): the known name fewest edits away
 * from what was typed, case ignored, when it is close enough to be a typo.
 */
public final class NearestName {
  /** More edits than this and the names are unrelated, not a typo of each other. */
  public static final int MAX_EDITS = 2;

  private NearestName() {
  }

  /** The candidate closest to {@code name} within {@link #MAX_EDITS} edits (ties: the first in iteration order). */
  public static Optional<String> among(String name, Collection<String> candidates) {
    String lower = name.toLowerCase(Locale.ROOT);
    String best = null;
    int bestDistance = MAX_EDITS + 1;
    for (String candidate : candidates) {
      int d = distance(lower, candidate.toLowerCase(Locale.ROOT));
      if (d < bestDistance) {
        bestDistance = d;
        best = candidate;
      }
    }
    return Optional.ofNullable(best);
  }

  /** {@code " (did you mean X?)"} for the nearest candidate, or "" when none is near. */
  public static String hint(String name, Collection<String> candidates) {
    return among(name, candidates).map(n -> " (did you mean " + n + "?)").orElse("");
  }

  /** Levenshtein distance: insertions, deletions and substitutions, one each. */
  public static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
