package dev.ycsbpack.coordinator.run;

/**
 * What went wrong with one client of a coordinated run, as the supervisor saw it: the kind decides what the run does
 * with it (a client that ended by itself has its own verdict, whose words are fuller than the last line of output the
 * supervisor saw); the words name what happened.
 *
 * @param kind  what kind of trouble
 * @param words what happened, after "client NN-host on host " (e.g. "exited with status 1: ...")
 */
public record ClientProblem(Kind kind, String words) {
  /** The kinds of trouble a client can be in. */
  public enum Kind {
    /** Its files could not be sent or its process not launched. */
    NOT_STARTED,
    /** Its process ended by itself with a non-zero status (before READY or after GO): its verdict may say why. */
    EXITED,
    /** Its transport (ssh, a {@code --rsh} program) ended with 255 before the client's FINISHED line. */
    TRANSPORT_LOST,
    /** It was not READY within the ready timeout from its own launch. */
    NOT_READY,
    /** It went silent or made no progress for longer than the stall limit. */
    STALLED
  }

  public ClientProblem {
    if (kind == null || words == null) {
      throw new IllegalArgumentException("a client problem needs its kind and its words");
    }
  }

  @Override
  public String toString() {
    return words;
  }
}
