package dev.ycsbpack.aggregate.format;

import dev.ycsbpack.aggregate.result.MergeResult;
import java.io.IOException;
import java.io.Writer;

/** One output format of a merge. */
public interface ResultWriter {
  /** The file it is written to inside the output folder. */
  String fileName();

  void write(MergeResult result, Writer out) throws IOException;
}
