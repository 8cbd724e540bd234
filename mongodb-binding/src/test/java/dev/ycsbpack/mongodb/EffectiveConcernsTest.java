package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.common.PropertyPairs;
import dev.ycsbpack.testkit.TestTargets;
import io.netty.channel.Channel;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.Properties;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The write concern, read concern and read preference a run is under, as the preflight records them for the client
 * folder (and from there the manifest and the report): what is sent, or the server's default as the server reports it.
 */
class EffectiveConcernsTest {
  private static Properties properties(String url, String... pairs) {
    Properties p = new Properties();
    p.setProperty("mongodb.url", url);
    p.setProperty("mongodb.database", BindingHarness.TEST_DATABASE);
    p.setProperty("dotransactions", "false"); // a load: the empty-collection check does not apply
    return PropertyPairs.into(p, pairs);
  }

  @ParameterizedTest
  @MethodSource("dev.ycsbpack.testkit.TestTargets#allNamed")
  void whatIsSentIsRecordedAsSent(Target target) throws Exception {
    String url = target.connectionString();
    Map<String, String> facts = MongoDbClient.preflight(properties(url, "mongodb.w=majority", "mongodb.j=true",
        "mongodb.wtimeout=2500", "mongodb.readConcern=majority", "mongodb.readPreference=secondaryPreferred",
        "mongodb.readPreferenceTags=dc:ny,rack:1;dc:sf;", "mongodb.maxStalenessSeconds=120"));
    assertEquals("w=majority, j=true, wtimeout=2500ms", facts.get(EnvironmentFacts.WRITE_CONCERN), facts::toString);
    assertEquals("majority", facts.get(EnvironmentFacts.READ_CONCERN));
    assertEquals("secondaryPreferred, tags dc:ny,rack:1;dc:sf;, maxStalenessSeconds=120",
        facts.get(EnvironmentFacts.READ_PREFERENCE));
  }

  /**
   * The stand-ins: neither mongo-java-server nor FerretDB knows getDefaultRWConcern (a standalone MongoDB refuses it).
   */
  static Stream<Named<Target>> standIns() {
    return TestTargets.allNamed().filter(t -> !t.getPayload().name().equals(TestTargets.MONGODB_URL));
  }

  @ParameterizedTest
  @MethodSource("standIns")
  void whatIsLeftToAServerThatDoesNotReportItsDefaultsSaysSo(Target target) throws Exception {
    Map<String, String> facts = MongoDbClient.preflight(properties(target.connectionString()));
    assertEquals("server default (not reported by this server)", facts.get(EnvironmentFacts.WRITE_CONCERN));
    assertEquals("server default (not reported by this server)", facts.get(EnvironmentFacts.READ_CONCERN));
    assertEquals("primary", facts.get(EnvironmentFacts.READ_PREFERENCE));
  }

  @Test
  void whatIsLeftToAServerThatReportsItsDefaultsIsRecordedWithThem() throws Exception {
    MongoServer server = new MongoServer(new ReportsDefaults());
    try {
      InetSocketAddress at = server.bind();
      String url = "mongodb://127.0.0.1:" + at.getPort() + "/?serverSelectionTimeoutMS=5000";
      Map<String, String> facts = MongoDbClient.preflight(properties(url));
      assertEquals("server default: w=majority, wtimeout=0 (getDefaultRWConcern, source implicit)",
          facts.get(EnvironmentFacts.WRITE_CONCERN));
      assertEquals("server default: level=local (getDefaultRWConcern, source implicit)",
          facts.get(EnvironmentFacts.READ_CONCERN));

      // j sent without w: the server adds its own w, and the record says which
      facts = MongoDbClient.preflight(properties(url, "mongodb.j=true"));
      assertEquals("j=true, w not sent: server default: w=majority, wtimeout=0 (getDefaultRWConcern, source implicit)",
          facts.get(EnvironmentFacts.WRITE_CONCERN));
    } finally {
      server.shutdownNow();
    }
  }

  @Test
  void theStartLineShowsTheSameWords() {
    BindingOptions o = BindingOptions.from(properties("mongodb://h/", "mongodb.w=1"));
    EffectiveConcerns c = EffectiveConcerns.of(o, null, true);
    String line = o.describe(c);
    assertTrue(line.contains(" writeConcern={w=1} readPreference={primary}"
        + " readConcern={server default (not reported by this server)} "), line);
  }

  /** A MongoDB 5.0+ replica set's answer, with nothing set by an administrator. */
  private static final class ReportsDefaults extends MemoryBackend {
    @Override
    public de.bwaldvogel.mongo.bson.Document handleCommand(Channel channel, String database, String command,
        de.bwaldvogel.mongo.bson.Document query) {
      if (command.equals("getDefaultRWConcern")) {
        de.bwaldvogel.mongo.bson.Document reply = new de.bwaldvogel.mongo.bson.Document();
        reply.put("defaultReadConcern", new de.bwaldvogel.mongo.bson.Document("level", "local"));
        de.bwaldvogel.mongo.bson.Document write = new de.bwaldvogel.mongo.bson.Document("w", "majority");
        write.put("wtimeout", 0);
        reply.put("defaultWriteConcern", write);
        reply.put("defaultWriteConcernSource", "implicit");
        reply.put("defaultReadConcernSource", "implicit");
        reply.put("ok", 1.0);
        return reply;
      }
      return super.handleCommand(channel, database, command, query);
    }
  }
}
