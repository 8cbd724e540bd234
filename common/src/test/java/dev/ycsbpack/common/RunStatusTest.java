package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunStatusTest {
  @Test
  void labelsAreWhatTheFilesHold() {
    // the labels the pack's files and status lines have always held: changing one breaks every manifest written
    assertEquals(List.of("RUNNING", "COMPLETE", "FAILED", "PARTIAL", "INCOMPLETE", "INTERRUPTED", "KILLED", "NOT_RUN",
        "MISSING", "STOPPED"), Arrays.stream(RunStatus.values()).map(RunStatus::label).toList());
  }

  @Test
  void onlyNotRunReadsDifferentlyFromItsLabel() {
    assertEquals("NOT RUN", RunStatus.NOT_RUN.words());
    for (RunStatus s : RunStatus.values()) {
      if (s != RunStatus.NOT_RUN) {
        assertEquals(s.label(), s.words(), s.name());
      }
    }
  }

  @Test
  void isMatchesTheExactLabelOnly() {
    assertTrue(RunStatus.COMPLETE.is("COMPLETE"));
    assertFalse(RunStatus.COMPLETE.is("complete"));
    assertFalse(RunStatus.COMPLETE.is(" COMPLETE"));
    assertFalse(RunStatus.COMPLETE.is(null));
    assertFalse(RunStatus.NOT_RUN.is("NOT RUN"), "the words are not the label");
  }

  @Test
  void findKnowsEveryLabelAndNothingElse() {
    for (RunStatus s : RunStatus.values()) {
      assertEquals(Optional.of(s), RunStatus.find(s.label()));
    }
    assertEquals(Optional.empty(), RunStatus.find("SHORTFALL"));
    assertEquals(Optional.empty(), RunStatus.find(""));
    assertEquals(Optional.empty(), RunStatus.find(null));
  }

  @Test
  void ofReadsALabelWithBlanksAround() {
    assertEquals(RunStatus.PARTIAL, RunStatus.of(" PARTIAL\n"));
    assertEquals(RunStatus.FAILED, RunStatus.of("FAILED", RunStatus.COMPLETE, RunStatus.FAILED));
  }

  @Test
  void ofRefusesAnUnknownValueNamingItAndWhatIsAccepted() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunStatus.of("DONE"));
    assertEquals("status=DONE: expected RUNNING, COMPLETE, FAILED, PARTIAL, INCOMPLETE, INTERRUPTED, KILLED, NOT_RUN, "
        + "MISSING or STOPPED", e.getMessage());
  }

  @Test
  void ofRefusesAStatusOutsideTheAcceptedOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RunStatus.of("RUNNING", RunStatus.COMPLETE, RunStatus.FAILED));
    assertEquals("status=RUNNING: expected COMPLETE or FAILED", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> RunStatus.of("FAILED", RunStatus.COMPLETE));
    assertEquals("status=FAILED: expected COMPLETE", e.getMessage());
  }

  @Test
  void ofShowsAMissingOrHostileValueSafely() {
    assertEquals("status=null: expected COMPLETE or FAILED", assertThrows(IllegalArgumentException.class,
        () -> RunStatus.of(null, RunStatus.COMPLETE, RunStatus.FAILED)).getMessage());
    assertEquals("status=OK\\nFAILED: expected COMPLETE or FAILED", assertThrows(IllegalArgumentException.class,
        () -> RunStatus.of("OK\nFAILED", RunStatus.COMPLETE, RunStatus.FAILED)).getMessage());
  }

  @Test
  void inWordsTurnsALabelIntoWordsAndLeavesTheRestAsFound() {
    assertEquals("NOT RUN", RunStatus.inWords("NOT_RUN"));
    assertEquals("COMPLETE", RunStatus.inWords("COMPLETE"));
    assertEquals("SOMETHING_ELSE", RunStatus.inWords("SOMETHING_ELSE"));
    assertEquals("null", RunStatus.inWords(null));
  }
}
