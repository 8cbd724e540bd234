package dev.ycsbpack.aggregate.format;

import java.util.Collection;
import java.util.Set;

/**
 * Where a run's clients ran, in words: the coordinator's summary line and the report's "Hosts and clients" say it the
 * same way. Several {@code local} hosts ({@code --hosts local,local}) are one machine named twice.
 */
public final class Machines {
  private Machines() {
  }

  /**
   * {@code this machine} when every host is this machine, else the number of machines, all local hosts counting as
   * one ({@code 1 host}, {@code 3 hosts}).
   *
   * @param hosts the hosts the clients ran on, by name (repeats allowed)
   * @param local the names among them that are this machine (the coordinator's {@code local} kind)
   */
  public static String of(Collection<String> hosts, Set<String> local) {
    long remote = hosts.stream().filter(h -> !local.contains(h)).distinct().count();
    if (remote == 0) {
      return "this machine";
    }
    long n = remote + (hosts.stream().anyMatch(local::contains) ? 1 : 0);
    return n + (n == 1 ? " host" : " hosts");
  }
}
