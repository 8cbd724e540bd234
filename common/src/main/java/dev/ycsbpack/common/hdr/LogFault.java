package dev.ycsbpack.common.hdr;

import java.nio.file.Path;

/**
 * A log that cannot be read: the file, the line (0: the file as a whole), what is wrong and how to fix it. The merge
 * turns it into its own refusal unchanged; a client writing its counts sidecar just writes none.
 */
public final class LogFault extends Exception {
  private static final long serialVersionUID = 1L;
  private final transient Facts facts;

  /**
   * What a fault says: an exception cannot be a record, so its facts are one.
   *
   * @param file    the log (or its sidecar)
   * @param line    the line at fault, 0 for the file as a whole
   * @param problem what is wrong, one sentence
   * @param fix     how to fix it
   */
  public record Facts(Path file, long line, String problem, String fix) {
    /** {@code <file>[:<line>]: <problem> Fix: <fix>}. */
    String message() {
      return file + (line > 0 ? ":" + line : "") + ": " + problem + " Fix: " + fix;
    }
  }

  public LogFault(Path file, long line, String problem, String fix) {
    this(file, line, problem, fix, null);
  }

  public LogFault(Path file, long line, String problem, String fix, Throwable cause) {
    this(new Facts(file, line, problem, fix), cause);
  }

  private LogFault(Facts facts, Throwable cause) {
    super(facts.message(), cause);
    this.facts = facts;
  }

  /** The file, line, problem and fix this fault reports. */
  public Facts facts() {
    return facts;
  }
}
