package dev.ycsbpack.coordinator.options;

import picocli.CommandLine.Option;

/**
 * {@code --clients-per-host}, as the coordinator's {@code load} and {@code run} and every experiment command take it:
 * one declaration, so its name, default and help stay the same in each.
 */
public final class ClientsPerHostOption {
  @Option(names = "--clients-per-host", paramLabel = "K", defaultValue = "1",
      description = "clients started on each host (default: ${DEFAULT-VALUE})")
  int clientsPerHost;

  /** The clients started on each host, as given (the planner refuses fewer than one). */
  public int value() {
    return clientsPerHost;
  }
}
