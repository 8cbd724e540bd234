package dev.ycsbpack.coordinator.run;

import dev.ycsbpack.common.AtomicFiles;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.TlsFiles;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files each client is launched with, in the coordinator's staging folder: its properties (secrets included) and
 * the TLS files they name, all owner-only. A client's are removed as soon as it has read them ({@link #delete} at its
 * READY), and whatever is left when the run ends ({@link #deleteAll}), whatever happened. One job of the supervisor's
 * start, kept apart so that what holds secrets on this machine is in one place.
 */
final class StagedClientFiles {
  /**
   * What one client is launched with.
   *
   * @param properties its properties file (0600)
   * @param files      the TLS files they name, to copy beside it on its host
   */
  record Staged(Path properties, List<Path> files) {
  }

  private final Path stagingDir;
  private final String runId;
  private final PrintStream log;
  /** The path the user gave for each staged copy, as the client and this machine name it. */
  private final Map<String, String> userPaths = new LinkedHashMap<>();
  /** Every file written here and not removed yet, by client name. */
  private final Map<String, List<Path>> written = new LinkedHashMap<>();

  StagedClientFiles(Path stagingDir, String runId, PrintStream log) {
    this.stagingDir = stagingDir;
    this.runId = runId;
    this.log = log;
  }

  /**
   * Writes the client's properties (0600) with its TLS file properties pointed at where its host will have them, and
   * the owner-only copies of those files: a client host needs the CA and its key, and they must not lie around
   * readable (nor travel on a command line, nor in JAVA_TOOL_OPTIONS, whose values the JVM prints).
   */
  Staged stage(ClientPlan c, HostSession session) throws IOException {
    Map<String, String> properties = new LinkedHashMap<>(c.properties());
    List<Path> files = new ArrayList<>();
    for (String name : TlsFiles.FILE_PROPERTIES) {
      String source = properties.get(name);
      if (source == null) {
        continue;
      }
      Path copy = stagingDir.resolve(c.name() + "." + name.substring(name.lastIndexOf('.') + 1));
      written(c, copy);
      AtomicFiles.create(copy, AtomicFiles.Mode.PRIVATE);
      Files.write(copy, Files.readAllBytes(Path.of(source.trim())));
      files.add(copy);
      String stagedPath = session.stagedPath(c, runId, copy);
      properties.put(name, stagedPath);
      synchronized (userPaths) {
        userPaths.put(stagedPath, source.trim());
        userPaths.put(copy.toAbsolutePath().toString(), source.trim());
      }
    }
    Path staged = stagingDir.resolve(c.name() + ".properties");
    written(c, staged);
    try {
      PropertiesFiles.write(staged, "coordinator run " + runId + ", client " + c.name(), properties,
          AtomicFiles.Mode.PRIVATE);
    } catch (IOException e) { // the coordinator's own write (a full disk): named by its path and step
      throw new IOException("cannot write " + staged + " (staging the client's properties): "
          + (e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason()
              : e.getMessage()),
          e);
    }
    return new Staged(staged, List.copyOf(files));
  }

  /** The user's file for each copy staged so far, for the reasons the coordinator shows. */
  StagedNames names() {
    synchronized (userPaths) {
      return StagedNames.of(userPaths);
    }
  }

  private void written(ClientPlan c, Path f) {
    synchronized (written) {
      written.computeIfAbsent(c.name(), k -> new ArrayList<>()).add(f);
    }
  }

  /** Removes the client's files (it has read them); one that cannot be removed is named on the log. */
  void delete(ClientPlan c) {
    List<Path> files;
    synchronized (written) {
      files = written.remove(c.name());
    }
    delete(files == null ? List.of() : files);
  }

  /** Removes every file staged here; one that cannot be removed is named on the log with what it holds. */
  void deleteAll() {
    List<Path> files = new ArrayList<>();
    synchronized (written) {
      written.values().forEach(files::addAll);
      written.clear();
    }
    delete(files);
  }

  private void delete(List<Path> files) {
    for (Path f : files) {
      try {
        Files.deleteIfExists(f);
      } catch (IOException e) {
        log.println("ycsb-coordinator: warning: cannot delete " + f + " ("
            + (f.toString().endsWith(".properties") ? "it holds the run's properties, secrets included"
                : "a TLS file staged for a client")
            + "): " + e.getMessage());
      }
    }
  }
}
