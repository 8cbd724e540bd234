package dev.ycsbpack.experiment.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.cli.UsageError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What --resume says of a folder it cannot continue: a damaged manifest is called damaged, a finished one finished. */
class ResumeFolderTest {
  @TempDir
  Path dir;

  @Test
  void aCorruptManifestIsNamedCorruptWithTheParserSWords() throws Exception {
    Files.writeString(dir.resolve("manifest.json"), "{\n  \"schema\" : \"ycsb-experiment/v1\",\n  \"status\" : \n");
    UsageError e = assertThrows(UsageError.class, () -> ExperimentLaunch.folder(null, dir));
    String m = e.getMessage();
    assertTrue(m.startsWith("--resume " + dir + ": " + dir.resolve("manifest.json") + " is corrupt, not valid JSON "
        + "(line "), m);
    assertTrue(m.contains("end-of-input") && m.endsWith("start the experiment again with --out"), m);
    assertEquals(1, m.lines().count(), m);
  }

  @Test
  void aMissingManifestIsStillCalledMissing() throws Exception {
    UsageError e = assertThrows(UsageError.class, () -> ExperimentLaunch.folder(null, dir));
    assertTrue(e.getMessage().contains("not an experiment folder (no manifest.json"), e.getMessage());
  }

  @Test
  void onlyAFinishedExperimentIsRefused() {
    ExperimentManifest.Plan plan = new ExperimentManifest.Plan("sweep", "mongodb", "threads", List.of(1L),
        List.of(), Map.of(), List.of("local"), 1, 0, 0, List.of(), false, 1, "rule", null);
    assertEquals("--resume " + dir + ": the experiment is COMPLETE (ended 2026-01-01T00:00:10Z), nothing is left to "
        + "run; give a new folder with --out to run it again",
        ExperimentLaunch.finished(dir, manifest(plan,
            "COMPLETE")));
    for (String resumable : List.of("INCOMPLETE", "PARTIAL", "RUNNING")) {
      assertNull(ExperimentLaunch.finished(dir, manifest(plan, resumable)), resumable);
    }
    assertNull(ExperimentLaunch.finished(dir, null), "a new folder");
  }

  private static ExperimentManifest manifest(ExperimentManifest.Plan plan, String status) {
    return new ExperimentManifest(ExperimentManifest.SCHEMA, status, null, plan, Map.of(), "2026-01-01T00:00:00Z",
        "2026-01-01T00:00:10Z", List.of(), null, null, List.of(), null, null);
  }
}
