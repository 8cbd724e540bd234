package dev.ycsbpack.coordinator.options;

import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.Text;
import java.util.List;
import java.util.Set;

/**
 * {@code -jvm-args} of a coordinated run: handed to every client's {@code bin/ycsb} as given, so {@code bin/ycsb}
 * splits and checks them by its own rule (blank-separated words, each starting with '-'; see the coordinator's
 * {@code ClientCheck}, which runs it here first). Refused here is only what would break the coordinator's contract,
 * which {@code bin/ycsb} alone cannot know: a word that swaps the pack's class path or main class (the staged pack
 * is what runs), one that makes the JVM print and exit (no client would ever be ready), and a secret (the words are
 * on every client's command line, where {@code ps} shows them).
 */
final class JvmArgs {
  private static final Set<String> CLASS_PATH = Set.of("-cp", "-classpath", "--class-path", "-jar", "-m", "--module",
      "-p", "--module-path", "--upgrade-module-path", "--source");
  private static final Set<String> PRINT_AND_EXIT = Set.of("-version", "--version", "-fullversion", "--full-version",
      "-help", "--help", "-h", "-?", "-X", "--help-extra", "--dry-run", "--list-modules", "-d", "--describe-module",
      "--validate-modules");

  private JvmArgs() {
  }

  /**
   * Checks every given value.
   *
   * @param given   each {@code -jvm-args} value as given
   * @param secrets knows every secret of the run's properties
   */
  static List<String> check(List<String> given, Redactor secrets) throws UsageError {
    for (String value : given) {
      for (String word : value.strip().split("\\s+")) {
        String flag = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
        if (CLASS_PATH.contains(flag)) {
          throw refusal(secrets, value, word + " replaces the pack's class path or main class; the coordinator runs"
              + " the staged pack's own (add jars with bin/ycsb -cp on a single host instead)");
        }
        if (PRINT_AND_EXIT.contains(flag)) {
          throw refusal(secrets, value, word + " makes the JVM print and exit, so no client would ever start its work");
        }
        String name = word.startsWith("-D") ? flag.substring(2) : word;
        if (word.startsWith("-D") && Redactor.isSecretName(name) || !secrets.redact(word).equals(word)) {
          // the value itself must never be shown: the name alone says which
          throw new UsageError("-jvm-args: " + Text.shown(secrets.redact(shapeOnly(word))) + " would put a secret on"
              + " every client's command line, where ps shows it; give secrets as -p/-P properties (they reach the"
              + " hosts as owner-only files)");
        }
      }
    }
    return List.copyOf(given);
  }

  /** {@code -Dname=value} as {@code -Dname=*****}: what may be shown of a secret-bearing word. */
  private static String shapeOnly(String word) {
    int eq = word.indexOf('=');
    return eq < 0 ? Redactor.MASK : word.substring(0, eq + 1) + Redactor.MASK;
  }

  private static UsageError refusal(Redactor secrets, String value, String why) {
    return new UsageError("-jvm-args " + Text.shown(secrets.redact(value)) + ": " + why);
  }
}
