package dev.ycsbpack.testkit;

import java.util.Objects;

/**
 * One simulated host of a {@link NetnsHosts} rig: a namespace with its own sshd.
 *
 * @param alias the name to give ssh together with {@link NetnsHosts#sshConfig()}: h1, h2, ...
 * @param port where this host's sshd listens; each host has a different one, so a caller that
 *     ignores the ssh config's Port fails instead of passing by luck
 */
public record SshHost(String alias, int port, NetworkNamespace namespace) {
  public SshHost {
    Objects.requireNonNull(alias, "alias");
    Objects.requireNonNull(namespace, "namespace");
  }

  public String address() {
    return namespace.address();
  }
}
