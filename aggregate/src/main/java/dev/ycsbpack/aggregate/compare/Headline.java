package dev.ycsbpack.aggregate.compare;

import dev.ycsbpack.aggregate.stats.Significance;

/**
 * The comparison's one verdict: the primary figure judged alone at 5% by {@link Significance}'s rule (one test, so no
 * correction), withheld when the sides ran apart or a side is unstable. A reader can quote {@link #line()}.
 *
 * @param figure  the primary figure in words, e.g. {@code overall throughput}, {@code READ intended p99}
 * @param verdict its verdict; null when a side does not report it
 * @param why     why this figure is the primary one
 */
public record Headline(String figure, Significance verdict, String why) {
  /** What the line starts with. */
  public static final String LEAD = "Headline (primary figure, judged at 5%): ";

  /** The verdict's kind, or null when not judged. */
  public Significance.Kind kind() {
    return verdict == null ? null : verdict.kind();
  }

  /** The verdict's sentence. */
  public String statement() {
    return verdict == null ? "not judged: a side does not report it" : verdict.statement();
  }

  /** One line: {@code Headline (primary figure, judged at 5%): overall throughput: no difference beyond ...}. */
  public String line() {
    return LEAD + figure + ": " + statement();
  }
}
