package dev.ycsbpack.aggregate.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a bundle and an experiment are published from the status their manifest says: only COMPLETE with figures,
 * RUNNING and INCOMPLETE as INCOMPLETE, anything else FAILED, each with its own reason.
 */
class PublishedStatusTest {
  private static final long T0 = 1_795_500_000_000L;
  private static final String REASON = "step 03-majority failed: the server went away";

  @TempDir
  Path tmp;

  /** The bundle as published: {@code STATUS | reason}. */
  private String bundle(String status) throws IOException {
    Path dir = Bundles.coordinated(tmp.resolve("bundle-" + status.length() + status), status, Bundles.MONGODB, T0, "");
    Published p = new CoordinatorBundleKind().read(dir, "b", true);
    return p.status() + " | " + p.reason();
  }

  /** The experiment as published: {@code STATUS | reason}. */
  private String experiment(String status) throws IOException {
    Path dir = Experiments.sweep(tmp.resolve("experiment-" + status.length() + status), status, Bundles.MONGODB, T0,
        "");
    PublishedExperiment x = (PublishedExperiment) new ExperimentKind().read(dir, "x");
    return x.status() + " | " + x.reason();
  }

  @Test
  void aBundleIsPublishedByItsManifestsStatus() throws IOException {
    assertEquals("COMPLETE | null", bundle("COMPLETE"));
    assertEquals("INCOMPLETE | the coordinator did not finish: its manifest still says RUNNING (killed, or still "
        + "running when this site was built)", bundle("RUNNING"));
    assertEquals("INCOMPLETE | the coordinator was lost during the run; its bundle was recovered from what the "
        + "clients kept", bundle("INCOMPLETE"));
    assertEquals("FAILED | client 02-host2 on host2 reports FAILED: the server went away", bundle("FAILED"));
  }

  @Test
  void aBundleWhoseStatusIsNoneOfACoordinatorsIsFailedNamingIt() throws IOException {
    assertEquals("FAILED | its manifest's status is PARTIAL, not COMPLETE or FAILED", bundle("PARTIAL"));
    assertEquals("FAILED | its manifest's status is DONE, not COMPLETE or FAILED", bundle("DONE"));
    assertEquals("FAILED | its manifest's status is , not COMPLETE or FAILED", bundle(""));
  }

  @Test
  void anExperimentIsPublishedByItsManifestsStatus() throws IOException {
    assertEquals("COMPLETE | null", experiment("COMPLETE"));
    assertEquals("INCOMPLETE | the experiment did not finish: its manifest still says RUNNING (killed, or still "
        + "running when this site was built)", experiment("RUNNING"));
    assertEquals("INCOMPLETE | the experiment was interrupted: " + REASON
        + " (bin/ycsb-experiment --resume continues it)", experiment("INCOMPLETE"));
    assertEquals("FAILED | PARTIAL: a step failed and the experiment stopped there: " + REASON, experiment("PARTIAL"));
    assertEquals("FAILED | " + REASON, experiment("FAILED"));
  }

  @Test
  void anExperimentWhoseStatusIsNoneOfAnExperimentsIsFailedNamingIt() throws IOException {
    assertEquals("FAILED | its manifest's status is KILLED, not COMPLETE, PARTIAL, INCOMPLETE or FAILED",
        experiment("KILLED"));
    assertEquals("FAILED | its manifest's status is DONE, not COMPLETE, PARTIAL, INCOMPLETE or FAILED",
        experiment("DONE"));
  }
}
