package dev.ycsbpack.testkit;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Ends every process in a set of network namespaces, so that deleting them really frees them. */
final class NamespaceProcesses {
  private static final Duration GRACE = Duration.ofSeconds(3);
  private static final Duration AFTER_KILL = Duration.ofSeconds(2);
  /** A process may fork while we kill; a few re-listings catch the children. */
  private static final int ROUNDS = 3;

  private NamespaceProcesses() {
  }

  /**
   * SIGTERM to every process in {@code namespaces} plus {@code extraPids}, SIGKILL to whatever is
   * left after a grace period. A namespace is only freed when its last process is gone
   * ({@code ip netns delete} just removes the name).
   *
   * @return PIDs still alive at the end (empty on success)
   */
  static List<Long> stopAll(Collection<String> namespaces, Collection<Long> extraPids) throws IOException {
    Set<ProcessHandle> alive = new LinkedHashSet<>();
    for (int round = 0; round < ROUNDS; round++) {
      alive.clear();
      List<String> existing = Ip.namespaces();
      for (String namespace : namespaces) {
        if (existing.contains(namespace)) {
          Ip.pids(namespace).forEach(pid -> handle(pid).ifPresent(alive::add));
        }
      }
      if (round == 0) {
        extraPids.forEach(pid -> handle(pid).ifPresent(alive::add));
      }
      alive.removeIf(h -> !ProcessStates.isRunning(h));
      if (alive.isEmpty()) {
        return List.of();
      }
      // ProcessHandle.destroy is SIGTERM and checks the start time, so a reused PID is never hit.
      alive.forEach(ProcessHandle::destroy);
      awaitExit(alive, GRACE);
      alive.stream().filter(ProcessStates::isRunning).forEach(ProcessHandle::destroyForcibly);
      awaitExit(alive, AFTER_KILL);
    }
    List<Long> left = new ArrayList<>();
    alive.stream().filter(ProcessStates::isRunning).forEach(h -> left.add(h.pid()));
    return left;
  }

  private static Optional<ProcessHandle> handle(long pid) {
    return pid == ProcessHandle.current().pid() ? Optional.empty() : ProcessHandle.of(pid);
  }

  private static void awaitExit(Set<ProcessHandle> handles, Duration limit) {
    long deadline = System.nanoTime() + limit.toNanos();
    while (handles.stream().anyMatch(ProcessStates::isRunning) && System.nanoTime() < deadline) {
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
