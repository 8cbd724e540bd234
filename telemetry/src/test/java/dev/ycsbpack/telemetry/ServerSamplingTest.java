package dev.ycsbpack.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.testkit.EmbeddedMongoServer;
import dev.ycsbpack.testkit.ServerStatusScript;
import dev.ycsbpack.testkit.WireDecision;
import dev.ycsbpack.testkit.WireProxy;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.bson.BsonString;
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

  @Test
  void eachMongosOfTheUrlIsSampledDirectlyIntoASeriesOfItsOwn() throws Exception {
    ServerStatusScript first = ServerStatusScript.fixed();
    ServerStatusScript second = ServerStatusScript.fixed();
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start();
        WireProxy a = WireProxy.start(server.port());
        WireProxy b = WireProxy.start(server.port())) {
      asMongos(a, first);
      asMongos(b, second);
      String url = "mongodb://127.0.0.1:" + a.port() + ",127.0.0.1:" + b.port();
      ServerSampling sampling = ServerSampling.start(Map.of("mongodb.url", url), INTERVAL_MS, w -> {
      });
      Thread.sleep(3 * INTERVAL_MS);
      Map<String, Series> series = sampling.stop().stream().collect(Collectors.toMap(Series::source, s -> s));
      assertEquals(Set.of("server-127.0.0.1_" + a.port(), "server-127.0.0.1_" + b.port()), series.keySet());
      Series ofA = series.get("server-127.0.0.1_" + a.port());
      Series ofB = series.get("server-127.0.0.1_" + b.port());
      assertEquals(first.answers(), ofA.samples().size(), "each series holds its own mongos's answers");
      assertEquals(second.answers(), ofB.samples().size());
      assertEquals((double) ServerStatusScript.figure("mem.resident", 1), ofB.values("mem.resident").get(1));
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
