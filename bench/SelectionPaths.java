package dev.ycsbpack.mongodb.wire;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.ReadConcern;
import com.mongodb.ReadPreference;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.internal.MongoClientImpl;
import com.mongodb.internal.TimeoutSettings;
import com.mongodb.internal.connection.Connection;
import com.mongodb.internal.connection.OperationContext;
import com.mongodb.internal.connection.Server;
import com.mongodb.internal.selector.ReadPreferenceServerSelector;
import com.mongodb.internal.validator.NoOpFieldNameValidator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.UnaryOperator;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.codecs.Decoder;
import org.bson.codecs.configuration.CodecRegistries;
import site.ycsb.ByteIterator;
import site.ycsb.Utils;
import site.ycsb.generator.ScrambledZipfianGenerator;

/**
 * What the 5.x driver's server selection and pool checkout cost the binding per operation, and what settings a user
 * could set change of it (issue 19, round 3). Every arm sends what {@code MongoDbClient} sends: reads as
 * {@link PointRead#command} through {@code runCommand}, updates through {@link CommandWrites}; each arm has its own
 * client:
 * <ul>
 *   <li>{@code binding}: the URL, {@link SteeredSelection} as the cluster's server selector and {@link AttemptCount}
 *   on the pool, as {@code SharedClients} builds it;
 *   <li>{@code direct}: the same with {@code directConnection=true} (a SingleServerCluster: in driver 5.14 its
 *   selectServer calls BaseCluster's, the same chain of selectors);
 *   <li>{@code threshold0}: the same with {@code localThresholdMS=0};
 *   <li>{@code plain}: the URL alone, without the binding's selector and pool listener;
 *   <li>{@code pinned}: the upper bound of a per-thread selection and connection cache: each thread selects a
 *   server and checks out a connection ONCE (driver internals: {@code Cluster.selectServer},
 *   {@code Server.getConnection}) and sends every command on it with a fresh {@code OperationContext}, so no
 *   selection, no pool checkout or return, no implicit session per operation. Not a way the binding could ship as
 *   it is (no retry, no topology change, no session): it says how much such a cache could save at most;
 *   <li>{@code selected}: half of that: the server selected ONCE per thread, a connection checked out of its pool
 *   and returned for every operation (what a cache of the selection alone would leave).
 * </ul>
 *
 * <p>Same arguments and output as {@link PointReadPaths} (run with {@code PATHS=SelectionPaths bench/point-read.sh});
 * the arms take turns in one JVM through {@link PointReadPaths#alternate}.
 */
public final class SelectionPaths {
  private static final int FIELDS = 10;
  private static final Map<String, UnaryOperator<String>> URLS = new LinkedHashMap<>();

  static {
    URLS.put("binding", url -> url);
    URLS.put("direct", url -> withOption(url, "directConnection=true"));
    URLS.put("threshold0", url -> withOption(url, "localThresholdMS=0"));
    URLS.put("plain", url -> url);
    URLS.put("pinned", url -> url);
    URLS.put("selected", url -> url);
  }

  private SelectionPaths() {
  }

  public static void main(String[] commandLine) throws Exception {
    PointReadPaths.Args args = PointReadPaths.Args.parse(commandLine, URLS.keySet());
    List<String> arms = args.arms();
    String table = args.table();
    double readProportion = args.readProportion();
    Map<String, MongoClient> clients = new HashMap<>();
    try {
      for (String arm : arms) {
        clients.put(arm, client(arm, URLS.get(arm).apply(args.url())));
      }
      ScrambledZipfianGenerator keys = new ScrambledZipfianGenerator(args.records());
      args.alternate(() -> {
        Map<String, Worker> workers = new HashMap<>();
        for (String arm : arms) {
          workers.put(arm, new Worker(clients.get(arm), table, arm));
        }
        return (arm, operations) -> workers.get(arm).run(keys, operations, readProportion);
      });
    } finally {
      clients.values().forEach(MongoClient::close);
    }
  }

  private static String withOption(String url, String option) {
    int path = url.indexOf('/', "mongodb://".length());
    String base = path < 0 ? url + "/" : url;
    return base + (base.contains("?") ? "&" : "?") + option;
  }

