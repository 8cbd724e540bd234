package dev.ycsbpack.aggregate.format;

import dev.ycsbpack.aggregate.result.MergeResult;
import java.io.IOException;
import java.io.Writer;

/** One output file of a merge: its name, and what writes its content. */
public interface ResultWriter {
  /** The file it is written to inside the output folder. */
  String fileName();

  void write(MergeResult result, Writer out) throws IOException;

  /** The writer of {@code fileName}, its content written by {@code content}. */
  static ResultWriter named(String fileName, Content content) {
    return new Named(fileName, content);
  }

  /** What writes one output's content; {@link OutputFormat} names the file it goes to. */
  @FunctionalInterface
  interface Content {
    void write(MergeResult result, Writer out) throws IOException;
  }

  /** A file name and the content written to it. */
  record Named(String fileName, Content content) implements ResultWriter {
    @Override
    public void write(MergeResult result, Writer out) throws IOException {
      content.write(result, out);
    }
  }
}
