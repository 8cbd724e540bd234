package dev.ycsbpack.coordinator.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.AwkwardStrings;
import dev.ycsbpack.common.Redactor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JvmArgsTest {
  private static final Redactor NONE = Redactor.of(Map.of());

  @Test
  void heapGcAndFlagsPassAsGiven() throws UsageError {
    List<String> given = List.of("-Xmx2g -XX:+UseG1GC", "-Dapp.region=eu -Xlog:gc:file=gc.log");
    assertEquals(given, JvmArgs.check(given, NONE));
  }

  @Test
  void whatWouldBreakTheContractIsRefusedNamingTheWord() {
    assertEquals("-jvm-args -Xmx1g -cp /opt/x.jar: -cp replaces the pack's class path or main class; the coordinator"
        + " runs the staged pack's own (add jars with bin/ycsb -cp on a single host instead)",
        refusal(NONE, "-Xmx1g -cp /opt/x.jar"));
    assertTrue(refusal(NONE, "--class-path=/x").contains("--class-path=/x replaces the pack's class path"));
    assertTrue(refusal(NONE, "-jar x.jar").contains("-jar replaces"));
    assertEquals("-jvm-args -version: -version makes the JVM print and exit, so no client would ever start its work",
        refusal(NONE, "-version"));
    assertTrue(refusal(NONE, "-Xmx1g --help").contains("--help makes the JVM print and exit"));
  }

  @Test
  void aSecretIsRefusedWithoutShowingIt() {
    for (String secret : AwkwardStrings.passwords(31, 6)) {
      String word = "-Djavax.net.ssl.keyStorePassword=" + secret.replaceAll("\\s", "_");
      String message = refusal(NONE, "-Xmx1g " + word);
      assertEquals("-jvm-args: -Djavax.net.ssl.keyStorePassword=***** would put a secret on every client's command"
          + " line, where ps shows it; give secrets as -p/-P properties (they reach the hosts as owner-only files)",
          message);
    }
    // a secret of the run's properties under any other name
    String password = "Tr0ub4dor-" + System.nanoTime();
    Redactor known = Redactor.of(Map.of("mongodb.password", password));
    String message = refusal(known, "-Dapp.region2=" + password);
    assertFalse(message.contains(password), message);
    assertTrue(message.startsWith("-jvm-args: -Dapp.region2=***** would put a secret"), message);
  }

  private static String refusal(Redactor secrets, String value) {
    return assertThrows(UsageError.class, () -> JvmArgs.check(List.of(value), secrets)).getMessage();
  }
}
