package dev.ycsbpack.common.hdr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CurrentIntervalTest {
  /** Two intervals, [1000, 2000] then [2000, 3500], as a reader moves through them. */
  private static final class TwoIntervals extends CurrentInterval {
    private int read;

    @Override
    public boolean next() {
      leave();
      read++;
      if (read > 2) {
        return false;
      }
      enter(read * 1000L, read == 1 ? 2000 : 3500);
      return true;
    }

    @Override
    public long addTo(IntervalCounts target) {
      requireCurrent();
      return 0;
    }

    @Override
    public void close() {
    }
  }

  @Test
  void timesAreTheCurrentIntervalsAndAskedOnlyWhileThereIsOne() {
    TwoIntervals in = new TwoIntervals();
    assertEquals("no current interval", assertThrows(IllegalStateException.class, in::startMs).getMessage());
    assertThrows(IllegalStateException.class, in::endMs);
    assertTrue(in.next());
    assertEquals(1000, in.startMs());
    assertEquals(2000, in.endMs());
    assertEquals(1500, in.midMs());
    assertTrue(in.next());
    assertEquals(2000, in.startMs());
    assertEquals(3500, in.endMs());
    assertFalse(in.next());
    assertThrows(IllegalStateException.class, in::startMs);
    assertThrows(IllegalStateException.class, in::endMs);
    assertThrows(IllegalStateException.class, () -> in.addTo(null));
  }
}
