package dev.ycsbpack.aggregate.merge;

import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.common.hdr.LogFault;
import java.nio.file.Path;

/**
 * A counts sidecar whose CRCs held but one of whose numbers did not, found while its counts were added: the merge
 * drops everything it computed and merges again with that log read from the log itself ({@link Merger}), so no count
 * of it is used. A refusal only if it escapes that (it cannot: each log is distrusted once).
 */
final class MalformedSidecar extends InputException {
  private static final long serialVersionUID = 1L;
  private final transient Path log;
  private final String why;

  MalformedSidecar(Path log, LogFault fault) {
    super(fault);
    this.log = log;
    this.why = fault.facts().problem().replaceFirst("^the counts sidecar ", "").replaceFirst("\\.$", "");
  }

  /** The log whose sidecar it is. */
  Path log() {
    return log;
  }

  /** What does not hold, for the note. */
  String why() {
    return why;
  }
}
