package dev.ycsbpack.aggregate.format;

import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.Settings;
import dev.ycsbpack.common.ClientShare;
import dev.ycsbpack.common.CollectionCount;
import dev.ycsbpack.common.EnvironmentFacts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What was run, as a reader of a published number needs it before any figure: the workload, the command, threads,
 * target, counts, the write concern and read preference as sent, the server, hosts and clients, the pack. Read from
 * the clients' recorded properties and environments (already redacted and capped) plus what only the caller knows
 * (the coordinator's command and its count check).
 *
 * @param facts label to value, in the order shown; a fact nothing recorded is left out
 */
public record RunFacts(Map<String, String> facts) {
  /** Caller-given fact: the command that started the run, secrets masked. */
  public static final String COMMAND = "Command";
  /** Caller-given fact: the server's count of the collection against what the clients stored. */
  public static final String COUNT = "Documents counted";
  /**
   * Caller-given, never shown: the hosts (comma-separated names) that are the coordinator's own machine (its
   * {@code local} kind), so "Hosts and clients" counts them as one ({@link Machines}).
   */
  public static final String LOCAL_HOSTS = "local hosts";
  /** The environment key {@code bin/ycsb --out} records its own command line under (secrets masked). */
  public static final String ENV_COMMAND = dev.ycsbpack.common.EnvironmentFacts.RUN_COMMAND;

  public RunFacts {
    facts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(facts));
  }

  /** Nothing known. */
  public static RunFacts none() {
    return new RunFacts(Map.of());
  }

  /**
   * The facts of a merged result; {@code given} ({@link #COMMAND}, {@link #COUNT}, ...) come first where they replace
   * a recorded one, and are added otherwise.
   */
  public static RunFacts of(MergeResult r, Map<String, String> given) {
    return of(r.config(), r.environment(),
        r.clients().stream().map(c -> new Client(c.name(), c.host(), c.failed())).toList(), given);
  }

  /**
   * One client of a run, for "Hosts and clients".
   *
   * @param name   its folder's name
   * @param host   the machine it ran on, empty when unknown
   * @param failed true when it failed
   */
  public record Client(String name, String host, boolean failed) {
  }

  /**
   * The facts of the clients' recorded properties and environments (each value redacted and capped), whether or not
   * they could be merged.
   */
  public static RunFacts of(Settings cfg, Settings env, List<Client> clients, Map<String, String> given) {
    Map<String, String> f = new LinkedHashMap<>();
    String command = given.getOrDefault(COMMAND, joined(env.values(ENV_COMMAND)));
    String files = workloadFiles(command);
    String workloadClass = joined(cfg.values("workload"));
    put(f, "Workload", files.isEmpty() ? workloadClass
        : files + (workloadClass.isEmpty() ? "" : " (" + workloadClass + ")"));
    put(f, COMMAND, command);
    boolean load = cfg.values("dotransactions").contains("false");
    put(f, "Phase", load ? "load" : "run (transactions)");
    put(f, "Threads", number(cfg, "threadcount", clients.size(), "1"));
    String target = number(cfg, "target", clients.size(), "0");
    put(f, "Target", target.equals("0") ? "none (as fast as possible)" : target + " ops/s");
    put(f, "Records", joined(cfg.values("recordcount")));
    String total = joined(cfg.values(ClientShare.TOTAL_OPERATIONS));
    put(f, "Operations asked", load
        ? (cfg.values("insertcount").isEmpty() ? joined(cfg.values("recordcount")) : number(cfg, "insertcount",
            clients.size(), "0"))
        : (total.isEmpty() ? number(cfg, "operationcount", clients.size(), "0") : total));
    put(f, "Write concern (as sent)", joined(env.values(EnvironmentFacts.WRITE_CONCERN)));
    put(f, "Read preference (as sent)", joined(env.values(EnvironmentFacts.READ_PREFERENCE)));
    put(f, "Read concern", joined(env.values(EnvironmentFacts.READ_CONCERN)));
    String product = joined(env.values(EnvironmentFacts.SERVER_PRODUCT));
    String version = joined(env.values(EnvironmentFacts.SERVER_VERSION));
    put(f, "Server", product.isEmpty() ? "" : product + (version.isEmpty() ? "" : " " + version));
    put(f, "Topology", joined(env.values(EnvironmentFacts.TOPOLOGY)));
    String driver = joined(env.values(EnvironmentFacts.DRIVER_NAME));
    put(f, "Driver", driver.isEmpty() ? "" : driver + " " + joined(env.values(EnvironmentFacts.DRIVER_VERSION)));
    put(f, "Hosts and clients", hosts(clients, Set.copyOf(List.of(given.getOrDefault(LOCAL_HOSTS, "").split(",")))));
    String pack = joined(env.values(EnvironmentFacts.PACK_VERSION));
    String java = joined(env.values(EnvironmentFacts.JAVA_VERSION));
    put(f, "Pack", pack.isEmpty() ? "" : "ycsb-mongodb-pack " + pack + (java.isEmpty() ? "" : "; Java " + java));
    if (!given.containsKey(COUNT) && clients.size() == 1) {
      // one client's own counts of the collection (a coordinated run's check comes from the coordinator)
      Map<String, String> one = new LinkedHashMap<>();
      for (String k : List.of(CollectionCount.COLLECTION, CollectionCount.BEFORE, CollectionCount.INSERTED,
          CollectionCount.AFTER)) {
        one.put(k, joined(env.values(k)));
      }
      CollectionCount.of(one).ifPresent(c -> put(f, COUNT, String.format(Locale.ROOT,
          "%,d before, %,d new stored, %,d after, in %s", c.before(), c.inserted(), c.after(), c.collection())));
    }
    given.forEach((k, v) -> {
      if (!k.equals(COMMAND) && !k.equals(LOCAL_HOSTS)) {
        put(f, k, v);
      }
    });
    return new RunFacts(f);
  }

  /**
   * The {@code -P} files of a command line, as written in it. A recorded command is its words joined by blanks, so a
   * file named with a blank ({@code -P "my workload"}) spans words: each file runs up to the next option.
   */
  static String workloadFiles(String command) {
    List<String> files = new ArrayList<>();
    String[] words = command.trim().split("\\s+");
    for (int i = 0; i + 1 < words.length; i++) {
      if (words[i].equals("-P")) {
        StringBuilder file = new StringBuilder(words[++i]);
        while (i + 1 < words.length && !words[i + 1].startsWith("-")) {
          file.append(' ').append(words[++i]);
        }
        files.add(file.toString());
      }
    }
    return String.join(", ", files);
  }

  private static void put(Map<String, String> f, String label, String value) {
    if (value != null && !value.isBlank()) {
      f.put(label, value);
    }
  }

  private static String joined(Set<String> values) {
    return String.join(" / ", values);
  }

  /** A count summed over the clients (each ran its share), as a whole number; {@code dflt} when unset everywhere. */
  private static String number(Settings cfg, String key, int clients, String dflt) {
    if (cfg.values(key).isEmpty()) {
      return dflt;
    }
    try {
      return String.format(Locale.ROOT, "%,.0f", cfg.sum(key, clients));
    } catch (NumberFormatException e) {
      return joined(cfg.values(key));
    }
  }

  /**
   * {@code 2 clients on 2 hosts: 01-h1 on h1, 02-h2 on h2}; {@code 2 clients on this machine: 01-local1 on local1,
   * 02-local2 on local2} when every host is in {@code local}.
   */
  private static String hosts(List<Client> clients, Set<String> local) {
    if (clients.isEmpty()) {
      return "";
    }
    List<String> hosts = new ArrayList<>();
    List<String> each = new ArrayList<>();
    for (Client c : clients) {
      String host = c.host().isEmpty() ? "unknown host" : c.host();
      hosts.add(host);
      each.add(c.name() + " on " + host + (c.failed() ? " (FAILED)" : ""));
    }
    return clients.size() + (clients.size() == 1 ? " client" : " clients") + " on " + Machines.of(hosts, local) + ": "
        + String.join(", ", each);
  }
}
