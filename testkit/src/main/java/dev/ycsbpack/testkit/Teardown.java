package dev.ycsbpack.testkit;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Undo steps, run in reverse order of setup. Each step runs even if an earlier one failed, and a
 * setup that fails halfway undoes exactly what it had done.
 */
final class Teardown {
  /** One undo action. */
  interface Step {
    void run() throws Exception;
  }

  private record Named(String what, Step step) {
  }

  private final Deque<Named> steps = new ArrayDeque<>();

  synchronized void add(String what, Step step) {
    steps.push(new Named(what, step));
  }

  /** Runs and forgets every step, last added first; returns one line per failure. */
  List<String> runAll() {
    List<String> failures = new ArrayList<>();
    while (true) {
      Named next;
      synchronized (this) {
        next = steps.poll();
      }
      if (next == null) {
        return failures;
      }
      try {
        next.step().run();
      } catch (Exception e) {
        failures.add(next.what() + ": " + e.getMessage());
      }
    }
  }
}
