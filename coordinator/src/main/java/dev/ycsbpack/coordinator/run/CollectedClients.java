package dev.ycsbpack.coordinator.run;

import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.FirstFailures;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.Verdict;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.RunPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the collected client folders say about themselves, read once: each client's own verdict, its environment
 * record, and, for a client that did not complete, the first failures its binding printed. The manifest is assembled
 * from these ({@link RunManifest}), so it needs no files.
 *
 * @param verdicts     each client's verdict by name; a client without a readable verdict is absent
 * @param environments every client's environment record that could be read, in plan order
 * @param firstErrors  by client name, in plan order: the first failure of each kind (at most {@link #FIRST_ERRORS})
 *                     that a client without a COMPLETE verdict printed on stderr; clients that printed none are absent
 */
record CollectedClients(Map<String, Verdict> verdicts, List<Map<String, String>> environments,
    Map<String, List<String>> firstErrors) {
  /** At most this many first errors are quoted as a failure's cause, over all clients. */
  static final int FIRST_ERRORS = 3;

  CollectedClients {
    verdicts = new TreeMap<>(verdicts);
    environments = List.copyOf(environments);
    firstErrors = new LinkedHashMap<>(firstErrors);
  }

  /** Nothing collected: a run that failed before any client started. */
  static CollectedClients none() {
    return new CollectedClients(Map.of(), List.of(), Map.of());
  }

  /** Reads the folders of {@code plan}'s clients under {@code clientsDir}; what cannot be read is left out. */
  static CollectedClients read(RunPlan plan, Path clientsDir) {
    Map<String, Verdict> verdicts = new TreeMap<>();
    List<Map<String, String>> environments = new ArrayList<>();
    Map<String, List<String>> firstErrors = new LinkedHashMap<>();
    for (ClientPlan c : plan.clients()) {
      ClientFolder folder = new ClientFolder(clientsDir.resolve(c.name()));
      try {
        folder.verdict().ifPresent(v -> verdicts.put(c.name(), v));
      } catch (IOException e) {
        // an unreadable verdict counts as none
      }
      Path env = folder.environment();
      try {
        if (Files.isRegularFile(env)) {
          environments.add(PropertiesFiles.read(env));
        }
      } catch (IOException e) {
        // a client without a readable record is not counted
      }
      Verdict v = verdicts.get(c.name());
      if (v == null || !v.complete()) {
        List<String> lines = FirstFailures.in(folder.stderr(), FIRST_ERRORS);
        if (!lines.isEmpty()) {
          firstErrors.put(c.name(), lines);
        }
      }
    }
    return new CollectedClients(verdicts, environments, firstErrors);
  }
}
