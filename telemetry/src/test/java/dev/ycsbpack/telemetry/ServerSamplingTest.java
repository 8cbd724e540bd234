package dev.ycsbpack.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import dev.ycsbpack.common.telemetry.OpcounterCheck;
import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.testkit.EmbeddedMongoServer;
import dev.ycsbpack.testkit.ServerStatusScript;
import dev.ycsbpack.testkit.WireDecision;
import dev.ycsbpack.testkit.WireProxy;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.bson.BsonString;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/** Which servers a run's sampling samples: the deployment, or each mongos of a URL listing several. */
class ServerSamplingTest {
  private static final long INTERVAL_MS = 200;

  /** Hello replies as a mongos's (the driver then sees a sharded cluster), serverStatus as {@code script}. */
  private static void asMongos(WireProxy proxy, ServerStatusScript script) {
    proxy.onRequest(script);
    proxy.onReply((request, reply) -> request.isHello() ? WireDecision.reply(reply.clone().append("msg",
        new BsonString("isdbgrid"))) : WireDecision.forward());
  }

  /**
   * Two scripted mongos in front of one mongo-java-server: the proxies {@code a} and {@code b}, answering serverStatus
   * as {@code first} and {@code second}.
   */
  private record TwoMongos(EmbeddedMongoServer server, WireProxy a, WireProxy b, ServerStatusScript first,
      ServerStatusScript second) implements AutoCloseable {
    static TwoMongos start(Supplier<ServerStatusScript> script) {
      EmbeddedMongoServer server = EmbeddedMongoServer.start();
      TwoMongos m = new TwoMongos(server, WireProxy.start(server.port()), WireProxy.start(server.port()), script.get(),
          script.get());
      asMongos(m.a, m.first);
      asMongos(m.b, m.second);
      return m;
    }

    /** The URL listing both. */
    String url() {
      return "mongodb://127.0.0.1:" + a.port() + ",127.0.0.1:" + b.port();
    }

    /** The run's sampling of the URL listing both. */
    ServerSampling sampling() {
      return ServerSampling.start(Map.of("mongodb.url", url()), INTERVAL_MS, w -> {
      });
    }

    @Override
    public void close() {
      try (server; a; b) {
        // closed in reverse order: the proxies, then the server
      }
    }
  }

  @Test
  void eachMongosOfTheUrlIsSampledDirectlyIntoASeriesOfItsOwn() throws Exception {
    try (TwoMongos mongos = TwoMongos.start(ServerStatusScript::fixed)) {
      WireProxy a = mongos.a();
      WireProxy b = mongos.b();
      ServerSampling sampling = mongos.sampling();
      Thread.sleep(3 * INTERVAL_MS);
      Map<String, Series> series = sampling.stop().stream().collect(Collectors.toMap(Series::source, s -> s));
      assertEquals(Set.of("server-127.0.0.1_" + a.port(), "server-127.0.0.1_" + b.port()), series.keySet());
      Series ofA = series.get("server-127.0.0.1_" + a.port());
      Series ofB = series.get("server-127.0.0.1_" + b.port());
      assertEquals(mongos.first().answers(), ofA.samples().size(), "each series holds its own mongos's answers");
      assertEquals(mongos.second().answers(), ofB.samples().size());
      assertEquals((double) ServerStatusScript.figure("mem.resident", 1), ofB.values("mem.resident").get(1));
    }
  }

  /**
   * Two scripted mongos count the operations they forward, as a mongos does: the client's load spreads over both, so
   * each series holds a part, and the self-check sums them to the client's exact counts.
   */
  @Test
  void theMongosCountersSummedAreTheClientsOperationsEachSawAPartOf() throws Exception {
    try (TwoMongos mongos = TwoMongos.start(ServerStatusScript::countingTraffic)) {
      ServerSampling sampling = mongos.sampling();
      // both mongos in the driver's latency window, however slow the loaded machine makes one's heartbeat
      try (MongoClient client = MongoClients.create(mongos.url() + "/?localThresholdMS=10000")) {
        MongoCollection<Document> c = client.getDatabase("ycsb").getCollection("usertable");
        for (int i = 0; i < 60; i++) {
          c.insertOne(new Document("_id", i));
        }
        for (int i = 0; i < 200; i++) {
          c.find(Filters.eq("_id", i % 60)).first();
        }
        for (int i = 0; i < 40; i++) {
          c.updateOne(Filters.eq("_id", i), Updates.set("f", i));
        }
      }
      List<Series> series = sampling.stop();
      assertEquals(2, series.size());
      Map<String, Long> clients = Map.of("INSERT", 60L, "READ", 200L, "UPDATE", 40L);
      OpcounterCheck summed = OpcounterCheck.of(series, clients, 0);
      assertEquals(List.of(new OpcounterCheck.Row("opcounters.insert", "INSERT", 60, 60), new OpcounterCheck.Row(
          "opcounters.query", "READ+SCAN+READ-MODIFY-WRITE", 200, 200),
          new OpcounterCheck.Row("opcounters.update",
              "UPDATE+READ-MODIFY-WRITE", 40, 40)),
          summed.rows());
      assertEquals(Optional.empty(), summed.note());
      for (Series one : series) {
        long part = OpcounterCheck.of(one, clients).rows().stream().mapToLong(OpcounterCheck.Row::server).sum();
        assertTrue(part > 0 && part < 300, one.source() + " routed a part of the 300 operations: " + part);
      }
    }
  }

  @Test
  void oneServerOrAReplicaSetUrlIsOneSeries() throws Exception {
    ServerStatusScript script = ServerStatusScript.fixed();
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(); WireProxy a = WireProxy.start(server.port())) {
      asMongos(a, script);
      ServerSampling sampling = ServerSampling.start(Map.of("mongodb.url", a.connectionString()), INTERVAL_MS,
          w -> {
          });
      List<Series> series = sampling.stop();
      assertEquals(List.of("server"), series.stream().map(Series::source).toList());
    }
  }
}
