package dev.ycsbpack.coordinator.hosts;

import dev.ycsbpack.coordinator.plan.Host;
import java.io.IOException;

/** A host reached through the user's {@code --rsh} template, started directly (no local shell reads it). */
public record TemplateShell(RshTemplate template, Host.Rsh host) implements RemoteShell {
  @Override
  public String transport() {
    return template.program();
  }

  @Override
  public Process start(String script) throws IOException {
    return new ProcessBuilder(template.command(host.target(), script)).start();
  }
}
