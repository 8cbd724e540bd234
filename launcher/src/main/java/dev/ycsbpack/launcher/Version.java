package dev.ycsbpack.launcher;

/** The pack's version, from the jar manifest the build writes. */
final class Version {
  private Version() {
  }

  static String of() {
    String v = Version.class.getPackage().getImplementationVersion();
    return v == null ? "development build" : v;
  }

  /** The MongoDB driver the binding runs on. */
  static String driver() {
    return "mongodb-driver-sync " + dev.ycsbpack.mongodb.MongoDbClient.driverVersion();
  }
}
