package dev.ycsbpack.experiment.sweep;

import dev.ycsbpack.common.Text;
import java.util.ArrayList;
import java.util.List;

/** The swept values of a list option ({@code -threads 1,2,4}): whole numbers from 1, strictly ascending. */
public final class SweepValues {
  /** More steps than this is a typo, not a study (a 1..128 doubling sweep has 8). */
  public static final int MAX_STEPS = 32;

  private SweepValues() {
  }

  /**
   * Parses {@code value} strictly.
   *
   * @throws IllegalArgumentException one line naming the option, the value and what is accepted
   */
  public static List<Long> parse(String option, String value) {
    String accepted = ": expected whole numbers of 1 or more, comma-separated and ascending, at most " + MAX_STEPS
        + ", e.g. " + option + " 1,2,4,8";
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(option + " " + Text.shown(String.valueOf(value)) + ": the list is empty"
          + accepted);
    }
    List<Long> out = new ArrayList<>();
    for (String part : value.split(",", -1)) {
      String p = part.strip();
      if (p.isEmpty()) {
        throw new IllegalArgumentException(option + " " + Text.shown(value) + ": an empty step" + accepted);
      }
      if (!p.matches("[0-9]{1,9}")) {
        throw new IllegalArgumentException(option + " " + Text.shown(value) + ": " + Text.shown(part)
            + " is not a whole number" + accepted);
      }
      long v = Long.parseLong(p);
      if (v < 1) {
        throw new IllegalArgumentException(option + " " + Text.shown(value) + ": " + v + " is below 1" + accepted);
      }
      if (!out.isEmpty() && v <= out.get(out.size() - 1)) {
        throw new IllegalArgumentException(option + " " + Text.shown(value) + ": " + v + " does not follow "
            + out.get(out.size() - 1) + accepted);
      }
      out.add(v);
    }
    if (out.size() > MAX_STEPS) {
      throw new IllegalArgumentException(option + " " + Text.shown(value) + ": " + out.size() + " steps" + accepted);
    }
    return out;
  }

  /** A share of the measured maximum above this is a typo, not a study (150% already overloads the server). */
  public static final long MAX_PERCENT = 150;

  /**
   * Whether {@code value} is a list of shares of the measured maximum ({@code 25%,50%}): any part ends in
   * {@code %}.
   */
  public static boolean isShares(String value) {
    return value != null && value.contains("%");
  }

  /**
   * Parses a list of shares of the measured unthrottled maximum, {@code 25%,50%,90%}, strictly: every part a whole
   * percentage from 1 to {@link #MAX_PERCENT}, ascending; absolute targets and shares are not mixed.
   *
   * @return the percentages
   * @throws IllegalArgumentException one line naming the option, the value and what is accepted
   */
  public static List<Long> parseShares(String option, String value) {
    String accepted = ": expected whole percentages of the measured unthrottled maximum from 1% to " + MAX_PERCENT
        + "%, comma-separated and ascending, every one with its %, e.g. " + option + " 25%,50%,75%,90%";
    List<Long> out = new ArrayList<>();
    for (String part : value.split(",", -1)) {
      String p = part.strip();
      String why = null;
      if (p.isEmpty()) {
        why = "an empty step";
      } else if (!p.endsWith("%")) {
        why = Text.shown(part) + " is not a percentage (absolute targets and shares of the maximum are not mixed)";
      } else if (!p.matches("[0-9]{1,9}%")) {
        why = Text.shown(part) + " is not a whole percentage";
      } else {
        long v = Long.parseLong(p.substring(0, p.length() - 1));
        if (v < 1 || v > MAX_PERCENT) {
          why = v + "% is outside 1% to " + MAX_PERCENT + "%";
        } else if (!out.isEmpty() && v <= out.get(out.size() - 1)) {
          why = v + "% does not follow " + out.get(out.size() - 1) + "%";
        }
        out.add(v);
      }
      if (why != null) {
        throw new IllegalArgumentException(option + " " + Text.shown(value) + ": " + why + accepted);
      }
    }
    if (out.size() > MAX_STEPS) {
      throw new IllegalArgumentException(option + " " + Text.shown(value) + ": " + out.size() + " steps" + accepted);
    }
    return out;
  }

  /**
   * The values a sweep can run over {@code clients} clients, and the note saying which were dropped (null when none):
   * a total of threads or ops/s is split over the clients, and each client needs at least one of it. So the
   * documented {@code -threads 1,2,4,...} runs with two hosts from 2 on, rather than being refused.
   *
   * @param option the option, e.g. {@code -threads}
   * @param unit   what each client needs one of, e.g. {@code thread}
   * @throws IllegalArgumentException one line, when no value is left
   */
  public static Kept atLeastOnePerClient(String option, List<Long> values, long clients, String unit) {
    List<Long> kept = values.stream().filter(v -> v >= clients).toList();
    List<Long> dropped = values.stream().filter(v -> v < clients).toList();
    String why = "below the " + clients + " clients (each client needs at least one " + unit + ")";
    if (kept.isEmpty()) {
      throw new IllegalArgumentException(option + " " + joined(values) + ": every value is " + why
          + ": expected values of " + clients + " or more");
    }
    return new Kept(kept, dropped.isEmpty() ? null : option + " " + joined(dropped) + " dropped, " + why
        + "; the sweep runs " + joined(kept));
  }

  /**
   * A sweep's values after {@link #atLeastOnePerClient}.
   *
   * @param values the values that run
   * @param note   which were dropped and why, or null
   */
  public record Kept(List<Long> values, String note) {
  }

  private static String joined(List<Long> values) {
    return String.join(",", values.stream().map(String::valueOf).toList());
  }

  /** 1, 2, 4, ... up to {@code max} (the default thread sweep). */
  public static List<Long> doubling(long max) {
    List<Long> out = new ArrayList<>();
    for (long v = 1; v <= max; v *= 2) {
      out.add(v);
    }
    return out;
  }
}
