package dev.ycsbpack.coordinator.hosts;

import java.io.IOException;

/**
 * The one seam between the coordinator and a remote host: run a POSIX {@code sh} script there with its standard input,
 * output and error piped to the returned process. Everything else the coordinator does on a host (the JDK check, the
 * clock offset, staging the pack through stdin, the owner-only properties, the control channel, stopping, collecting
 * the client folder) is written once above it, in {@link RemoteSession}; an implementation only knows how to reach the
 * host: {@link SshShell} (the system OpenSSH client), {@link TemplateShell} (a user's {@code --rsh} command such as
 * {@code kubectl exec -i {host} --}), or a test's fake host.
 *
 * <p>Scripts hold only the coordinator's own words (paths it made, a digest, numbers), each quoted with
 * {@link Shell#quote}; the user's values and secrets travel on the script's stdin as files, never in the script.
 */
public interface RemoteShell {
  /** How the host is reached, for messages: {@code ssh}, or the template's program, e.g. {@code kubectl}. */
  String transport();

  /**
   * Starts {@code script} on the host. Closing the process's stdin is the script's end of input; destroying the
   * returned process ends the local side of the transport (a remote process whose input closes stops by itself, see
   * {@link RemoteSession}).
   */
  Process start(String script) throws IOException;
}
