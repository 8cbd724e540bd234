package dev.ycsbpack.coordinator.hosts;

/**
 * Quoting for the remote POSIX shell that {@code ssh} hands its command to. Only the coordinator's own words (paths it
 * made, numbers) ever reach a remote command line; user values travel as staged files. Quoting anyway means a path
 * with an odd character is still one word, never code.
 */
public final class Shell {
  private Shell() {
  }

  /** {@code s} as one single-quoted word: {@code it's} becomes {@code 'it'\''s'}. */
  public static String quote(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }
}
