package dev.ycsbpack.coordinator.hosts;

import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Clients as child processes of the coordinator, run from the pack the coordinator itself runs from. */
public record LocalSession(Host.Local host, Path packHome) implements HostSession {
  @Override
  public Probe probe(PackArchive pack) {
    List<String> problems = new ArrayList<>();
    if (!Files.isExecutable(packHome.resolve("bin/ycsb"))) {
      problems.add(packHome.resolve("bin/ycsb") + " is missing: run the coordinator from an unpacked pack");
    }
    String version = System.getProperty("java.version");
    return new Probe("java " + version, Runtime.version().feature(), true, 0, 0, problems);
  }

  @Override
  public String transport() {
    return "local";
  }

  @Override
  public void stage(PackArchive pack) {
    // the pack is here already
  }

  @Override
  public String stagedPath(ClientPlan client, String runId, Path local) {
    return local.toAbsolutePath().toString(); // the coordinator's own copy, removed by it
  }

  @Override
  public Process start(ClientPlan client, String runId, Path staged, List<Path> files, ClientArgs args, Path bundle,
      PackArchive pack, Duration uploadLimit) throws IOException {
    List<String> command = new ArrayList<>(IGNORING_TERMINAL_SIGNALS);
    command.add(packHome.resolve("bin/ycsb").toString());
    command.addAll(args.with(staged.toString(), bundle.resolve(client.name()).toString()));
    return new ProcessBuilder(command).start();
  }

  /**
   * A local client is in the coordinator's process group, so a Ctrl-C in the terminal (SIGINT to the whole group),
   * or the terminal closing (SIGHUP), would reach it directly and end its JVM before it wrote its measurements (an
   * empty output.txt, "no [OVERALL] section"). It is started with both ignored: an ignored signal stays ignored
   * across exec, bash cannot trap a signal ignored on entry, and a JVM started with SIGINT or SIGHUP ignored keeps
   * it ignored (no shutdown on it). The coordinator, which does get the signal, stops it over its stdin, as it
   * stops a remote one, and its partial measurements are kept; a client that loses its coordinator stops itself.
   * Plain POSIX sh, the same on Linux and macOS.
   */
  private static final List<String> IGNORING_TERMINAL_SIGNALS = List.of("/bin/sh", "-c",
      "trap '' INT HUP; exec \"$0\" \"$@\"");

  @Override
  public void removeStaged(ClientPlan client, String runId, List<Path> files) {
    // the client read the coordinator's own copies, removed by it
  }

  @Override
  public void fetch(ClientPlan client, String runId, Path bundle) {
    // a local client writes its folder into the bundle itself
  }

  @Override
  public void cleanup(String runId) {
    // staged files are the coordinator's own and removed by it
  }
}
