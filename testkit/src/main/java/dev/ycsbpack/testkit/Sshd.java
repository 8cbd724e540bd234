package dev.ycsbpack.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/** One real OpenSSH server, inside one host's namespace, with its own config, host key and log. */
final class Sshd {
  private final long pid;
  private final Path hostKey;

  private Sshd(long pid, Path hostKey) {
    this.pid = pid;
    this.hostKey = hostKey;
  }

  /**
   * Generates a host key, writes a config and starts sshd in {@code host}'s namespace, then waits
   * (at most {@code timeout}) until it listens.
   *
   * @param dir this sshd's own directory: config, host key, PID file and log go there
   */
  static Sshd start(SshHost host, Path dir, Path authorizedKeys, Duration timeout) throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    String sshd = Executables.locate("sshd")
        .orElseThrow(() -> new MissingPrerequisiteException("sshd not found")).toString();
    Files.createDirectories(dir);
    Path hostKey = dir.resolve("ssh_host_ed25519_key");
    SshKeys.generate(hostKey, "ycsbt-host-" + host.alias());
    Path pidFile = dir.resolve("sshd.pid");
    Path config = dir.resolve("sshd_config");
    Path log = dir.resolve("sshd.log");
    Files.writeString(config, String.join("\n",
        "# One test host of dev.ycsbpack.testkit.NetnsHosts; nothing here is read from /etc/ssh.",
        "Port " + host.port(),
        "ListenAddress " + host.address(),
        "AddressFamily inet",
        "HostKey " + hostKey,
        "PidFile " + pidFile,
        "AuthorizedKeysFile " + authorizedKeys,
        // The key files live in a temp dir: sshd's ownership checks of home dirs do not apply.
        "StrictModes no",
        // PAM would consult the machine's login setup; keys are all a test needs.
        "UsePAM no",
        "PermitRootLogin prohibit-password",
        "PubkeyAuthentication yes",
        "PasswordAuthentication no",
        "KbdInteractiveAuthentication no",
        "PrintMotd no",
        "PrintLastLog no",
        "UseDNS no",
        // scp speaks SFTP since OpenSSH 9; the in-process server needs no sftp-server binary.
        "Subsystem sftp internal-sftp",
        // A coordinator may open many connections or multiplexed sessions at once.
        "MaxStartups 100",
        "MaxSessions 100",
        // Lets a test give one host a JAVA_HOME without a java in it (SetEnv in its client config): a host
        // "without a JDK" on a machine whose hosts all share one file system; and small client JVMs for a
        // lab of many hosts (JDK_JAVA_OPTIONS, read by the java launcher).
        "AcceptEnv JAVA_HOME JDK_JAVA_OPTIONS",
        ""));
    // sshd refuses to start without its privilege-separation directory; the package's service
    // would create it, but the service never runs here.
    Files.createDirectories(Path.of("/run/sshd"));
    try {
      // sshd forks into the background once it listens; -E keeps its messages out of syslog.
      Commands.run(host.namespace().command(sshd, "-f", config.toString(), "-E", log.toString()), dir, timeout);
    } catch (IOException e) {
      throw new IOException("sshd for " + host.alias() + " did not start: " + e.getMessage() + "\n"
          + LogTail.of(log, 20), e);
    }
    long pid = awaitPid(pidFile, deadline, host, log);
    awaitListening(pid, host, deadline, log);
    return new Sshd(pid, hostKey);
  }

  long pid() {
    return pid;
  }

  /** Path of the private host key; {@link SshKeys#publicKey} gives the known_hosts form. */
  Path hostKey() {
    return hostKey;
  }

  private static long awaitPid(Path pidFile, long deadline, SshHost host, Path log) throws IOException {
    while (true) {
      if (Files.exists(pidFile)) {
        String text = Files.readString(pidFile).strip();
        if (!text.isEmpty()) {
          return Long.parseLong(text);
        }
      }
      if (System.nanoTime() > deadline) {
        throw new IOException("sshd for " + host.alias() + " wrote no PID file " + pidFile + " in time\n"
            + LogTail.of(log, 20));
      }
      pause();
    }
  }

  /**
   * Polls the listening socket through {@code /proc/PID/net/tcp}, which shows the TCP table of
   * that process's namespace: no connection attempt is needed, and none could be made from here,
   * outside the namespace.
   */
  private static void awaitListening(long pid, SshHost host, long deadline, Path log) throws IOException {
    List<String> wanted = listenKeys(host.address(), host.port());
    Path table = Path.of("/proc", Long.toString(pid), "net", "tcp");
    while (true) {
      if (!Files.exists(table)) {
        throw new IOException("sshd for " + host.alias() + " (pid " + pid + ") exited\n" + LogTail.of(log, 20));
      }
      try {
        for (String line : Files.readAllLines(table)) {
          String[] f = line.strip().split("\\s+");
          // sl local_address rem_address st ...; state 0A is LISTEN.
          if (f.length > 3 && wanted.contains(f[1]) && f[3].equals("0A")) {
            return;
          }
        }
      } catch (IOException e) {
        // The process may exit between the check and the read: loop and report that.
      }
      if (System.nanoTime() > deadline) {
        throw new IOException("sshd for " + host.alias() + " not listening on " + host.address() + ":"
            + host.port() + " in time\n" + LogTail.of(log, 20));
      }
      pause();
    }
  }

  /** The address as the kernel prints it: the 32-bit word in host byte order, so accept both orders. */
  private static List<String> listenKeys(String address, int port) {
    String[] b = address.split("\\.");
    int[] o = new int[4];
    for (int i = 0; i < 4; i++) {
      o[i] = Integer.parseInt(b[i]);
    }
    String portHex = String.format(Locale.ROOT, "%04X", port);
    return List.of(
        String.format(Locale.ROOT, "%02X%02X%02X%02X:%s", o[3], o[2], o[1], o[0], portHex),
        String.format(Locale.ROOT, "%02X%02X%02X%02X:%s", o[0], o[1], o[2], o[3], portHex));
  }

  private static void pause() throws IOException {
    try {
      Thread.sleep(10);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for sshd", e);
    }
  }
}
