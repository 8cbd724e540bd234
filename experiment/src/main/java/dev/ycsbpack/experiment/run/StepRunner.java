package dev.ycsbpack.experiment.run;

import com.mongodb.client.MongoClient;
import dev.ycsbpack.aggregate.experiment.ServerMemory;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.coordinator.bundle.Bundle;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.hosts.PackArchive;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.PlanException;
import dev.ycsbpack.coordinator.plan.Planner;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.coordinator.plan.RunRequest;
import dev.ycsbpack.coordinator.run.CoordinatedRun;
import dev.ycsbpack.coordinator.run.RunOutcome;
import dev.ycsbpack.coordinator.run.RunSetup;
import dev.ycsbpack.coordinator.run.Supervisor;
import dev.ycsbpack.coordinator.telemetry.HostWatch;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Map;

/**
 * Runs one step of an experiment as a normal coordinated run, in process: the coordinator's own plan, run and bundle,
 * so each step's folder is a bundle that {@code bin/ycsb-aggregate} and every other tool read as any other. Ctrl-C
 * stops the current step the coordinator's way ({@link #interrupt}).
 */
public final class StepRunner implements Steps {
  private final RunSetup setup;
  private volatile CoordinatedRun current;
  private volatile ServerMemory lastServer;
  private volatile String interrupted;
  /**
   * Where the next inserting step's new keys start ({@link FreshInserts#next}); null before this runner's first
   * inserting step, or after one whose attempts are not known, when the collection's count decides.
   */
  private volatile Long nextInsertKey;
  /**
   * Why no later inserting step of this runner can know where its new keys start (an earlier inserting step's
   * verdicts could not be read, so its used-up keys are unknown and a count would fall short); null while it is known.
   */
  private volatile String insertsUnknown;

  public StepRunner(Map<Host, HostSession> sessions, PackArchive pack, Supervisor.Settings settings, Redactor redactor,
      String command, PrintStream log, boolean quiet) {
    this(sessions, pack, settings, redactor, command, log, quiet, true, HostWatch.NONE);
  }

  /**
   * @param telemetry whether each step's coordinated run samples the server ({@code --no-telemetry}: false)
   * @param hostWatch the machines whose /proc each step samples
   */
  public StepRunner(Map<Host, HostSession> sessions, PackArchive pack, Supervisor.Settings settings, Redactor redactor,
      String command, PrintStream log, boolean quiet, boolean telemetry, HostWatch hostWatch) {
    this.setup = new RunSetup(sessions, pack, settings, redactor, command, log, quiet, telemetry, hostWatch);
  }

  /** The plan of one step (the coordinator's own planner: shares, key ranges, notes). */
  public static RunPlan plan(RunRequest request) throws PlanException {
    return Planner.plan(request);
  }

  /**
   * Runs the step into a new bundle at {@code request.out()}, a step that inserts with its new keys after the
   * documents already there ({@link FreshInserts}); returns the coordinated run's outcome.
   */
  @Override
  public RunOutcome run(RunPlan planned) throws IOException {
    lastServer = null;
    boolean mongodb = planned.binding().equals("mongodb");
    boolean inserts = mongodb && FreshInserts.inserts(planned);
    RunPlan plan = planned;
    String cannotCount = null;
    if (inserts && interrupted == null) {
      Long next = nextInsertKey;
      if (insertsUnknown != null) {
        // as when the count fails: inserting anyway could insert the unknown step's used-up keys again
        cannotCount = insertsUnknown;
      } else if (next != null) {
        plan = FreshInserts.after(planned, next);
      } else {
        try {
          plan = FreshInserts.after(planned, RecordCount.of(planned.properties()).documents());
        } catch (RuntimeException e) {
          // without the count the step would insert earlier steps' keys again and measure duplicate-key errors
          cannotCount = "the count of " + RecordCount.collection(planned.properties()) + " before the step (its "
              + "inserts start after the documents there) failed: " + RecordCount.failure(e, planned.properties());
        }
      }
    }
    Bundle bundle = Bundle.create(plan.out());
    // serverStatus before and after: the pages read into the cache are a counter, so the step's are the difference;
    // none after Ctrl-C (no "after" will be taken, and the server may be what the user is waiting for)
    ServerMemory.Snapshot before = mongodb && interrupted == null ? snapshot(plan) : null;
    CoordinatedRun run = new CoordinatedRun(plan, setup, System.currentTimeMillis());
    current = run;
    try {
      if (interrupted != null) {
        // Ctrl-C before this step began (during the serverStatus snapshot, say): never the waiting interrupt here
        run.interruptBeforeRun(interrupted);
      } else if (cannotCount != null) {
        run.failBeforeRun(setup.redactor().redact(cannotCount));
      }
      RunOutcome outcome;
      try {
        outcome = run.run(bundle);
      } catch (IOException | RuntimeException e) {
        // the step's own failure is the one reported; not knowing the next step's keys is stated after it
        if (inserts && afterInserts(plan, bundle, cannotCount != null) != null) {
          e.addSuppressed(new IOException(insertsUnknown));
        }
        throw e;
      }
      if (inserts) {
        afterInserts(plan, bundle, cannotCount != null);
      }
      if (mongodb && interrupted == null && outcome.exitCode() == CoordinatedRun.COMPLETE) {
        lastServer = ServerMemory.between(before, snapshot(plan));
      }
      return outcome;
    } finally {
      current = null;
    }
  }

  /**
   * Records where the next inserting step's new keys start, after this inserting step: every insert attempt used up
   * its key, failed or not, so it starts after them all. Never throws, so the step's own outcome stays the one
   * reported; returns why the start is not known from now on ({@link #insertsUnknown}), or null.
   *
   * @param notRun the step failed before any client (its count failed, or the start was unknown already)
   */
  private String afterInserts(RunPlan plan, Bundle bundle, boolean notRun) {
    nextInsertKey = null;
    if (notRun) {
      return insertsUnknown; // nothing inserted: the next step counts, unless the start was unknown already
    }
    try {
      nextInsertKey = FreshInserts.next(plan, bundle.clients()).orElse(null);
    } catch (IOException | RuntimeException e) {
      insertsUnknown = setup.redactor().redact("the insert attempts of the inserting step in " + bundle.dir()
          + " could not be read, so where this step's new keys start is not known (a count would miss the keys its"
          + " failed inserts used up): " + e.getMessage());
    }
    return insertsUnknown;
  }

  /** The server's memory and cache figures around the last step run; null for a binding with no server. */
  @Override
  public ServerMemory lastServer() {
    return lastServer;
  }

  private ServerMemory.Snapshot snapshot(RunPlan plan) {
    try (MongoClient client = RecordCount.client(plan.properties())) {
      ServerMemory.Snapshot s = ServerStatus.read(client);
      return s.reason() == null ? s : ServerMemory.Snapshot.unknown(setup.redactor().redact(s.reason()));
    } catch (RuntimeException e) {
      return ServerMemory.Snapshot.unknown(setup.redactor().redact("serverStatus failed: " + e.getMessage()));
    }
  }

  /** Stops the running step, if any, as the coordinator stops on Ctrl-C (every client stopped, bundle FAILED). */
  @Override
  public void interrupt(String reason) {
    interrupted = reason;
    CoordinatedRun run = current;
    if (run != null) {
      run.interrupt(reason);
    }
  }
}
