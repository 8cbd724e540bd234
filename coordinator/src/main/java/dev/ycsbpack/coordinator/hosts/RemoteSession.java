package dev.ycsbpack.coordinator.hosts;

import dev.ycsbpack.aggregate.format.OutputFiles;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A remote host, reached through a {@link RemoteShell} (ssh, or the user's {@code --rsh} template): everything the
 * coordinator does on a host, written once over that seam.
 *
 * <p>Layout on the host, under {@code --remote-dir} (relative to the remote home unless absolute):
 * {@code dist/<digest>/} holds a staged pack (complete when {@code .complete} exists; staged into a temporary folder
 * and renamed, so a broken upload never looks complete), {@code runs/<run id>/<client>/} a client's working folder:
 * {@code staged.properties} (0600, removed once the client is ready, and when it exits), {@code client.pid} while it
 * runs, and {@code out/},
 * its client folder.
 *
 * <p>Remote command lines hold only the coordinator's own words (and the checked {@code -jvm-args}), quoted; the user's
 * properties and workload travel as the staged file on the transport's stdin, so {@code ps} on the host never shows a
 * password. A relative {@code --remote-dir} is taken from the remote user's home: the script goes there first, since a
 * template's command may start anywhere ({@code ip netns exec} keeps the coordinator's working folder).
 */
public final class RemoteSession implements HostSession {
  private static final Pattern JAVA_MAJOR = Pattern.compile("version \"(?:1\\.)?(\\d+)");

  private final Host host;
  private final RemoteShell shell;
  private final String remoteDir;
  private final StepLimits limits;
  /** The absolute remote folder, learnt from the probe. */
  private volatile String dir;

  public RemoteSession(Host host, RemoteShell shell, String remoteDir) {
    this(host, shell, remoteDir, StepLimits.defaults());
  }

  /** A session whose steps have these limits (tests make them short). */
  public RemoteSession(Host host, RemoteShell shell, String remoteDir, StepLimits limits) {
    this.host = host;
    this.shell = shell;
    this.remoteDir = remoteDir;
    this.limits = limits;
  }

  @Override
  public Host host() {
    return host;
  }

  @Override
  public String transport() {
    return shell.transport();
  }

