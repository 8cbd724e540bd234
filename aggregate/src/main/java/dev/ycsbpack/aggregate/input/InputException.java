package dev.ycsbpack.aggregate.input;

import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.hdr.LogFault;
import java.nio.file.Path;

/**
 * An input that cannot be merged: names the file, the line (when there is one), the problem and the fix.
 * The message reads {@code <file>:<line>: <problem> Fix: <fix>}.
 */
public class InputException extends Exception {
  private static final long serialVersionUID = 1L;
  /** Longest path shown in a message. */
  public static final int PATH_CAP = 1000;
  /** Longest message: every value in it is capped already; this bounds a list of many. */
  public static final int MESSAGE_CAP = 20_000;

  public InputException(Path file, long line, String problem, String fix) {
    super(format(file, line, problem, fix));
  }

  public InputException(Path file, long line, String problem, String fix, Throwable cause) {
    this(file, line, problem, fix);
    initCause(cause);
  }

  /** The same fault, as the merge reports it (its cause, when it has one, kept). */
  public InputException(LogFault fault) {
    this(fault.facts());
    if (fault.getCause() != null) {
      initCause(fault.getCause());
    }
  }

  private InputException(LogFault.Facts fault) {
    this(fault.file(), fault.line(), fault.problem(), fault.fix());
  }

  private static String format(Path file, long line, String problem, String fix) {
    StringBuilder sb = new StringBuilder();
    if (file != null) {
      sb.append(file);
      if (line > 0) {
        sb.append(':').append(line);
      }
      sb.append(": ");
    }
    sb.append(problem);
    if (fix != null && !fix.isEmpty()) {
      sb.append(" Fix: ").append(fix);
    }
    // one line, bounded: a path or value holding a newline must not forge a line on the user's terminal
    return Text.shown(sb.toString(), MESSAGE_CAP);
  }
}
