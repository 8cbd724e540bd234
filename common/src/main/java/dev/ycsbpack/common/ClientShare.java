package dev.ycsbpack.common;

import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The properties the coordinator gives each client of one run differently (its share of the run), and the marks that
 * say a client belongs to a coordinated run. The coordinator's planner sets exactly these; aggregate lets exactly these
 * differ between the clients of one coordinated run, so re-merging a bundle's {@code clients/} by hand is never
 * refused as a configuration mismatch.
 */
public final class ClientShare {
  /** This client's position among the clients of the run, from 0. */
  public static final String INDEX = "ycsbpack.client.index";
  /** How many clients the run had. */
  public static final String COUNT = "ycsbpack.client.count";
  /**
   * The whole run's {@code operationcount}, the same for every client: zipfian sizes its key space from it, so every
   * client shares one hot set.
   */
  public static final String TOTAL_OPERATIONS = "ycsbpack.client.operationcount.total";
  /**
   * Every property whose value the coordinator sets per client: threads, target, operations, key range, index, and
   * the paths of the TLS files it stages for each client (same content, a copy of its own).
   */
  public static final Set<String> PROPERTIES = Stream.concat(Stream.of("threadcount", "target", "operationcount",
      "insertstart", "insertcount", INDEX), TlsFiles.FILE_PROPERTIES.stream()).collect(Collectors.toUnmodifiableSet());

  private ClientShare() {
  }

  /**
   * True when these clients are (some of) the clients of one coordinated run: every one carries the same
   * {@link #COUNT} and a distinct {@link #INDEX} below it. Clients run by hand carry neither, and then a differing
   * {@code threadcount} stays a configuration mismatch.
   */
  public static boolean oneCoordinatedRun(Collection<Map<String, String>> clients) {
    String count = null;
    Set<String> indexes = new HashSet<>();
    for (Map<String, String> c : clients) {
      String n = c.get(COUNT);
      String i = c.get(INDEX);
      if (n == null || i == null || (count != null && !count.equals(n)) || !indexes.add(i.trim())) {
        return false;
      }
      count = n;
      try {
        long total = Long.parseLong(n.trim());
        long index = Long.parseLong(i.trim());
        if (index < 0 || index >= total) {
          return false;
        }
      } catch (NumberFormatException e) {
        return false;
      }
    }
    return count != null;
  }
}
