package dev.ycsbpack.coordinator.hosts;

import dev.ycsbpack.coordinator.plan.Host;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds {@code ssh} command lines. The system client is used on purpose: the user's {@code ~/.ssh/config}, agent,
 * {@code ProxyJump} and {@code known_hosts} then work as they do in a terminal. Host key checking is left as the user
 * configured it (never turned off); {@code BatchMode} makes a missing key or an unknown host fail at once instead of
 * prompting; keepalives make a silently cut link end the session within seconds.
 *
 * @param config           {@code --ssh-config}, handed to {@code ssh -F}; null for the user's own configuration
 * @param connectTimeout   seconds for TCP connect and handshake
 * @param aliveInterval    seconds between keepalive probes inside the encrypted channel
 * @param aliveCountMax    unanswered probes after which ssh gives up (exit 255)
 * @param controlDir       a private folder for the shared connections' sockets ({@link SshControl}); null for one
 *                         connection per command
 */
public record SshCommand(Path config, int connectTimeout, int aliveInterval, int aliveCountMax, Path controlDir) {
  /** How long an idle shared connection outlives its last session: the net under a coordinator killed outright. */
  public static final int CONTROL_PERSIST_SECONDS = 30;

  /** Defaults: a cut link is noticed in about 6 s; one connection per command until {@link #sharing}. */
  public static SshCommand defaults(Path config) {
    return new SshCommand(config, 10, 2, 3, null);
  }

  /** The same, with every command to a host sharing one connection whose socket is in {@code dir}. */
  public SshCommand sharing(Path dir) {
    return new SshCommand(config, connectTimeout, aliveInterval, aliveCountMax, dir);
  }

  /** {@code ssh [options] -- destination remoteCommand}. */
  public List<String> command(Host.Ssh host, String remoteCommand) {
    List<String> c = start();
    for (String o : List.of("BatchMode=yes", "ConnectTimeout=" + connectTimeout,
        "ServerAliveInterval=" + aliveInterval, "ServerAliveCountMax=" + aliveCountMax, "LogLevel=ERROR")) {
      c.add("-o");
      c.add(o);
    }
    if (controlDir != null) {
      // the first command to a host becomes its master; the others ride on it (auto: a race to become master
      // falls back to a connection of its own rather than failing)
      for (String o : List.of("ControlMaster=auto", "ControlPath=" + controlPath(),
          "ControlPersist=" + CONTROL_PERSIST_SECONDS)) {
        c.add("-o");
        c.add(o);
      }
    }
    port(c, host);
    c.add("-T"); // no pseudo-terminal: the client's stdin is the control channel, byte for byte
    c.add("--");
    c.add(host.destination());
    c.add(remoteCommand);
    return c;
  }

  /** {@code ssh -O exit}: ends the host's shared connection (only when there is a {@link #controlDir}). */
  public List<String> stopSharing(Host.Ssh host) {
    List<String> c = start();
    c.addAll(List.of("-o", "ControlPath=" + controlPath(), "-o", "LogLevel=QUIET", "-O", "exit"));
    port(c, host);
    c.add("--");
    c.add(host.destination());
    return c;
  }

  private String controlPath() {
    return controlDir.resolve("%C").toString(); // %C: a hash of the destination, short and without odd characters
  }

  private List<String> start() {
    List<String> c = new ArrayList<>(List.of("ssh"));
    if (config != null) {
      c.add("-F");
      c.add(config.toString());
    }
    return c;
  }

  private static void port(List<String> c, Host.Ssh host) {
    if (host.port() != 0) {
      c.add("-p");
      c.add(Integer.toString(host.port()));
    }
  }
}
