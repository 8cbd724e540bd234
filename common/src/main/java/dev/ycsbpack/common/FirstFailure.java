package dev.ycsbpack.common;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The text of the first failed operation of this process, as the binding described it (already redacted).
 *
 * <p>The binding knows the cause (the driver's exception); the launcher, which decides the verdict, only sees a
 * {@code Status}. This is the one hand-over between them: a run stopped because its server is gone names the
 * first error in its verdict. Both run in one JVM on YCSB's classpath, which is why it lives in {@code common}.
 */
public final class FirstFailure {
  private static final AtomicReference<String> FIRST = new AtomicReference<>();

  private FirstFailure() {
  }

  /** Keeps {@code text} if no failure was offered before; later offers are ignored. */
  public static void offer(String text) {
    if (FIRST.get() == null) {
      FIRST.compareAndSet(null, text);
    }
  }

  public static Optional<String> text() {
    return Optional.ofNullable(FIRST.get());
  }

  /** For tests that run several clients in one JVM. */
  public static void forget() {
    FIRST.set(null);
  }
}
