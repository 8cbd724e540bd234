package dev.ycsbpack.common.hdr;

import java.nio.file.Path;

/**
 * A log that cannot be read: the file, the line (0: the file as a whole), what is wrong and how to fix it. The merge
 * turns it into its own refusal unchanged; a client writing its counts sidecar just writes none.
 */
public final class LogFault extends Exception {
  private static final long serialVersionUID = 1L;
  private final transient Path file;
  private final long line;
  private final String problem;
  private final String fix;

  public LogFault(Path file, long line, String problem, String fix) {
    this(file, line, problem, fix, null);
  }

  public LogFault(Path file, long line, String problem, String fix, Throwable cause) {
    super(file + (line > 0 ? ":" + line : "") + ": " + problem + " Fix: " + fix, cause);
    this.file = file;
    this.line = line;
    this.problem = problem;
    this.fix = fix;
  }

  public Path file() {
    return file;
  }

  public long line() {
    return line;
  }

  public String problem() {
    return problem;
  }

  public String fix() {
    return fix;
  }
}
