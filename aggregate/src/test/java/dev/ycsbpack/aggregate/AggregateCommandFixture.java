package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.cli.AggregateMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/** A test that runs {@code ycsb-aggregate} in this JVM, as {@code bin/ycsb-aggregate} does, and reads its output. */
abstract class AggregateCommandFixture {
  /** A folder of the test's own, removed after it. */
  @TempDir
  Path tmp;
  /** What the last {@link #run} printed on stdout. */
  String stdout;
  /** What the last {@link #run} printed on stderr. */
  String stderr;

  /** Runs {@code ycsb-aggregate ARGS}; its exit status. */
  int run(String... args) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    int rc = AggregateMain.run(args, new PrintStream(o, true, StandardCharsets.UTF_8),
        new PrintStream(e, true, StandardCharsets.UTF_8));
    stdout = o.toString(StandardCharsets.UTF_8);
    stderr = e.toString(StandardCharsets.UTF_8);
    return rc;
  }

  /** Asserts that the last {@link #run} printed each of {@code texts} on stdout (the message: all it printed). */
  void assertPrinted(String... texts) {
    for (String text : texts) {
      assertTrue(stdout.contains(text), stdout);
    }
  }

  /** {@code merge IN -o OUT EXTRA...}; its exit status. */
  int merge(Path in, Path out, String... extra) {
    List<String> a = new ArrayList<>(List.of("merge", in.toString(), "-o", out.toString()));
    a.addAll(Arrays.asList(extra));
    return run(a.toArray(new String[0]));
  }
}
