package dev.ycsbpack.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.telemetry.Column;
import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.testkit.EmbeddedMongoServer;
import dev.ycsbpack.testkit.ServerStatusScript;
import dev.ycsbpack.testkit.WireDecision;
import dev.ycsbpack.testkit.WireProxy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/** The sampler against real sockets: a proxy answering serverStatus with known figures, and mongo-java-server. */
class ServerSamplerTest {
  private static final long INTERVAL_MS = 150;
  private static final long WAIT_MS = 10_000;

  @Test
  void everyFigureIsTheServersAtItsInstantAndRatesAreBetweenSamples() throws Exception {
    ServerStatusScript script = ServerStatusScript.fixed();
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(); WireProxy proxy = WireProxy.start(server.port())) {
      proxy.onRequest(script);
      List<String> warnings = new CopyOnWriteArrayList<>();
      ServerSampler sampler = ServerSampler.start("server", Map.of("mongodb.url", proxy.connectionString()), null,
          INTERVAL_MS, warnings::add);
      waitFor(() -> script.answers() >= 4);
      Series s = sampler.stop();
      assertEquals(script.answers(), s.samples().size(), "one sample per serverStatus answer");
      for (ServerFigure f : ServerFigure.ALL) {
        List<Double> values = s.values(f.name());
        for (int i = 0; i < values.size(); i++) {
          assertEquals((double) ServerStatusScript.figure(f.name(), i), values.get(i), f.name() + " at sample " + i);
        }
        if (f.rateUnit() != null) {
          List<Double> rates = s.values(f.rateName());
          assertNull(rates.get(0), f.rateName() + " on the first sample");
          for (int i = 1; i < rates.size(); i++) {
            double ms = s.samples().get(i).epochMillis() - s.samples().get(i - 1).epochMillis();
            double expected = (ServerStatusScript.figure(f.name(), i) - ServerStatusScript.figure(f.name(), i - 1))
                * 1000.0 / ms;
            assertEquals(expected, rates.get(i), 1e-9, f.rateName() + " at sample " + i);
          }
        }
      }
      assertEquals("scripted-host:27017", s.identity().get("host"));
      assertEquals("7.0.99-scripted", s.identity().get("version"));
      assertEquals("mongod", s.identity().get("process"));
      assertEquals("wiredTiger", s.identity().get("storageEngine"));
      assertFalse(s.identity().containsKey("replicaSet"));
      assertEquals(List.of(), s.notes(), "a server reporting every figure, standalone: nothing to note");
      assertEquals(List.of(), warnings);
      assertEquals(Integer.toString(proxy.connections()), s.identity().get("samplerConnections"),
          "every connection the proxy saw was the sampler's");
      assertTrue(Long.parseLong(s.identity().get("samplerCpuMs")) >= 0);
      assertTrue(s.columns().stream().noneMatch(c -> c.name().startsWith("repl.")));
    }
  }

  /**
   * The sampler's whole footprint on the server, counted by the proxy on real sockets: one pooled connection for its
   * commands and the driver's one heartbeat connection, however many samples, even where the server's hello offers
   * streaming monitoring (a {@code topologyVersion}, as MongoDB 4.4+ answers), which would add a second monitoring
   * connection for round-trip times.
   */
  @Test
  void itOpensOneConnectionForItsCommandsAndOneForTheDriversHeartbeat() throws Exception {
    ServerStatusScript script = ServerStatusScript.fixed();
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(); WireProxy proxy = WireProxy.start(server.port())) {
      proxy.onRequest(script);
      BsonDocument topologyVersion = new BsonDocument("processId", new BsonObjectId(new ObjectId())).append("counter",
          new BsonInt64(0));
      proxy.onReply((request, reply) -> request.isHello() ? WireDecision.reply(reply.clone().append(
          "topologyVersion", topologyVersion)) : WireDecision.forward());
      ServerSampler sampler = ServerSampler.start("server", Map.of("mongodb.url", proxy.connectionString()), null,
          50, w -> {
          });
      waitFor(() -> script.answers() >= 10);
      int openWhileSampling = proxy.openConnections();
      Series s = sampler.stop();
      assertEquals(2, openWhileSampling, "connections open after 10 samples");
      assertEquals(2, proxy.connections(), "connections accepted over the sampler's life");
      assertEquals("2", s.identity().get("samplerConnections"), "the identity says the number the proxy counted");
    }
  }

  @Test
  void aReplicaSetMembersStateAndLagBehindThePrimary() throws Exception {
    ServerStatusScript script = ServerStatusScript.fixed().replicaSet();
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(); WireProxy proxy = WireProxy.start(server.port())) {
      proxy.onRequest(script);
      ServerSampler sampler = ServerSampler.start("server", Map.of("mongodb.url", proxy.connectionString()), null,
          INTERVAL_MS, w -> {
          });
      waitFor(() -> script.answers() >= 3);
      Series s = sampler.stop();
      assertEquals("rs0", s.identity().get("replicaSet"));
      assertEquals("state", unit(s, "repl.a:27017.state").orElseThrow());
      List<Double> lag = s.values("repl.b:27017.lagMs");
      for (int i = 0; i < s.samples().size(); i++) {
        assertEquals(1.0, s.values("repl.a:27017.state").get(i));
        assertEquals(0.0, s.values("repl.a:27017.lagMs").get(i));
        assertEquals(2.0, s.values("repl.b:27017.state").get(i));
        assertEquals(250.0 * i, lag.get(i), "b's lag at sample " + i);
      }
    }
  }

  @Test
  void aServerReportingFewFiguresGetsNullsAndNotesNeverZeros() throws Exception {
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start()) {
      List<String> warnings = new CopyOnWriteArrayList<>();
      ServerSampler sampler = ServerSampler.start("server", Map.of("mongodb.url", server.connectionString()), null,
          INTERVAL_MS, warnings::add);
      Thread.sleep(2 * INTERVAL_MS);
      Series s = sampler.stop();
      assertTrue(s.samples().size() >= 2, "samples at start and stop at least: " + s.samples().size());
      for (String group : List.of("opcounters", "mem", "wiredTiger.cache", "globalLock.queue", "network")) {
        assertTrue(s.notes().contains(group + ": not reported by this server"), group + " in " + s.notes());
      }
      for (String name : List.of("opcounters.insert", "opcounters.insert.rate", "mem.resident",
          "wiredTiger.cache.bytes")) {
        assertTrue(s.values(name).stream().allMatch(v -> v == null), name + " is null, never 0: " + s.values(name));
      }
      assertEquals(List.of(), warnings, "nothing refused, nothing failed");
      assertTrue(s.notes().stream().noneMatch(n -> n.contains("replSetGetStatus")), "a standalone: " + s.notes());
    }
  }

  @Test
  void aRefusedServerStatusIsOneNoteAndOneLine() throws Exception {
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(); WireProxy proxy = WireProxy.start(server.port())) {
      proxy.onRequest(ServerStatusScript.refusing());
      List<String> warnings = new CopyOnWriteArrayList<>();
      ServerSampler sampler = ServerSampler.start("server", Map.of("mongodb.url", proxy.connectionString()), null,
          INTERVAL_MS, warnings::add);
      Thread.sleep(3 * INTERVAL_MS);
      Series s = sampler.stop();
      assertEquals(1, warnings.size(), "one line: " + warnings);
      String line = warnings.get(0);
      assertTrue(line.startsWith("serverStatus refused by the server (Unauthorized, code 13"), line);
      assertTrue(line.contains("opcounters") && line.contains("clusterMonitor"), line);
      assertEquals(List.of(line), s.notes());
      assertEquals(1, proxy.messages("serverStatus"), "asked once");
      assertEquals(0, s.samples().size());
    }
  }

  private static java.util.Optional<String> unit(Series s, String name) {
    return s.columns().stream().filter(c -> c.name().equals(name)).map(Column::unit).findFirst();
  }

  private static void waitFor(java.util.function.BooleanSupplier done) throws InterruptedException {
    long end = System.currentTimeMillis() + WAIT_MS;
    while (!done.getAsBoolean()) {
      if (System.currentTimeMillis() > end) {
        throw new AssertionError("not within " + WAIT_MS + " ms");
      }
      Thread.sleep(20);
    }
  }
}
