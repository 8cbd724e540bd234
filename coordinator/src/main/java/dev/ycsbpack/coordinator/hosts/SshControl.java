package dev.ycsbpack.coordinator.hosts;

import dev.ycsbpack.aggregate.format.OutputFiles;
import dev.ycsbpack.coordinator.plan.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Collection;

/**
 * One ssh connection per host for the whole run (OpenSSH's ControlMaster): the checks, the clock, the uploads, every
 * client's session and the collection share it, so a run over many hosts does not open a burst of connections that
 * sshd's {@code MaxStartups} drops, and each host authenticates once. The control sockets live in a private (0700)
 * folder of this run, removed with the masters at the end ({@link #close}); a master left by a killed coordinator
 * exits by itself once idle for {@link SshCommand#CONTROL_PERSIST_SECONDS}.
 */
public final class SshControl implements AutoCloseable {
  /**
   * Most clients per host that share one connection: sshd's {@code MaxSessions} (10 by default) bounds the sessions
   * of one connection, and a host has each client's session open plus, while they start, as many uploads.
   */
  public static final int MAX_SHARED_CLIENTS = 4;
  /** Unix socket paths are limited to 108 bytes (104 on BSDs); {@code %C} adds 41. */
  private static final int MAX_DIR_LENGTH = 104 - 41;

  private final Path dir;
  private final SshCommand ssh;
  private final Collection<Host.Ssh> hosts;

  private SshControl(Path dir, SshCommand ssh, Collection<Host.Ssh> hosts) {
    this.dir = dir;
    this.ssh = ssh;
    this.hosts = hosts;
  }

  /**
   * A private folder for the control sockets of these hosts, and {@code base} sharing one connection per host; with
   * more than {@link #MAX_SHARED_CLIENTS} clients per host, or without a short enough temporary folder, {@code base}
   * unchanged (one connection per command).
   */
  public static SshControl open(SshCommand base, Collection<Host.Ssh> hosts, int clientsPerHost) throws IOException {
    if (hosts.isEmpty() || clientsPerHost > MAX_SHARED_CLIENTS) {
      return new SshControl(null, base, hosts);
    }
    for (String parent : new String[] {System.getProperty("java.io.tmpdir"), "/tmp"}) {
      Path p = Path.of(parent);
      if (Files.isDirectory(p) && p.toAbsolutePath().toString().length() + 20 <= MAX_DIR_LENGTH) {
        Path dir = Files.createTempDirectory(p.toAbsolutePath(), "ycsb-ssh-",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        return new SshControl(dir, base.sharing(dir), hosts);
      }
    }
    return new SshControl(null, base, hosts);
  }

  /** The ssh command line builder to use while this is open. */
  public SshCommand ssh() {
    return ssh;
  }

  /** Ends every host's shared connection and removes the socket folder. */
  @Override
  public void close() {
    if (dir == null) {
      return;
    }
    for (Host.Ssh h : hosts) {
      try {
        Processes.run(new ProcessBuilder(ssh.stopSharing(h)).start(), null, Duration.ofSeconds(10));
      } catch (IOException e) {
        // no master for this host (never reached): nothing to stop
      }
    }
    try {
      OutputFiles.deleteTree(dir);
    } catch (IOException e) {
      // sockets of masters still exiting: each removes its own; the empty folder is harmless
    }
  }
}
