package dev.ycsbpack.coordinator.plan;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where clients run: {@code local} (child processes of the coordinator), an SSH destination, or a name for the
 * {@code --rsh} template. Every part of a host is checked against a narrow alphabet because it is placed on a command
 * line: a host named {@code -oProxyCommand=...} must be refused, not obeyed.
 */
public sealed interface Host permits Host.Local, Host.Ssh, Host.Rsh {
  /** A short name for messages, client names and the manifest. */
  String label();

  /**
   * How it is reached, for the manifest ({@code local}, {@code ssh} or {@code rsh}): whether its clients run on this
   * machine is read from this, never from the label (an ssh host may be named {@code local2}).
   */
  String kind();

  /**
   * The names ({@code toString}, as the merge and the manifest name them) of those of {@code hosts} on this
   * machine.
   */
  static java.util.Set<String> localNames(java.util.Collection<Host> hosts) {
    return hosts.stream().filter(h -> h instanceof Local).map(Host::toString)
        .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
  }

  /** Clients as child processes of this machine; {@code number} tells several {@code local} hosts apart. */
  record Local(int number) implements Host {
    @Override
    public String label() {
      return "local" + number;
    }

    @Override
    public String kind() {
      return "local";
    }

    @Override
    public String toString() {
      return label();
    }
  }

  /**
   * {@code [user@]host[:port]}, reached with the system {@code ssh} (so {@code ~/.ssh/config}, the agent, ProxyJump and
   * known_hosts apply).
   *
   * @param user null for ssh's default
   * @param host a name or address (an {@code ssh_config} alias works too)
   * @param port 0 for ssh's default
   */
  record Ssh(String user, String host, int port) implements Host {
    @Override
    public String label() {
      return host;
    }

    @Override
    public String kind() {
      return "ssh";
    }

    /** The destination as ssh takes it: {@code [user@]host}. */
    public String destination() {
      return user == null ? host : user + "@" + host;
    }

    @Override
    public String toString() {
      return destination() + (port == 0 ? "" : ":" + port);
    }
  }

  /**
   * A host reached through the user's {@code --rsh} template, which gets {@code target} in place of {@code {host}}.
   *
   * @param target a name as the template's tool takes it: a pod, container, node or namespace name, maybe with one
   *               {@code TYPE/} in front as {@code kubectl get -o name} prints it ({@code pod/ycsb-client-0}); kubectl
   *               takes that form itself, and the coordinator's labels use the part after the slash
   */
  record Rsh(String target) implements Host {
    @Override
    public String label() {
      return target.substring(target.indexOf('/') + 1);
    }

    @Override
    public String kind() {
      return "rsh";
    }

    @Override
    public String toString() {
      return target;
    }
  }

  Pattern RSH = Pattern.compile("(?:[a-z][a-z0-9.-]*/)?[A-Za-z0-9_][A-Za-z0-9._-]{0,252}");

  Pattern SSH = Pattern.compile("(?:([A-Za-z0-9._][A-Za-z0-9._-]*)@)?([A-Za-z0-9_][A-Za-z0-9._-]*|\\[[0-9A-Fa-f:.]+\\])"
      + "(?::([0-9]{1,5}))?");

  /**
   * Parses one host as given to {@code --hosts}.
   *
   * @param localNumber the number to give a {@code local} host
   * @throws IllegalArgumentException saying what is accepted
   */
  static Host parse(String spec, int localNumber) {
    String s = spec.trim();
    if (s.equals("local")) {
      return new Local(localNumber);
    }
    Matcher m = SSH.matcher(s);
    if (!m.matches()) {
      throw new IllegalArgumentException("expected local or [user@]host[:port] with letters, digits, '.', '_' and '-'"
          + " (not starting with '-')");
    }
    int port = 0;
    if (m.group(3) != null) {
      port = Integer.parseInt(m.group(3));
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException("port " + port + " is outside 1-65535");
      }
    }
    String host = m.group(2);
    if (host.startsWith("[")) {
      host = host.substring(1, host.length() - 1);
    }
    return new Ssh(m.group(1), host, port);
  }

  /**
   * Parses one host for the {@code --rsh} template: {@code local}, or a name.
   *
   * @throws IllegalArgumentException saying what is accepted
   */
  static Host parseRsh(String spec, int localNumber) {
    String s = spec.trim();
    if (s.equals("local")) {
      return new Local(localNumber);
    }
    if (!RSH.matcher(s).matches()) {
      throw new IllegalArgumentException("expected local or a name for --rsh's {host}: letters, digits, '.', '_' and"
          + " '-', not starting with '-' or '.', maybe after one TYPE/ such as pod/");
    }
    return new Rsh(s);
  }
}
