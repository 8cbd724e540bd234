package dev.ycsbpack.mongodb;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCompressor;
import com.mongodb.ReadConcern;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import dev.ycsbpack.common.NearestName;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.TlsFiles;
import dev.ycsbpack.common.UrlOptions;
import dev.ycsbpack.mongodb.wire.FastPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * Everything the binding takes from YCSB properties, parsed and checked once, before any operation.
 *
 * <p>A value type: two client threads with the same properties get equal options and so share one
 * {@code MongoClient}. Options given explicitly override the same setting in {@code mongodb.url}.
 */
public final class BindingOptions {
  public static final String URL = "mongodb.url";
  public static final String DATABASE = "mongodb.database";
  public static final String BATCH_SIZE = "mongodb.batchsize";
  /** Upstream YCSB's binding reads this name although its README documents {@link #BATCH_SIZE}. */
  public static final String UPSTREAM_BATCH_SIZE = "batchsize";
  public static final String UPSERT = "mongodb.upsert";
  public static final String MAX_POOL_SIZE = "mongodb.maxPoolSize";
  public static final String UPSTREAM_MAX_CONNECTIONS = "mongodb.maxconnections";
  public static final String UPSTREAM_BLOCK_MULTIPLIER = "mongodb.threadsAllowedToBlockForConnectionMultiplier";
  public static final String COMPRESSORS = "mongodb.compressors";
  public static final String RETRY_WRITES = "mongodb.retryWrites";
  public static final String RETRY_READS = "mongodb.retryReads";
  /** Unmeasured inserts per client thread before its first measured operation (see {@link Warmup}). */
  public static final String WARMUP = "mongodb.warmup";
  /** {@code false} runs on the driver's public API alone (see {@link FastPath}). */
  public static final String FAST_PATH = FastPath.PROPERTY;

  /** No database in its path: the database is {@link #DATABASE}'s, else {@link #DEFAULT_DATABASE}. */
  public static final String DEFAULT_URL = "mongodb://localhost:27017";
  public static final String DEFAULT_DATABASE = "ycsb";
  /**
   * MongoDB's own databases: in a URL's path they name where the user is defined (the driver authenticates against
   * the path's database when the URL has no authSource), never the database to benchmark.
   */
  private static final Set<String> SYSTEM_DATABASES = Set.of("admin", "local", "config");

  /**
   * Socket read timeout when the URL sets neither {@code socketTimeoutMS} nor {@code timeoutMS}. The driver's own
   * default is none, so a frozen server (SIGSTOP, a dead link that drops packets) holds a thread in a read forever;
   * 30 s is far above any single YCSB operation, and equal to the driver's server selection timeout, so an operation
   * that cannot reach the server fails after at most about the same time whichever way it is stuck.
   */
  static final int DEFAULT_SOCKET_TIMEOUT_MS = 30_000;
  /** The driver's default server selection timeout (when the URL has no {@code serverSelectionTimeoutMS}). */
  private static final int DRIVER_SERVER_SELECTION_TIMEOUT_MS = 30_000;
  /** Batches are sent as one insertMany; beyond this the driver splits them anyway. */
  static final int MAX_BATCH_SIZE = 100_000;

  private static final Set<String> KNOWN = union(TlsFiles.ALL, URL, DATABASE, BATCH_SIZE, UPSERT, MAX_POOL_SIZE,
      UPSTREAM_MAX_CONNECTIONS, UPSTREAM_BLOCK_MULTIPLIER, COMPRESSORS, RETRY_WRITES, RETRY_READS, WARMUP, FAST_PATH,
      WriteConcernOptions.W, WriteConcernOptions.J, WriteConcernOptions.WTIMEOUT, WriteConcernOptions.NAMED,
      ReadOptions.READ_PREFERENCE, ReadOptions.READ_PREFERENCE_TAGS, ReadOptions.MAX_STALENESS,
      ReadOptions.READ_CONCERN, EmptyCollectionCheck.ALLOW_EMPTY, FreshCollection.DROP_ON_LOAD);

  private static Set<String> union(List<String> more, String... names) {
    Set<String> all = new TreeSet<>(List.of(names));
    all.addAll(more);
    return Set.copyOf(all);
  }

