package dev.ycsbpack.dist;

import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A collection of its own on the in-process server for each test, dropped after the test whatever its outcome (the
 * {@code try ... finally drop} every IT wrote by hand): {@code @RegisterExtension final FreshTable fresh = new
 * FreshTable();}.
 */
final class FreshTable implements BeforeEachCallback, AfterEachCallback {
  private Target target;
  private String table;

  @Override
  public void beforeEach(ExtensionContext context) {
    target = TestTargets.inProcess();
    table = Servers.newTable();
  }

  @Override
  public void afterEach(ExtensionContext context) {
    drop();
  }

  /** The in-process server. */
  Target target() {
    return target;
  }

  /** This test's collection: its name, unique to the test. */
  String table() {
    return table;
  }

  /** The -p options that point bin/ycsb at the server and this test's collection ({@link Servers#pointAt}). */
  String[] pointAt() {
    return Servers.pointAt(target, table);
  }

  /**
   * {@code bin/ycsb load} of {@link YcsbRun#readMostly()} into the collection with these {@code options}, run in
   * {@code workDir}: asserted to succeed.
   */
  YcsbRun loadReadMostly(Path workDir, String... options) {
    return YcsbRun.run(workDir, Servers.concat("load", "mongodb", pointAt(), "-P", YcsbRun.readMostly().toString(),
        options)).assertSucceeded();
  }

  /** How many documents the collection holds now. */
  long countDocuments() {
    return Servers.countDocuments(target, table);
  }

  /** Drops the collection now, for a test that loads it again from empty (it is dropped again after the test). */
  void drop() {
    Servers.drop(target, table);
  }
}
