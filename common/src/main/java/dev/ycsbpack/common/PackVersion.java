package dev.ycsbpack.common;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The pack's version and the build it came from, as stamped at build time: the one lookup behind every tool's
 * {@code --version}, every client folder, manifest, report and site.
 *
 * @param version the pack's version ({@code 0.1.0-SNAPSHOT}), or {@code development build} when the stamp is absent
 * @param build   the git commit the pack was built from ({@code 1bf99c4dbfae}, with {@code -modified} when the work
 *                tree had uncommitted changes), as {@code scripts/build-id.sh} gives it; {@code unknown} when the
 *                build was not made by the pack's scripts (never a guess)
 */
public record PackVersion(String version, String build) {
  private static final PackVersion CURRENT = load();

  /** The version of the pack this code is running from. */
  public static PackVersion current() {
    return CURRENT;
  }

  /** Version and build, as every output shows them: {@code 0.1.0-SNAPSHOT (build 1bf99c4dbfae)}. */
  public String shown() {
    return version + " (build " + build + ")";
  }

  private static PackVersion load() {
    Properties p = new Properties();
    try (InputStream in = PackVersion.class.getResourceAsStream("pack.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // read as absent below
    }
    return of(p);
  }

  /** The version a stamp file holds ({@code version}, {@code build}); what it lacks is said, never guessed. */
  static PackVersion of(Properties stamp) {
    return new PackVersion(stamped(stamp, "version", "development build"), stamped(stamp, "build", "unknown"));
  }

  /** A stamped value; an unfiltered placeholder ({@code ${...}}) or a blank counts as not stamped. */
  private static String stamped(Properties p, String key, String absent) {
    String v = p.getProperty(key, "").strip();
    return v.isEmpty() || v.startsWith("${") ? absent : v;
  }
}
