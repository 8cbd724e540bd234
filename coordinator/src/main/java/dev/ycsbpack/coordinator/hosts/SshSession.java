package dev.ycsbpack.coordinator.hosts;

import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A remote host over the system OpenSSH client.
 *
 * <p>Layout on the host, under {@code --remote-dir} (relative to the remote home unless absolute):
 * {@code dist/<digest>/} holds a staged pack (complete when {@code .complete} exists; staged into a temporary folder
 * and renamed, so a broken upload never looks complete), {@code runs/<run id>/<client>/} a client's working folder:
 * {@code staged.properties} (0600, removed when the client exits) and {@code out/}, its client folder.
 *
 * <p>Remote command lines hold only the coordinator's own words, quoted; the user's properties and workload travel as
 * the staged file on ssh's stdin, so {@code ps} on the host never shows a password.
 */
public final class SshSession implements HostSession {
  private static final Pattern JAVA_MAJOR = Pattern.compile("version \"(?:1\\.)?(\\d+)");
  private static final int CLOCK_SAMPLES = 8;

  private final Host.Ssh host;
  private final SshCommand ssh;
  private final String remoteDir;
  /** The absolute remote folder, learnt from the probe. */
  private volatile String dir;

  public SshSession(Host.Ssh host, SshCommand ssh, String remoteDir) {
    this.host = host;
    this.ssh = ssh;
    this.remoteDir = remoteDir;
  }

  @Override
  public Host host() {
    return host;
  }

  @Override
  public Probe probe(PackArchive pack) {
    List<String> problems = new ArrayList<>();
    String script = "d=" + Shell.quote(remoteDir) + "; mkdir -p \"$d\" && cd \"$d\" || exit 3; echo \"dir: $(pwd)\"; "
        + "J=\"${JAVA_HOME:+$JAVA_HOME/bin/}java\"; "
        // the launcher's "Picked up JDK_JAVA_OPTIONS/JAVA_TOOL_OPTIONS" notes come before the version line
        + "if command -v \"$J\" >/dev/null 2>&1; then "
        + "echo \"java: $(\"$J\" -version 2>&1 | grep -v '^NOTE: Picked up \\|^Picked up ' | head -n 1)\"; "
        + "else echo 'java: MISSING'; fi; "
        + "if [ -f " + Shell.quote("dist/" + pack.digest() + "/.complete") + " ]; then echo 'staged: yes'; "
        + "else echo 'staged: no'; fi";
    Processes.Result r;
    try {
      r = Processes.run(ssh.command(host, script), null, Duration.ofSeconds(30));
    } catch (IOException e) {
      return new Probe(null, 0, false, 0, -1, List.of(host + ": cannot run ssh: " + e.getMessage()));
    }
    if (r.exit() == 255 || r.exit() == -1) {
      return new Probe(null, 0, false, 0, -1, List.of(host + ": cannot reach it over ssh: " + r.lastError()));
    }
    if (!r.ok()) {
      return new Probe(null, 0, false, 0, -1, List.of(host + ": cannot create or enter the remote folder "
          + remoteDir + " (" + r.lastError() + ")"));
    }
    String javaLine = null;
    boolean staged = false;
    for (String line : r.stdout().split("\n")) {
      if (line.startsWith("dir: ")) {
        dir = line.substring(5).strip();
      } else if (line.startsWith("java: ")) {
        javaLine = line.substring(6).strip();
      } else if (line.startsWith("staged: ")) {
        staged = line.endsWith("yes");
      }
    }
    int major = 0;
    if (javaLine == null || javaLine.equals("MISSING")) {
      problems.add(host + ": no java on the host (nor in $JAVA_HOME): install a JDK 17 or newer");
      javaLine = null;
    } else {
      Matcher m = JAVA_MAJOR.matcher(javaLine);
      major = m.find() ? Integer.parseInt(m.group(1)) : 0;
      if (major < 17) {
        problems.add(host + ": java is '" + javaLine + "'; the pack needs Java 17 or newer");
      }
    }
    double[] clock = clockOffset();
    if (clock == null) {
      problems.add(host + ": cannot measure its clock offset (needs GNU date with %N)");
    }
    return new Probe(javaLine, major, staged, clock == null ? 0 : clock[0], clock == null ? -1 : clock[1], problems);
  }

