package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbpack.common.AwkwardStrings;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.TlsProperty;
import dev.ycsbpack.testkit.TestCa;
import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.TestTargets.Target;
import dev.ycsbpack.testkit.TlsTerminator;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS end to end, as a user runs it: bin/ycsb and bin/ycsb-coordinator (--hosts local,local) through socat in front
 * of the in-process server, with a CA, server and client certificates made by the test. Passwords are hostile
 * strings, and no file the runs leave may hold one.
 */
class TlsIT {
  /** Far below the driver's 30 s server selection, JVM start included. */
  private static final Duration FAST = Duration.ofSeconds(20);

  @TempDir
  static Path work;
  static Target target;
  static TestCa ca;
  static TestCa otherCa;
  static TestCa.Issued serverCert;
  static TestCa.Issued client;
  static TlsTerminator tls;
  static TlsTerminator tlsNeedsClient;
  /** Holds a line break: fine for PEM keys (the binding derives their key itself). */
  static String password;
  /** Printable ASCII but hostile: the JDK opens OpenSSL 3's PKCS#12 stores only with such passwords. */
  static String printable;

  @BeforeAll
  static void start() throws Exception {
    target = TestTargets.inProcess();
    int port = URI.create(target.connectionString()).getPort();
    Path certs = Files.createDirectories(work.resolve("certs"));
    ca = TestCa.create(certs, "ca");
    otherCa = TestCa.create(certs, "other-ca");
    serverCert = ca.server("server", "DNS:localhost", "IP:127.0.0.1");
    client = ca.client("ycsb-client");
    password = AwkwardStrings.passwords(20261124, 3).get(2);
    printable = AwkwardStrings.passwords(20261124, 40).stream()
        .filter(s -> s.chars().allMatch(ch -> ch >= 0x20 && ch <= 0x7e) && s.length() > 8).findFirst().orElseThrow();
    tls = TlsTerminator.start(serverCert.combined(), null, port);
    tlsNeedsClient = TlsTerminator.start(serverCert.combined(), ca.certificate(), port);
  }

  @AfterAll
  static void stop() {
    tls.close();
    tlsNeedsClient.close();
  }

  private static List<String> load(TlsTerminator t, String table, String... more) {
    List<String> a = new ArrayList<>(List.of("load", "mongodb", "-P",
        YcsbRun.readMostly().toString(),
        "-p", "mongodb.url=mongodb://localhost:" + t.port() + "/" + Servers.DATABASE, "-p", "table=" + table,
        "-p", "recordcount=40"));
    a.addAll(List.of(more));
    return a;
  }

  @Test
  void aClientCertificateInAKeyStoreLoadsAndTheFolderRecordsTlsWithoutThePassword() throws Exception {
    String table = Servers.newTable();
    Path out = work.resolve("keystore-out");
    YcsbRun r = YcsbRun.run(work, load(tlsNeedsClient, table, "-p", TlsProperty.CA_FILE.key() + "=" + ca.certificate(),
        "-p", TlsProperty.KEY_STORE.key() + "=" + client.pkcs12(printable), "-p",
        TlsProperty.KEY_STORE_PASSWORD.key() + "=" + printable,
        "--out", out.toString()).toArray(new String[0]));
    r.assertSucceeded();
    assertEquals(40, Servers.countDocuments(target, table));
    Map<String, String> env = PropertiesFiles.read(out.resolve("environment.properties"));
    assertTrue(env.get("tls").startsWith("on, certificate and hostname checks on, trusting CA file "), env::toString);
    assertNoPassword(out, r.stdout + r.stderr, printable);
  }