  private final ConnectionString connectionString;
  private final String database;
  private final WriteConcern writeConcern;
  private final ReadPreference readPreference;
  private final ReadConcern readConcern;
  private final int batchSize;
  private final boolean upsert;
  private final Integer maxPoolSize;
  private final List<String> compressors;
  private final Boolean retryWrites;
  private final Boolean retryReads;
  private final int warmup;
  /** Upstream's removed pool setting, accepted so its command lines run, and named as ignored; null if not given. */
  private final String ignoredBlockMultiplier;
  /** The line naming the URL options explicit properties override, or null (see {@link UrlOverrides}). */
  private final String urlOverrides;
  private final TlsOptions tls;
  private final FastPath fastPath;
  /** Knows every secret these properties hold, so no message or banner of the binding prints one. */
  private final Redactor redactor;

  private BindingOptions(Properties p) {
    redactor = Redactor.of(p);
    rejectCredentialProperties(p);
    rejectUnknown(p);
    ForkProperties.check(p);
    String url = p.getProperty(URL, DEFAULT_URL).trim();
    ConnectionStringCheck.check(url);
    try {
      connectionString = new ConnectionString(UrlOptions.without(url, TlsFiles.URL_OPTION_KEYS));
    } catch (IllegalArgumentException e) {
      throw new OptionException(URL, url, redactor.redact(String.valueOf(e.getMessage()))
          + "; expected mongodb://[user:password@]host[:port][,host...]/[database][?options]"
          + " or mongodb+srv://...");
    }
    database = chooseDatabase(connectionString, p.getProperty(DATABASE));
    writeConcern = WriteConcernOptions.resolve(connectionString.getWriteConcern(), p);
    readPreference = ReadOptions.resolveReadPreference(connectionString.getReadPreference(), p);
    readConcern = ReadOptions.resolveReadConcern(connectionString.getReadConcern(), p);
    batchSize = parseBatchSize(p);
    upsert = p.containsKey(UPSERT) && parseBoolean(UPSERT, p.getProperty(UPSERT));
    maxPoolSize = parseMaxPoolSize(p, connectionString);
    compressors = parseCompressors(p.getProperty(COMPRESSORS));
    retryWrites = p.containsKey(RETRY_WRITES) ? parseBoolean(RETRY_WRITES, p.getProperty(RETRY_WRITES)) : null;
    retryReads = p.containsKey(RETRY_READS) ? parseBoolean(RETRY_READS, p.getProperty(RETRY_READS)) : null;
    urlOverrides = UrlOverrides.line(url, p, redactor);
    ignoredBlockMultiplier = p.containsKey(UPSTREAM_BLOCK_MULTIPLIER)
        ? Text.shown(p.getProperty(UPSTREAM_BLOCK_MULTIPLIER).trim()) : null;
    warmup = p.containsKey(WARMUP) ? (int) parseLong(WARMUP, p.getProperty(WARMUP), 0,
        "a number of warm-up inserts per client thread, 0 or more", Integer.MAX_VALUE) : 0;
    tls = TlsOptions.from(p, UrlOptions.of(url), connectionString);
    fastPath = FastPath.decide(!p.containsKey(FAST_PATH) || parseBoolean(FAST_PATH, p.getProperty(FAST_PATH)));
    FreshCollection.asked(p); // refused like every other bad option, before anything runs
  }

