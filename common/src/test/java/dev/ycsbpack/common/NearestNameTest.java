package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The one "did you mean": case ignored, at most two edits. */
class NearestNameTest {
  private static final List<String> KNOWN = List.of("recordcount", "operationcount", "readproportion",
      "mongodb.batchsize");

  @Test
  void theClosestNameWithinTwoEditsCaseIgnored() {
    assertEquals(Optional.of("recordcount"), NearestName.among("recordcont", KNOWN));
    assertEquals(Optional.of("mongodb.batchsize"), NearestName.among("mongodb.batchSize", KNOWN));
    assertEquals(Optional.of("readproportion"), NearestName.among("redproportin", KNOWN));
    assertEquals(Optional.empty(), NearestName.among("rdprportin", KNOWN), "three edits: not a typo of it");
    assertEquals(" (did you mean operationcount?)", NearestName.hint("opertioncount", KNOWN));
    assertEquals("", NearestName.hint("run.id", KNOWN));
    assertEquals(3, NearestName.distance("kitten", "sitting"));
  }
}
