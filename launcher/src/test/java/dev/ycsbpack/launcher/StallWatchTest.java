package dev.ycsbpack.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.FirstFailures;
import dev.ycsbpack.common.PropertyPairs;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.Status;

/** The no-progress rule: its timeout (given or derived) and what it says when it stops a run. */
class StallWatchTest {
  @ParameterizedTest(name = "{0} {1}, longest wait {2} ms -> {3} ms")
  @CsvSource({
      "a=1,                       a=1,        30000, 60000",
      "a=1,                       a=1,        45000, 90000",
      "a=1,                       a=1,        -1,    60000",
      "maxexecutiontime=40,       a=1,        30000, 10000",
      "maxexecutiontime=8,        a=1,        30000, 5000",
      "maxexecutiontime=8,        target=1,   30000, 5000",
      "a=1,                       target=1,   30000, 60000",
      "maxexecutiontime=20,       target=0,   30000, 5000",
      "maxexecutiontime=40,       ycsbpack.stalltimeout=3, 30000, 3000",
      "ycsbpack.stalltimeout=600, target=1,   30000, 600000"})
  void theTimeoutIsTheUsersElseScaledToTheDriversWaitsAndTheTimeLimit(String a, String b, long waitMs,
      long expectedMs) throws UsageException {
    assertEquals(expectedMs, StallWatch.timeoutMs(PropertyPairs.of(a, b), waitMs));
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-1", "1.5", "abc", "", "99999999999999"})
  void aBadValueIsRefusedNamingTheOptionTheValueAndWhatItAccepts(String value) {
    UsageException e = assertThrows(UsageException.class,
        () -> StallWatch.timeoutMs(PropertyPairs.of("ycsbpack.stalltimeout=" + value), 30000));
    assertTrue(e.getMessage().startsWith("invalid ycsbpack.stalltimeout=" + value + ": expected whole seconds from 1"),
        e::getMessage);
  }

  @Test
  void stopsWhenNoOperationSucceedsForTheTimeoutNamingLastSuccessAndErrors() throws Exception {
    FirstFailures.forget();
    OperationProgress progress = new OperationProgress();
    BlockingQueue<String> stops = new ArrayBlockingQueue<>(1);
    long first = System.currentTimeMillis();
    StallWatch watch = new StallWatch(400, progress, () -> first, stops::add);
    CountDownLatch failing = new CountDownLatch(1);
    Thread client = new Thread(() -> {
      OperationProgress.Slot slot = progress.register();
      for (int i = 0; i < 20; i++) { // 20 successes over about 1 s: longer than the timeout, so progress counts
        slot.done(Status.OK);
        sleep(50);
      }
      FirstFailures.offer("READ failure counted as Return=SERVICE_UNAVAILABLE: timed out");
      slot.done(Status.SERVICE_UNAVAILABLE);
      slot.done(Status.SERVICE_UNAVAILABLE);
      slot.done(Status.ERROR);
      slot.done(Status.BATCHED_OK); // buffered: neither success nor failure
      failing.countDown();
    });
    client.start();
    watch.start();
    assertTrue(failing.await(10, TimeUnit.SECONDS));
    long failedAt = System.nanoTime();
    String reason = stops.poll(10, TimeUnit.SECONDS);
    double waited = (System.nanoTime() - failedAt) / 1e9;
    assertTrue(reason != null, "the watch stopped the run");
    assertTrue(waited >= 0.3 && waited < 5, "stopped " + waited + " s after the last success");
    assertEquals(reason, watch.failure());
    assertTrue(
        reason.startsWith("no operation succeeded for 0.4 s (ycsbpack.stalltimeout): the server was last seen at "),
        reason);
    assertTrue(reason.contains("20 succeeded"), reason);
    assertTrue(reason.contains("errors so far: ERROR=1, SERVICE_UNAVAILABLE=2"), reason);
    assertTrue(reason.contains("first error: READ failure counted as Return=SERVICE_UNAVAILABLE: timed out"), reason);
    assertTrue(reason.endsWith("the measurements are partial (they cover the run until it was stopped)"), reason);
    client.join(5000);
  }

  @Test
  void doesNotStopARunThatKeepsSucceedingNorStartBeforeTheFirstOperation() throws Exception {
    OperationProgress progress = new OperationProgress();
    BlockingQueue<String> stops = new ArrayBlockingQueue<>(1);
    long[] first = {-1};
    StallWatch watch = new StallWatch(300, progress, () -> first[0], stops::add);
    watch.start();
    Thread.sleep(700); // no operation yet: the clock has not started
    assertNull(stops.poll());
    first[0] = System.currentTimeMillis();
    OperationProgress.Slot slot = progress.register();
    for (int i = 0; i < 20; i++) { // NOT_FOUND is an answer from the server: progress too
      slot.done(i % 2 == 0 ? Status.OK : Status.NOT_FOUND);
      Thread.sleep(50);
    }
    assertNull(stops.poll(), "a run that keeps succeeding is never stopped");
    assertEquals(20, progress.succeeded());
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
