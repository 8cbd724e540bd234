package dev.ycsbpack.mongodb;

import dev.ycsbpack.testkit.EmbeddedMongoServer;
import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.WireDecision;
import dev.ycsbpack.testkit.WireProxy;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * mongo-java-server behind a {@link WireProxy} whose {@code hello} replies it turns into a mongos's with sessions, so
 * a client does retryable writes as against a sharded cluster: the write-command tests' server
 * ({@link UpdateCommandTest}, {@link InsertCommandTest}).
 */
public final class ProxiedMongos implements AutoCloseable {
  public final EmbeddedMongoServer server;
  public final WireProxy proxy;
  /** 0: the wire version the server announces (mongo-java-server: below 9, so a server that labels no errors). */
  public volatile int wireVersion;
  /** Fields put on every hello reply (e.g. smaller write limits), or null. */
  public volatile BsonDocument helloExtra;

  private ProxiedMongos() {
    server = EmbeddedMongoServer.start();
    proxy = WireProxy.start(server.port());
    rewriteReplies(reply -> null);
  }

  public static ProxiedMongos start() {
    return new ProxiedMongos();
  }

  /** A harness whose client threads talk to this mongos, with {@code pairs} as their properties. */
  public BindingHarness harness(String... pairs) {
    return new BindingHarness(new TestTargets.Target("proxy", url(), false, false), pairs);
  }

  /** The client's connection string, with short selection and connect timeouts. */
  public String url() {
    return proxy.connectionString() + "/?serverSelectionTimeoutMS=5000&connectTimeoutMS=5000";
  }

  /**
   * Hello replies as a mongos's; every other reply as {@code rewrite} returns it for the request's command name and
   * the server's reply (null: forwarded as it is).
   */
  public void rewriteReplies(Function<String, UnaryOperator<BsonDocument>> rewrite) {
    proxy.onReply((request, reply) -> {
      if (request.isHello()) {
        return WireDecision.reply(asMongos(reply));
      }
      UnaryOperator<BsonDocument> change = rewrite.apply(request.command());
      return change == null ? WireDecision.forward() : WireDecision.reply(change.apply(reply.clone()));
    });
  }

  private BsonDocument asMongos(BsonDocument hello) {
    BsonDocument reply = hello.clone().append("msg", new BsonString("isdbgrid"))
        .append("logicalSessionTimeoutMinutes", new BsonInt32(30));
    if (wireVersion != 0) {
      reply.put("maxWireVersion", new BsonInt32(wireVersion));
    }
    if (helloExtra != null) {
      reply.putAll(helloExtra);
    }
    return reply;
  }

  /** The label a retryable write's error carries, as servers from 4.4 and the driver put it (the specification's). */
  public static final String RETRYABLE_WRITE_ERROR = "RetryableWriteError";

  /** An {@code ok: 0} reply with {@code code} and the given error labels. */
  public static BsonDocument error(int code, String... labels) {
    BsonArray list = new BsonArray();
    for (String label : labels) {
      list.add(new BsonString(label));
    }
    return new BsonDocument("ok", new BsonDouble(0)).append("code", new BsonInt32(code))
        .append("errmsg", new BsonString("injected by the test")).append("errorLabels", list);
  }

  @Override
  public void close() {
    try {
      proxy.close();
    } finally {
      server.close();
    }
  }
}
