package dev.ycsbpack.coordinator.hosts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A host for unit tests, behind the same seam as ssh and {@code --rsh}: each script runs in a real {@code sh} on this
 * machine with the host's own home folder, so staging, uploads, clients and collection happen for real; only the
 * transport is skipped. It records every script (what a remote command line would show) and can be made unreachable,
 * as a host whose transport fails before the script runs (ssh's exit 255).
 */
public final class FakeHost implements RemoteShell {
  private final Path home;
  private final Map<String, String> environment;
  private final List<String> scripts = Collections.synchronizedList(new ArrayList<>());
  private volatile boolean unreachable;
  /** Seconds each upload (a script writing a file from its stdin) takes before it starts: a slow host. */
  private volatile double uploadDelaySeconds;

  /**
   * @param home        the host's home folder (a relative {@code --remote-dir} is taken from it)
   * @param environment variables the host's shell has, over this machine's (e.g. {@code JAVA_HOME})
   */
  public FakeHost(Path home, Map<String, String> environment) {
    this.home = home;
    this.environment = Map.copyOf(environment);
  }

  /** A host whose java is this JVM's. */
  public static FakeHost withJava(Path home) {
    return new FakeHost(home, Map.of("JAVA_HOME", System.getProperty("java.home")));
  }

  public void unreachable(boolean down) {
    unreachable = down;
  }

  /** Makes every upload to this host (a file written from the transport's stdin) take {@code seconds} longer. */
  public void slowUploads(double seconds) {
    uploadDelaySeconds = seconds;
  }

  /** Every script started on this host, in order. */
  public List<String> scripts() {
    synchronized (scripts) {
      return List.copyOf(scripts);
    }
  }

  @Override
  public String transport() {
    return "fake";
  }

  @Override
  public Process start(String script) throws IOException {
    scripts.add(script);
    if (unreachable) {
      return new ProcessBuilder("sh", "-c", "echo 'fake: connect to host: Connection refused' >&2; exit 255").start();
    }
    String run = uploadDelaySeconds > 0 && script.contains(" && cat > ") ? "sleep " + uploadDelaySeconds + "; " + script
        : script;
    ProcessBuilder pb = new ProcessBuilder("sh", "-c", run).directory(home.toFile());
    pb.environment().put("HOME", home.toString());
    pb.environment().putAll(environment);
    return pb.start();
  }

  /**
   * This host, with every script containing {@code marker} held (at most 60 s) until {@code release} opens, after
   * counting down {@code began}: a step caught in flight (a staging, a collection, a removal).
   */
  public RemoteShell holding(String marker, java.util.concurrent.CountDownLatch began,
      java.util.concurrent.CountDownLatch release) {
    FakeHost fake = this;
    return new RemoteShell() {
      @Override
      public String transport() {
        return fake.transport();
      }

      @Override
      public Process start(String script) throws IOException {
        if (script.contains(marker)) {
          began.countDown();
          try {
            release.await(60, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
        return fake.start(script);
      }
    };
  }

  /** Something a test does to a host. */
  public interface HostAction {
    void run() throws IOException;
  }

  /**
   * Whether {@code action} ends process {@code pid} within 10 s. The process is killed here afterwards in any case:
   * a failed test leaves nothing running either.
   */
  public static boolean killedBy(HostAction action, long pid) throws IOException, InterruptedException {
    try {
      action.run();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (alive(pid) && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      return !alive(pid);
    } finally {
      ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    }
  }

  public static boolean alive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  /**
   * A pack whose {@code bin/ycsb} is a client as the coordinator sees one: it records its arguments and its staged
   * properties' mode in its folder, reports {@code READY} on stderr, waits for {@code GO} on stdin (end of input or
   * {@code STOP} end it with status 1) and for the moment it names (as a real client does), reports
   * {@code STARTED}, writes a verdict and {@code FINISHED 0}. Before {@code GO} it ends as a real client does when
   * no heartbeat (or other line) came for its {@code --control-timeout}. The
   * property {@code fake.mode} changes it: {@code fail} exits 1 before it is ready; {@code long} keeps running for a
   * minute after {@code STARTED}, a status line with ten more operations at each heartbeat (listening for
   * {@code STOP}, ending when its input does); {@code report} prints one status line of ten operations before its
   * verdict; {@code deaf} ignores its input
   * and SIGTERM after {@code READY} and never ends by itself (a frozen client); {@code cut} exits 255 after
   * {@code GO}, as a transport whose connection was cut; {@code cut-early} and {@code cut-quiet} print the binding's
   * settings line and exit 255 without a word, before {@code READY} and after {@code GO}, as ssh does when a cut link
   * ends its session at {@code LogLevel=ERROR}; {@code killed} prints YCSB's start-up banner after
   * {@code GO} and is killed by SIGKILL, as a client JVM killed with {@code kill -9}; {@code copy} copies the folder
   * named by {@code fake.folder}
   * (a client's outputs, e.g. aggregate's {@code SyntheticClients}) into its own before its verdict, so it merges.
   */
  public static Path clientPack(Path dir) throws IOException {
    Files.createDirectories(dir.resolve("bin"));
    Files.createDirectories(dir.resolve("lib"));
    Files.createDirectories(dir.resolve("workloads"));
    Files.writeString(dir.resolve("lib/client.jar"), "not a jar: the fake client is a script\n");
    Files.writeString(dir.resolve("workloads/w"), "recordcount=10\n");
    Path ycsb = dir.resolve("bin/ycsb");
    Files.writeString(ycsb,
        """
            #!/bin/bash
            args="$*"
            out=""; props=""; control=15
            while [ $# -gt 0 ]; do
              case "$1" in --out) out="$2"; shift 2 ;; -P) props="$2"; shift 2 ;; \
            --control-timeout) control="$2"; shift 2 ;;
                *) shift ;; esac
            done
            mkdir -p "$out"
            printf '%s\\n' "$args" > "$out/args.txt"
            stat -c %a "$props" > "$out/staged-mode.txt"
            mode=$(sed -n 's/^fake\\.mode=//p' "$props")
            # read now: the staged properties are removed once the client is READY
            folder=$(sed -n 's/^fake\\.folder=//p' "$props")
            if [ "$mode" = fail ]; then echo "fake client: cannot connect to the server" >&2; exit 1; fi
            case "$mode" in cut-*)
              echo "mongodb binding: url=mongodb://db:27017/ycsb database=ycsb writeConcern={w=1} batchsize=1" >&2 \
            ;; esac
            if [ "$mode" = cut-early ]; then exit 255; fi
            echo "@ycsbpack READY" >&2
            if [ "$mode" = deaf ]; then trap '' TERM HUP; exec 0</dev/null; while :; do sleep 1; done; fi
            while read -r -t "$control" line; do
              case "$line" in GO*) break ;; STOP) echo "fake client: stopped" >&2; exit 1 ;; esac
            done
            [ -n "$line" ] || { echo "fake client: lost the coordinator: no heartbeat for $control s" >&2; exit 1; }
            if [ "$mode" = cut ]; then echo "fake: connection to the host lost" >&2; exit 255; fi
            if [ "$mode" = cut-quiet ]; then exit 255; fi
            if [ "$mode" = killed ]; then
              echo "Command line: -db site.ycsb.db.MongoDbClient -t" >&2
              echo "DBWrapper: report latency for each error is false and specific error codes \
            to track for latency are: []" >&2
              kill -9 $$
            fi
            at=${line#GO}; at=${at# }
            if [ -n "$at" ]; then
              wait=$(awk -v at="$at" -v now="$(date +%s%3N)" 'BEGIN { d = (at - now) / 1000; print (d > 0 ? d : 0) }')
              sleep "$wait"
            fi
            echo "@ycsbpack STARTED $(date +%s%3N)" >&2
            touch "$out/started"
            if [ "$mode" = report ]; then
              sleep 0.3; echo "1 sec: 10 operations; 10 current ops/sec;" >&2; sleep 0.3
            fi
            if [ "$mode" = long ]; then
              ops=0
              while [ $SECONDS -lt 60 ]; do
                if read -r -t "$control" line; then
                  [ "$line" = STOP ] && { echo "fake client: stopped by the coordinator" >&2; exit 1; }
                  ops=$((ops + 10)); echo "$SECONDS sec: $ops operations; 10 current ops/sec;" >&2
                else
                  echo "fake client: lost the coordinator" >&2; exit 1
                fi
              done
            fi
            if [ "$mode" = copy ]; then
              [ -d "$folder" ] || { echo "fake client: fake.folder=$folder is not a folder" >&2; exit 1; }
              cp -R "$folder"/. "$out"/
            fi
            echo "status=COMPLETE" > "$out/verdict.properties"
            echo "@ycsbpack FINISHED 0" >&2
            """);
    Files.setPosixFilePermissions(ycsb, PosixFilePermissions.fromString("rwxr-xr-x"));
    return dir;
  }
}
