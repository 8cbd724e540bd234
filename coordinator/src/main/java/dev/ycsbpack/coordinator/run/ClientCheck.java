package dev.ycsbpack.coordinator.run;

import dev.ycsbpack.aggregate.format.OutputFiles;
import dev.ycsbpack.common.AtomicFiles;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.RunPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Before any client starts: the pack's own {@code bin/ycsb --check}, run here with a client's exact arguments and
 * properties, so the coordinator refuses exactly what {@code bin/ycsb} refuses, with its line and exit status 2 (one
 * implementation of every check, the binding's option checks included). {@code --check} contacts no server: the
 * coordinator's machine need not reach the database its clients reach.
 *
 * <p>The first client is checked; the others differ only in their shares (threads, target, operations, key range),
 * which the planner has checked. Its properties go to an owner-only file in an owner-only temporary folder, deleted
 * afterwards: never onto a command line.
 */
public final class ClientCheck {
  /** The refusal line's prefix in {@code bin/ycsb}'s output. */
  private static final String ERROR_PREFIX = "bin/ycsb: error: ";

  /**
   * What {@code bin/ycsb --check} said.
   *
   * @param exitStatus 0 when the client command would run, 2 when it is refused, else the check itself failed
   * @param line       the refusal or failure, without {@code bin/ycsb}'s prefix; empty when it passed
   */
  public record Result(int exitStatus, String line) {
    public boolean passed() {
      return exitStatus == 0;
    }
  }

  private ClientCheck() {
  }

  public static Result run(Path packHome, RunPlan plan, int controlTimeout, Duration timeout) throws IOException {
    Path dir = Files.createTempDirectory("ycsb-coordinator-check-",
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    try {
      ClientPlan first = plan.clients().get(0);
      Path staged = dir.resolve("client.properties");
      PropertiesFiles.write(staged, "coordinator check of client " + first.name(), first.properties(),
          AtomicFiles.Mode.PRIVATE);
      Path out = Files.createDirectory(dir.resolve("out"));
      List<String> command = new ArrayList<>();
      command.add(packHome.resolve("bin/ycsb").toString());
      command.addAll(new HostSession.ClientArgs(plan.phase().command(), plan.binding(), controlTimeout,
          plan.jvmArgs())
          .with(staged.toString(), out.toString()));
      command.add("--check");
      Path output = dir.resolve("check.txt");
      Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
          .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
      boolean ended;
      try {
        ended = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        ended = false;
      }
      if (!ended) {
        p.destroyForcibly();
        return new Result(1, "bin/ycsb --check did not finish in " + timeout.toSeconds() + " s");
      }
      return new Result(p.exitValue(), lastLine(Files.readString(output, StandardCharsets.UTF_8)));
    } finally {
      OutputFiles.deleteTree(dir);
    }
  }

  /** The refusal: bin/ycsb's last line, its prefix taken off; empty when it printed nothing. */
  static String lastLine(String output) {
    List<String> lines = output.lines().filter(l -> !l.isBlank()).toList();
    if (lines.isEmpty()) {
      return "";
    }
    String last = lines.get(lines.size() - 1);
    return last.startsWith(ERROR_PREFIX) ? last.substring(ERROR_PREFIX.length()) : last;
  }

}
