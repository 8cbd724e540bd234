package dev.ycsbpack.coordinator.cli;

import dev.ycsbpack.cli.ToolMain;
import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.ExitCodes;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.RunStatus;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.coordinator.bundle.Bundle;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.hosts.PackArchive;
import dev.ycsbpack.coordinator.options.HostOptions;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.run.Recovery;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code recover DIR}: the bundle of a coordinator that was killed mid-run becomes an INCOMPLETE result from what its
 * clients kept ({@link Recovery}).
 */
@Command(name = "recover", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Turns the bundle of a coordinator that was killed mid-run (its manifest still says RUNNING) into "
        + "an INCOMPLETE result: collects the client folders the bundle lacks from their hosts (and removes the run's "
        + "folder there), merges what the clients measured until they lost the coordinator, and marks the manifest "
        + "INCOMPLETE with why. Give the run's own --ssh-config, --rsh and --remote-dir when it had them.",
        "Exit status: 0 the bundle holds an INCOMPLETE merged result, 1 nothing could be merged (marked FAILED), 2 "
            + "not a killed coordinator's bundle (nothing changed)."})
final class RecoverCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "DIR", description = "the bundle (the run's --out)")
  Path dir;

  @Option(names = "--ssh-config", paramLabel = "FILE", description = "the run's --ssh-config, if it had one")
  Path sshConfig;

  @Option(names = "--rsh", paramLabel = "TEMPLATE", description = "the run's --rsh template, if it had one")
  String rsh;

  @Option(names = "--remote-dir", paramLabel = "DIR", defaultValue = ".ycsb-pack",
      description = "the run's --remote-dir (default: ${DEFAULT-VALUE})")
  String remoteDir;

  @Override
  public Integer call() throws IOException {
    PrintStream err = System.err;
    Redactor redactor = ToolMain.redactor(Map.of());
    Manifest m;
    try {
      m = readManifest();
    } catch (UsageError e) {
      err.println("ycsb-coordinator recover: error: " + e.getMessage());
      return CoordinatorMain.USAGE;
    }
    Bundle bundle = Bundle.open(dir);
    Optional<Long> live = bundle.liveCoordinator();
    if (live.isPresent()) {
      err.println("ycsb-coordinator recover: error: " + Text.shown(dir.toString()) + " is still being written by "
          + "its coordinator (process " + live.get() + "); nothing to recover");
      return CoordinatorMain.USAGE;
    }
    HostOptions reach = HostOptions.reaching(sshConfig, rsh, remoteDir);
    List<Host> remote;
    Map<String, HostSession> sessions = new LinkedHashMap<>();
    try {
      remote = reach.recorded(Recovery.remoteHosts(m));
      Path home = CoordinatorMain.packHome();
      reach.sessions(remote, home, Math.max(1, m.clients().size())).forEach((h, s) -> sessions.put(h.toString(), s));
      return new Recovery(bundle, m, sessions, PackArchive.of(home), err, redactor).run();
    } catch (UsageError | IllegalArgumentException | IllegalStateException e) {
      err.println("ycsb-coordinator recover: error: " + redactor.redact(String.valueOf(e.getMessage())));
      return CoordinatorMain.USAGE;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ExitCodes.FAILED;
    } finally {
      reach.closeConnections();
    }
  }

  /** The manifest of a killed coordinator's bundle, which lists its clients; else why not. */
  private Manifest readManifest() throws UsageError {
    String shown = Text.shown(dir.toString());
    if (!Files.isRegularFile(dir.resolve(Bundle.MANIFEST))) {
      throw new UsageError(shown + " holds no " + Bundle.MANIFEST + ": give the --out folder of a coordinated run");
    }
    Manifest m;
    try {
      m = Bundle.read(dir);
    } catch (IOException e) {
      throw new UsageError(shown + "/" + Bundle.MANIFEST + " cannot be read: " + e.getMessage());
    }
    if (!RunStatus.RUNNING.is(m.status())) {
      throw new UsageError(shown + "'s manifest says " + Text.shown(String.valueOf(m.status())) + ", not RUNNING: "
          + "the bundle was finished already (by its coordinator, or by an earlier recover); nothing to recover");
    }
    if (m.clients() == null || m.clients().isEmpty()) {
      throw new UsageError(shown + "'s coordinator was lost before it started any client (or is older than recover):"
          + " there are no measurements to recover");
    }
    return m;
  }
}