  private static MongoClient client(String arm, String url) {
    MongoClientSettings.Builder settings = MongoClientSettings.builder().applyConnectionString(new ConnectionString(url));
    if (!arm.equals("plain")) {
      settings.applyToClusterSettings(cluster -> cluster.serverSelector(SteeredSelection.INSTANCE))
          .applyToConnectionPoolSettings(pool -> pool.addConnectionPoolListener(AttemptCount.INSTANCE));
    }
    return MongoClients.create(settings.build());
  }

  /** One thread's reads and updates on one arm's client. */
  private static final class Worker {
    private final MongoDatabase database;
    private final String table;
    private final ReadConcern readConcern;
    private final CommandWrites updates;
    private final BsonDocument writeConcern;
    /** The pinned arm's connection, checked out once; null for the other arms. */
    private final Connection connection;
    /** The selected arm's server, selected once; null for the other arms. */
    private final Server server;
    private final TimeoutSettings timeouts;

    Worker(MongoClient client, String table, String arm) {
      MongoDatabase plain = client.getDatabase("ycsb");
      // as MongoDbClient.init: the binding's decoders first
      this.database = plain.withCodecRegistry(CodecRegistries.fromRegistries(
          CodecRegistries.fromCodecs(FieldsCodec.INSTANCE, PointRead.ReplyCodec.INSTANCE,
              WriteReply.Codec.INSTANCE), plain.getCodecRegistry()));
      this.table = table;
      this.readConcern = database.getReadConcern();
      // as MongoDbClient.init, retryWrites on
      this.updates = new CommandWrites(client, database, true, null, WriteLimits.UNANNOUNCED); // updates only
      this.writeConcern = CommandWrites.writeConcern(database.getWriteConcern(), false);
      if (arm.equals("pinned") || arm.equals("selected")) {
        MongoClientImpl impl = (MongoClientImpl) client;
        this.timeouts = impl.getTimeoutSettings();
        OperationContext context = OperationContext.simpleOperationContext(timeouts, null, null);
        Server selected = impl.getCluster()
            .selectServer(new ReadPreferenceServerSelector(ReadPreference.primary()), context).getServer();
        this.server = arm.equals("selected") ? selected : null;
        this.connection = arm.equals("pinned") ? selected.getConnection(context) : null;
      } else {
        this.timeouts = null;
        this.server = null;
        this.connection = null;
      }
    }

    /** runCommand for the driver's arms; the command on this thread's connection or server for the others. */
    private <T> T send(BsonDocument command, Class<T> type, Decoder<T> decoder) {
      if (connection == null && server == null) {
        return database.runCommand(command, ReadPreference.primary(), type);
      }
      OperationContext context = OperationContext.simpleOperationContext(timeouts, null, null);
      if (connection != null) {
        return connection.command("ycsb", command, NoOpFieldNameValidator.INSTANCE, ReadPreference.primary(),
            decoder, context);
      }
      Connection checkedOut = server.getConnection(context);
      try {
        return checkedOut.command("ycsb", command, NoOpFieldNameValidator.INSTANCE, ReadPreference.primary(),
            decoder, context);
      } finally {
        checkedOut.release();
      }
    }

    void run(ScrambledZipfianGenerator keys, int operations, double readProportion) {
      ThreadLocalRandom random = ThreadLocalRandom.current();
      for (int i = 0; i < operations; i++) {
        String key = "user" + Utils.fnvhash64(keys.nextValue()); // YCSB's key names (insertorder=hashed)
        if (random.nextDouble() < readProportion) {
          Map<String, ByteIterator> result = new HashMap<>();
          BsonDocument command = PointRead.command(table, key, null, readConcern);
          PointRead.Reply reply = send(command, PointRead.Reply.class, PointRead.ReplyCodec.INSTANCE);
          if (reply.document == null) {
            throw new IllegalStateException("missing " + key + ": load the table first");
          }
          result.putAll(reply.document);
        } else {
          byte[] value = new byte[100];
          random.nextBytes(value);
          BsonDocument set =
              new BsonDocument("$set", new BsonDocument("field" + random.nextInt(FIELDS), new BsonBinary(value)));
          if (connection == null && server == null) {
            updates.update(table, key, set); // what MongoDbClient.update sends with an acknowledged write concern
          } else {
            WriteReply reply = send(UpdateCommand.command(table, key, set, writeConcern, null),
                WriteReply.class, WriteReply.Codec.INSTANCE);
            if (!reply.clean()) {
              throw UpdateCommand.failure(reply, null);
            }
          }
        }
      }
    }
  }
}
