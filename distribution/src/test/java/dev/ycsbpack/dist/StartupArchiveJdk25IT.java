package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every case of {@link StartupArchiveIT} on a JDK 25 (the same static archive as on a JDK 17, on a JVM that refuses
 * some option pairs a JDK 17 accepts, as an AOT cache beside a shared archive), and what only two JDKs or JDK 25's own
 * options can show. Skipped, with the reason,
 * where no JDK 25 is installed: {@code -Djdk25.home=...} points at one elsewhere.
 */
class StartupArchiveJdk25IT extends StartupArchiveIT {
  private static final Path JDK25 = Path.of(System.getProperty("jdk25.home", "/usr/lib/jvm/temurin-25-jdk-amd64"));

  @BeforeEach
  void needsAJdk25() throws IOException {
    assumeTrue(Files.isExecutable(JDK25.resolve("bin/java")), () -> "no JDK 25 at " + JDK25
        + " (set -Djdk25.home): the JDK 25 cases of the start-up archive are skipped");
    assumeTrue(featureVersion(JDK25) >= 25, () -> JDK25 + " is not a JDK 25 or newer: its cases are skipped");
  }

  @Override
  protected Path jdk() {
    return JDK25;
  }

  /**
   * A run on a JDK 17 and one on a JDK 25 of one build each keep their own archive: before, adopting one deleted the
   * other's, so alternating JDKs made an archive again at every switch.
   */
  @Test
  void aJdk17AndAJdk25RunOfOneBuildKeepEachItsOwnArchive() throws IOException {
    Path jdk17 = Path.of(System.getProperty("java.home"));
    assumeTrue(featureVersion(jdk17) < 25, () -> "the build's JDK " + jdk17 + " is not an older one");
    Map<String, String> on17 = new HashMap<>(on(cache));
    on17.put("JAVA_HOME", jdk17.toString());
    for (Map<String, String> env : List.of(on17, on(cache))) {
      listedAndAdopted(env);
      fresh.drop();
    }
    List<String> archives = names(cache);
    assertEquals(2, archives.size(), () -> "the JDK 17 archive and the JDK 25 one: " + archives);
    assertTrue(archives.stream().allMatch(n -> n.endsWith(".jsa")), archives::toString);

    Path classes = work.resolve("classes17.log");
    YcsbRun again = YcsbRun.runWith(work, withClassLog(on17, classes), args("load"));
    assertEquals(0, again.exitCode, again::describe);
    assertNoJvmWarning(again);
    assertTrue(Files.readString(classes).contains(CLASS_FROM_ARCHIVE), "the JDK 17 run maps its own archive");
    assertEquals(archives, names(cache), "nothing listed, made or deleted again");
  }

  /**
   * The user's own AOT cache, in -jvm-args, JAVA_TOOL_OPTIONS or an @argfile: a JDK 25 does not start with it beside
   * an archive of ours ("Option AOTCache cannot be used at the same time with ... SharedArchiveFile"), so the user's
   * wins whole.
   */
  @Test
  void theUsersOwnAotCacheIsUsedInsteadOfTheArchiveAndTheRunSucceeds() throws IOException {
    listedAndAdopted(on(cache));
    List<String> archives = names(cache);
    assertEquals(1, archives.size(), archives::toString);

    Path users = work.resolve("user.aot");
    YcsbRun training = YcsbRun.runWith(work, on(cache), Servers.concat(args("run"), "-jvm-args",
        "-XX:AOTCacheOutput=" + users));
    assertEquals(0, training.exitCode, training::describe);
    assertTrue(Files.size(users) > 0, "the user's training run wrote the user's cache");

    Path classes = work.resolve("user-classes.log");
    YcsbRun withIt = YcsbRun.runWith(work, withClassLog(on(cache), classes), Servers.concat(
        args("run"), "-jvm-args", "-XX:AOTCache=" + users));
    assertEquals(0, withIt.exitCode, withIt::describe);
    assertNoJvmWarning(withIt);
    assertTrue(Files.readString(classes).contains(CLASS_FROM_ARCHIVE), "the binding's classes come from the cache");

    Map<String, String> inToolOptions = new HashMap<>(on(cache));
    inToolOptions.put("JAVA_TOOL_OPTIONS", "-XX:AOTCache=" + users);
    YcsbRun fromEnvironment = YcsbRun.runWith(work, inToolOptions, args("run"));
    assertEquals(0, fromEnvironment.exitCode, fromEnvironment::describe);
    assertNoJvmWarning(fromEnvironment);

    // options read from a file the script does not open: the user's too, whatever they hold
    Path argFile = Files.writeString(work.resolve("aot.args"), "-XX:AOTCache=" + users + "\n");
    Map<String, String> inArgFile = new HashMap<>(on(cache));
    inArgFile.put("JDK_JAVA_OPTIONS", "@" + argFile);
    YcsbRun fromArgFile = YcsbRun.runWith(work, inArgFile, args("run"));
    assertEquals(0, fromArgFile.exitCode, fromArgFile::describe);

    assertEquals(archives, names(cache), "the archive stays for the runs without options of their own");
  }

  /** The feature version in a JDK's {@code release} file; 0 if none. */
  static int featureVersion(Path jdk) throws IOException {
    Path release = jdk.resolve("release");
    if (!Files.isReadable(release)) {
      return 0;
    }
    Matcher m = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)").matcher(Files.readString(release));
    return m.find() ? Integer.parseInt(m.group(1)) : 0;
  }
}