  /**
   * The one database rule: the URL's path, else {@code mongodb.database}, else {@code ycsb}; a system database in the
   * path ({@code /admin}, the usual shape of an authenticated URL) is only where the user authenticates. A URL path
   * and a {@code mongodb.database} that disagree are refused: which one the user meant cannot be guessed.
   */
  private static String chooseDatabase(ConnectionString url, String property) {
    String fromUrl = benchmarkDatabase(url);
    String fromProperty = property == null ? null : property.trim();
    if (fromUrl != null && fromProperty != null && !fromUrl.equals(fromProperty)) {
      throw new OptionException("the database is named twice: " + URL + " has /" + Text.shown(fromUrl)
          + " in its path and " + DATABASE + "=" + Text.shown(fromProperty) + "; drop one of them (if /"
          + Text.shown(fromUrl) + " is only where the user is defined, keep it as authSource=" + Text.shown(fromUrl)
          + " in the URL's options and put " + Text.shown(fromProperty) + " in the path or in " + DATABASE + ")");
    }
    String chosen = fromUrl != null ? fromUrl : fromProperty != null ? fromProperty : DEFAULT_DATABASE;
    if (chosen.isEmpty()) {
      throw new OptionException(DATABASE, "", "give a database name, or put it in the URL path");
    }
    if (SYSTEM_DATABASES.contains(chosen)) {
      throw new OptionException(DATABASE, chosen, "it is one of MongoDB's own databases ("
          + String.join(", ", new TreeSet<>(SYSTEM_DATABASES)) + "); benchmark another, e.g. " + DEFAULT_DATABASE);
    }
    return chosen;
  }

  /** The database a URL's path names for benchmarking: null for none, or for a system database (an auth path). */
  public static String benchmarkDatabase(ConnectionString url) {
    String path = url.getDatabase();
    return path == null || path.isEmpty() || SYSTEM_DATABASES.contains(path) ? null : path;
  }

  /** Parses and validates; throws {@link OptionException} naming the bad property. */
  public static BindingOptions from(Properties props) {
    return new BindingOptions(props);
  }

  /** Driver settings: the URL first, then every explicit option on top of it. */
  public MongoClientSettings.Builder settings() {
    MongoClientSettings.Builder b = MongoClientSettings.builder()
        .applyConnectionString(connectionString)
        .writeConcern(writeConcern)
        .readPreference(readPreference)
        .readConcern(readConcern);
    if (connectionString.getSocketTimeout() == null && connectionString.getTimeout() == null) {
      b.applyToSocketSettings(socket -> socket.readTimeout(DEFAULT_SOCKET_TIMEOUT_MS, TimeUnit.MILLISECONDS));
    }
    if (maxPoolSize != null) {
      b.applyToConnectionPoolSettings(pool -> pool.maxSize(maxPoolSize));
    }
    if (compressors != null) {
      b.compressorList(toDriverCompressors(compressors));
    }
    if (retryWrites != null) {
      b.retryWrites(retryWrites);
    }
    if (retryReads != null) {
      b.retryReads(retryReads);
    }
    tls.apply(b);
    return b;
  }

  /**
   * The longest a single operation may wait on the driver before it fails: the larger of the server selection and
   * socket read timeouts; -1 when a read may wait forever ({@code socketTimeoutMS=0}) or {@code timeoutMS} governs.
   */
  public long longestOperationWaitMs() {
    Integer selection = connectionString.getServerSelectionTimeout();
    long select = selection == null ? DRIVER_SERVER_SELECTION_TIMEOUT_MS : selection < 0 ? -1 : selection;
    Long overall = connectionString.getTimeout();
    if (overall != null) {
      return overall == 0 ? -1 : overall;
    }
    Integer socket = connectionString.getSocketTimeout();
    long read = socket == null ? DEFAULT_SOCKET_TIMEOUT_MS : socket == 0 ? -1 : socket;
    return select < 0 || read < 0 ? -1 : Math.max(select, read);
  }

  public String database() {
    return database;
  }

  public WriteConcern writeConcern() {
    return writeConcern;
  }

  public ReadPreference readPreference() {
    return readPreference;
  }

  public ReadConcern readConcern() {
    return readConcern;
  }

  public int batchSize() {
    return batchSize;
  }

  public boolean upsert() {
    return upsert;
  }

  /** Warm-up inserts per client thread; 0 for none. */
  public int warmup() {
    return warmup;
  }

  /** Whether this run sends the binding's own commands, or the driver's public API alone, and why. */
  public FastPath fastPath() {
    return fastPath;
  }

  /** {@code mongodb binding: mongodb.w=majority overrides the URL's w=1; ...}, or null when nothing is overridden. */
  String urlOverrides() {
    return urlOverrides;
  }

  /** The environment record's {@code tls} entry: off, or on with what is trusted and any check turned off. */
  public String tlsRecord() {
    return tls.record(connectionString);
  }

