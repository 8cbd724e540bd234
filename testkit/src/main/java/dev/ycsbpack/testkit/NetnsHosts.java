package dev.ycsbpack.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;

/**
 * Several "hosts" on this one machine, each a network namespace with its own address and its own
 * real OpenSSH server, for testing code that drives remote machines over ssh.
 *
 * <p>Layout: a coordinator namespace (run the code under test there, via
 * {@link #coordinator()}), hosts h1..hN with an sshd each, and a server namespace (for a database
 * the hosts reach), all on one Ethernet segment in a private 10.213.X.0/24 picked per rig. The
 * machine's own namespace cannot reach those addresses: see {@link RigSubnet}.
 *
 * <pre>{@code
 * try (NetnsHosts rig = NetnsHosts.start(2)) {
 *   new ProcessBuilder(rig.ssh(rig.host("h1"), "hostname")).start();  // runs in the coordinator namespace
 * }
 * }</pre>
 *
 * <p>Needs root and iproute2/OpenSSH; tests call {@link #requireOrSkip()} first. Namespaces share
 * the file system, users and PIDs with the machine: give each host its own output paths, and kill
 * processes only by recorded PID, never by name. {@link #close()} (also run by a shutdown hook)
 * removes everything; {@link #cleanupStale()} removes what a killed JVM left.
 */
public final class NetnsHosts implements AutoCloseable {
  /** Start of every namespace name of every rig: "ycsbt-" + 6 hex digits + "-" + member. */
  public static final String NAME_PREFIX = "ycsbt-";
  public static final String COORDINATOR = "coord";
  public static final String SERVER = "server";
  /** Until all sshds listen. */
  private static final Duration SSHD_START = Duration.ofSeconds(5);
  private static final int MAX_HOSTS = 200;
  private static final SecureRandom RANDOM = new SecureRandom();
  /** Keys, config and logs of one rig (mode 700). */
  private static final String TEMP_DIR_PREFIX = "ycsbt-netns-";
  private static final String DIR_KEY = "dir";

  private final String prefix;
  private final Teardown teardown = new Teardown();
  private final Thread shutdownHook;
  private final List<Long> sshdPids = new ArrayList<>();
  private NetworkNamespace coordinator;
  private NetworkNamespace server;
  private List<SshHost> hosts;
  private Map<String, Long> sshdPidByAlias;
  private NetnsSegment segment;
  private Path dir;
  private Path clientKey;
  private Path sshConfig;
  private boolean closed;

  private NetnsHosts(String prefix) {
    this.prefix = prefix;
    this.shutdownHook = new Thread(this::closeFromHook, "testkit-netns-" + prefix);
  }

  /**
   * Builds a rig with {@code hostCount} hosts (1..200), each with a listening sshd. Takes well under
   * a second; every wait is bounded. Removes stale rigs of killed JVMs first.
   *
   * @throws MissingPrerequisiteException when {@link #unavailableReason()} is not null
   */
  public static NetnsHosts start(int hostCount) throws IOException {
    if (hostCount < 1 || hostCount > MAX_HOSTS) {
      throw new IllegalArgumentException("hostCount must be 1.." + MAX_HOSTS + ": " + hostCount);
    }
    String reason = unavailableReason();
    if (reason != null) {
      throw new MissingPrerequisiteException(reason);
    }
    cleanupStale();
    RigOwnership ownership = null;
    String tag = null;
    for (int attempt = 0; ownership == null && attempt < 10; attempt++) {
      tag = NAME_PREFIX + String.format("%06x", RANDOM.nextInt(1 << 24));
      ownership = RigOwnership.acquireNew(tag).orElse(null);
    }
    if (ownership == null) {
      throw new IOException("could not take a rig tag in " + RigOwnership.DIR);
    }
    NetnsHosts rig = new NetnsHosts(tag + "-");
    RigOwnership owned = ownership;
    rig.teardown.add("release " + owned, owned::close);
    Runtime.getRuntime().addShutdownHook(rig.shutdownHook);
    try {
      rig.build(owned, hostCount);
      return rig;
    } catch (IOException | RuntimeException e) {
      rig.close();
      throw e;
    }
  }