  /**
   * Cristian's algorithm over one open session: send a line, read the host's time, and keep the sample with the
   * shortest round trip. Returns {offset ms, error bound ms}, or null.
   */
  private double[] clockOffset() {
    String loop = "i=0; while [ $i -lt " + CLOCK_SAMPLES + " ]; do read x || exit 0; date +%s%N; i=$((i+1)); done";
    Process p;
    try {
      p = new ProcessBuilder(ssh.command(host, loop)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    } catch (IOException e) {
      return null;
    }
    double best = Double.MAX_VALUE;
    double offset = 0;
    long baseMillis = System.currentTimeMillis();
    long baseNanos = System.nanoTime();
    try (OutputStream in = p.getOutputStream();
         BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      for (int i = 0; i < CLOCK_SAMPLES; i++) {
        long t0 = System.nanoTime();
        in.write('\n');
        in.flush();
        String line = out.readLine();
        long t1 = System.nanoTime();
        if (line == null || !line.strip().matches("\\d{19}")) {
          return null;
        }
        double remoteMs = Long.parseLong(line.strip()) / 1e6;
        double midMs = baseMillis + ((t0 + t1) / 2.0 - baseNanos) / 1e6;
        double half = (t1 - t0) / 2e6;
        if (half < best) {
          best = half;
          offset = remoteMs - midMs;
        }
      }
    } catch (IOException e) {
      return null;
    } finally {
      p.destroy();
      try {
        p.waitFor(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return new double[] {offset, best};
  }

  @Override
  public void stage(PackArchive pack) throws IOException {
    String target = "dist/" + pack.digest();
    String script = "set -e; cd " + Shell.quote(dir()) + "; mkdir -p dist; t=$(mktemp -d dist/.incoming.XXXXXX); "
        + "tar xzf - -C \"$t\"; touch \"$t/.complete\"; "
        + "if [ -e " + Shell.quote(target) + " ]; then rm -rf \"$t\"; else mv \"$t\" " + Shell.quote(target) + "; fi";
    Processes.Result r = Processes.pipe(pack.tarCommand(), ssh.command(host, script), Duration.ofMinutes(10));
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
                       PackArchive pack) throws IOException {
    String work = work(client, runId);
    upload(client, work, staged, "staged.properties");
    StringBuilder remove = new StringBuilder("rm -f staged.properties");
    for (Path f : files) {
      upload(client, work, f, f.getFileName().toString());
      remove.append(' ').append(Shell.quote(f.getFileName().toString()));
    }
    StringBuilder cmd = new StringBuilder("cd ").append(Shell.quote(work)).append(" && { ")
        .append(Shell.quote(dir() + "/dist/" + pack.digest() + "/bin/ycsb"));
    for (String a : args.with("staged.properties", "out")) {
      cmd.append(' ').append(Shell.quote(a));
    }
    // the staged file holds secrets: gone as soon as the client ends, however it ends
    cmd.append("; rc=$?; ").append(remove).append("; exit $rc; }");
    return new ProcessBuilder(ssh.command(host, cmd.toString())).start();
  }

  /** One owner-only file into the client's working folder, over ssh's stdin (never on a command line). */
  private void upload(ClientPlan client, String work, Path local, String name) throws IOException {
    Processes.Result up = Processes.run(ssh.command(host, "umask 077 && mkdir -p " + Shell.quote(work) + " && cat > "
        + Shell.quote(work + "/" + name)), Files.readAllBytes(local), Duration.ofSeconds(60));
    if (!up.ok()) {
      throw new IOException(host + ": cannot upload " + name + " of " + client.name() + ": " + up.lastError());
    }
  }

  @Override
  public void fetch(ClientPlan client, String runId, Path bundle) throws IOException {
    Path tmp = Files.createTempDirectory(bundle, ".fetch-" + client.name());
    try {
      Processes.Result r = Processes.pipe(
          ssh.command(host, "tar czf - -C " + Shell.quote(work(client, runId)) + " out"),
          List.of("tar", "xzf", "-", "-C", tmp.toString()), Duration.ofMinutes(10));
      if (!r.ok() || !Files.isDirectory(tmp.resolve("out"))) {
        throw new IOException(host + ": cannot fetch the folder of " + client.name() + ": " + r.lastError());
      }
      Files.move(tmp.resolve("out"), bundle.resolve(client.name()));
    } finally {
      deleteTree(tmp);
    }
  }

  @Override
  public void cleanup(String runId) throws IOException {
    if (dir == null) {
      return;
    }
    Processes.Result r = Processes.run(ssh.command(host, "rm -rf " + Shell.quote(runFolder(runId))), null,
        Duration.ofSeconds(30));
    if (!r.ok()) {
      throw new IOException(host + ": cannot remove " + runFolder(runId) + ": " + r.lastError());
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

  static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (var s = Files.walk(p)) {
      for (Path q : (Iterable<Path>) s.sorted(java.util.Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(q);
      }
    }
  }
}
