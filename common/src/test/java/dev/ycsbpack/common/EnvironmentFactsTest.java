package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class EnvironmentFactsTest {
  @Test
  void theNotMongoDbRuleNamesEveryOtherServerOnceAndOnlyThem() {
    assertEquals("NOT MongoDB: the clients measured FerretDB / mongo-java-server. These numbers describe that server,"
        + " not MongoDB.",
        EnvironmentFacts.notMongoDb(List.of("MongoDB", "FerretDB", "FerretDB", "mongo-java-server")).orElseThrow());
    assertTrue(EnvironmentFacts.notMongoDb(List.of("MongoDB", "MongoDB")).isEmpty(), "all MongoDB: no warning");
    assertTrue(EnvironmentFacts.notMongoDb(List.of()).isEmpty(), "no client recorded a product: no claim either way");
  }

  /**
   * A secret in the JVM's own arguments ({@code -jvm-args}, {@code JAVA_TOOL_OPTIONS}) never reaches the
   * {@code jvm.arguments} fact, whatever characters it holds: a secret-named {@code -D}, a URL with user info, a
   * secret-named pair inside another argument are each shown as their name and the mask; the rest as given.
   */
  @Test
  void aSecretInTheJvmArgumentsIsMaskedWholeWhateverItHolds() {
    for (String secret : AwkwardStrings.passwords(19, 40)) {
      String shown = EnvironmentFacts.jvmArguments(List.of("-Xmx1g", "-Djavax.net.ssl.trustStorePassword=" + secret,
          "-Dmongodb.password=" + secret, "-Dapp.url=mongodb://ycsb:" + secret + "@db1:27017/ycsb",
          "-javaagent:agent.jar=token=" + secret, "-XX:+UseG1GC", "-Dapp.region=eu-west-1"));
      assertEquals("-Xmx1g -Djavax.net.ssl.trustStorePassword=***** -Dmongodb.password=***** -Dapp.url=***** "
          + "-javaagent:agent.jar=***** -XX:+UseG1GC -Dapp.region=eu-west-1", shown, secret);
    }
  }

  /** The fact as a JVM started with a hostile password among its arguments records it (a real child JVM). */
  @Test
  void aJvmStartedWithASecretArgumentRecordsItMasked() throws Exception {
    String secret = "s3cr&t;,\"'<x>" + AwkwardStrings.HOSTILE.replace("\n", "").replace("\r", "");
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx64m", "-Djavax.net.ssl.trustStorePassword=" + secret, "-cp", System.getProperty("java.class.path"),
        PrintJvmArguments.class.getName()));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS").forEach(pb.environment()::remove);
    Process p = pb.start();
    try {
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child JVM ended");
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      assertEquals(0, p.exitValue(), out);
      // -cp is the launcher's, not one of the JVM's own arguments
      assertEquals("-Xmx64m -Djavax.net.ssl.trustStorePassword=*****", out);
      assertFalse(out.contains("s3cr"), out);
    } finally {
      p.destroyForcibly();
    }
  }

  /** The child JVM of {@link #aJvmStartedWithASecretArgumentRecordsItMasked}: prints its {@code jvm.arguments}. */
  public static final class PrintJvmArguments {
    public static void main(String[] args) throws IOException {
      System.out.println(EnvironmentFacts.local().get(EnvironmentFacts.JVM_ARGUMENTS));
    }
  }
}