  /** What a failed connection's explanation needs to know (see {@link ConnectFailures}). */
  ConnectFailures.Context connectContext() {
    return tls.context(connectionString);
  }

  /** The first host of the URL, to name in an explanation that has no server of its own. */
  com.mongodb.ServerAddress firstServer() {
    return new com.mongodb.ServerAddress(connectionString.getHosts().get(0));
  }

  /** A warning to print once when a TLS check is off, else null. */
  String tlsWarning() {
    return tls.warning();
  }

  /** The URL with its password hidden. */
  public String redactedUrl() {
    return redactor.redact(connectionString.getConnectionString());
  }

  /** The redaction for anything this binding prints about these options' server. */
  public Redactor redactor() {
    return redactor;
  }

  /** What these options send, without the server's defaults (nothing asked). */
  public String describe() {
    return describe(EffectiveConcerns.sent(this));
  }

  /** The start-up line: what this run will really send, and the server's defaults for what it does not. */
  String describe(EffectiveConcerns concerns) {
    return dev.ycsbpack.common.SettingsLine.PREFIX + redactedUrl()
        + " database=" + database
        + " writeConcern={" + concerns.writeConcern() + "}"
        + " readPreference={" + concerns.readPreference() + "}"
        + " readConcern={" + concerns.readConcern() + "}"
        + " batchsize=" + batchSize
        + " upsert=" + upsert
        + " maxPoolSize=" + (maxPoolSize != null ? maxPoolSize
            : connectionString.getMaxConnectionPoolSize() != null ? connectionString.getMaxConnectionPoolSize()
            : "driver default (100)")
        + (compressors != null ? " compressors=" + String.join(",", compressors) : "")
        + (retryWrites != null ? " retryWrites=" + retryWrites : "")
        + (retryReads != null ? " retryReads=" + retryReads : "")
        + (warmup > 0 ? " warmup=" + warmup + " inserts per thread into <table>" + Warmup.SUFFIX + "<process>" : "")
        + tls.describe(connectionString)
        + " fastPath=" + fastPath.shown()
        + (ignoredBlockMultiplier != null ? " ignored: " + UPSTREAM_BLOCK_MULTIPLIER + "=" + ignoredBlockMultiplier
            + " (removed from the driver; it changes nothing)" : "");
  }

  /**
   * The mongodb-labs fork's credential properties: refused by name only (never echoing a value), saying where
   * credentials go instead.
   */
  private static void rejectCredentialProperties(Properties p) {
    List<String> given = new ArrayList<>();
    for (String name : List.of("mongodb.username", "mongodb.password")) {
      if (p.containsKey(name)) {
        given.add(name);
      }
    }
    if (!given.isEmpty()) {
      throw new OptionException(String.join(" and ", given) + " (the mongodb-labs fork's) are not read here:"
          + " credentials go in " + URL + " as user info, percent-encoded, e.g."
          + " mongodb://USER:PASSWORD@host:27017/?authSource=admin (a password is never shown in any output)");
    }
  }

  private static void rejectUnknown(Properties p) {
    Set<String> unknown = new TreeSet<>();
    for (String key : p.stringPropertyNames()) {
      if (key.startsWith("mongodb.") && !KNOWN.contains(key)) {
        unknown.add(key);
      }
    }
    if (!unknown.isEmpty()) {
      String first = unknown.iterator().next();
      String hint = NearestName.hint(first, new TreeSet<>(KNOWN));
      throw new OptionException("unknown property " + Text.shown(String.join(", ", unknown)) + hint
          + "; the mongodb binding accepts " + new TreeSet<>(KNOWN));
    }
  }

  private static int parseBatchSize(Properties p) {
    String ours = p.getProperty(BATCH_SIZE);
    String upstream = p.getProperty(UPSTREAM_BATCH_SIZE);
    if (ours != null && upstream != null && !ours.trim().equals(upstream.trim())) {
      throw new OptionException(BATCH_SIZE + "=" + ours + " and " + UPSTREAM_BATCH_SIZE + "=" + upstream
          + " disagree; set only one of them");
    }
    String value = ours != null ? ours : upstream;
    String name = ours != null ? BATCH_SIZE : UPSTREAM_BATCH_SIZE;
    return value == null ? 1
        : (int) parseLong(name, value, 1, "a whole number of documents from 1 to " + MAX_BATCH_SIZE,
            MAX_BATCH_SIZE);
  }

