package dev.ycsbpack.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** iproute2's {@code ip}: creates, wires, lists and deletes the network namespaces. */
final class Ip {
  private static final Duration TIMEOUT = Duration.ofSeconds(15);

  private Ip() {
  }

  static String path() {
    return Executables.locate("ip")
        .orElseThrow(() -> new MissingPrerequisiteException("iproute2 'ip' not found"))
        .toString();
  }

  static String run(String... args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(path());
    command.addAll(List.of(args));
    return Commands.run(command, Path.of("/"), TIMEOUT);
  }

  /**
   * Runs {@code lines} as one {@code ip -batch}, inside {@code namespace} unless it is null: one
   * process instead of one per command keeps rig setup fast.
   *
   * @param force keep going after a failing line (teardown deletes what it can)
   */
  static void batch(String namespace, List<String> lines, boolean force) throws IOException {
    Path file = Files.createTempFile("ycsbt-ip-", ".batch");
    try {
      Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
      List<String> args = new ArrayList<>();
      if (namespace != null) {
        args.addAll(List.of("-n", namespace));
      }
      if (force) {
        args.add("-force");
      }
      args.addAll(List.of("-batch", file.toString()));
      run(args.toArray(String[]::new));
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** Names of all network namespaces in /run/netns. */
  static List<String> namespaces() throws IOException {
    List<String> names = new ArrayList<>();
    for (String line : run("netns", "list").split("\n")) {
      // Lines look like "name (id: 3)" once the namespace has a peer id.
      String name = line.strip().split("\\s+", 2)[0];
      if (!name.isEmpty()) {
        names.add(name);
      }
    }
    return names;
  }

  /** Every process whose network namespace is {@code namespace}, per {@code ip netns pids}. */
  static List<Long> pids(String namespace) throws IOException {
    List<Long> pids = new ArrayList<>();
    for (String token : run("netns", "pids", namespace).split("\\s+")) {
      if (!token.isEmpty()) {
        pids.add(Long.parseLong(token));
      }
    }
    return pids;
  }
}
