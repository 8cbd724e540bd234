package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;

/**
 * What the tests of the fast path's own write commands on the wire share: a {@link ProxiedMongos} for each test (JUnit
 * makes a test instance per test), closed after it; none of them in the run on the driver's public API alone
 * ({@code -Dmongodb.fastPath=false}), where the driver sends its statements as a separate document sequence; and the
 * check that a command's fields are the driver's.
 */
abstract class FastPathCommandsOnTheWire {
  protected final ProxiedMongos mongos = ProxiedMongos.start();

  @BeforeAll
  static void onTheFastPath() {
    assumeFalse(BindingHarness.fastPathTurnedOff(), "the fast path's own commands, with mongodb.fastPath=false");
  }

  @AfterEach
  void stop() {
    mongos.close();
  }

  /**
   * The binding's command has the driver's fields in the driver's order, but for {@code statements}, which the driver
   * sends as a document sequence; the same write concern, and a transaction number on both (retryable here).
   */
  static void assertTheDriversFields(BsonDocument ours, BsonDocument drivers, String statements) {
    List<String> ourKeys = new ArrayList<>(ours.keySet());
    ourKeys.remove(statements);
    assertEquals(new ArrayList<>(drivers.keySet()), ourKeys, "the driver's fields, in its order");
    assertEquals(drivers.get("writeConcern"), ours.get("writeConcern"));
    assertTrue(drivers.containsKey("txnNumber"), "the driver's write is retryable here too: " + drivers);
  }
}
