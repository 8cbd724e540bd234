package dev.ycsbpack.experiment.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The concerns an original's URL set, recorded as sent and not in its plan's properties, sent again on the user's URL;
 * the user's own URL option or property in their place is an override, listed first.
 */
class SentConcernsTest {
  /** As a bundle's plan records what its clients sent with {@code ?w=majority&readPreference=primaryPreferred}. */
  private static final Map<String, String> SENT = Map.of("server.writeConcern", "w=majority", "server.readConcern",
      "server default: none set (getDefaultRWConcern)", "server.readPreference", "primaryPreferred");
  private static final ReproduciblePlan PLAN = ReproduciblePlan.builder().tool("coordinator").kind("run")
      .binding("mongodb").hosts(List.of("h1")).clients(1).properties(Map.of("workload", "W")).concerns(SENT).build();

  private static Request request(Map<String, String> user) {
    return new Request(new LinkedHashMap<>(user), List.of(), null, null, null, null, List.of("local"), List.of());
  }

  @Test
  void theOriginalsConcernsAreAddedToAUrlWithoutThem() throws Exception {
    SentConcerns sent = SentConcerns.of(PLAN.concerns(), false);
    Request r = request(Map.of("mongodb.url", "mongodb://db2:27017/ycsb"));
    assertEquals("mongodb://db2:27017/ycsb?w=majority&readPreference=primaryPreferred",
        r.properties(PLAN, sent).get("mongodb.url"));
    assertEquals(List.of("-p mongodb.url=mongodb://db2:27017/ycsb", "--hosts local"), r.listed(PLAN, 1, sent),
        "sending the original's concerns again changes nothing");
    assertEquals("w=majority&readPreference=primaryPreferred", r.resent(PLAN, sent));
    // no path, other options: the driver's form is kept
    assertEquals("mongodb://db2:27017/?w=majority&readPreference=primaryPreferred", request(Map.of("mongodb.url",
        "mongodb://db2:27017")).properties(PLAN, sent).get("mongodb.url"));
    assertEquals("mongodb://u:p@db2/ycsb?tls=false&w=majority&readPreference=primaryPreferred", request(Map.of(
        "mongodb.url", "mongodb://u:p@db2/ycsb?tls=false")).properties(PLAN, sent).get("mongodb.url"));
  }

  @Test
  void theUsersOwnConcernIsAnOverrideListedWithTheOriginals() throws Exception {
    SentConcerns sent = SentConcerns.of(PLAN.concerns(), false);
    Request r = request(Map.of("mongodb.url", "mongodb://db2/ycsb?w=1"));
    assertEquals("mongodb://db2/ycsb?w=1&readPreference=primaryPreferred", r.properties(PLAN, sent).get("mongodb.url"),
        "the user's w stays, the rest is the original's");
    List<String> listed = r.listed(PLAN, 1, sent);
    assertEquals(List.of("-p mongodb.url=mongodb://db2/ycsb?w=1", "mongodb.url's w=1 (the original sent w=majority)",
        "--hosts local"), listed);
    // a property in the option's place: listed as typed, and the URL is not given the option it would replace
    Request p = request(Map.of("mongodb.url", "mongodb://db2/ycsb", "mongodb.readPreference", "secondary"));
    assertEquals("mongodb://db2/ycsb?w=majority", p.properties(PLAN, sent).get("mongodb.url"));
    assertTrue(p.listed(PLAN, 1, sent).contains("-p mongodb.readPreference=secondary"));
    assertFalse(String.join("\n", p.listed(PLAN, 1, sent)).contains("mongodb.url's"));
  }

  @Test
  void everyRecordedFormReadsBackAsTheOptionsThatSendIt() {
    Map<String, String> all = SentConcerns.of(Map.of("server.writeConcern", "w=2, j=true, wtimeout=500ms",
        "server.readConcern", "majority", "server.readPreference",
        "secondary, tags dc:ny,rack:1;dc:sf, maxStalenessSeconds=120"), false).options();
    assertEquals(Map.of("w", "2", "journal", "true", "wtimeoutMS", "500", "readConcernLevel", "majority",
        "readPreference", "secondary", "readPreferenceTags", "dc:ny,rack:1;dc:sf", "maxStalenessSeconds", "120"), all);
    assertEquals("mongodb://h/?readPreference=secondary&readPreferenceTags=dc%3Any%2Crack%3A1"
        + "&readPreferenceTags=dc%3Asf",
        SentConcerns.of(Map.of("server.readPreference",
            "secondary, tags dc:ny,rack:1;dc:sf"), false).onto("mongodb://h", Map.of()),
        "a tag set an option each");
    assertEquals(Map.of(), SentConcerns.of(Map.of("server.writeConcern", "server default (not reported by this "
        + "server)"), false).options(), "what the server chose was not sent");
    assertEquals(Map.of("readPreference", "primary"), SentConcerns.of(Map.of("server.writeConcern", "w=1",
        "server.readPreference", "primary"), true).options(), "a matrix's cells set the write concern");
  }
}
