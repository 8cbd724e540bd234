package dev.ycsbpack.testkit;

import java.util.Locale;

/** Decides whether a missing FerretDB/PostgreSQL install or netns rig may be skipped or must fail the run. */
public final class Prerequisites {
  /** The script that installs everything the separate-process targets need. */
  public static final String INSTALL_HINT = "run scripts/install-test-prereqs.sh (as root) from the repository root";

  private Prerequisites() {
  }

  /**
   * True when skipping the FerretDB legs is not acceptable.
   *
   * <p>CI must never go green while silently testing only the in-process server, so {@code CI=true}
   * makes missing prerequisites fatal; {@code REQUIRE_FERRETDB=true} does the same locally.
   */
  public static boolean ferretDbRequired() {
    return isTrue(System.getenv("CI"))
        || isTrue(System.getProperty("REQUIRE_FERRETDB"))
        || isTrue(System.getenv("REQUIRE_FERRETDB"));
  }

  /**
   * True when the multi-host tests must run rather than skip (see {@link NetnsHosts#requireOrSkip()}):
   * {@code CI=true}, or {@code REQUIRE_NETNS=true} as a system property or environment variable.
   */
  public static boolean netnsRequired() {
    return isTrue(System.getenv("CI"))
        || isTrue(System.getProperty("REQUIRE_NETNS"))
        || isTrue(System.getenv("REQUIRE_NETNS"));
  }

  private static boolean isTrue(String value) {
    return value != null && value.trim().toLowerCase(Locale.ROOT).equals("true");
  }
}
