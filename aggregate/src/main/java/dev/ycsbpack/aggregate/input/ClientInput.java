package dev.ycsbpack.aggregate.input;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * One client folder, read and checked against the contract (see docs/aggregate.md).
 *
 * @param name        the folder's name; how the client is called in every message and report
 * @param dir         the folder
 * @param output      the client's parsed output, or null when the folder holds none
 * @param properties  {@code client.properties}, as read (not redacted: redact before showing)
 * @param environment {@code environment.properties} when present, else empty
 * @param logs        operation name to its HdrHistogram interval log, sorted by name
 * @param failure     why this client counts as failed (no {@code [OVERALL]}), or null when it finished
 */
public record ClientInput(String name, Path dir, YcsbOutput output, Map<String, String> properties,
                          Map<String, String> environment, Map<String, Path> logs, String failure) {
  public ClientInput {
    properties = Collections.unmodifiableMap(new TreeMap<>(properties));
    environment = Collections.unmodifiableMap(new TreeMap<>(environment));
    logs = Collections.unmodifiableMap(new LinkedHashMap<>(logs));
  }

  public boolean failed() {
    return failure != null;
  }
}
