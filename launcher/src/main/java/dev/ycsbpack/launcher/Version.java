package dev.ycsbpack.launcher;

/** The pack's version and build ({@link dev.ycsbpack.common.PackVersion}), and the driver's. */
final class Version {
  private Version() {
  }

  static String of() {
    return dev.ycsbpack.common.PackVersion.current().shown();
  }

  /** The MongoDB driver the binding runs on. */
  static String driver() {
    return "mongodb-driver-sync " + dev.ycsbpack.mongodb.MongoDbClient.driverVersion();
  }
}
