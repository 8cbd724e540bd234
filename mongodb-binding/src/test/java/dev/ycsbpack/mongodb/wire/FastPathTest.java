package dev.ycsbpack.mongodb.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The start-up check of the driver the fast path was written for. */
class FastPathTest {
  /**
   * The driver the build runs on is the one the fast path copies its rules and internals from: an upgrade fails here
   * first. Raise {@link FastPath#WRITTEN_FOR} only with every rule checked again against the new driver
   * (PointReadRulesTest, UpdateCommandRulesTest, InsertCommandRulesTest, CachedSelectionTest and the binding's tests
   * run both ways), never to make this pass.
   */
  @Test
  void theBuildsDriverIsTheOneTheFastPathWasWrittenFor() {
    assertEquals(FastPath.WRITTEN_FOR, DriverInternals.driverVersion());
    assertNull(DriverInternals.missing(), "every internal the fast path reaches is there");
    FastPath path = FastPath.decide(true);
    assertTrue(path.on(), path::shown);
    assertEquals("on", path.shown());
  }

  @Test
  void anotherDriverTurnsItOffSayingWhich() {
    FastPath other = FastPath.check("5.15.0");
    assertFalse(other.on());
    assertEquals("off (driver 5.15.0, written for " + FastPath.WRITTEN_FOR + ")", other.shown());
    assertFalse(FastPath.check("unknown").on(), "a driver whose version cannot be read is not the one");
  }

  @Test
  void thePropertyTurnsItOffSayingSo() {
    FastPath off = FastPath.decide(false);
    assertFalse(off.on());
    assertEquals("off (mongodb.fastPath=false)", off.shown());
  }
}
