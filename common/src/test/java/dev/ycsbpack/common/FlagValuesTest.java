package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

class FlagValuesTest {
  @Test
  void aPropertyIsSplitAtItsFirstEqualsSign() {
    assertEquals(Map.entry("mongodb.url", "mongodb://h/db?w=1"), FlagValues.property("mongodb.url=mongodb://h/db?w=1"));
    assertEquals(Map.entry("table", ""), FlagValues.property("table="));
  }

  @Test
  void aPropertyWithoutNameOrEqualsSignIsRefusedWithBinYcsbsLine() {
    assertEquals("-p foo: expected NAME=VALUE",
        assertThrows(IllegalArgumentException.class, () -> FlagValues.property("foo")).getMessage());
    assertEquals("-p =x: expected NAME=VALUE",
        assertThrows(IllegalArgumentException.class, () -> FlagValues.property("=x")).getMessage());
  }

  @Test
  void aWholeNumberBelowTheLeastIsRefused() {
    assertEquals(4, FlagValues.wholeNumber("-threads", "4", 1));
    assertEquals("-threads 0: expected a whole number, 1 or more",
        assertThrows(IllegalArgumentException.class, () -> FlagValues.wholeNumber("-threads", "0", 1)).getMessage());
  }
}
