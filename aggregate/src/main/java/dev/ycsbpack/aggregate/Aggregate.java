package dev.ycsbpack.aggregate;

import dev.ycsbpack.aggregate.format.JsonText;
import dev.ycsbpack.aggregate.format.MarkdownWriter;
import dev.ycsbpack.aggregate.format.OutputFiles;
import dev.ycsbpack.aggregate.format.OutputFormat;
import dev.ycsbpack.aggregate.format.ResultWriter;
import dev.ycsbpack.aggregate.format.RunFacts;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.merge.Merger;
import dev.ycsbpack.aggregate.merge.PartialResultException;
import dev.ycsbpack.aggregate.result.MergeResult;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The public API of ycsb-aggregate, for callers in the same JVM (the coordinator) as for the command line: merge
 * client folders, then write the outputs.
 *
 * <pre>{@code
 * MergeResult r = Aggregate.merge(List.of(runDir), MergeOptions.builder().warmupSeconds(30).build());
 * Aggregate.write(r, runDir.resolve("merged"), EnumSet.allOf(OutputFormat.class));
 * }</pre>
 */
public final class Aggregate {
  private Aggregate() {
  }

  /**
   * Reads and merges client folders (or folders whose sub-folders are client folders).
   *
   * @throws InputException         an input was refused (exit status 1 on the command line): the message names the
   *                                file, the line, the problem and the fix
   * @throws PartialResultException some clients failed and {@link MergeOptions#acceptPartial()} is false (status 3)
   */
  public static MergeResult merge(List<Path> folders, MergeOptions options)
      throws InputException, PartialResultException {
    return Merger.merge(folders, options);
  }

  /**
   * Writes the outputs into {@code dir}, all or nothing: the folder's previous results are replaced as a whole only
   * when every file is complete.
   *
   * @return the files written
   * @throws IOException nothing was written or replaced (status 4 on the command line)
   */
  public static List<Path> write(MergeResult result, Path dir, Set<OutputFormat> formats) throws IOException {
    return write(result, dir, formats, Map.of());
  }

  /**
   * {@link #write(MergeResult, Path, Set)}, the report's "What was run" adding what only the caller knows: the
   * command that started the run ({@link RunFacts#COMMAND}), the server's count check ({@link RunFacts#COUNT}).
   *
   * @param given label to value, secrets already masked
   */
  public static List<Path> write(MergeResult result, Path dir, Set<OutputFormat> formats, Map<String, String> given)
      throws IOException {
    if (formats.isEmpty()) {
      throw new IllegalArgumentException("no output format given");
    }
    List<ResultWriter> writers = new ArrayList<>();
    JsonText json = new JsonText(); // merged.json and the report's copy: one build
    for (OutputFormat f : EnumSet.copyOf(formats)) {
      writers.addAll(f.writers(given, json));
    }
    return OutputFiles.write(dir, result, writers);
  }

  /** The Markdown summary (what {@code merge} prints on standard output). */
  public static void markdown(MergeResult result, Writer out) throws IOException {
    new MarkdownWriter().write(result, out);
  }
}
