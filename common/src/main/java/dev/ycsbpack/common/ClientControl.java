package dev.ycsbpack.common;

import java.util.Optional;

/**
 * The line protocol between the coordinator and a client it started ({@code bin/ycsb --control stdin}).
 *
 * <p>The coordinator writes commands to the client's standard input (over SSH for a remote client): {@link #GO}
 * releases the start gate, at once or, as {@code GO <epochMs>}, at that moment of the client's own clock (the
 * coordinator schedules the start a little ahead and converts it with each host's clock offset, so message delivery
 * times do not spread the start), {@link #HEARTBEAT} says the coordinator is still there, {@link #STOP} ends the
 * client. End of input, or no heartbeat for the agreed time, also ends it: a client that lost its coordinator
 * (killed, or its link cut) stops by itself instead of loading the database unobserved.
 *
 * <p>The client reports events on standard error, one line each, starting with {@link #EVENT_PREFIX}: {@code READY}
 * when every thread has connected and finished its warm-up, {@code STARTED <epochMs>} when the first measured
 * operation begins, {@code FINISHED <exitStatus>} just before it exits.
 */
public final class ClientControl {
  /**
   * Seconds a controlled client waits for a line from its coordinator before it stops itself: the default of both
   * {@code bin/ycsb --control-timeout} and the coordinator's own {@code --control-timeout}, which it passes on.
   */
  public static final int DEFAULT_TIMEOUT_SECONDS = 15;
  public static final String GO = "GO";
  public static final String HEARTBEAT = "HB";
  public static final String STOP = "STOP";
  /** The reason a client gives when it stopped on {@link #STOP}: it did not fail, another client did. */
  public static final String STOPPED = "stopped by the coordinator";
  /**
   * How the reason of a client that stopped because its coordinator was gone begins (its input closed, or no
   * heartbeat): it stopped as on {@link #STOP}, and YCSB reported what it measured until then, which a recovery of the
   * killed coordinator's bundle merges ({@code bin/ycsb-coordinator recover}).
   */
  public static final String LOST = "lost the coordinator";
  public static final String EVENT_PREFIX = "@ycsbpack ";

  /** Events a client reports. */
  public enum EventType {
    READY, STARTED, FINISHED
  }

  /**
   * One event line.
   *
   * @param type  what happened
   * @param value its number: the epoch ms for {@code STARTED}, the exit status for {@code FINISHED}, else 0
   */
  public record Event(EventType type, long value) {
    /**
     * The line the client prints: fixed words and a number, so it holds no secret by construction. It is printed and
     * read unredacted (a mask would hit a password that happens to be 'READY' or 'ycsb', and the coordinator would
     * wait in vain for an event it cannot parse).
     */
    public String line() {
      return EVENT_PREFIX + type + (type == EventType.READY ? "" : " " + value);
    }
  }

  private ClientControl() {
  }

  /** {@code GO <epochMs>}: start at that time of the client's clock. */
  public static String goAt(long epochMs) {
    return GO + " " + epochMs;
  }

  /** The start time of a {@code GO} line: its epoch ms, 0 for a bare {@code GO}, -1 when the line is not a GO. */
  public static long goTime(String line) {
    String t = line.trim();
    if (t.equals(GO)) {
      return 0;
    }
    if (t.startsWith(GO + " ")) {
      try {
        return Long.parseLong(t.substring(GO.length() + 1).trim());
      } catch (NumberFormatException e) {
        return -1;
      }
    }
    return -1;
  }

  /** The event on this line, or empty when the line is ordinary output. */
  public static Optional<Event> parse(String line) {
    if (line == null || !line.startsWith(EVENT_PREFIX)) {
      return Optional.empty();
    }
    String[] parts = line.substring(EVENT_PREFIX.length()).trim().split(" ");
    try {
      EventType type = EventType.valueOf(parts[0]);
      long value = parts.length > 1 ? Long.parseLong(parts[1]) : 0;
      return Optional.of(new Event(type, value));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}
