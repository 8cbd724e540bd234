package dev.ycsbpack.coordinator.run;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * Does one step for every host (or client) with at most {@code limit} at once: a run over many hosts must not open
 * a burst of connections (sshd's {@code MaxStartups} drops them beyond 10 unauthenticated ones by default) nor hold a
 * thread per host. Every step the coordinator does per host goes through here, so {@code --parallel} means one thing.
 * Each step bounds its own time (ssh's connect timeout, the helper commands' limits).
 */
public final class Fanout {
  /** Steps in flight at once unless {@code --parallel} says otherwise. */
  public static final int DEFAULT_PARALLEL = 16;

  private Fanout() {
  }

  /**
   * Applies {@code step} to every item, at most {@code limit} at once, and returns the results in the items' order.
   * A step that throws an unchecked exception has it rethrown here (after every step has ended).
   */
  public static <T, R> List<R> map(List<T> items, int limit, String name, Function<T, R> step)
      throws InterruptedException {
    if (items.isEmpty()) {
      return List.of();
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(limit, items.size())), r -> {
      Thread t = new Thread(r, "coordinator-" + name);
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<R>> futures = new ArrayList<>();
      for (T item : items) {
        futures.add(pool.submit(() -> step.apply(item)));
      }
      List<R> out = new ArrayList<>();
      RuntimeException thrown = null;
      for (Future<R> f : futures) {
        try {
          out.add(f.get());
        } catch (ExecutionException e) {
          out.add(null);
          if (thrown == null) {
            thrown = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
          }
        }
      }
      if (thrown != null) {
        throw thrown;
      }
      return out;
    } finally {
      pool.shutdownNow();
    }
  }
}