  private void build(RigOwnership ownership, int hostCount) throws IOException {
    RigSubnet subnet = RigSubnet.reserve(ownership);
    teardown.add("delete route " + subnet.cidr(), subnet::release);

    dir = Files.createTempDirectory(TEMP_DIR_PREFIX, PosixFilePermissions.asFileAttribute(
        PosixFilePermissions.fromString("rwx------")));
    teardown.add("delete " + dir, () -> Directories.deleteQuietly(dir));
    ownership.record(DIR_KEY, dir.toString());

    coordinator = new NetworkNamespace(prefix + COORDINATOR, subnet.address(1));
    server = new NetworkNamespace(prefix + SERVER, subnet.address(2));
    Map<String, String> members = new LinkedHashMap<>();
    members.put(COORDINATOR, coordinator.address());
    members.put(SERVER, server.address());
    List<SshHost> built = new ArrayList<>();
    for (int i = 1; i <= hostCount; i++) {
      String alias = "h" + i;
      // Ports differ per host (2201, 2202, ...) although each namespace could use 22: a caller
      // that drops the Port from the ssh config then fails instead of passing by luck.
      built.add(new SshHost(alias, 2200 + i, new NetworkNamespace(prefix + alias, subnet.address(10 + i))));
      members.put(alias, subnet.address(10 + i));
    }
    hosts = List.copyOf(built);
    teardown.add("remove namespaces " + prefix + "*", () -> NetnsSegment.destroy(prefix, sshdPids));
    segment = NetnsSegment.create(prefix, members);

    clientKey = dir.resolve("id_ed25519");
    SshKeys.generate(clientKey, "ycsbt-coordinator");
    Path authorizedKeys = dir.resolve("authorized_keys");
    Files.writeString(authorizedKeys, SshKeys.publicKey(clientKey) + "\n");
    Map<String, String> hostKeys = new LinkedHashMap<>();
    Map<String, Long> pids = new LinkedHashMap<>();
    for (SshHost host : hosts) {
      Sshd sshd = Sshd.start(host, dir.resolve(host.alias()), authorizedKeys, SSHD_START);
      sshdPids.add(sshd.pid());
      pids.put(host.alias(), sshd.pid());
      hostKeys.put(host.alias(), SshKeys.publicKey(sshd.hostKey()));
    }
    sshdPidByAlias = Map.copyOf(pids);
    sshConfig = SshClientConfig.write(dir, hosts, hostKeys, clientKey);
  }

  /** h1..hN, in order. */
  public List<SshHost> hosts() {
    return hosts;
  }