  @Override
  public Probe probe(PackArchive pack) {
    List<String> problems = new ArrayList<>();
    // from the remote user's home: a template's command may start anywhere
    String script = "cd 2>/dev/null; d=" + Shell.quote(remoteDir) + "; mkdir -p \"$d\" && cd \"$d\" || exit 3; "
        + "echo \"dir: $(pwd)\"; "
        + "J=\"${JAVA_HOME:+$JAVA_HOME/bin/}java\"; "
        // the version line is the one saying 'version "...' (every vendor's JDK prints one): lines before it may be
        // the launcher's "Picked up JAVA_TOOL_OPTIONS" notes or a JVM warning (a locked hsperfdata file when PID
        // namespaces share one /tmp); when there is none, the first other line is shown as what java said instead
        + "if command -v \"$J\" >/dev/null 2>&1; then "
        + "v=$(\"$J\" -version 2>&1); l=$(printf '%s\\n' \"$v\" | grep ' version \"' | head -n 1); "
        + "if [ -n \"$l\" ]; then echo \"java: $l\"; "
        + "else echo \"java-said: $(printf '%s\\n' \"$v\" | grep -v '^NOTE: Picked up \\|^Picked up ' "
        + "| head -n 1)\"; fi; "
        + "else echo 'java: MISSING'; fi; "
        + "if [ -f " + Shell.quote("dist/" + pack.digest() + "/.complete") + " ]; then echo 'staged: yes'; "
        + "else echo 'staged: no'; fi";
    Processes.Result r;
    try {
      r = Processes.run(shell.start(script), null, limits.check());
    } catch (IOException e) {
      return new Probe(null, 0, false, 0, -1, List.of(host + ": cannot run " + shell.transport() + ": "
          + e.getMessage()));
    }
    if (r.exit() != 3 && (!r.ok() || !r.stdout().contains("dir: "))) {
      // the script's own failure is exit 3; anything else is the transport's (ssh's 255, kubectl's 1, a timeout)
      return new Probe(null, 0, false, 0, -1, List.of(host + ": cannot reach it over " + shell.transport() + ": "
          + r.lastError()));
    }
    if (!r.ok()) {
      return new Probe(null, 0, false, 0, -1, List.of(host + ": cannot create or enter the remote folder "
          + remoteDir + " (" + r.lastError() + ")"));
    }
    String javaLine = null;
    String javaSaid = null;
    boolean staged = false;
    for (String line : r.stdout().split("\n")) {
      if (line.startsWith("dir: ")) {
        dir = line.substring(5).strip();
      } else if (line.startsWith("java: ")) {
        javaLine = line.substring(6).strip();
      } else if (line.startsWith("java-said: ")) {
        javaSaid = line.substring(11).strip();
      } else if (line.startsWith("staged: ")) {
        staged = line.endsWith("yes");
      }
    }
    int major = 0;
    if (javaSaid != null) {
      problems.add(host + ": java -version printed no version line (it said '" + javaSaid
          + "'); the pack needs Java 17 or newer");
    } else if (javaLine == null || javaLine.equals("MISSING")) {
      problems.add(host + ": no java on the host (nor in $JAVA_HOME): install a JDK 17 or newer");
      javaLine = null;
    } else {
      Matcher m = JAVA_MAJOR.matcher(javaLine);
      major = m.find() ? Integer.parseInt(m.group(1)) : 0;
      if (major < 17) {
        problems.add(host + ": java is '" + javaLine + "'; the pack needs Java 17 or newer");
      }
    }
    ClockProbe.Offset clock = null;
    String clockProblem = "cannot measure its clock offset (needs GNU date with %N)";
    try {
      clock = ClockProbe.measure(shell, limits.check()).orElse(null);
    } catch (ClockProbe.Timeout e) {
      clockProblem = "cannot measure its clock offset: no answer within " + limits.check().toSeconds() + " s";
    }
    if (clock == null) {
      problems.add(host + ": " + clockProblem);
    }
    return new Probe(javaLine, major, staged, clock == null ? 0 : clock.offsetMs(), clock == null ? -1
        : clock.errorMs(), problems);
  }

  @Override
  public void stage(PackArchive pack) throws IOException {
    String target = "dist/" + pack.digest();
    String script = "set -e; cd " + Shell.quote(dir()) + "; mkdir -p dist; t=$(mktemp -d dist/.incoming.XXXXXX); "
        + "tar xzf - -C \"$t\"; touch \"$t/.complete\"; "
        + "if [ -e " + Shell.quote(target) + " ]; then rm -rf \"$t\"; else mv \"$t\" " + Shell.quote(target) + "; fi";
    Process remote = shell.start(script);
    Processes.Result r = Processes.pipe(startOrEnd(pack.tarCommand(), remote), "tar", remote,
        limits.stage(pack.bytes()));
    if (!r.ok()) {
      throw new IOException(host + ": staging the pack failed: " + r.lastError());
    }
  }

  @Override
  public String stagedPath(ClientPlan client, String runId, Path local) {
    return work(client, runId) + "/" + local.getFileName();
  }

  /** The client's working folder on the host: its staged files, and its client folder {@code out}. */
  private String work(ClientPlan client, String runId) {
    return runFolder(runId) + "/" + client.name();
  }

  @Override
  public Process start(ClientPlan client, String runId, Path staged, List<Path> files, ClientArgs args, Path bundle,
      PackArchive pack, Duration uploadLimit) throws IOException {
    String work = work(client, runId);
    upload(client, work, staged, "staged.properties", uploadLimit);
    for (Path f : files) {
      upload(client, work, f, f.getFileName().toString(), uploadLimit);
    }
    // the inner sh records its pid and becomes bin/ycsb, which becomes java: client.pid names the client's JVM, for
    // cleanup to kill one that outlived its transport
    StringBuilder cmd = new StringBuilder("cd ").append(Shell.quote(work)).append(" && { ")
        .append("sh -c 'echo $$ > client.pid; exec \"$0\" \"$@\"' ")
        .append(Shell.quote(dir() + "/dist/" + pack.digest() + "/bin/ycsb"));
    for (String a : args.with("staged.properties", "out")) {
      cmd.append(' ').append(Shell.quote(a));
    }
    // the staged file holds secrets: gone as soon as the client ends, however it ends
    cmd.append("; rc=$?; ").append(removal(files)).append(" client.pid; exit $rc; }");
    return shell.start(cmd.toString());
  }

