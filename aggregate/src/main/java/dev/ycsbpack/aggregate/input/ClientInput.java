package dev.ycsbpack.aggregate.input;

import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.common.Verdict;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * One client folder, read and checked against the contract (see docs/aggregate.md).
 *
 * @param name        the folder's name as shown (control characters escaped, capped); how the client is called in
 *                    every message and report
 * @param dir         the folder
 * @param output      the client's parsed output, or null when the folder holds none
 * @param properties  {@code client.properties}, as read (not redacted: redact before showing)
 * @param environment {@code environment.properties} when present, else empty
 * @param logs        operation name to its HdrHistogram interval log, sorted by name
 * @param failure     why this client counts as failed (its verdict, or no {@code [OVERALL]}), or null
 * @param verdict     {@code verdict.properties} when the folder has one ({@code bin/ycsb --out}), else null
 * @param fingerprint SHA-256 of the output file, to recognise copies of hand-made folders; null without output
 */
public record ClientInput(String name, Path dir, YcsbOutput output, Map<String, String> properties,
    Map<String, String> environment, Map<String, Path> logs, String failure, Verdict verdict,
    String fingerprint) {
  /** The environment fact naming the client's machine ({@code EnvironmentFacts}). */
  public static final String HOST_FACT = EnvironmentFacts.HOST_NAME;

  public ClientInput {
    properties = Collections.unmodifiableMap(new TreeMap<>(properties));
    environment = Collections.unmodifiableMap(new TreeMap<>(environment));
    logs = Collections.unmodifiableMap(new LinkedHashMap<>(logs));
  }

  public boolean failed() {
    return failure != null;
  }

  /** The machine it ran on, from its environment; empty when the folder does not say. */
  public String host() {
    return environment.getOrDefault(HOST_FACT, "");
  }

  /** The id {@code bin/ycsb} gave this run, or empty for a hand-made folder. */
  public String runId() {
    return verdict == null ? "" : verdict.runId();
  }
}