  /** The host with this alias ("h1", ...). */
  public SshHost host(String alias) {
    return hosts.stream().filter(h -> h.alias().equals(alias)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no host " + alias + " in " + hosts));
  }

  /** Where the code under test runs, so that its ssh traffic stays inside the rig. */
  public NetworkNamespace coordinator() {
    return coordinator;
  }

  /** Where a database server for the hosts runs; listen on {@link #serverAddress()}. */
  public NetworkNamespace server() {
    return server;
  }

  public String serverAddress() {
    return server.address();
  }

  /** For {@code ssh -F}: aliases h1..hN, user root, the client key, strict host key checking. */
  public Path sshConfig() {
    return sshConfig;
  }

  /** The private key every host accepts for root. */
  public Path clientKey() {
    return clientKey;
  }

  /** The known_hosts file the ssh config trusts, one entry per host. */
  public Path knownHosts() {
    return dir.resolve("known_hosts");
  }

  /** {@code ssh -F CONFIG ALIAS remoteCommand...}, to be run inside the coordinator namespace. */
  public List<String> ssh(SshHost host, String... remoteCommand) {
    String ssh = Executables.locate("ssh").map(Path::toString).orElse("ssh");
    List<String> command = new ArrayList<>(List.of(ssh, "-F", sshConfig.toString(), host.alias()));
    command.addAll(List.of(remoteCommand));
    return coordinator.command(command);
  }

  /** PID of {@code host}'s sshd, as read from its PID file. */
  public long sshdPid(SshHost host) {
    return sshdPidByAlias.get(host.alias());
  }

  /**
   * Pulls {@code host}'s cable: its packets are dropped silently in both directions, with no RST or
   * ICMP to anyone, so open TCP connections stall rather than fail. See {@link NetnsSegment#cut}.
   */
  public void cutLink(SshHost host) throws IOException {
    segment.cut(host.alias());
  }

  /** Plugs the cable back in; stalled connections that nobody gave up on resume. */
  public void restoreLink(SshHost host) throws IOException {
    segment.restore(host.alias());
  }

  /** Every process in {@code namespace} right now ({@code ip netns pids}). */
  public List<Long> pidsIn(NetworkNamespace namespace) throws IOException {
    return Ip.pids(namespace.name());
  }

  /** {@code ycsbt-XXXXXX-}: every namespace of this rig is named this plus a member name. */
  public String namePrefix() {
    return prefix;
  }

  /**
   * Ends every process in the rig's namespaces (SIGTERM, then SIGKILL, bounded), the sshds, the
   * bridge, veths and namespaces, the route and the temp folder. Idempotent; failures are reported
   * on stderr, one line each, rather than thrown, so one leftover does not hide the test's result.
   */
  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException e) {
      // The JVM is already shutting down; the hook (maybe this very call) runs anyway.
    }
    for (String failure : teardown.runAll()) {
      System.err.println("testkit: netns rig " + prefix + ": cleanup failed: " + failure);
    }
  }

  private void closeFromHook() {
    close();
  }

  /**
   * Removes rigs whose JVM died (killed test run, crashed fork): their processes, namespaces,
   * routes, temp folders and lock files. Rigs of live JVMs, this one included, are left alone. Failures go to
   * stderr.
   *
   * @return the tags of the removed rigs
   */
  public static synchronized List<String> cleanupStale() {
    List<String> removed = new ArrayList<>();
    try {
      Set<String> tags = new LinkedHashSet<>(RigOwnership.knownTags());
      for (String name : Ip.namespaces()) {
        tagOf(name).ifPresent(tags::add);
      }
      for (String tag : tags) {
        try (RigOwnership abandoned = RigOwnership.claimIfAbandoned(tag).orElse(null)) {
          if (abandoned == null) {
            continue;
          }
          NetnsSegment.destroy(tag + "-", List.of());
          // Only a folder that looks like one of ours, whatever the file says.
          abandoned.recorded(DIR_KEY).map(Path::of)
              .filter(d -> d.getFileName() != null && d.getFileName().toString().startsWith(TEMP_DIR_PREFIX))
              .ifPresent(Directories::deleteQuietly);
          removed.add(tag);
        } catch (IOException e) {
          System.err.println("testkit: cannot remove stale netns rig " + tag + ": " + e.getMessage());
        }
      }
      // Routes go last and only when no live rig records them. A rig writes its subnet down
      // before adding its route, so a live rig's route is always recorded.
      Set<String> live = new HashSet<>();
      for (String tag : RigOwnership.knownTags()) {
        RigOwnership.peek(tag, RigSubnet.SUBNET_KEY).ifPresent(live::add);
      }
      for (RigSubnet subnet : RigSubnet.fenced()) {
        if (!live.contains(subnet.cidr())) {
          subnet.release();
        }
      }
    } catch (IOException | RuntimeException e) {
      System.err.println("testkit: stale netns rig cleanup failed: " + e.getMessage());
    }
    return removed;
  }

  /** "ycsbt-1a2b3c" of "ycsbt-1a2b3c-h1". */
  private static Optional<String> tagOf(String namespace) {
    if (!namespace.startsWith(NAME_PREFIX)) {
      return Optional.empty();
    }
    int dash = namespace.indexOf('-', NAME_PREFIX.length());
    return dash < 0 ? Optional.empty() : Optional.of(namespace.substring(0, dash));
  }

  /**
   * Null when this machine can run a rig, else a one-line reason: not root, missing
   * capabilities (an unprivileged container), or a missing tool.
   */
  public static String unavailableReason() {
    if (!RootUser.isRoot()) {
      return "not running as root (network namespaces and per-host sshd need root)";
    }
    String missingCaps = Capabilities.missing();
    if (missingCaps != null) {
      return missingCaps;
    }
    for (String tool : List.of("ip", "sshd", "ssh", "ssh-keygen")) {
      if (Executables.locate(tool).isEmpty()) {
        return "'" + tool + "' not found; " + Prerequisites.INSTALL_HINT;
      }
    }
    return null;
  }

  /**
   * For a test's {@code @BeforeAll}/{@code @BeforeEach}: returns when a rig can run; otherwise
   * skips the test with {@link #unavailableReason()}, or fails it when
   * {@link Prerequisites#netnsRequired()} (CI must not go green without the multi-host tests).
   */
  public static void requireOrSkip() {
    String reason = unavailableReason();
    if (reason == null) {
      return;
    }
    if (Prerequisites.netnsRequired()) {
      throw new MissingPrerequisiteException("netns hosts unavailable: " + reason
          + " [not skipping: CI=true or REQUIRE_NETNS=true]");
    }
    Assumptions.abort("netns hosts unavailable: " + reason);
  }
}
