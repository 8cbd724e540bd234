package dev.ycsbpack.coordinator.plan;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Everything a coordinated run will do, decided before anything starts (so {@code --dry-run} can print it and a bad
 * combination is refused before any host is touched).
 *
 * @param phase       load or run
 * @param binding     the binding name, e.g. {@code mongodb}
 * @param hosts       the hosts, in the order given
 * @param clients     the clients, in order
 * @param properties  the merged properties every client starts from (before its share), for the manifest
 * @param out         the bundle folder
 * @param notes       things the user should know about the split (printed with the plan and kept in the manifest)
 * @param jvmArgs     every client JVM's own arguments ({@code -jvm-args}), maybe none
 */
public record RunPlan(Phase phase, String binding, List<Host> hosts, List<ClientPlan> clients,
    Map<String, String> properties, Path out, List<String> notes, List<String> jvmArgs) {
  public RunPlan {
    jvmArgs = List.copyOf(jvmArgs);
    hosts = List.copyOf(hosts);
    clients = List.copyOf(clients);
    properties = Map.copyOf(properties);
    notes = List.copyOf(notes);
  }
}
