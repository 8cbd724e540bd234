package dev.ycsbpack.coordinator.plan;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the user asked for, as given on the command line: YCSB's own flags keep their {@code bin/ycsb} meaning, with
 * {@code -threads}, {@code -target} and the counts as totals over all clients.
 *
 * @param phase           load or run
 * @param binding         binding name
 * @param workloadFiles   {@code -P} files, in order (later ones override earlier ones)
 * @param overrides       {@code -p NAME=VALUE}, in order (override every file)
 * @param threads         total client threads
 * @param target          total operations per second, 0 for unthrottled
 * @param hosts           the hosts
 * @param clientsPerHost  clients started on each host
 * @param out             the bundle folder
 * @param jvmArgs         every client JVM's own arguments ({@code -jvm-args}, checked by {@code JvmArgs})
 */
public record RunRequest(Phase phase, String binding, List<Path> workloadFiles, Map<String, String> overrides,
    int threads, long target, List<Host> hosts, int clientsPerHost, Path out,
    List<String> jvmArgs) {
  public RunRequest {
    workloadFiles = List.copyOf(workloadFiles);
    overrides = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(overrides));
    hosts = List.copyOf(hosts);
    jvmArgs = List.copyOf(jvmArgs);
  }

  /** A request without JVM arguments. */
  public RunRequest(Phase phase, String binding, List<Path> workloadFiles, Map<String, String> overrides, int threads,
      long target, List<Host> hosts, int clientsPerHost, Path out) {
    this(phase, binding, workloadFiles, overrides, threads, target, hosts, clientsPerHost, out, List.of());
  }
}
