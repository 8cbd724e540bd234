package dev.ycsbpack.mongodb.wire;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;

/**
 * Whether a run takes the binding's fast path or the driver's public API alone, and why not.
 *
 * <p>The fast path sends point reads, updates and batches of inserts as hand-built commands ({@link PointRead},
 * {@link UpdateCommand}, {@link InsertCommand}) with the driver's retry rules redone here ({@link ReadRetries},
 * {@link RetryableWrites}), on a cluster that answers a thread's repeated selection from its last one
 * ({@link DriverInternals}). Those rules and internals are copied from the driver it was written for,
 * {@link #WRITTEN_FOR}: on any other driver, or when an internal it needs is missing, it is off, and the start line
 * and {@code environment.properties} say why, so a driver upgrade never changes what a run does without a word.
 * Off, the binding uses the driver's {@code find}, {@code updateOne} and {@code insertMany}, whose statuses and
 * retries the fast path reproduces. FastPathTest pins {@link #WRITTEN_FOR} to the driver the build uses.
 *
 * @param on  whether the fast path is taken
 * @param why why not, when it is off (null when on)
 */
public record FastPath(boolean on, String why) {
  /** The property that turns the fast path off ({@code false}); on by default. */
  public static final String PROPERTY = "mongodb.fastPath";
  /** The key of the fact in the client folder's {@code environment.properties}. */
  public static final String FACT = "binding.fastPath";
  /** The driver version whose rules and internals the fast path copies. */
  public static final String WRITTEN_FOR = "5.14.0";

  /** This JVM's driver, checked once. */
  private static final FastPath DRIVER = check(DriverInternals.driverVersion());

  /** The fast path when {@code wanted} (the property), as far as this JVM's driver allows. */
  public static FastPath decide(boolean wanted) {
    return wanted ? DRIVER : new FastPath(false, PROPERTY + "=false");
  }

  /** Whether the driver of {@code version}, with its internals as this JVM has them, allows the fast path. */
  static FastPath check(String version) {
    if (!WRITTEN_FOR.equals(version)) {
      return new FastPath(false, "driver " + version + ", written for " + WRITTEN_FOR);
    }
    String missing;
    try {
      missing = DriverInternals.missing();
    } catch (LinkageError e) {
      missing = String.valueOf(e);
    }
    return missing == null ? new FastPath(true, null)
        : new FastPath(false, "driver " + version + " lacks what it needs: " + missing);
  }

  /**
   * Adds to a client's settings what the fast path's commands need: {@link SteeredSelection}, so that a retry avoids
   * the servers that failed as the driver's retries do, and {@link AttemptCount}, so that a point read learns how many
   * attempts runCommand's own overload retries made. Off, the settings stay the user's.
   */
  public void prepare(MongoClientSettings.Builder settings) {
    if (on) {
      settings.applyToClusterSettings(cluster -> cluster.serverSelector(SteeredSelection.INSTANCE));
      settings.applyToConnectionPoolSettings(pool -> pool.addConnectionPoolListener(AttemptCount.INSTANCE));
    }
  }

  /** The client: on, one whose cluster caches a thread's selection ({@link DriverInternals}); off, the driver's. */
  public MongoClient client(MongoClientSettings settings) {
    return on ? DriverInternals.cachedClient(settings) : MongoClients.create(settings);
  }

  /** {@code on}, or {@code off (why)}: as the start line and the environment record say it. */
  public String shown() {
    return on ? "on" : "off (" + why + ")";
  }
}
