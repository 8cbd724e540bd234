package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SharesTest {
  @Test
  void sharesAddUpAndDifferByAtMostOne() {
    Random random = new Random(7);
    for (int i = 0; i < 2000; i++) {
      long total = i < 10 ? i : (long) (random.nextDouble() * 5_000_000_000L);
      int parts = 1 + random.nextInt(64);
      long[] s = Shares.split(total, parts);
      assertEquals(total, Arrays.stream(s).sum());
      long min = Arrays.stream(s).min().orElseThrow();
      long max = Arrays.stream(s).max().orElseThrow();
      assertTrue(max - min <= 1, () -> total + " over " + parts + ": " + Arrays.toString(s));
    }
  }

  @Test
  void rangesAreDisjointAndCoverTheTotal() {
    Random random = new Random(11);
    for (int i = 0; i < 2000; i++) {
      rangesCover(random.nextInt(1_000_000), i < 10 ? i : random.nextInt(Integer.MAX_VALUE), 1 + random.nextInt(64));
    }
  }

  private static void rangesCover(long start, long total, int parts) {
    List<Shares.KeyRange> r = Shares.ranges(start, total, parts);
    assertEquals(parts, r.size());
    assertEquals(start, r.get(0).start());
    for (int i = 1; i < r.size(); i++) {
      assertEquals(r.get(i - 1).end(), r.get(i).start());
    }
    assertEquals(start + total, r.get(r.size() - 1).end());
  }

  @Test
  void firstSharesTakeTheRemainder() {
    assertEquals("[4, 3, 3]", Arrays.toString(Shares.split(10, 3)));
    assertThrows(IllegalArgumentException.class, () -> Shares.split(10, 0));
  }
}
