package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ConnectionString;
import dev.ycsbpack.common.AwkwardStrings;
import java.lang.reflect.Field;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** URL options the driver only warns about, or rejects late, are refused before anything connects. */
class ConnectionStringCheckTest {
  private static OptionException refused(String url) {
    Properties p = new Properties();
    p.setProperty(BindingOptions.URL, url);
    return assertThrows(OptionException.class, () -> BindingOptions.from(p), url);
  }

  static Stream<Arguments> refusedUrls() {
    return Stream.of(
        Arguments.of("mongodb://h/?tls=maybe", "invalid mongodb.url option tls=maybe: use true or false (the driver"
            + " would ignore it and connect without it)"),
        Arguments.of("mongodb://h/?wtimout=5000", "invalid mongodb.url: unknown option wtimout (did you mean"
            + " wtimeoutMS?) (the driver would ignore it)"),
        // the hint weighs the names without their MS unit too, and names the spelling to write, never a deprecated one
        Arguments.of("mongodb://h/?connectTimeout=5000", "invalid mongodb.url: unknown option connectTimeout (did you"
            + " mean connectTimeoutMS?)"),
        Arguments.of("mongodb://h/?jj=true", "invalid mongodb.url: unknown option jj (did you mean journal?)"),
        Arguments.of("mongodb://h/?maxPoolSize=-1", "invalid mongodb.url option maxPoolSize=-1: use a whole number"
            + " from 0 to 2147483647"),
        Arguments.of("mongodb://h/?w=1&wtimeoutMS=99999999999", "invalid mongodb.url option wtimeoutMS=99999999999"),
        Arguments.of("mongodb://h/?retryWrites=ture", "invalid mongodb.url option retryWrites=ture"),
        Arguments.of("mongodb://h/?serverSelectionTimeoutMS=5s", "option serverSelectionTimeoutMS=5s"),
        Arguments.of("mongodb://h/?maxConnecting=0", "option maxConnecting=0: use a whole number from 1"),
        Arguments.of("mongodb://h/?minPoolSize=10&maxPoolSize=5", "minPoolSize=10 and maxPoolSize=5"),
        Arguments.of("mongodb://h/?zlibCompressionLevel=12", "option zlibCompressionLevel=12: use a whole number"
            + " from -1 to 9"),
        Arguments.of("mongodb://h/?readConcernLevel=strong", "option readConcernLevel=strong: use one of"),
        Arguments.of("mongodb://h/?authMechanism=SCRAM", "option authMechanism=SCRAM"),
        Arguments.of("mongodb://h/?sslCAFile=/etc/ca.pem",
            "option sslCAFile is not read by the Java driver (it would be ignored); write tlsCAFile"),
        Arguments.of("mongodb://h/?tlsCRLFile=/etc/crl.pem", "option tlsCRLFile is not read by the Java driver"),
        Arguments.of("mongodb://h/?directConnection", "option directConnection: no value"),
        Arguments.of("mongodb://u:secret@h/?proxyPassword=x&proxyPort=0", "option proxyPort=0"),
        Arguments.of("mongodb://h/?authMechanismProperties=AWS_SESSION_TOKEN:tok&socketTimeoutMS=-3",
            "option socketTimeoutMS=-3"),
        // honoured by the driver with a deprecation warning: refused with the spelling to use
        Arguments.of("mongodb://h/?j=true", "invalid mongodb.url option j: the driver's deprecated spelling (it would"
            + " warn); write journal instead"),
        Arguments.of("mongodb://h/?w=1&wtimeout=10", "invalid mongodb.url option wtimeout: the driver's deprecated"
            + " spelling (it would warn); write wtimeoutMS instead"),
        Arguments.of("mongodb://h/?retryWrites=no",
            "invalid mongodb.url option retryWrites=no: use true or false (no is"
                + " a deprecated spelling the driver would warn about)"),
        // removed from the driver, which would ignore it
        Arguments.of("mongodb://h/?waitQueueMultiple=5", "invalid mongodb.url: option waitQueueMultiple: it was removed"
            + " from the Java driver (4.0) and would be ignored; remove it"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusedUrls")
  void refusedWithOneLineNamingTheOption(String url, String expected) {
    String m = refused(url).getMessage();
    assertTrue(m.contains(expected), () -> "expected '" + expected + "' in: " + m);
    assertFalse(m.contains("mongodb://"), () -> "the URL is never echoed: " + m);
    assertFalse(m.contains("\n"), m);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "mongodb://localhost:27017/ycsb",
      "mongodb://h1,h2,h3/ycsb?replicaSet=rs0&w=majority&journal=true&wtimeoutMS=5000",
      "mongodb://u:p@h/?authSource=admin&authMechanism=SCRAM-SHA-256&tls=true&tlsAllowInvalidHostnames=false",
      "mongodb://h/?journal=true&wtimeoutMS=10&retryWrites=false&maxPoolSize=0&minPoolSize=0"
          + "&serverSelectionTimeoutMS=-1",
      "mongodb://h/?readPreference=secondaryPreferred&readPreferenceTags=dc:ny,rack:1&readPreferenceTags=",
      "mongodb://h/?compressors=zlib&zlibCompressionLevel=-1&appName=ycsb%20client&uuidRepresentation=STANDARD",
      "mongodb+srv://u:p@cluster0.example.net/ycsb?retryWrites=true&w=majority&appName=Cluster0",
      "mongodb://h/?connectTimeoutMS=1000;socketTimeoutMS=0"})
  void urlsTheDriverAcceptsQuietlyPass(String url) {
    assertDoesNotThrow(() -> ConnectionStringCheck.check(url));
  }

  @Test
  void knowsExactlyTheDriversOptionsPlusItsAliases() throws ReflectiveOperationException {
    Field f = ConnectionString.class.getDeclaredField("ALL_KEYS");
    f.setAccessible(true);
    @SuppressWarnings("unchecked")
    Set<String> driver = new TreeSet<>((Set<String>) f.get(null));
    Set<String> ours = new TreeSet<>(ConnectionStringCheck.knownOptions());
    ours.removeAll(List.of("j", "wtimeout"));
    assertEquals(driver, ours, "the driver's connection string options changed; update ConnectionStringCheck");
  }

  @Test
  void aPasswordNeverAppearsInTheRefusal() {
    Set<String> seen = new HashSet<>();
    for (String password : AwkwardStrings.passwords(811L, 40)) {
      String encoded = URLEncoder.encode(password, StandardCharsets.UTF_8);
      for (String url : List.of("mongodb://alice:" + encoded + "@h/ycsb?tls=maybe",
          "mongodb://alice:" + encoded + "@h/ycsb?wtimout=1",
          "mongodb://h/?proxyPassword=" + encoded + "&proxyPort=-1",
          "mongodb://h/?authMechanismProperties=AWS_SESSION_TOKEN:" + encoded + "&authMechanism=x")) {
        String m = refused(url).getMessage();
        seen.add(m);
        assertFalse(m.contains(password) || m.contains(encoded), () -> "password shown: " + m);
      }
    }
    assertTrue(seen.size() >= 3);
  }

  /**
   * A password with a raw '?' after digits ('admin:2024?hunter2=xyz') reads, for the driver, as host admin, port 2024
   * and an option 'hunter2': the refusal names no option then, and says what to encode.
   */
  @Test
  void aRefusedOptionThatMayBeAPieceOfAPasswordIsNotNamed() {
    for (String url : List.of("mongodb://admin:2024?hunter2=xyz@127.0.0.1:1/ycsb",
        "mongodb://admin:7/Kq9?Zr8vXw=@127.0.0.1/ycsb", "mongodb://u:hunter@part?tls=tailpart@db1/ycsb")) {
      String m = refused(url).getMessage();
      for (String piece : List.of("hunter", "Zr8vXw", "tailpart", "2024", "Kq9")) {
        assertFalse(m.contains(piece), m);
      }
      assertTrue(m.startsWith("invalid mongodb.url: an option after its hosts is refused") && m.contains("%3F"), m);
    }
    String named = refused("mongodb://u:p%40ss@h/db?tlsCAFile=/home/j@corp/ca.pem&wtimout=1").getMessage();
    assertTrue(named.contains("unknown option wtimout"), named);
  }
}
