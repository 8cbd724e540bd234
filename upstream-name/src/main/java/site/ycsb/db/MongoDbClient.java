package site.ycsb.db;

/**
 * The pack's binding under the class name upstream YCSB 0.17.0's launcher gives the short name {@code mongodb}
 * ({@code bin/ycsb} maps it to {@code site.ycsb.db.MongoDbClient}, a name a user cannot change without editing
 * upstream's script).
 *
 * <p>It lives in a jar of its own that ships only in the distribution's drop-in {@code upstream/mongodb-binding/}
 * folder, never in the pack's own {@code lib/}: the pack's {@code bin/ycsb} loads
 * {@code dev.ycsbpack.mongodb.MongoDbClient}, and a second class in YCSB's package there would only invite two
 * bindings answering to one name. Nothing is overridden: this is the same binding, with the same options.
 */
public class MongoDbClient extends dev.ycsbpack.mongodb.MongoDbClient {
  /** The constructor YCSB uses. */
  public MongoDbClient() {
    super();
  }
}
