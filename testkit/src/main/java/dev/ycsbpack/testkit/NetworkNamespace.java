package dev.ycsbpack.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A network namespace of a {@link NetnsHosts} rig and its one IPv4 address.
 *
 * <p>Only networking is separate: the file system, users and PIDs are the machine's own.
 */
public record NetworkNamespace(String name, String address) {
  public NetworkNamespace {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(address, "address");
  }

  /** {@code ip netns exec NAME command...}: runs {@code command} with this namespace's network. */
  public List<String> command(List<String> command) {
    List<String> full = new ArrayList<>(List.of(Ip.path(), "netns", "exec", name));
    full.addAll(command);
    return full;
  }

  /** {@link #command(List)} for varargs. */
  public List<String> command(String... command) {
    return command(List.of(command));
  }

  /** A builder for {@code command} inside this namespace; the caller sets redirects and starts it. */
  public ProcessBuilder processBuilder(String... command) {
    return new ProcessBuilder(command(command));
  }
}
