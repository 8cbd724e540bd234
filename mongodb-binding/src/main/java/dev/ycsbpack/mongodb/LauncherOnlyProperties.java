package dev.ycsbpack.mongodb;

import dev.ycsbpack.common.Text;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Properties only the pack's {@code bin/ycsb} acts on, said to be ignored when the binding runs under another
 * launcher (upstream YCSB's, with the drop-in {@code mongodb-binding/}): {@code mongodb.dropOnLoad=true}, whose drop
 * {@code bin/ycsb} makes in its check before YCSB starts ({@link MongoDbClient#preflight}), and every
 * {@code ycsbpack.*} property (the error budget, the stall timeout, ...), which {@code bin/ycsb}'s verdict reads.
 * Without a word a user would believe a collection was emptied, or a run held to a budget, when neither happened.
 */
final class LauncherOnlyProperties {
  /** Set by {@link MongoDbClient#preflight}: the pack's launcher runs this process. */
  private static final AtomicBoolean PREFLIGHT_RAN = new AtomicBoolean();
  private static final AtomicBoolean SAID = new AtomicBoolean();

  private LauncherOnlyProperties() {
  }

  static void preflightRan() {
    PREFLIGHT_RAN.set(true);
  }

  /**
   * The lines to say for {@code p} when no preflight ran in this process, one per ignored property; empty under the
   * pack's {@code bin/ycsb}.
   */
  static List<String> ignored(Properties p) {
    List<String> lines = new ArrayList<>();
    if (PREFLIGHT_RAN.get()) {
      return lines;
    }
    String drop = p.getProperty(FreshCollection.DROP_ON_LOAD);
    if (drop != null && drop.trim().equalsIgnoreCase("true")) {
      lines.add("mongodb binding: " + FreshCollection.DROP_ON_LOAD + "=true is ignored: only the pack's bin/ycsb drops "
          + "the collection before a load, and this launcher is not it; nothing was dropped (drop it with mongosh "
          + "before loading again)");
    }
    for (String name : new TreeSet<>(p.stringPropertyNames())) {
      if (name.startsWith("ycsbpack.")) {
        lines.add("mongodb binding: " + name + "=" + Text.shown(p.getProperty(name)) + " is ignored: only the pack's "
            + "bin/ycsb reads ycsbpack.* properties, and this launcher is not it");
      }
    }
    return lines;
  }

  /** Prints {@link #ignored} on stderr, once per process (every client thread's init calls this). */
  static void sayIgnored(Properties p) {
    if (!PREFLIGHT_RAN.get() && SAID.compareAndSet(false, true)) {
      ignored(p).forEach(System.err::println);
    }
  }
}
