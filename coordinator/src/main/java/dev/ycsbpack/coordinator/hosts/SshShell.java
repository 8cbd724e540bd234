package dev.ycsbpack.coordinator.hosts;

import dev.ycsbpack.coordinator.plan.Host;
import java.io.IOException;

/** A host reached with the system {@code ssh}: the script is ssh's remote command, run by the login shell. */
public record SshShell(SshCommand ssh, Host.Ssh host) implements RemoteShell {
  @Override
  public String transport() {
    return "ssh";
  }

  @Override
  public Process start(String script) throws IOException {
    return new ProcessBuilder(ssh.command(host, script)).start();
  }
}
