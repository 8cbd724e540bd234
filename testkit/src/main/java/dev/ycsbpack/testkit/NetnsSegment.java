package dev.ycsbpack.testkit;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * One Ethernet segment: a namespace per member, each with an {@code eth0} whose veth peer is a
 * port of a bridge in a separate switch namespace.
 *
 * <p>Every interface is created directly inside a namespace, never in the machine's own one, so
 * rigs cannot clash on interface names and nothing is left on the machine's network if a
 * namespace goes away. The bridge has no address: members talk to each other only.
 */
final class NetnsSegment {
  static final String MEMBER_INTERFACE = "eth0";
  private static final String BRIDGE = "br0";
  private static final String SWITCH = "switch";

  private final String prefix;

  private NetnsSegment(String prefix) {
    this.prefix = prefix;
  }

  /**
   * Creates the namespaces {@code prefix + member} and joins them; {@code addresses} maps each
   * member name (also its bridge port name, at most 15 characters) to its /24 address.
   * On failure the caller must still call {@link #destroy(String)} with the same prefix.
   */
  static NetnsSegment create(String prefix, Map<String, String> addresses) throws IOException {
    String switchNs = prefix + SWITCH;
    List<String> root = new ArrayList<>(List.of("netns add " + switchNs));
    List<String> bridge = new ArrayList<>(List.of(
        "link set lo up", "link add " + BRIDGE + " type bridge", "link set " + BRIDGE + " up"));
    for (String member : addresses.keySet()) {
      String ns = prefix + member;
      root.add("netns add " + ns);
      root.add("link add " + MEMBER_INTERFACE + " netns " + ns + " type veth peer name " + member
          + " netns " + switchNs);
      bridge.add("link set " + member + " master " + BRIDGE + " up");
    }
    Ip.batch(null, root, false);
    Ip.batch(switchNs, bridge, false);
    for (Map.Entry<String, String> member : addresses.entrySet()) {
      Ip.batch(prefix + member.getKey(), List.of(
          "link set lo up",
          "addr add " + member.getValue() + "/24 dev " + MEMBER_INTERFACE,
          "link set " + MEMBER_INTERFACE + " up"), false);
    }
    return new NetnsSegment(prefix);
  }

  /**
   * Takes the member's bridge port down, like pulling its cable at the switch: the member's
   * {@code eth0} loses carrier but keeps address and routes, nobody gets a RST or an ICMP error,
   * and TCP just retransmits into the void until {@link #restore} (tested: a running ssh session
   * stalls and then resumes).
   */
  void cut(String member) throws IOException {
    Ip.run("-n", prefix + SWITCH, "link", "set", member, "down");
  }

  void restore(String member) throws IOException {
    Ip.run("-n", prefix + SWITCH, "link", "set", member, "up");
  }

  /**
   * Stops every process in the namespaces named {@code prefix*}, deletes the bridge and veths,
   * then the namespaces. Works for a live rig and for one left behind by a dead JVM.
   *
   * @param extraPids processes to stop as well (e.g. sshds, in case they left their namespace list)
   */
  static void destroy(String prefix, Collection<Long> extraPids) throws IOException {
    List<String> mine = Ip.namespaces().stream().filter(n -> n.startsWith(prefix)).toList();
    List<Long> survivors = NamespaceProcesses.stopAll(mine, extraPids);
    String switchNs = prefix + SWITCH;
    if (mine.contains(switchNs)) {
      List<String> links = new ArrayList<>();
      for (String line : Ip.run("-n", switchNs, "-o", "link", "show", "type", "veth").split("\n")) {
        // "3: h1@if2: <BROADCAST,...": deleting one end of a veth deletes its peer too.
        String[] fields = line.split(":\\s*", 3);
        if (fields.length >= 2) {
          links.add("link del " + fields[1].split("@", 2)[0]);
        }
      }
      links.add("link del " + BRIDGE);
      Ip.batch(switchNs, links, true);
    }
    if (!mine.isEmpty()) {
      Ip.batch(null, mine.stream().map(n -> "netns del " + n).toList(), true);
    }
    if (!survivors.isEmpty()) {
      throw new IOException("processes " + survivors + " in " + prefix + "* survived SIGKILL;"
          + " their namespaces stay alive (unnamed) until they exit");
    }
  }
}
