package dev.ycsbpack.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The client folder: what one YCSB client run leaves behind ({@code bin/ycsb --out DIR}) and what aggregate reads.
 * This class is the contract; {@code docs/aggregate.md} describes it for users.
 *
 * <pre>
 * DIR/
 *   stdout.txt              everything the client printed on stdout (redacted)
 *   stderr.txt              everything it printed on stderr (redacted)
 *   output.txt              YCSB's measurements, text exporter format ([METRIC], MEASUREMENT, VALUE)
 *   output.json             the same measurements, JSON array exporter format
 *   client.properties       the exact effective properties (-P files, then -p, then flags; secrets masked)
 *   environment.properties  host, CPUs, memory, OS, JVM, driver, the server's version/engine/topology, and the
 *                           collection's document counts around the phase (CollectionCount)
 *   verdict.properties      COMPLETE or FAILED with the reason: the decision behind the exit status
 *   &lt;OP&gt;.hdr                 HdrHistogram interval logs, one per operation (READ.hdr, UPDATE.hdr, ...)
 *   &lt;OP&gt;.hdr.counts          optional, written before the verdict: the log's intervals already decoded, with the
 *                           log's length and CRC32C ({@link dev.ycsbpack.common.hdr.CountsSidecar}); a merge uses it
 *                           only while it matches the log, which stays the record
 * </pre>
 *
 * @param dir the folder
 */
public record ClientFolder(Path dir) {
  public static final String STDOUT = "stdout.txt";
  public static final String STDERR = "stderr.txt";
  public static final String TEXT_OUTPUT = "output.txt";
  public static final String JSON_OUTPUT = "output.json";
  public static final String PROPERTIES = "client.properties";
  public static final String ENVIRONMENT = "environment.properties";
  public static final String VERDICT = "verdict.properties";
  public static final String HDR_SUFFIX = ".hdr";

  public Path stdout() {
    return dir.resolve(STDOUT);
  }

  public Path stderr() {
    return dir.resolve(STDERR);
  }

  public Path textOutput() {
    return dir.resolve(TEXT_OUTPUT);
  }

  public Path jsonOutput() {
    return dir.resolve(JSON_OUTPUT);
  }

  public Path properties() {
    return dir.resolve(PROPERTIES);
  }

  public Path environment() {
    return dir.resolve(ENVIRONMENT);
  }

  public Path verdictFile() {
    return dir.resolve(VERDICT);
  }

  /** The name of the client: its folder's name. */
  public String name() {
    return dir.getFileName().toString();
  }

  /** The verdict, or empty for a folder written by hand or by a client that was killed before it could write one. */
  public Optional<Verdict> verdict() throws IOException {
    Path f = verdictFile();
    if (!Files.isRegularFile(f)) {
      return Optional.empty();
    }
    try {
      return Optional.of(Verdict.fromProperties(PropertiesFiles.read(f)));
    } catch (IllegalArgumentException e) {
      throw new IOException(f + ": " + e.getMessage(), e);
    }
  }

  public void writeVerdict(Verdict v) throws IOException {
    PropertiesFiles.write(verdictFile(), "bin/ycsb's verdict on this client run (sets its exit status)",
        v.toProperties(), AtomicFiles.Mode.SHARED);
  }

  /** Writes the effective properties, every value shown through {@code redactor}. */
  public void writeProperties(Map<String, String> properties, Redactor redactor) throws IOException {
    PropertiesFiles.write(properties(), "the exact properties this client ran with (secrets masked)",
        redactAll(properties, redactor), AtomicFiles.Mode.SHARED);
  }

  public void writeEnvironment(Map<String, String> facts, Redactor redactor) throws IOException {
    PropertiesFiles.write(environment(), "the client's machine and the server it measured",
        redactAll(facts, redactor), AtomicFiles.Mode.SHARED);
  }

  private static Map<String, String> redactAll(Map<String, String> values, Redactor redactor) {
    Map<String, String> out = new java.util.TreeMap<>();
    values.forEach((k, v) -> out.put(k, redactor.show(k, v)));
    return out;
  }
}
