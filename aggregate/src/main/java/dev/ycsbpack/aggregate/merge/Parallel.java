package dev.ycsbpack.aggregate.merge;

import dev.ycsbpack.aggregate.input.InputException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Runs independent tasks (one per client or per operation) on a small pool, keeping their order and exceptions. */
final class Parallel implements AutoCloseable {
  private final ExecutorService pool;

  Parallel(int threads) {
    pool = Executors.newFixedThreadPool(Math.max(1, threads), r -> {
      Thread t = new Thread(r, "aggregate-merge");
      t.setDaemon(true);
      return t;
    });
  }

  /** Each task's result, in order; the first refusal (an {@link InputException}) is rethrown as is. */
  <T> List<T> runAll(List<Callable<T>> tasks) throws InputException {
    List<Future<T>> futures = new ArrayList<>();
    for (Callable<T> t : tasks) {
      futures.add(pool.submit(t));
    }
    List<T> out = new ArrayList<>();
    for (Future<T> f : futures) {
      try {
        out.add(f.get());
      } catch (ExecutionException e) {
        if (e.getCause() instanceof InputException ie) {
          throw ie;
        }
        if (e.getCause() instanceof RuntimeException re) {
          throw re;
        }
        throw new IllegalStateException(e.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    }
    return out;
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
