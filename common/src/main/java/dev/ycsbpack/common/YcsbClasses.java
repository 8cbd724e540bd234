package dev.ycsbpack.common;

import java.util.Optional;

/**
 * YCSB's own classes as properties name them ({@code workload}, {@code exporter}): their names before 0.17 and what a
 * named workload class does. JDK only: classes are looked up by name on the running class path, so the coordinator
 * (which does not link YCSB) and the launcher and binding (which do) answer alike.
 */
public final class YcsbClasses {
  public static final String CORE_WORKLOAD = "site.ycsb.workloads.CoreWorkload";
  /** YCSB's package before 0.17.0 renamed it. */
  static final String OLD_PACKAGE = "com.yahoo.ycsb.";
  static final String PACKAGE = "site.ycsb.";

  private YcsbClasses() {
  }

  /**
   * The YCSB 0.17 name of a class named by its pre-0.17 name ({@code com.yahoo.ycsb.workloads.CoreWorkload} gives
   * {@code site.ycsb.workloads.CoreWorkload}); empty for any other name. Only the name is mapped: whether such a class
   * exists is {@link #exists}.
   */
  public static Optional<String> renamed(String className) {
    String name = className.trim();
    return name.startsWith(OLD_PACKAGE) ? Optional.of(PACKAGE + name.substring(OLD_PACKAGE.length()))
        : Optional.empty();
  }

  /** Whether the class can be found on the running class path (not initialised), by its name exactly as given. */
  public static boolean exists(String className) {
    return find(className) != null;
  }

  /**
   * Whether the workload is YCSB's {@code CoreWorkload} or extends it, so it reads CoreWorkload's properties and does
   * what CoreWorkload does with them (checks key on this, never on the class name: the coordinator runs a subclass).
   * A class that cannot be found here counts by its name alone.
   */
  public static boolean isCoreWorkload(String className) {
    String name = className.trim();
    for (Class<?> c = find(name); c != null; c = c.getSuperclass()) {
      if (c.getName().equals(CORE_WORKLOAD)) {
        return true;
      }
    }
    return name.equals(CORE_WORKLOAD);
  }

  private static Class<?> find(String className) {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    try {
      return Class.forName(className, false, loader != null ? loader : YcsbClasses.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
  }
}
