package dev.ycsbpack.coordinator.run;

import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.hosts.PackArchive;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.telemetry.HostWatch;
import java.io.PrintStream;
import java.util.Map;

/**
 * What the coordinated runs of one command share: the coordinator's command makes one run with it, an experiment one
 * run per step.
 *
 * @param sessions each host's session
 * @param pack     the pack staged on the hosts
 * @param settings the supervisor's limits
 * @param redactor masks the secrets in what is written and printed
 * @param command  the command line as the manifest records it, secrets masked
 * @param log      where the progress line and warnings go
 * @param quiet    no progress line
 * @param telemetry whether the coordinator samples the server during each run ({@code --no-telemetry}: false)
 * @param hostWatch the machines whose /proc each run samples ({@link HostWatch#NONE}: none)
 */
public record RunSetup(Map<Host, HostSession> sessions, PackArchive pack, Supervisor.Settings settings,
    Redactor redactor, String command, PrintStream log, boolean quiet, boolean telemetry, HostWatch hostWatch) {
  /** A setup whose runs sample the server (the default) and no machine's /proc. */
  public RunSetup(Map<Host, HostSession> sessions, PackArchive pack, Supervisor.Settings settings, Redactor redactor,
      String command, PrintStream log, boolean quiet) {
    this(sessions, pack, settings, redactor, command, log, quiet, true, HostWatch.NONE);
  }

  /** The progress line of a run of {@code total} operations: none when quiet. */
  Progress progress(long total) {
    return quiet ? new Progress.Silent() : Progress.forConsole(log, total);
  }
}
