package dev.ycsbpack.common;

import static dev.ycsbpack.common.RunStatus.COMPLETE;
import static dev.ycsbpack.common.RunStatus.FAILED;
import static dev.ycsbpack.common.RunStatus.INCOMPLETE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RunJudgementTest {
  @Test
  void aRunIsCompleteExactlyWhenNothingFailed() {
    assertEquals(COMPLETE, RunJudgement.ofFailure(null));
    assertEquals(FAILED, RunJudgement.ofFailure("only 40 of 100 operations completed"));
    assertEquals(FAILED, RunJudgement.ofFailure(""), "an empty reason is still a failure");
  }

  @Test
  void aRecoveredBundleIsIncompleteWhenItsClientsMerged() {
    assertEquals(INCOMPLETE, RunJudgement.recovered(true));
    assertEquals(FAILED, RunJudgement.recovered(false));
  }

  @Test
  void aRecipeThatStoppedAtAnExperimentIsStopped() {
    assertEquals(RunStatus.STOPPED, RunJudgement.recipe(true));
    assertEquals(COMPLETE, RunJudgement.recipe(false));
  }

  @ParameterizedTest(name = "interrupted {0}, a step failed {1}: {2}")
  @CsvSource({"true,true,INCOMPLETE", "true,false,INCOMPLETE", "false,true,PARTIAL", "false,false,COMPLETE"})
  void anInterruptedExperimentIsIncompleteEvenWhenAStepFailed(boolean interrupted, boolean stepFailed, RunStatus is) {
    assertEquals(is, RunJudgement.experiment(interrupted, stepFailed));
  }

  @ParameterizedTest(name = "interrupted {0}, its run complete {1}: {2}")
  @CsvSource({"true,true,INTERRUPTED", "true,false,INTERRUPTED", "false,true,COMPLETE", "false,false,FAILED"})
  void aStepEndedByAnInterruptIsInterruptedWhateverItsRunSaid(boolean interrupted, boolean runComplete, RunStatus is) {
    assertEquals(is, RunJudgement.step(interrupted, runComplete));
  }

  @Test
  void aStepLeftRunningByAKilledExperimentIsKilledOnResume() {
    assertEquals("KILLED", RunJudgement.resumed("RUNNING"));
    assertEquals("COMPLETE", RunJudgement.resumed("COMPLETE"));
    assertEquals("FAILED", RunJudgement.resumed("FAILED"));
    assertEquals("NOT_RUN", RunJudgement.resumed("NOT_RUN"));
    assertEquals(null, RunJudgement.resumed(null));
  }

  @Test
  void aClientIsRecordedByItsOwnVerdictOrAsMissing() {
    assertEquals("MISSING", RunJudgement.recordedClient(null));
    assertEquals("COMPLETE", RunJudgement.recordedClient(verdict(COMPLETE)));
    assertEquals("FAILED", RunJudgement.recordedClient(verdict(FAILED)));
  }

  private static Verdict verdict(RunStatus status) {
    return new Verdict(status, "", 10, 10, "id", -1, -1, Outcomes.none(), -1);
  }

  @Test
  void onlyACompleteRunCounts() {
    assertTrue(RunJudgement.counts("COMPLETE"));
    for (RunStatus s : RunStatus.values()) {
      assertEquals(s == COMPLETE, RunJudgement.counts(s.label()), s.label());
    }
    assertFalse(RunJudgement.counts(null));
    assertFalse(RunJudgement.counts("complete"));
  }

  @Test
  void aStepsFiguresAreUsedOnlyWhenItCountsAndTheyWereRead() {
    assertTrue(RunJudgement.measured("COMPLETE", true));
    assertFalse(RunJudgement.measured("COMPLETE", false));
    assertFalse(RunJudgement.measured("FAILED", true));
    assertFalse(RunJudgement.measured("NOT_RUN", false));
  }

  @Test
  void aClientIsFailedByItsOwnVerdictOrByItsCoordinatorsReason() {
    assertFalse(RunJudgement.clientFailed("COMPLETE", null));
    assertTrue(RunJudgement.clientFailed("COMPLETE", "stopped: another client failed"));
    assertTrue(RunJudgement.clientFailed("FAILED", null));
    assertTrue(RunJudgement.clientFailed("MISSING", null));
    assertTrue(RunJudgement.clientFailed(null, null));
  }

  @Test
  void aFailedClientIsShownFailedWhereItsOwnVerdictSaysComplete() {
    assertEquals("FAILED", RunJudgement.failedClientShown("COMPLETE"));
    assertEquals("MISSING", RunJudgement.failedClientShown("MISSING"));
    assertEquals("RUNNING", RunJudgement.failedClientShown("RUNNING"));
  }

  @Test
  void onlyACompleteManifestIsPublishedWithFigures() {
    assertEquals(COMPLETE, RunJudgement.published("COMPLETE"));
    assertEquals(INCOMPLETE, RunJudgement.published("RUNNING"));
    assertEquals(INCOMPLETE, RunJudgement.published("INCOMPLETE"));
    assertEquals(FAILED, RunJudgement.published("FAILED"));
    assertEquals(FAILED, RunJudgement.published("PARTIAL"));
    assertEquals(FAILED, RunJudgement.published("DONE"), "a status the pack does not know is never complete");
    assertEquals(FAILED, RunJudgement.published(null));
    assertEquals(FAILED, RunJudgement.published(""));
  }

  @Test
  void aStepRowIsCompleteOnlyWhenItCountsAndWasRebuilt() {
    assertEquals(COMPLETE, RunJudgement.publishedStep("COMPLETE", true));
    assertEquals(FAILED, RunJudgement.publishedStep("COMPLETE", false));
    assertEquals(INCOMPLETE, RunJudgement.publishedStep("NOT_RUN", false));
    assertEquals(FAILED, RunJudgement.publishedStep("FAILED", true));
    assertEquals(FAILED, RunJudgement.publishedStep("KILLED", false));
  }

  @Test
  void onlyACompleteRunExitsZero() {
    assertEquals(ExitCodes.COMPLETE, RunJudgement.exitStatus("COMPLETE"));
    for (RunStatus s : RunStatus.values()) {
      if (s != COMPLETE) {
        assertEquals(ExitCodes.FAILED, RunJudgement.exitStatus(s.label()), s.label());
      }
    }
    assertEquals(ExitCodes.FAILED, RunJudgement.exitStatus(null));
  }
}
