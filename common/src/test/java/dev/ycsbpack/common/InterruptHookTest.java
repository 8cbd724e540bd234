package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The hook runs only for a stop of the JVM while the run runs: a run that throws, and the tool exiting afterwards to
 * report it, never runs it. Each case is a JVM of its own, since a shutdown hook runs only at a JVM's exit.
 */
class InterruptHookTest {
  private static final String HOOK_RAN = "the interrupt hook ran";

  @Test
  void aRunThatThrowsLeavesNoHookForTheExitThatReportsIt() throws Exception {
    Result r = jvm("throws");
    assertEquals(1, r.status(), r.output());
    assertEquals("FAILED: boom\n", r.output(), "the error reported, the hook not run");
  }

  @Test
  void aRunThatReturnsLeavesNoHook() throws Exception {
    Result r = jvm("returns");
    assertEquals(0, r.status(), r.output());
    assertEquals("returned 7\n", r.output());
  }

  /** The control: a stop of the JVM during the run does run the hook, so the cases above can see one. */
  @Test
  void aStopDuringTheRunRunsTheHook() throws Exception {
    Result r = jvm("exits");
    assertEquals(3, r.status(), r.output());
    assertTrue(r.output().contains(HOOK_RAN), r.output());
  }

  record Result(int status, String output) {
  }

  private static Result jvm(String mode) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), Main.class.getName(), mode).redirectErrorStream(true).start();
    p.getOutputStream().close();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("the JVM did not end within 60 s");
    }
    return new Result(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
  }

  /** A tool in miniature: the run guarded, an error reported by exit 1, as the pack's tools do. */
  public static final class Main {
    public static void main(String[] args) {
      Runnable hook = () -> System.out.println(HOOK_RAN);
      try {
        int got = InterruptHook.during("test-interrupt", hook, () -> switch (args[0]) {
          case "throws" -> throw new IllegalStateException("boom");
          case "exits" -> {
            System.exit(3);
            yield 0;
          }
          default -> 7;
        });
        System.out.println("returned " + got);
        System.exit(0);
      } catch (IllegalStateException e) {
        System.out.println("FAILED: " + e.getMessage());
        System.exit(1);
      }
    }
  }
}
