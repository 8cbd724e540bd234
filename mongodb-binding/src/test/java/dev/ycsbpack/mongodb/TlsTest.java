package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.AwkwardStrings;
import dev.ycsbpack.common.TlsProperty;
import dev.ycsbpack.testkit.EmbeddedMongoServer;
import dev.ycsbpack.testkit.TestCa;
import dev.ycsbpack.testkit.TlsTerminator;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.DBException;

/**
 * TLS through a real TLS terminator (socat) in front of mongo-java-server, with a CA made by the test: the binding's
 * own SSL context from PEM files and key stores, the failures named by their cause within seconds, and the record of
 * checks turned off.
 */
class TlsTest {
  /**
   * Below the driver's 30 s server selection, which a failure decided on the first heartbeat must not wait for; with
   * room for a loaded machine (one preflight took 10.4 s while another build shared the 2 cores; 2 to 5 s when quiet).
   */
  private static final Duration FAST = Duration.ofSeconds(20);

  @TempDir
  static Path dir;
  static EmbeddedMongoServer server;
  static TestCa ca;
  static TestCa otherCa;
  static TestCa.Issued serverCert;
  static TestCa.Issued client;

  @BeforeAll
  static void start() throws Exception {
    server = EmbeddedMongoServer.start();
    ca = TestCa.create(dir, "ca");
    otherCa = TestCa.create(dir, "other-ca");
    serverCert = ca.server("server", "DNS:localhost", "IP:127.0.0.1");
    client = ca.client("ycsb-client");
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @AfterEach
  void forget() {
    SharedClients.forgetFailures();
  }

  private static Properties props(TlsTerminator t, String urlOptions, String... pairs) {
    Properties p = new Properties();
    // a long selection timeout: a decided failure must come long before it
    p.setProperty("mongodb.url", "mongodb://localhost:" + t.port() + "/ycsb?serverSelectionTimeoutMS=30000"
        + urlOptions);
    p.setProperty("mongodb.allowEmpty", "true");
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return p;
  }

  @Test
  void aPemCaFileTrustsTheServerAndTheEnvironmentRecordSaysTlsIsOn() throws Exception {
    try (TlsTerminator t = TlsTerminator.start(serverCert.combined(), null, server.port())) {
      Map<String, String> facts = MongoDbClient
          .preflight(props(t, "", TlsProperty.CA_FILE.key(), ca.certificate().toString()));
      assertEquals("on, certificate and hostname checks on, trusting CA file " + ca.certificate(), facts.get("tls"));
    }
  }

  @Test
  void theUrlsTlsCaFileMeansTheSameAsTheProperty() throws Exception {
    try (TlsTerminator t = TlsTerminator.start(serverCert.combined(), null, server.port())) {
      Map<String, String> facts = MongoDbClient.preflight(props(t, "&tlsCAFile=" + ca.certificate()));
      assertTrue(facts.get("tls").contains("trusting CA file " + ca.certificate()), facts.toString());
    }
  }

  @Test
  void aJksTrustStoreWithAnAwkwardPasswordTrustsTheServer() throws Exception {
    String password = AwkwardStrings.passwords(21, 1).get(0);
    KeyStore jks = KeyStore.getInstance("JKS");
    jks.load(null, null);
    try (InputStream in = Files.newInputStream(ca.certificate())) {
      jks.setCertificateEntry("ca", java.security.cert.CertificateFactory.getInstance("X.509")
          .generateCertificate(in));
    }
    Path store = dir.resolve("trust.jks");
    try (OutputStream out = Files.newOutputStream(store)) {
      jks.store(out, password.toCharArray());
    }
    try (TlsTerminator t = TlsTerminator.start(serverCert.combined(), null, server.port())) {
      MongoDbClient.preflight(
          props(t, "", TlsProperty.TRUST_STORE.key(), store.toString(), TlsProperty.TRUST_STORE_PASSWORD.key(),
              password));
      OptionException wrong = assertThrows(OptionException.class, () -> MongoDbClient.preflight(props(t, "",
          TlsProperty.TRUST_STORE.key(), store.toString(), TlsProperty.TRUST_STORE_PASSWORD.key(), password + "x")));
      assertTrue(wrong.getMessage().startsWith(TlsProperty.TRUST_STORE_PASSWORD.key() + " does not open"),
          wrong.getMessage());
      assertFalse(wrong.getMessage().contains(password), wrong.getMessage());
    }
  }

  @Test
  void aServerSignedByAnotherCaFailsAtOnceSayingSo() throws Exception {
    try (TlsTerminator t = TlsTerminator.start(serverCert.combined(), null, server.port())) {
      assertFailsFast(props(t, "", TlsProperty.CA_FILE.key(), otherCa.certificate().toString()),
          "mongodb binding: TLS: the server's certificate is not signed by a trusted CA (server localhost:" + t.port()
              + "); trusted: CA file " + otherCa.certificate());
    }
  }

  @Test
  void anExpiredServerCertificateFailsAtOnceWithItsDate() throws Exception {
    Instant expiredAt = Instant.now().minus(Duration.ofDays(3)).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    TestCa.Issued expired = ca.expiredServer("expired", expiredAt, "DNS:localhost");
    try (TlsTerminator t = TlsTerminator.start(expired.combined(), null, server.port())) {
      assertFailsFast(props(t, "", TlsProperty.CA_FILE.key(), ca.certificate().toString()),
          "mongodb binding: TLS: the server's certificate expired on " + expiredAt);
    }
  }

  @Test
  void aCertificateForAnotherHostFailsAtOnceAndTlsInsecureRecordsThatTheCheckWasOff() throws Exception {
    TestCa.Issued elsewhere = ca.server("elsewhere", "DNS:db.elsewhere.example");
    try (TlsTerminator t = TlsTerminator.start(elsewhere.combined(), null, server.port())) {
      assertFailsFast(props(t, "", TlsProperty.CA_FILE.key(), ca.certificate().toString()),
          "mongodb binding: TLS: the server's certificate does not name localhost");
      for (String off : new String[] {"tlsInsecure=true", "tlsAllowInvalidHostnames=true"}) {
        Map<String, String> facts = MongoDbClient.preflight(props(t, "&" + off, TlsProperty.CA_FILE.key(),
            ca.certificate().toString()));
        assertEquals("on, hostname checks OFF (" + off + "; the certificate chain is still checked), trusting CA file "
            + ca.certificate(), facts.get("tls"));
      }
    }
  }

  @Test
  void aServerThatRequiresAClientCertificateAcceptsEveryKeyFormAndSaysWhenNoneIsGiven() throws Exception {
    String password = AwkwardStrings.passwords(7, 3).get(2); // holds a line break
    String printable = printableAscii();
    try (TlsTerminator t = TlsTerminator.start(serverCert.combined(), ca.certificate(), server.port())) {
      assertFailsFast(props(t, "", TlsProperty.CA_FILE.key(), ca.certificate().toString()),
          "mongodb binding: TLS: the server rejected the connection: it requires a client certificate");
      String caFile = ca.certificate().toString();
      for (Properties p : new Properties[] {
          props(t, "", TlsProperty.CA_FILE.key(), caFile, TlsProperty.CERTIFICATE_KEY_FILE.key(),
              client.combined().toString()),
          props(t, "", TlsProperty.CA_FILE.key(), caFile, TlsProperty.CERTIFICATE_KEY_FILE.key(),
              client.combinedPkcs1().toString()),
          props(t, "", TlsProperty.CA_FILE.key(), caFile, TlsProperty.CERTIFICATE_KEY_FILE.key(),
              client.combinedEncrypted(password).toString(), TlsProperty.CERTIFICATE_KEY_FILE_PASSWORD.key(), password),
          props(t, "", TlsProperty.CA_FILE.key(), caFile, TlsProperty.KEY_STORE.key(),
              client.pkcs12(printable).toString(),
              TlsProperty.KEY_STORE_PASSWORD.key(), printable)}) {
        Map<String, String> facts = MongoDbClient.preflight(p);
        assertTrue(facts.get("tls").contains("client certificate from "), facts.toString());
      }
    }
  }

  @Test
  void badFilesAndPasswordsAreRefusedBeforeConnectingNamingTheOptionNeverThePassword() throws Exception {
    String password = AwkwardStrings.passwords(11, 1).get(0);
    Path encrypted = client.combinedEncrypted(password);
    Properties p = new Properties();
    p.setProperty("mongodb.url", "mongodb://localhost:1/ycsb");
    p.setProperty(TlsProperty.CA_FILE.key(), dir.resolve("missing.pem").toString());
    assertEquals("invalid " + TlsProperty.CA_FILE.key() + "=" + dir.resolve("missing.pem") + ": no such file",
        assertThrows(OptionException.class, () -> BindingOptions.from(p)).getMessage());
    p.setProperty(TlsProperty.CA_FILE.key(), ca.certificate().toString());
    p.setProperty(TlsProperty.CERTIFICATE_KEY_FILE.key(), encrypted.toString());
    assertEquals(
        TlsProperty.CERTIFICATE_KEY_FILE.key() + ": the key in " + encrypted + " is encrypted; give its password as "
            + TlsProperty.CERTIFICATE_KEY_FILE_PASSWORD.key(),
        assertThrows(OptionException.class,
            () -> BindingOptions.from(p)).getMessage());
    p.setProperty(TlsProperty.CERTIFICATE_KEY_FILE_PASSWORD.key(), "not" + password);
    String wrong = assertThrows(OptionException.class, () -> BindingOptions.from(p)).getMessage();
    assertEquals(TlsProperty.CERTIFICATE_KEY_FILE_PASSWORD.key() + " does not decrypt the key in " + encrypted
        + " (wrong password?)", wrong);
    p.setProperty(TlsProperty.TRUST_STORE.key(), ca.certificate().toString());
    assertEquals(
        TlsProperty.CA_FILE.key() + " and " + TlsProperty.TRUST_STORE.key() + " are both given; give one of them",
        assertThrows(OptionException.class, () -> BindingOptions.from(p)).getMessage());
  }

  /**
   * The most hostile AwkwardStrings password the JDK can use for an OpenSSL 3 PKCS#12 store: its PBES2 ciphers take
   * printable ASCII only (the binding's refusal says so).
   */
  static String printableAscii() {
    return AwkwardStrings.passwords(5, 40).stream().filter(s -> s.chars().allMatch(c -> c >= 0x20 && c <= 0x7e))
        .max(java.util.Comparator.comparingLong(s -> s.chars().filter(c -> " \"'`$;:@/?#&=%+\\<>!".indexOf(c) >= 0)
            .count()))
        .orElseThrow();
  }

  private static void assertFailsFast(Properties p, String expectedStart) {
    long t0 = System.nanoTime();
    DBException e = assertThrows(DBException.class, () -> MongoDbClient.preflight(p));
    Duration took = Duration.ofNanos(System.nanoTime() - t0);
    assertTrue(e.getMessage().startsWith(expectedStart), e.getMessage());
    assertTrue(took.compareTo(FAST) < 0, "took " + took + ": " + e.getMessage());
    assertTrue(e.getCause() != null, "the driver's full text is kept as the cause");
  }
}
