package dev.ycsbpack.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the FerretDB wrapper built by {@code testkit/ferretdb/build.sh}.
 *
 * <p>Order: system property {@code ferretdb.binary}, env {@code FERRETDB_BINARY}, then
 * {@code testkit/ferretdb/bin/ferretdb} in the working dir or any parent — Maven runs each
 * module's tests from that module's dir, so walking up finds the repo root from all of them.
 */
public final class FerretDbBinary {
  static final String RELATIVE_PATH = "testkit/ferretdb/bin/ferretdb";
  private static final String AUTH_NAME = "ferretdb-auth";

  private FerretDbBinary() {
  }

  public static Optional<Path> locate() {
    String configured = System.getProperty("ferretdb.binary");
    if (configured == null || configured.isBlank()) {
      configured = System.getenv("FERRETDB_BINARY");
    }
    if (configured != null && !configured.isBlank()) {
      // An explicit setting that points nowhere is a mistake to report, not to paper over.
      Path path = Path.of(configured).toAbsolutePath();
      return Files.isExecutable(path) ? Optional.of(path) : Optional.empty();
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve(RELATIVE_PATH);
      if (Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  public static Path require() {
    return locate().orElseThrow(() -> new MissingPrerequisiteException(describeMiss()
        + "; " + Prerequisites.INSTALL_HINT + ", or just: bash testkit/ferretdb/build.sh"));
  }

  /**
   * FerretDB's own command, {@code ferretdb-auth} beside the wrapper: the one that can authenticate (the wrapper's
   * embeddable package has no authentication options).
   */
  public static Path requireAuthenticating() {
    Path auth = require().resolveSibling(AUTH_NAME);
    return locateAuthenticating().orElseThrow(() -> new MissingPrerequisiteException("FerretDB's own command " + auth
        + " not found beside the wrapper; run: bash testkit/ferretdb/build.sh (it builds both)"));
  }

  /** {@link #requireAuthenticating()}'s binary, if built. */
  public static Optional<Path> locateAuthenticating() {
    return locate().map(wrapper -> wrapper.resolveSibling(AUTH_NAME)).filter(Files::isExecutable);
  }

  private static String describeMiss() {
    String property = System.getProperty("ferretdb.binary");
    if (property != null && !property.isBlank()) {
      return "-Dferretdb.binary=" + property + " is not an executable file";
    }
    String env = System.getenv("FERRETDB_BINARY");
    if (env != null && !env.isBlank()) {
      return "FERRETDB_BINARY=" + env + " is not an executable file";
    }
    return "FerretDB wrapper binary " + RELATIVE_PATH + " not found in " + Path.of("").toAbsolutePath()
        + " or any parent directory";
  }
}