  /**
   * The pool defaults to one connection per client thread: YCSB threads each hold a connection for a whole
   * operation, and the driver's default of 100 would queue threads beyond it.
   */
  private static Integer parseMaxPoolSize(Properties p, ConnectionString cs) {
    String explicit = p.getProperty(MAX_POOL_SIZE, p.getProperty(UPSTREAM_MAX_CONNECTIONS));
    if (explicit != null) {
      String name = p.containsKey(MAX_POOL_SIZE) ? MAX_POOL_SIZE : UPSTREAM_MAX_CONNECTIONS;
      return (int) parseLong(name, explicit, 1, "a number of connections, 1 or more", Integer.MAX_VALUE);
    }
    if (cs.getMaxConnectionPoolSize() != null) {
      return null;
    }
    String threads = p.getProperty("threadcount", "1");
    return Math.max(1, (int) parseLong("threadcount", threads, 1, "a number of threads, 1 or more",
        Integer.MAX_VALUE));
  }

  private static List<String> parseCompressors(String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    List<String> names = new ArrayList<>();
    for (String raw : value.split(",")) {
      String name = raw.trim().toLowerCase(Locale.ROOT);
      switch (name) {
        case "zlib" :
          break;
        case "snappy" :
          requireClass(name, "org.xerial.snappy.Snappy", "org.xerial.snappy:snappy-java");
          break;
        case "zstd" :
          requireClass(name, "com.github.luben.zstd.Zstd", "com.github.luben:zstd-jni");
          break;
        default :
          throw new OptionException(COMPRESSORS, value, "use a comma list of zlib, snappy, zstd");
      }
      names.add(name);
    }
    return List.copyOf(names);
  }

  private static void requireClass(String compressor, String className, String artifact) {
    try {
      Class.forName(className, false, BindingOptions.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new OptionException(COMPRESSORS + "=" + compressor + " needs " + artifact
          + " on the classpath (put its jar in lib/), or use zlib, which needs nothing extra");
    }
  }

  private static List<MongoCompressor> toDriverCompressors(List<String> names) {
    List<MongoCompressor> list = new ArrayList<>();
    for (String n : names) {
      list.add(n.equals("zlib") ? MongoCompressor.createZlibCompressor()
          : n.equals("snappy") ? MongoCompressor.createSnappyCompressor()
          : MongoCompressor.createZstdCompressor());
    }
    return list;
  }

  static boolean parseBoolean(String property, String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    if (v.equals("true")) {
      return true;
    }
    if (v.equals("false")) {
      return false;
    }
    throw new OptionException(property, value, "use true or false");
  }

  static long parseLong(String property, String value, long min, String expected) {
    return parseLong(property, value, min, expected, Long.MAX_VALUE);
  }

  static long parseLong(String property, String value, long min, String expected, long max) {
    try {
      long n = Long.parseLong(value.trim());
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException notANumber) {
      // reported below with the accepted range
    }
    throw new OptionException(property, value, expected);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof BindingOptions)) {
      return false;
    }
    BindingOptions other = (BindingOptions) o;
    return connectionString.equals(other.connectionString) && database.equals(other.database)
        && writeConcern.equals(other.writeConcern) && readPreference.equals(other.readPreference)
        && readConcern.equals(other.readConcern) && batchSize == other.batchSize && upsert == other.upsert
        && Objects.equals(maxPoolSize, other.maxPoolSize) && Objects.equals(compressors, other.compressors)
        && Objects.equals(retryWrites, other.retryWrites) && Objects.equals(retryReads, other.retryReads)
        && warmup == other.warmup && tls.equals(other.tls) && fastPath.equals(other.fastPath);
  }

  @Override
  public int hashCode() {
    return Objects.hash(connectionString, database, writeConcern, readPreference, batchSize, upsert, maxPoolSize);
  }

  @Override
  public String toString() {
    return describe();
  }
}
