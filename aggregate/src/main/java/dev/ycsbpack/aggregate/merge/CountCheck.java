package dev.ycsbpack.aggregate.merge;

import dev.ycsbpack.aggregate.input.ClientFolders;
import dev.ycsbpack.aggregate.input.ClientInput;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.input.OpSummary;
import java.nio.file.Path;
import java.util.List;

/**
 * Every log must hold exactly the operations its client reported: catches a log cut at a line end, or from another
 * run.
 */
final class CountCheck {
  private CountCheck() {
  }

  static void verify(List<ClientInput> ok, List<OpMerge> merged) throws InputException {
    for (OpMerge m : merged) {
      for (int i = 0; i < ok.size(); i++) {
        ClientInput c = ok.get(i);
        Path log = c.logs().get(m.op());
        if (log == null) {
          continue;
        }
        OpSummary s = c.output().operations().get(m.op());
        long reported = s == null ? 0 : s.operations();
        if (m.allCount()[i] != reported) {
          String out = ClientFolders.shown(c.output().file());
          throw new InputException(log, 0, "the log holds " + m.allCount()[i] + " " + m.op() + " operations, but "
              + (s == null ? out + " has no [" + m.op() + "] section"
                  : out + ":" + s.line() + " reports [" + m.op() + "], Operations, " + reported)
              + ": the log is incomplete (cut at a line end?) or from another run.",
              "take the complete log and output of the same run of that client.");
        }
      }
    }
  }
}
