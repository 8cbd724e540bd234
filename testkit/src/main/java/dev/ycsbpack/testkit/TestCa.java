package dev.ycsbpack.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway certificate authority made with the system {@code openssl}, for TLS tests: server certificates (valid,
 * expired, naming another host), client certificates, and the key and trust stores users have.
 *
 * <p>Every file lives in the folder given to {@link #create}; nothing outside it is read or written.
 */
public final class TestCa {
  private static final DateTimeFormatter ASN1_TIME = DateTimeFormatter.ofPattern("yyyyMMddHHmmss'Z'")
      .withZone(ZoneOffset.UTC);
  private static final Duration OPENSSL_LIMIT = Duration.ofSeconds(60);

  private final Path dir;
  private final Path openssl;
  private final Path cert;
  private final Path key;

  private TestCa(Path dir, Path openssl, String name) throws IOException {
    this.dir = dir;
    this.openssl = openssl;
    this.cert = dir.resolve(name + ".pem");
    this.key = dir.resolve(name + ".key");
    Files.createDirectories(dir.resolve(name + "-issued"));
    Files.writeString(dir.resolve(name + "-index.txt"), "");
    Files.writeString(dir.resolve(name + "-ca.cnf"), String.join("\n",
        "[ ca ]", "default_ca = test", "[ test ]",
        "database = " + dir.resolve(name + "-index.txt"),
        "new_certs_dir = " + dir.resolve(name + "-issued"),
        "default_md = sha256", "policy = any", "unique_subject = no", "email_in_dn = no", "rand_serial = yes",
        "[ any ]", "commonName = supplied", ""));
    run(List.of("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key.toString(), "-out", cert.toString(),
        "-days", "2", "-subj", "/CN=" + name, "-addext", "basicConstraints=critical,CA:TRUE",
        "-addext", "keyUsage=critical,keyCertSign,cRLSign"));
  }

  /**
   * A new CA named {@code name} in {@code dir} (several CAs may share a folder).
   *
   * @throws MissingPrerequisiteException when openssl is not installed
   */
  public static TestCa create(Path dir, String name) throws IOException {
    Path openssl = Executables.locate("openssl").orElseThrow(() -> new MissingPrerequisiteException(
        "openssl is not installed; " + Prerequisites.INSTALL_HINT));
    return new TestCa(dir, openssl, name);
  }

  /** The CA's certificate (PEM): what a client trusts. */
  public Path certificate() {
    return cert;
  }

  /**
   * A server certificate valid now for these subject alternative names ({@code DNS:localhost},
   * {@code IP:127.0.0.1}).
   */
  public Issued server(String name, String... altNames) throws IOException {
    Instant now = Instant.now();
    return issue(name, now.minus(Duration.ofHours(1)), now.plus(Duration.ofDays(1)), "serverAuth", altNames);
  }

  /** A server certificate that expired at {@code notAfter} (in the past). */
  public Issued expiredServer(String name, Instant notAfter, String... altNames) throws IOException {
    return issue(name, notAfter.minus(Duration.ofDays(30)), notAfter, "serverAuth", altNames);
  }

  /** A client certificate (X.509 authentication) with this common name. */
  public Issued client(String name) throws IOException {
    Instant now = Instant.now();
    return issue(name, now.minus(Duration.ofHours(1)), now.plus(Duration.ofDays(1)), "clientAuth");
  }

  private Issued issue(String name, Instant notBefore, Instant notAfter, String usage, String... altNames)
      throws IOException {
    Path k = dir.resolve(name + ".key");
    Path csr = dir.resolve(name + ".csr");
    Path c = dir.resolve(name + ".crt");
    Path ext = dir.resolve(name + ".ext");
    run(List.of("req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", k.toString(), "-out", csr.toString(),
        "-subj", "/CN=" + name));
    List<String> lines = new ArrayList<>(List.of("basicConstraints=CA:FALSE", "extendedKeyUsage=" + usage));
    if (altNames.length > 0) {
      lines.add("subjectAltName=" + String.join(",", altNames));
    }
    Files.writeString(ext, String.join("\n", lines) + "\n");
    run(List.of("ca", "-batch", "-notext", "-config", dir.resolve(cert.getFileName().toString()
        .replace(".pem", "-ca.cnf")).toString(), "-cert", cert.toString(), "-keyfile", key.toString(),
        "-in", csr.toString(), "-out", c.toString(), "-extfile", ext.toString(),
        "-startdate", ASN1_TIME.format(notBefore), "-enddate", ASN1_TIME.format(notAfter)));
    Path both = dir.resolve(name + ".pem");
    Files.writeString(both, Files.readString(c) + Files.readString(k));
    return new Issued(this, c, k, both, notAfter);
  }

  /**
   * A certificate this CA issued, with its key.
   *
   * @param certificate the certificate alone (PEM)
   * @param key         its unencrypted PKCS#8 private key (PEM, {@code BEGIN PRIVATE KEY})
   * @param combined    certificate then key in one PEM file (what {@code tlsCertificateKeyFile} takes)
   * @param notAfter    the end of its validity
   */
  public record Issued(TestCa ca, Path certificate, Path key, Path combined, Instant notAfter) {
    /** The certificate and its key encrypted with {@code password} (PKCS#8, openssl's default PBES2/AES-256). */
    public Path combinedEncrypted(String password) throws IOException {
      Path enc = withSuffix("-encrypted.key");
      ca.runWithPassword(List.of("pkcs8", "-topk8", "-in", key.toString(), "-out", enc.toString(),
          "-passout", "env:TESTCA_PASSWORD"), password);
      Path both = withSuffix("-encrypted.pem");
      Files.writeString(both, Files.readString(certificate) + Files.readString(enc));
      return both;
    }

    /** The certificate and its key in the traditional PKCS#1 form ({@code BEGIN RSA PRIVATE KEY}), unencrypted. */
    public Path combinedPkcs1() throws IOException {
      Path rsa = withSuffix("-pkcs1.key");
      ca.run(List.of("rsa", "-in", key.toString(), "-out", rsa.toString(), "-traditional"));
      Path both = withSuffix("-pkcs1.pem");
      Files.writeString(both, Files.readString(certificate) + Files.readString(rsa));
      return both;
    }

    /** A PKCS#12 key store holding the key and certificate under {@code password} (made by openssl). */
    public Path pkcs12(String password) throws IOException {
      Path p12 = withSuffix(".p12");
      ca.runWithPassword(List.of("pkcs12", "-export", "-in", certificate.toString(), "-inkey", key.toString(),
          "-name", "client", "-out", p12.toString(), "-passout", "env:TESTCA_PASSWORD"), password);
      return p12;
    }

    private Path withSuffix(String suffix) {
      String name = certificate.getFileName().toString().replaceFirst("\\.crt$", "");
      return certificate.resolveSibling(name + suffix);
    }
  }

  private void run(List<String> args) throws IOException {
    runWithPassword(args, null);
  }

  /** The password goes in the environment, never on the command line (ps would show it). */
  private void runWithPassword(List<String> args, String password) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(openssl.toString());
    command.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
    if (password != null) {
      pb.environment().put("TESTCA_PASSWORD", password);
    }
    Process p = pb.start();
    try {
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(OPENSSL_LIMIT.toSeconds(), TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("openssl " + args.get(0) + " did not finish in " + OPENSSL_LIMIT.toSeconds() + " s");
      }
      if (p.exitValue() != 0) {
        throw new IOException("openssl " + String.join(" ", args) + " failed: "
            + new String(out, StandardCharsets.UTF_8));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
      throw new IOException("interrupted", e);
    }
  }
}
