package dev.ycsbpack.mongodb.wire;

import com.mongodb.MongoClientSettings;
import com.mongodb.MongoDriverInformation;
import com.mongodb.ServerAddress;
import com.mongodb.client.MongoClient;
import com.mongodb.client.internal.Clusters;
import com.mongodb.client.internal.MongoClientImpl;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ClusterId;
import com.mongodb.connection.ClusterSettings;
import com.mongodb.connection.ClusterType;
import com.mongodb.connection.ServerDescription;
import com.mongodb.event.ServerDescriptionChangedEvent;
import com.mongodb.internal.InternalMongoClientSettings;
import com.mongodb.internal.TimeoutContext;
import com.mongodb.internal.async.SingleResultCallback;
import com.mongodb.internal.connection.ClientMetadata;
import com.mongodb.internal.connection.Cluster;
import com.mongodb.internal.connection.ClusterClock;
import com.mongodb.internal.connection.OperationContext;
import com.mongodb.internal.connection.OperationContext.ServerDeprioritization;
import com.mongodb.internal.connection.Server;
import com.mongodb.internal.connection.ServerAddressHelper;
import com.mongodb.internal.connection.ServerTuple;
import com.mongodb.internal.connection.StreamFactoryFactory;
import com.mongodb.internal.connection.StreamFactoryHelper;
import com.mongodb.internal.diagnostics.logging.Logger;
import com.mongodb.internal.diagnostics.logging.Loggers;
import com.mongodb.internal.selector.ReadPreferenceServerSelector;
import com.mongodb.internal.selector.WritableServerSelector;
import com.mongodb.internal.thread.AsyncClientExecutor;
import com.mongodb.internal.time.ExponentialBackoff;
import com.mongodb.internal.time.Timeout;
import com.mongodb.selector.ServerSelector;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * Every use of the driver's internals in the binding ({@code com.mongodb.internal.*}, handles into package-private
 * members), in this one class, written for the driver {@link FastPath#WRITTEN_FOR}: its version, a client whose
 * cluster answers a thread's repeated selection from its last one ({@link CachedSelection}), and the driver's overload
 * backoff. {@link FastPath} checks at start-up that the driver is that version and that {@link #missing()} finds
 * everything; otherwise nothing here is used and the binding runs on the driver's public API alone. What is typed by
 * the driver's internals lives in the nested classes, which load only when used: this class itself links, and tells
 * its driver's version, on any driver.
 */
public final class DriverInternals {
  private DriverInternals() {
  }

  /** The driver's own version constant (internal to the driver, hence read reflectively and optional). */
  public static String driverVersion() {
    try {
      return String.valueOf(Class.forName("com.mongodb.internal.build.MongoDriverVersion").getField("VERSION")
          .get(null));
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      String v = MongoClient.class.getPackage().getImplementationVersion();
      return v == null ? "unknown" : v;
    }
  }

  /**
   * What of the driver's internals the fast path needs is missing, or null when everything is there: the classes
   * {@link #cachedClient} builds a client from, the members {@link CachedSelection} reaches, the overload backoff.
   * (A driver without them may fail to link this class at all: the caller catches that too.)
   */
  static String missing() {
    if (CachedSelection.HANDLES == null) {
      return "OperationContext.ServerDeprioritization's updateCandidate or deprioritized, "
          + "or ClusterableServer.isClosed";
    }
    try {
      Clusters.class.getMethod("createCluster", MongoClientSettings.class, MongoDriverInformation.class,
          StreamFactoryFactory.class, AsyncClientExecutor.class, InternalMongoClientSettings.class);
      MongoClientImpl.class.getConstructor(Cluster.class, MongoDriverInformation.class, MongoClientSettings.class,
          StreamFactoryFactory.class, AsyncClientExecutor.class);
      ExponentialBackoff.class.getMethod("calculateOverloadBackoff", int.class, Long.class);
      return null;
    } catch (NoSuchMethodException e) {
      return e.getMessage();
    }
  }

  /** The driver's pause before the retry after the {@code attempt}th attempt failed overloaded (its own jitter). */
  static Duration overloadBackoff(int attempt, Long baseBackoffMs) {
    return ExponentialBackoff.calculateOverloadBackoff(attempt, baseBackoffMs);
  }

  /** A sync client as {@code MongoClients.create(settings)} makes it, on a cluster with cached selection. */
  static MongoClient cachedClient(MongoClientSettings settings) {
    return CachedSelection.client(settings);
  }

  /** How many selections {@code client}'s cluster answered from a thread's last one; -1 for a driver's own client. */
  static long answeredSelections(MongoClient client) {
    return CachedSelection.answered(client);
  }

  /**
   * What this reaches inside the driver (5.14.0) through method and field handles, since the driver keeps them
   * package-private: telling the operation the server chosen, as the driver's selection does (so that a failed
   * attempt deprioritises it for the retry), whether the operation has deprioritised any server, and whether a
   * server was closed. Null where they cannot be reached (then the fast path is off, {@link #missing()}).
   */
  private record Handles(MethodHandle updateCandidate, VarHandle deprioritized, Class<?> closableServer,
      MethodHandle isClosed) {
    static Handles find() {
      try {
        MethodHandles.Lookup deprioritization = MethodHandles.privateLookupIn(ServerDeprioritization.class,
            MethodHandles.lookup());
        Class<?> closable = Class.forName("com.mongodb.internal.connection.ClusterableServer");
        return new Handles(
            deprioritization.findVirtual(ServerDeprioritization.class, "updateCandidate",
                MethodType.methodType(void.class, ServerAddress.class, ClusterType.class)),
            deprioritization.findVarHandle(ServerDeprioritization.class, "deprioritized", Set.class),
            closable,
            MethodHandles.privateLookupIn(closable, MethodHandles.lookup())
                .findVirtual(closable, "isClosed", MethodType.methodType(boolean.class))
                .asType(MethodType.methodType(boolean.class, Server.class)));
      } catch (ReflectiveOperationException | SecurityException | IllegalArgumentException | LinkageError e) {
        return null;
      }
    }

    void tellCandidate(ServerDeprioritization operation, ServerAddress server, ClusterType type) {
      try {
        updateCandidate.invokeExact(operation, server, type);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException(e);
      }
    }

    boolean nothingDeprioritised(ServerDeprioritization operation) {
      return ((Set<?>) deprioritized.get(operation)).isEmpty();
    }

    boolean closable(Server server) {
      return closableServer.isInstance(server);
    }

    boolean closed(Server server) {
      try {
        return (boolean) isClosed.invokeExact(server);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException(e);
      }
    }
  }

  /**
   * The driver's cluster, with a thread's repeated server selection answered from its last one while nothing it
   * depends on has changed.
   *
   * <p>Why: the 5.x driver builds a chain of seven selectors, and a new {@code ClusterDescription} after each, for
   * every operation, even when a single server could ever be chosen (a standalone, a replica set's primary):
   * 13-16% of a 16-thread run's samples against the legacy driver's 3% (docs/PERFORMANCE.md, issue 19). A selection
   * is answered from the thread's last one only when all of these hold, so its answer is the one the driver's
   * {@code BaseCluster.selectServer} (5.14.0) would give:
   * <ul>
   *   <li>the cluster's description is the very object the last selection was made under: the driver publishes a new
   *   one whenever a server's description changes (a heartbeat, a server marked unknown after a network error, a new
   *   primary) or a server is added or removed;
   *   <li>the server chosen then is not closed: the driver removes and closes a server before it publishes the
   *   description without it, and its own chain skips it in that window through its snapshot of the servers;
   *   <li>the selector is the same kind: the driver's {@link WritableServerSelector}, or a
   *   {@link ReadPreferenceServerSelector} of an equal read preference (both depend on the description alone);
   *   <li>under that description the selector allowed exactly one server, the one chosen: the later links of the
   *   chain (the cluster's own selector, see below; latency window; two random servers; fewest operations) can only
   *   keep it;
   *   <li>the operation has deprioritised no server, and it is its first selection (a retry's is the driver's: its
   *   deprioritisation of failed servers and its overload retargeting live in the operation and apply there);
   *   <li>no {@link SteeredSelection} is in force on the thread (a point read's retry, a killCursors), the cluster's
   *   own selector is {@link SteeredSelection} or none (a customizer's selector might choose otherwise without the
   *   description changing), and the driver's {@code org.mongodb.driver.cluster} log is not at DEBUG (its selection
   *   messages are written only by its own selection).
   * </ul>
   * Otherwise, and on a topology with several eligible servers (secondaries to read from, several mongos), every
   * selection is the driver's, so the spread over servers stays the driver's. An answered selection still tells the
   * operation which server it chose, as the driver's does, so a failed attempt is deprioritised for its retry.
   * Left as it is: each thread's last selection (a description and a server) stays referenced by the thread until it
   * ends, after the client is closed too.
   */
  private static final class CachedSelection implements Cluster {
    /** One thread's last selection, and the operation that asked last. */
    private static final class Last {
      ClusterDescription description;
      Object kind;
      ServerTuple chosen;
      ServerDeprioritization asked;
    }

    /** Null when the members it reaches cannot be (then the fast path is off, {@link #missing()}). */
    static final Handles HANDLES = Handles.find();

    private final Cluster cluster;
    /** The driver's selection logs through its "cluster" logger: at DEBUG, every selection is the driver's. */
    private final Logger selectionLog = Loggers.getLogger("cluster");
    /** Off when the driver's internals this needs cannot be reached, or a customizer installed its own selector. */
    private final boolean enabled;
    private final ThreadLocal<Last> last = ThreadLocal.withInitial(Last::new);
    private final LongAdder answered = new LongAdder();

    CachedSelection(Cluster cluster) {
      this.cluster = cluster;
      ServerSelector own = cluster.getSettings().getServerSelector();
      // a selector a customizer installed in place of SteeredSelection runs in every selection: its choice may change
      // without the description changing
      this.enabled = HANDLES != null && (own == null || own == SteeredSelection.INSTANCE);
    }

    /** A sync client as {@code MongoClients.create(settings)} makes it, on a cluster with cached selection. */
    static MongoClient client(MongoClientSettings settings) {
      MongoDriverInformation driver = MongoDriverInformation.builder().driverName("sync").build();
      StreamFactoryFactory streams = StreamFactoryHelper.getSyncStreamFactoryFactory(settings.getTransportSettings(),
          ServerAddressHelper.getInetAddressResolver(settings));
      // what the driver's InternalMongoClients.create does in 5.14.0, with the cluster wrapped
      Cluster cluster = Clusters.createCluster(settings, driver, streams, AsyncClientExecutor.NO_OP,
          InternalMongoClientSettings.DEFAULT);
      return new MongoClientImpl(new CachedSelection(cluster), driver, settings, streams, AsyncClientExecutor.NO_OP);
    }

    /** How many selections {@code client}'s cluster answered from a thread's last one; -1 for a driver's own client. */
    static long answered(MongoClient client) {
      return client instanceof MongoClientImpl impl && impl.getCluster() instanceof CachedSelection cached
          ? cached.answered.sum() : -1;
    }

    @Override
    public ServerTuple selectServer(ServerSelector selector, OperationContext operationContext) {
      Last previous = last.get();
      // a second selection for one operation is a retry (or a later step of it): the driver's deprioritisation of the
      // servers that failed, and what it does about overload, apply only in its own selection. The operation's
      // attempts may each have a copy of its context, but they share its deprioritisation.
      ServerDeprioritization deprioritization = operationContext.getServerDeprioritization();
      boolean again = previous.asked == deprioritization;
      previous.asked = deprioritization;
      Object kind = kindOf(selector);
      if (kind == null || again || !enabled || SteeredSelection.steering() || selectionLog.isDebugEnabled()
          || !HANDLES.nothingDeprioritised(deprioritization)) {
        return cluster.selectServer(selector, operationContext);
      }
      ClusterDescription now = cluster.getCurrentDescription();
      // the driver removes (and closes) a server before it publishes the description without it; its own selection
      // skips such a server through its snapshot of the servers, this through the server's closed flag
      if (previous.description == now && kind.equals(previous.kind) && !cluster.isClosed()
          && !HANDLES.closed(previous.chosen.getServer())) {
        HANDLES.tellCandidate(deprioritization, address(previous.chosen), now.getType());
        answered.increment();
        return previous.chosen;
      }
      ServerTuple chosen = cluster.selectServer(selector, operationContext);
      boolean only = cluster.getCurrentDescription() == now && HANDLES.closable(chosen.getServer())
          && onlyChoice(selector, now, chosen);
      previous.description = only ? now : null;
      previous.kind = only ? kind : null;
      previous.chosen = only ? chosen : null;
      return chosen;
    }

    /**
     * {@link #WRITE} for the driver's selector of a writable server, the read preference a read's selector selects
     * by, or null for selectors whose choice may depend on more than the description and the read preference.
     */
    private static Object kindOf(ServerSelector selector) {
      if (selector.getClass() == WritableServerSelector.class) {
        return WRITE;
      }
      if (selector.getClass() == ReadPreferenceServerSelector.class) {
        return ((ReadPreferenceServerSelector) selector).getReadPreference();
      }
      return null;
    }

    /** The kind of a write's selection: equal to no read preference (a write never takes a read's server). */
    private static final Object WRITE = new Object() {
      @Override
      public String toString() {
        return "writable";
      }
    };

    private static boolean onlyChoice(ServerSelector selector, ClusterDescription description, ServerTuple chosen) {
      if (description.getType() == ClusterType.LOAD_BALANCED || description.getType() == ClusterType.UNKNOWN) {
        return false;
      }
      List<ServerDescription> eligible = selector.select(description);
      return eligible.size() == 1 && eligible.get(0).getAddress().equals(address(chosen));
    }

    private static ServerAddress address(ServerTuple tuple) {
      return tuple.getServerDescription().getAddress();
    }

    // everything else is the driver's cluster's

    @Override
    public void selectServerAsync(ServerSelector selector, OperationContext operationContext,
        SingleResultCallback<ServerTuple> callback) {
      cluster.selectServerAsync(selector, operationContext, callback);
    }

    @Override
    public ClusterSettings getSettings() {
      return cluster.getSettings();
    }

    @Override
    public ClusterId getClusterId() {
      return cluster.getClusterId();
    }

    @Override
    public ServersSnapshot getServersSnapshot(Timeout serverSelectionTimeout, TimeoutContext timeoutContext) {
      return cluster.getServersSnapshot(serverSelectionTimeout, timeoutContext);
    }

    @Override
    public ClusterDescription getCurrentDescription() {
      return cluster.getCurrentDescription();
    }

    @Override
    public ClusterClock getClock() {
      return cluster.getClock();
    }

    @Override
    public ClientMetadata getClientMetadata() {
      return cluster.getClientMetadata();
    }

    @Override
    public void close() {
      cluster.close();
    }

    @Override
    public boolean isClosed() {
      return cluster.isClosed();
    }

    @Override
    public void withLock(Runnable action) {
      cluster.withLock(action);
    }

    @Override
    public void onChange(ServerDescriptionChangedEvent event) {
      cluster.onChange(event);
    }
  }
}
