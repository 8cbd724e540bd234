package dev.ycsbpack.aggregate.compare;

import dev.ycsbpack.aggregate.format.MergedJson;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * When the two sides ran, from each result's window: interleaved (their runs alternate in time, e.g. ABBA), apart
 * (every run of one side before the first of the other) or partly. Spread within a side cannot see drift between
 * sessions (the machine's load, the server's caches, a neighbour), so only interleaved sides earn a verdict of
 * "beyond run-to-run noise" (research {@code experiments.md} §4.3, §4.5; Abedi and Brecht, ICPE 2017).
 *
 * <p>Interleaved: in time order (by each run's start) the side changes at least min(n_A, n_B) times, as ABBA blocks
 * do (ABBAABBAAB has 5 changes for 5 and 5); apart: it changes once and one side's last run ends before the other's
 * first begins; overlapping: it changes once but the spans overlap; partly: anything between.
 *
 * @param order        which
 * @param labelChanges how often the side changes in time order
 * @param gapMs        for apart sides, from the end of the earlier side's last run to the start of the later side's
 *                     first; 0 otherwise
 * @param statement    what is said first when the sides were not interleaved; null when they were
 */
public record Timing(Order order, int labelChanges, long gapMs, String statement) {
  /** Where to earn a verdict the runs made apart cannot give. */
  public static final String AB_POINTER = "interleave them with bin/ycsb-experiment ab (A and B in alternating "
      + "rounds, ABBA)";

  /** How the sides lie in time. */
  public enum Order {
    /** Alternating: drift falls on both sides alike. */
    INTERLEAVED,
    /** Alternating in part only. */
    PARTLY,
    /** The sides' runs overlap in time but do not alternate (e.g. one run each, at once). */
    OVERLAPPING,
    /** One side's runs all before the other's. */
    APART,
    /** A result does not record when it ran. */
    UNKNOWN
  }

  /** Whether a difference found between the sides may be called beyond run-to-run noise. */
  public boolean earnsVerdict() {
    return order == Order.INTERLEAVED;
  }

  /** What is said about the timing: the statement, or for interleaved sides that drift falls on both alike. */
  public String describe() {
    return statement != null ? statement : "The sides' runs were interleaved in time (in time order the side changes "
        + labelChanges + " times), so drift between sessions falls on both alike.";
  }

  /** The reason a would-be difference is withheld, for the row and the headline. */
  public String withheld() {
    return switch (order) {
      case INTERLEAVED -> "";
      case UNKNOWN -> "differs by more than the spread within each side, but when the runs ran is not recorded: "
          + "drift between sessions cannot be ruled out; " + AB_POINTER;
      case PARTLY, OVERLAPPING -> "differs by more than the spread within each side, but the sides ran only partly "
          + "interleaved: drift cannot be ruled out; " + AB_POINTER;
      case APART -> "differs by more than the spread within each side, but the sides ran apart: drift cannot be "
          + "ruled out; " + AB_POINTER;
    };
  }

  private record Run(long start, long end, boolean isA) {
  }

  /** How {@code a}'s and {@code b}'s runs lie in time; {@code differences} counts how they were run otherwise. */
  public static Timing of(List<MergedJson> a, List<MergedJson> b, int differences) {
    List<Run> runs = new ArrayList<>();
    for (MergedJson r : a) {
      runs.add(new Run(r.window().startEpochMs(), r.window().endEpochMs(), true));
    }
    for (MergedJson r : b) {
      runs.add(new Run(r.window().startEpochMs(), r.window().endEpochMs(), false));
    }
    String others = differences == 0 ? "no other difference in configuration, environment or merge settings is "
        + "recorded"
        : differences + (differences == 1 ? " difference" : " differences") + " in how they were run "
            + "(configuration, environment, merge settings) are listed below";
    if (runs.stream().anyMatch(r -> r.start() <= 0 || r.end() < r.start())) {
      return new Timing(Order.UNKNOWN, 0, 0, "When the runs ran is not recorded in every result, so whether the sides "
          + "were interleaved is unknown: drift between sessions is not run-to-run noise, and no figure below is "
          + "called different beyond run-to-run noise on this evidence; " + others + ".");
    }
    runs.sort(Comparator.comparingLong(Run::start));
    int changes = 0;
    for (int i = 1; i < runs.size(); i++) {
      if (runs.get(i).isA() != runs.get(i - 1).isA()) {
        changes++;
      }
    }
    if (changes >= Math.min(a.size(), b.size()) && changes > 1) {
      return new Timing(Order.INTERLEAVED, changes, 0, null);
    }
    String span = "A " + span(a) + ", B " + span(b);
    if (changes > 1) {
      return new Timing(Order.PARTLY, changes, 0, "The sides ran only partly interleaved (" + span + "; in time "
          + "order the side changes " + changes + " times, fewer than the " + Math.min(a.size(), b.size())
          + " alternating rounds give): drift between sessions is not run-to-run noise, and the spread within "
          + "each side cannot see it, so no figure below is called different beyond run-to-run noise on this "
          + "evidence; " + AB_POINTER + ". Besides, " + others + ".");
    }
    boolean aFirst = runs.get(0).isA();
    List<MergedJson> first = aFirst ? a : b;
    List<MergedJson> later = aFirst ? b : a;
    long firstEnd = first.stream().mapToLong(r -> r.window().endEpochMs()).max().orElse(0);
    long laterStart = later.stream().mapToLong(r -> r.window().startEpochMs()).min().orElse(0);
    if (laterStart < firstEnd) {
      return new Timing(Order.OVERLAPPING, changes, 0, a.size() == 1 && b.size() == 1 ? "The two runs overlap in "
          + "time (" + span + "): they ran at once, not one after the other."
          : "The sides' runs overlap in time but "
              + "do not alternate (" + span
              + "): drift between sessions is not run-to-run noise, and the spread within "
              + "each side cannot see it, so no figure below is called different beyond run-to-run noise on this "
              + "evidence; " + AB_POINTER + ". Besides, " + others + ".");
    }
    long gap = laterStart - firstEnd;
    String who = aFirst ? "B" : "A";
    String before = aFirst ? "A" : "B";
    return new Timing(Order.APART, changes, gap, "The sides ran apart, not interleaved: " + who + " ran "
        + duration(gap) + " after " + before + " (" + span + "). Drift between sessions (the machine's load, the "
        + "server's caches) is not run-to-run noise, and the spread within each side cannot see it, so no figure "
        + "below is called different beyond run-to-run noise on this evidence; " + AB_POINTER + ". Besides, "
        + others + ".");
  }

  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT)
      .withZone(ZoneOffset.UTC);

  private static String span(List<MergedJson> side) {
    long start = side.stream().mapToLong(r -> r.window().startEpochMs()).min().orElse(0);
    long end = side.stream().mapToLong(r -> r.window().endEpochMs()).max().orElse(0);
    String s = CLOCK.format(Instant.ofEpochMilli(start));
    String e = CLOCK.format(Instant.ofEpochMilli(end));
    return s + " to " + (e.substring(0, 10).equals(s.substring(0, 10)) ? e.substring(11) : e) + " UTC";
  }

  /** "2 h 14 min", "3 min 5 s", "40 s", "0.4 s". */
  static String duration(long ms) {
    long s = ms / 1000;
    if (s >= 86_400) {
      return s / 86_400 + " d " + (s % 86_400) / 3600 + " h";
    }
    if (s >= 3600) {
      return s / 3600 + " h " + (s % 3600) / 60 + " min";
    }
    if (s >= 60) {
      return s / 60 + " min " + s % 60 + " s";
    }
    return ms >= 10_000 || ms % 1000 == 0 ? s + " s" : String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
  }
}
