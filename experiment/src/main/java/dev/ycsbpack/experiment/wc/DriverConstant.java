package dev.ycsbpack.experiment.wc;

import java.util.Arrays;
import java.util.Optional;

/**
 * The MongoDB Java driver's named {@code WriteConcern} constants (2.x, where the seed study ran them, plus 3.x's
 * {@code W1}/{@code W2}/{@code W3}), each as the w/j/fsync it means and the cell this pack sends for it. The 2.x
 * values are the driver's own ({@code mongodb/mongo-java-driver:src/main/com/mongodb/WriteConcern.java}, 2.x layout,
 * research experiments.md §1.3): {@code new WriteConcern(true)} is w=1 with fsync, {@code new WriteConcern(1, 0,
 * false, true)} is w=1 with j. Aliases are named as such, so a matrix of constants says which cells are the same
 * write concern under two names.
 *
 * @param settings the cell sent (a {@link WriteConcernCell} text)
 * @param means    what the constant means in its driver, in words, and what was sent for it when that differs
 */
public enum DriverConstant {
  // @formatter:off (one constant a line: the formatter would run them together)
  ACKNOWLEDGED("w=1", "w=1 (the server acknowledges the write)"),
  UNACKNOWLEDGED("w=0", "w=0 (no acknowledgement)"),
  FSYNCED("w=1+j=true", "w=1, fsync=true; sent as w=1+j=true: driver 3.0+ has no fsync, and a server with a journal "
      + "waits for the journal on fsync as on j=true"),
  JOURNALED("w=1+j=true", "w=1, j=true (waits for the journal commit)"),
  REPLICA_ACKNOWLEDGED("w=2", "w=2 (two members acknowledge)"),
  MAJORITY("w=majority", "w=majority"),
  W1("w=1", "w=1 (driver 3.x)"),
  W2("w=2", "w=2 (driver 3.x)"),
  W3("w=3", "w=3 (driver 3.x)"),
  NORMAL("w=0", "w=0; deprecated alias of UNACKNOWLEDGED"),
  SAFE("w=1", "w=1; deprecated alias of ACKNOWLEDGED"),
  FSYNC_SAFE("w=1+j=true", "w=1, fsync=true; deprecated alias of FSYNCED (sent as w=1+j=true, as FSYNCED)"),
  JOURNAL_SAFE("w=1+j=true", "w=1, j=true; deprecated alias of JOURNALED"),
  REPLICAS_SAFE("w=2", "w=2; deprecated alias of REPLICA_ACKNOWLEDGED"),
  ERRORS_IGNORED("w=0", "w=-1 (even network errors ignored), deprecated and removed in driver 3.0; sent as w=0, the "
      + "nearest a server accepts"),
  NONE("w=0", "w=-1; deprecated alias of ERRORS_IGNORED (sent as w=0)");
  // @formatter:on

  private final String settings;
  private final String means;

  DriverConstant(String settings, String means) {
    this.settings = settings;
    this.means = means;
  }

  public String settings() {
    return settings;
  }

  public String means() {
    return means;
  }

  /** The constant named exactly {@code name} (upper case, as in the driver), if any. */
  public static Optional<DriverConstant> named(String name) {
    return Arrays.stream(values()).filter(c -> c.name().equals(name)).findFirst();
  }
}