  @Test
  void certificateFailuresEndWithinSecondsCauseFirstWithTheFullReportInTheFolder() throws Exception {
    TestCa.Issued expired = ca.expiredServer("expired", Instant.now().minus(Duration.ofDays(2)), "DNS:localhost");
    TestCa.Issued elsewhere = ca.server("elsewhere", "DNS:db.elsewhere.example");
    int port = URI.create(target.connectionString()).getPort();
    Map<String, List<Object>> cases = new LinkedHashMap<>();
    cases.put("TLS: the server's certificate is not signed by a trusted CA", List.of(serverCert, otherCa));
    cases.put("TLS: the server's certificate expired on ", List.of(expired, ca));
    cases.put("TLS: the server's certificate does not name localhost", List.of(elsewhere, ca));
    int i = 0;
    for (Map.Entry<String, List<Object>> c : cases.entrySet()) {
      TestCa.Issued cert = (TestCa.Issued) c.getValue().get(0);
      TestCa trusted = (TestCa) c.getValue().get(1);
      Path out = work.resolve("failed-" + i++);
      try (TlsTerminator t = TlsTerminator.start(cert.combined(), null, port)) {
        long t0 = System.nanoTime();
        YcsbRun r = YcsbRun.run(work,
            load(t, Servers.newTable(), "-p", TlsProperty.CA_FILE.key() + "=" + trusted.certificate(),
                "--out", out.toString()).toArray(new String[0]));
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        assertEquals(1, r.exitCode, r::describe);
        assertTrue(took.compareTo(FAST) < 0, () -> "took " + took + "\n" + r.describe());
        String last = r.stderr.strip().lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.startsWith("bin/ycsb: error: mongodb binding: " + c.getKey()), r::describe);
        String folderErr = Files.readString(out.resolve("stderr.txt"));
        assertTrue(folderErr.contains("the driver's report:") && folderErr.contains("SSLHandshakeException"),
            folderErr);
        Map<String, String> verdict = PropertiesFiles.read(out.resolve("verdict.properties"));
        assertEquals("FAILED", verdict.get("status"), verdict::toString);
      }
    }
  }

  /** A load against localhost:{@code port}, TLS on or off by the URL alone. */
  private static List<String> loadAt(int port, boolean tlsOn, String table, String... more) {
    List<String> a = new ArrayList<>(List.of("load", "mongodb", "-P",
        YcsbRun.readMostly().toString(),
        "-p", "mongodb.url=mongodb://localhost:" + port + "/" + Servers.DATABASE + (tlsOn ? "?tls=true" : ""),
        "-p", "table=" + table, "-p", "recordcount=40"));
    a.addAll(List.of(more));
    return a;
  }

  @Test
  void tlsAgainstAPlainPortAndPlainAgainstATlsPortAreNamedWithinSeconds() throws Exception {
    int plain = URI.create(target.connectionString()).getPort();
    Map<String, List<String>> cases = new LinkedHashMap<>();
    cases.put("the server at localhost:" + plain + " does not speak TLS (tls=true in mongodb.url): it answered in"
        + " plain MongoDB wire protocol; ", loadAt(plain, true, Servers.newTable()));
    cases.put("the server at localhost:" + tls.port() + " expects TLS: it answered a TLS handshake, and not a plain"
        + " MongoDB hello; add tls=true to mongodb.url", loadAt(tls.port(), false, Servers.newTable()));
    for (Map.Entry<String, List<String>> c : cases.entrySet()) {
      long t0 = System.nanoTime();
      YcsbRun r = YcsbRun.run(work, c.getValue().toArray(new String[0]));
      Duration took = Duration.ofNanos(System.nanoTime() - t0);
      assertEquals(1, r.exitCode, r::describe);
      assertTrue(took.compareTo(FAST) < 0, () -> "took " + took + "\n" + r.describe());
      String last = r.stderr.strip().lines().reduce((a, b) -> b).orElse("");
      assertTrue(last.startsWith("bin/ycsb: error: mongodb binding: " + c.getKey()), r::describe);
    }
  }

  @Test
  void aCoordinatedRunWithTlsAgainstAPlainPortFailsWithinSecondsNamingIt() throws Exception {
    int plain = URI.create(target.connectionString()).getPort();
    Path bundle = work.resolve("coordinated-tls-to-plain");
    long t0 = System.nanoTime();
    Coordinator c = Coordinator.run(work, List.of(), coordinated(loadAt(plain, true, Servers.newTable(),
        "-threads", "2", "--hosts", "local,local", "--out", bundle.toString(), "--quiet")));
    Duration took = Duration.ofNanos(System.nanoTime() - t0);
    assertEquals(1, c.exitCode(), c::describe);
    assertTrue(took.compareTo(FAST) < 0, () -> "took " + took + "\n" + c.describe());
    JsonNode m = Coordinator.manifest(bundle);
    assertTrue(m.get("reason").asText().contains("the server at localhost:" + plain + " does not speak TLS"),
        m::toPrettyString);
    assertTrue(c.stderr().contains("does not speak TLS"), c::describe);
  }

  @Test
  void hostnameChecksTurnedOffAreSaidOnStderrAndRecordedInTheFolder() throws Exception {
    TestCa.Issued elsewhere = ca.server("elsewhere-ok", "DNS:db.elsewhere.example");
    int port = URI.create(target.connectionString()).getPort();
    try (TlsTerminator t = TlsTerminator.start(elsewhere.combined(), null, port)) {
      Path out = work.resolve("insecure-out");
      YcsbRun r = YcsbRun.run(work, load(t, Servers.newTable(), "-p", "mongodb.url=mongodb://localhost:" + t.port()
          + "/" + Servers.DATABASE + "?tlsInsecure=true&tlsCAFile=" + ca.certificate(), "--out", out.toString())
          .toArray(new String[0]));
      r.assertSucceeded();
      assertTrue(r.stderr.contains("mongodb binding: warning: TLS hostname verification is OFF (tlsInsecure=true)"),
          r::describe);
      assertEquals("on, hostname checks OFF (tlsInsecure=true; the certificate chain is still checked), trusting CA"
          + " file " + ca.certificate(), PropertiesFiles.read(out.resolve("environment.properties")).get("tls"));
    }
  }

  @Test
  void aServerThatRefusesTheLoginSaysAuthenticationFailedNotUnreachable() throws Exception {
    // mongo-java-server knows no authentication command: the driver's login fails as against a wrong password
    String secret = AwkwardStrings.passwords(99, 1).get(0);
    YcsbRun r = YcsbRun.run(work, "load", "mongodb", "-P", YcsbRun.readMostly()
        .toString(), "-p",
        "mongodb.url=mongodb://alice:" + java.net.URLEncoder.encode(secret, StandardCharsets.UTF_8)
            + "@" + URI.create(target.connectionString()).getAuthority() + "/" + Servers.DATABASE,
        "-p", "table=t",
        "-p", "recordcount=1");
    assertEquals(1, r.exitCode, r::describe);
    String last = r.stderr.strip().lines().reduce((a, b) -> b).orElse("");
    assertTrue(last.startsWith("bin/ycsb: error: mongodb binding: authentication failed (server "), r::describe);
    assertFalse(r.stderr.contains(secret) || r.stderr.contains("cannot reach"), r::describe);
  }

  @Test
  void theCoordinatorStagesTheTlsFilesOwnerOnlyAndRemovesThem() throws Exception {
    String table = Servers.newTable();
    Path bundle = work.resolve("coordinated");
    Path key = client.combinedEncrypted(password);
    Coordinator c = Coordinator.run(work, List.of(), coordinated(load(tlsNeedsClient, table,
        "-p", TlsProperty.CA_FILE.key() + "=" + ca.certificate(), "-p",
        TlsProperty.CERTIFICATE_KEY_FILE.key() + "=" + key,
        "-p", TlsProperty.CERTIFICATE_KEY_FILE_PASSWORD.key() + "=" + password, "-threads", "2", "--hosts",
        "local,local",
        "--out", bundle.toString(), "--quiet")));
    assertEquals(0, c.exitCode(), c::describe);
    assertEquals(40, Servers.countDocuments(target, table));
    assertFalse(Files.exists(bundle.resolve(".staging")), "the staged copies are removed");
    for (String client : List.of("01-local1", "02-local2")) {
      Map<String, String> props = PropertiesFiles.read(bundle.resolve("clients/" + client + "/client.properties"));
      String staged = props.get(TlsProperty.CERTIFICATE_KEY_FILE.key());
      assertTrue(staged.endsWith("/.staging/" + client + ".certificateKeyFile"), props::toString);
      assertFalse(Files.exists(Path.of(staged)), staged);
    }
    assertNoPassword(bundle, c.stdout() + c.stderr(), password);
  }

  @Test
  void aCoordinatedRunWithAWrongCaFailsNamingTheCauseAndKeepsTheReport() throws Exception {
    Path bundle = work.resolve("coordinated-wrong-ca");
    Coordinator c = Coordinator.run(work, List.of(), coordinated(load(tls, Servers.newTable(),
        "-p", TlsProperty.CA_FILE.key() + "=" + otherCa.certificate(), "-threads", "2", "--hosts", "local,local",
        "--out", bundle.toString(), "--quiet")));
    assertEquals(1, c.exitCode(), c::describe);
    JsonNode m = Coordinator.manifest(bundle);
    assertTrue(m.get("reason").asText().contains("TLS: the server's certificate is not signed by a trusted CA"),
        m::toPrettyString);
    // the file to fix is the one the user gave, not the staged copy the client read (gone with the run)
    assertTrue(m.get("reason").asText().contains("trusted: CA file " + otherCa.certificate() + ";"),
        m::toPrettyString);
    for (JsonNode client : m.get("clients")) {
      assertTrue(client.get("reason").asText().contains("CA file " + otherCa.certificate()), m::toPrettyString);
    }
    assertFalse(m.toString().contains(".staging"), m::toPrettyString);
    assertTrue(c.stderr().contains("FAILED: ") && !c.stderr().contains(".staging"), c::describe);
    String folderErr = Files.readString(bundle.resolve("clients/01-local1/stderr.txt"));
    assertTrue(folderErr.contains("SSLHandshakeException"), folderErr);
  }

  @Test
  void anExperimentCountsTheRecordsAndReadsServerStatusThroughTheTlsFiles() throws Exception {
    // a server that requires a client certificate, the key encrypted with a hostile password: the experiment's own
    // connections (the record count before the first step, serverStatus around each) must use the TLS files as the
    // clients do
    String table = Servers.newTable();
    Path key = client.combinedEncrypted(password);
    String[] tlsFiles = {"-p", TlsProperty.CA_FILE.key() + "=" + ca.certificate(), "-p",
        TlsProperty.CERTIFICATE_KEY_FILE.key() + "="
            + key,
        "-p", TlsProperty.CERTIFICATE_KEY_FILE_PASSWORD.key() + "=" + password};
    Path dir = work.resolve("experiment-tls");
    Coordinator c = loadThenSweep(tlsNeedsClient, table, tlsFiles, tlsFiles, dir);
    assertEquals(0, c.exitCode(), c::describe);
    JsonNode m = Coordinator.manifest(dir);
    JsonNode step = m.get("steps").get(0);
    assertEquals("COMPLETE", step.get("verdict").asText(), m::toPrettyString);
    // mongo-java-server answers serverStatus without memory figures: "not reported", never "serverStatus failed"
    JsonNode server = step.get("figures").get("server");
    assertTrue(server != null && server.get("figures").size() > 0, m::toPrettyString);
    assertTrue(server.path("reason").isMissingNode() || server.get("reason").isNull(), m::toPrettyString);
    assertFalse(m.toString().contains("serverStatus failed"), m::toPrettyString);
    assertNoPassword(dir, c.stdout() + c.stderr(), password);
  }

  @Test
  void anExperimentWithAWrongCaIsRefusedBeforeAnyStepNamingTheProperty() throws Exception {
    String table = Servers.newTable();
    Path dir = work.resolve("experiment-wrong-ca");
    Coordinator c = loadThenSweep(tls, table, new String[] {"-p", TlsProperty.CA_FILE.key() + "=" + ca.certificate()},
        new String[] {"-p", TlsProperty.CA_FILE.key() + "=" + otherCa.certificate()}, dir);
    assertEquals(1, c.exitCode(), c::describe);
    List<String> lines = c.stderr().strip().lines().toList();
    assertEquals(1, lines.size(), c::describe);
    assertTrue(lines.get(0).contains("TLS: the server's certificate is not signed by a trusted CA; trusted: CA file "
        + otherCa.certificate() + "; give the CA that signed it as " + TlsProperty.CA_FILE.key()), c::describe);
    assertFalse(Files.exists(dir.resolve("steps")), "no step ran");
  }

  @Test
  void aWrongKeyPasswordIsOneLineExitTwoNamingTheOptionNeverThePassword() throws Exception {
    Path key = client.combinedEncrypted(password);
    YcsbRun r = YcsbRun.run(work, load(tlsNeedsClient, Servers.newTable(), "-p", TlsProperty.CA_FILE.key() + "="
        + ca.certificate(), "-p", TlsProperty.CERTIFICATE_KEY_FILE.key() + "=" + key, "-p",
        TlsProperty.CERTIFICATE_KEY_FILE_PASSWORD.key() + "=" + printable).toArray(new String[0]));
    assertEquals(2, r.exitCode, r::describe);
    assertEquals(
        "bin/ycsb: error: " + TlsProperty.CERTIFICATE_KEY_FILE_PASSWORD.key() + " does not decrypt the key in " + key
            + " (wrong password?)",
        r.stderr.strip(), r::describe);
    assertFalse(r.stdout.contains(printable) || r.stderr.contains(printable), r::describe);
  }

  @Test
  void theCoordinatorRefusesTlsFilesItCannotStage() throws Exception {
    Coordinator missing = Coordinator.run(work, List.of(), coordinated(load(tls, "t", "-p",
        TlsProperty.CA_FILE.key() + "=" + work.resolve("nope.pem"), "--hosts", "local", "--out",
        work.resolve("refused-1").toString())));
    assertEquals(2, missing.exitCode(), missing::describe);
    assertTrue(missing.stderr().startsWith("ycsb-coordinator: error: " + TlsProperty.CA_FILE.key() + "="),
        missing::describe);
    Coordinator inUrl = Coordinator.run(work, List.of(), coordinated(load(tls, "t", "-p",
        "mongodb.url=mongodb://localhost:" + tls.port() + "/x?tlsCAFile=" + ca.certificate(), "--hosts", "local",
        "--out", work.resolve("refused-2").toString())));
    assertEquals(2, inUrl.exitCode(), inUrl::describe);
    assertTrue(inUrl.stderr().contains("give it as -p " + TlsProperty.CA_FILE.key() + "=FILE"), inUrl::describe);
    assertFalse(Files.exists(work.resolve("refused-1")) || Files.exists(work.resolve("refused-2")));
  }

  /**
   * Loads {@code table} through {@code t} with {@code loadTls}, then sweeps one step with {@code sweepTls} into dir.
   */
  private static Coordinator loadThenSweep(TlsTerminator t, String table, String[] loadTls, String[] sweepTls,
      Path dir) throws Exception {
    List<String> loadArgs = load(t, table, loadTls);
    loadArgs.addAll(List.of("--out", dir + "-load"));
    YcsbRun.run(work, loadArgs.toArray(new String[0])).assertSucceeded();
    List<String> sweep = load(t, table, sweepTls);
    sweep.set(0, "sweep");
    sweep.addAll(List.of("-p", "operationcount=40", "-threads", "1", "--hosts", "local", "--quiet", "--out",
        dir.toString()));
    Coordinator c = Coordinator.start(work, List.of(), "bin/ycsb-experiment", sweep);
    c.await();
    return c;
  }

  private static List<String> coordinated(List<String> ycsbArgs) {
    return ycsbArgs; // the coordinator takes bin/ycsb's load/run arguments plus its own options
  }

  private static void assertNoPassword(Path dir, String output, String password) throws IOException {
    // as given, as a properties or JSON file escapes it, and percent-encoded (its pieces alone, "new" and "line",
    // are ordinary words of any report)
    List<String> forms = List.of(password, password.replace("\\", "\\\\").replace("\n", "\\n"),
        java.net.URLEncoder.encode(password, StandardCharsets.UTF_8));
    for (String f : forms) {
      assertFalse(output.contains(f), "password in the output: " + output);
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        String text = new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
        String utf8 = Files.readString(p, StandardCharsets.ISO_8859_1);
        for (String f : forms) {
          assertFalse(text.contains(f) || utf8.contains(new String(f.getBytes(StandardCharsets.UTF_8),
              StandardCharsets.ISO_8859_1)), "password in " + p);
        }
      }
    }
    assertTrue(Redactor.isSecretName(TlsProperty.KEY_STORE_PASSWORD.key()) && Redactor.isSecretName(
        TlsProperty.CERTIFICATE_KEY_FILE_PASSWORD.key())
        && Redactor.isSecretName(TlsProperty.TRUST_STORE_PASSWORD.key()));
  }
}
