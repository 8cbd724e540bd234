package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assumptions.assumeFalse;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;

/**
 * What the tests of the fast path's own write commands on the wire share: a {@link ProxiedMongos} for each test (JUnit
 * makes a test instance per test), closed after it; and none of them in the run on the driver's public API alone
 * ({@code -Dmongodb.fastPath=false}), where the driver sends its statements as a separate document sequence.
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
}