  /** The command removing a client's staged files in its working folder (the properties and {@code files}). */
  private static String removal(List<Path> files) {
    StringBuilder remove = new StringBuilder("rm -f staged.properties");
    for (Path f : files) {
      remove.append(' ').append(Shell.quote(f.getFileName().toString()));
    }
    return remove.toString();
  }

  @Override
  public void removeStaged(ClientPlan client, String runId, List<Path> files) throws IOException {
    // no folder, no files: the client's end or the run's cleanup came first
    Processes.Result r = Processes.run(shell.start("cd " + Shell.quote(work(client, runId)) + " 2>/dev/null || exit 0; "
        + removal(files)), null, limits.cleanup());
    if (!r.ok()) {
      throw new IOException(host + ": cannot remove the staged properties of " + client.name() + ": "
          + r.lastError());
    }
  }

  /** One owner-only file into the client's working folder, over the transport's stdin (never on a command line). */
  private void upload(ClientPlan client, String work, Path local, String name, Duration limit) throws IOException {
    Processes.Result up = Processes.run(shell.start("umask 077 && mkdir -p " + Shell.quote(work) + " && cat > "
        + Shell.quote(work + "/" + name)), Files.readAllBytes(local), limit);
    if (!up.ok()) {
      throw new IOException(host + ": cannot upload " + name + " of " + client.name() + ": " + up.lastError());
    }
  }

  @Override
  public void fetch(ClientPlan client, String runId, Path bundle) throws IOException {
    Path tmp = Files.createTempDirectory(bundle, ".fetch-" + client.name());
    try {
      Process remoteTar = shell.start("tar czf - -C " + Shell.quote(work(client, runId)) + " out");
      Processes.Result r = Processes.pipe(remoteTar, "tar on " + host,
          startOrEnd(List.of("tar", "xzf", "-", "-C", tmp.toString()), remoteTar), limits.collect());
      if (!r.ok() || !Files.isDirectory(tmp.resolve("out"))) {
        throw new IOException(host + ": cannot fetch the folder of " + client.name() + ": " + r.lastError());
      }
      Files.move(tmp.resolve("out"), bundle.resolve(client.name()));
    } finally {
      OutputFiles.deleteTree(tmp);
    }
  }

  @Override
  public void cleanup(String runId) throws IOException {
    if (dir == null) {
      return;
    }
    // a client that outlived its transport (a frozen JVM does not notice its input closing) is killed here, through
    // the same seam: nothing of the run is left running on the host
    String folder = Shell.quote(runFolder(runId));
    Processes.Result r = Processes.run(shell.start("if [ -d " + folder + " ]; then for f in " + folder
        + "/*/client.pid; do [ -f \"$f\" ] && kill -KILL \"$(cat \"$f\")\" 2>/dev/null; done; fi; rm -rf " + folder),
        null, limits.cleanup());
    if (!r.ok()) {
      throw new IOException(host + ": cannot remove " + runFolder(runId) + ": " + r.lastError());
    }
  }

  /** Starts the local end of a pipe; when it cannot start, the remote end already started is ended too. */
  private static Process startOrEnd(List<String> command, Process other) throws IOException {
    try {
      return new ProcessBuilder(command).start();
    } catch (IOException e) {
      other.destroyForcibly();
      throw e;
    }
  }

  private String runFolder(String runId) {
    return dir() + "/runs/" + runId;
  }

  private String dir() {
    if (dir == null) {
      throw new IllegalStateException("probe the host first");
    }
    return dir;
  }

}
