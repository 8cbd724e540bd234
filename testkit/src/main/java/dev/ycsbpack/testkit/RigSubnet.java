package dev.ycsbpack.testkit;

import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A private /24 (10.213.X.0/24) for one rig, fenced off in the machine's own network namespace.
 *
 * <p>The rig's addresses exist only inside its namespaces. From the root namespace the default
 * route would send such a packet out of the machine, to whatever 10.213.X.Y is there: a test that
 * forgets to enter the coordinator namespace must not do that. So the reservation adds an
 * {@code unreachable} route for the /24 in the root namespace: such a connect fails at once with
 * "No route to host". The route also keeps two rigs from picking the same /24, as adding it twice
 * fails.
 */
record RigSubnet(int thirdOctet) {
  /** Marks our routes, so cleanup finds them ({@code ip route show proto 213}). */
  static final String ROUTE_PROTO = "213";
  /** Under this key in the {@link RigOwnership} file. */
  static final String SUBNET_KEY = "subnet";
  private static final String NETWORK = "10.213.";
  private static final SecureRandom RANDOM = new SecureRandom();

  /** {@code 10.213.X.host}. */
  String address(int host) {
    return NETWORK + thirdOctet + "." + host;
  }

  String cidr() {
    return NETWORK + thirdOctet + ".0/24";
  }

  static Optional<RigSubnet> parse(String cidr) {
    String text = cidr.strip();
    if (!text.startsWith(NETWORK) || !text.endsWith(".0/24")) {
      return Optional.empty();
    }
    try {
      return Optional.of(new RigSubnet(Integer.parseInt(
          text.substring(NETWORK.length(), text.length() - ".0/24".length()))));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /**
   * Picks a /24 the machine does not use and adds its fence route. {@code ownership} records the
   * choice before the route exists, so a cleanup after a crash knows which route to remove.
   */
  static RigSubnet reserve(RigOwnership ownership) throws IOException {
    IOException last = null;
    for (int attempt = 0; attempt < 20; attempt++) {
      RigSubnet candidate = new RigSubnet(RANDOM.nextInt(256));
      if (!candidate.unusedByMachine()) {
        continue;
      }
      ownership.record(SUBNET_KEY, candidate.cidr());
      try {
        Ip.run("route", "add", "unreachable", candidate.cidr(), "proto", ROUTE_PROTO);
        return candidate;
      } catch (IOException e) {
        last = e; // Most likely another rig holds it: try another.
      }
    }
    throw new IOException("no free /24 in 10.213.0.0/16 for a netns rig after 20 attempts", last);
  }

  /** Nothing but the default route covers it, so the machine has no network of its own there. */
  private boolean unusedByMachine() throws IOException {
    for (String line : Ip.run("-4", "route", "show", "match", cidr()).split("\n")) {
      if (!line.isBlank() && !line.startsWith("default")) {
        return false;
      }
    }
    return true;
  }

  void release() throws IOException {
    Ip.run("route", "del", "unreachable", cidr(), "proto", ROUTE_PROTO);
  }

  /** Our fence routes currently in the root namespace. */
  static List<RigSubnet> fenced() throws IOException {
    List<RigSubnet> subnets = new ArrayList<>();
    for (String line : Ip.run("-4", "route", "show", "proto", ROUTE_PROTO).split("\n")) {
      // "unreachable 10.213.7.0/24"
      String[] words = line.strip().split("\\s+");
      if (words.length >= 2 && words[0].equals("unreachable")) {
        parse(words[1]).ifPresent(subnets::add);
      }
    }
    return subnets;
  }
}
