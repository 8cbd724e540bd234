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
 */
public record SshCommand(Path config, int connectTimeout, int aliveInterval, int aliveCountMax) {
  /** Defaults: a cut link is noticed in about 6 s. */
  public static SshCommand defaults(Path config) {
    return new SshCommand(config, 10, 2, 3);
  }

  /** {@code ssh [options] -- destination remoteCommand}. */
  public List<String> command(Host.Ssh host, String remoteCommand) {
    List<String> c = new ArrayList<>(List.of("ssh"));
    if (config != null) {
      c.add("-F");
      c.add(config.toString());
    }
    for (String o : List.of("BatchMode=yes", "ConnectTimeout=" + connectTimeout,
        "ServerAliveInterval=" + aliveInterval, "ServerAliveCountMax=" + aliveCountMax, "LogLevel=ERROR")) {
      c.add("-o");
      c.add(o);
    }
    if (host.port() != 0) {
      c.add("-p");
      c.add(Integer.toString(host.port()));
    }
    c.add("-T"); // no pseudo-terminal: the client's stdin is the control channel, byte for byte
    c.add("--");
    c.add(host.destination());
    c.add(remoteCommand);
    return c;
  }
}
