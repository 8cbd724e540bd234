package dev.ycsbpack.coordinator.telemetry;

import dev.ycsbpack.coordinator.plan.Host;

/**
 * A machine whose {@code /proc} a run samples.
 *
 * @param source its series' name, {@code host-NAME}
 * @param name   as the user gave it ({@code --server-host}, {@code --hosts}); {@code local} for this machine
 * @param role   {@code server} (a {@code --server-host}), {@code client} (a client host) or {@code server+client}
 *               (both: the database shares the machine with clients, so its figures hold their load too)
 * @param host   the host as the coordinator reaches it (a client host's probe measured its clock offset)
 * @param proc   where its {@code /proc} is read from
 */
public record WatchedHost(String source, String name, String role, Host host, ProcSource proc) {
  public static final String SERVER = "server";
  public static final String CLIENT = "client";
  public static final String BOTH = SERVER + "+" + CLIENT;
}
