package dev.ycsbpack.aggregate;

import java.nio.file.Path;

/** A test that merges, with {@code ycsb-aggregate}, a copy of one of the real YCSB runs {@link RealYcsb} keeps. */
abstract class RealRunFixture extends AggregateCommandFixture {
  /** The copy of the run (its client folders), which the test may change. */
  Path run;
  /** Where {@link #merge(String...)} writes. */
  Path out;

  /** Copies the real run {@code name} into this test's folder. */
  void copyRealRun(String name) throws Exception {
    run = RealYcsb.copy(name, tmp.resolve("run"));
    out = tmp.resolve("out");
  }

  /** {@code merge RUN -o OUT EXTRA...}; its exit status. */
  int merge(String... extra) {
    return merge(run, out, extra);
  }
}
