package dev.ycsbpack.common;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.UnrecoverableKeyException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * The TLS files a run gives (see {@link TlsFiles} for the property names), read with the JDK alone into an
 * {@link SSLContext}: the Java driver itself reads no TLS file, only the JVM's {@code javax.net.ssl.*} system
 * properties, which would put a password on a command line. One reader for every part of the pack that connects: the
 * binding and the experiments' own checks.
 *
 * <p>Trust: a PEM CA file or a trust store (not both); without either, the JVM's default CAs. Client certificate: a
 * PEM certificate + key file (see {@link PemFiles} for the key forms) or a key store (not both). The URL's
 * {@link TlsFiles#URL_OPTIONS} mean the same as the properties. Every file is read and every password tried by
 * {@link #sslContext()}, before anything connects: a bad one is one line naming the property, never the password.
 *
 * <p>Passwords are fields of this record, so its {@link #toString()} names no value.
 */
public record TlsSettings(String caFile, String certificateKeyFile, String certificateKeyFilePassword,
    String trustStore, String trustStorePassword, String trustStoreType, String keyStore,
    String keyStorePassword, String keyStoreType) {

  /** A TLS setting that cannot be used: the message is one line naming the property, never a password. */
  public static final class Refusal extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    Refusal(String property, String value, String expected) {
      super("invalid " + property + "=" + Text.shown(value) + ": " + expected);
    }

    Refusal(String message) {
      super(message);
    }
  }

  /**
   * The settings of {@code property} (a property's value by name, null when not given) and the URL's options.
   *
   * @param urlOptions the URL's options by lower-cased name ({@link UrlOptions#of})
   * @throws Refusal a URL option that disagrees with its property, a password or type without its file, both forms
   *                 of one file
   */
  public static TlsSettings from(Function<String, String> property, Map<String, String> urlOptions) {
    Map<String, String> given = new java.util.HashMap<>();
    for (TlsFiles.UrlOption o : TlsFiles.URL_OPTIONS) {
      String fromUrl = urlOptions.get(o.key());
      String explicit = property.apply(o.property());
      if (fromUrl != null && explicit != null && !fromUrl.equals(explicit.trim())) {
        throw new Refusal(o.property() + " and mongodb.url's " + o.name() + " disagree; give only one of them");
      }
      if (fromUrl != null) {
        given.put(o.property(), fromUrl);
      }
    }
    for (String name : TlsFiles.ALL) {
      String v = property.apply(name);
      if (v != null) {
        given.put(name, name.endsWith("Password") ? v : v.trim());
      }
    }
    TlsSettings s = new TlsSettings(given.get(TlsFiles.CA_FILE), given.get(TlsFiles.CERTIFICATE_KEY_FILE),
        given.get(TlsFiles.CERTIFICATE_KEY_FILE_PASSWORD), given.get(TlsFiles.TRUST_STORE),
        given.get(TlsFiles.TRUST_STORE_PASSWORD), given.get(TlsFiles.TRUST_STORE_TYPE), given.get(TlsFiles.KEY_STORE),
        given.get(TlsFiles.KEY_STORE_PASSWORD), given.get(TlsFiles.KEY_STORE_TYPE));
    requireFileFor(TlsFiles.CERTIFICATE_KEY_FILE_PASSWORD, s.certificateKeyFilePassword(),
        TlsFiles.CERTIFICATE_KEY_FILE, s.certificateKeyFile());
    requireFileFor(TlsFiles.TRUST_STORE_PASSWORD, s.trustStorePassword(), TlsFiles.TRUST_STORE, s.trustStore());
    requireFileFor(TlsFiles.TRUST_STORE_TYPE, s.trustStoreType(), TlsFiles.TRUST_STORE, s.trustStore());
    requireFileFor(TlsFiles.KEY_STORE_PASSWORD, s.keyStorePassword(), TlsFiles.KEY_STORE, s.keyStore());
    requireFileFor(TlsFiles.KEY_STORE_TYPE, s.keyStoreType(), TlsFiles.KEY_STORE, s.keyStore());
    exclusive(TlsFiles.CA_FILE, s.caFile(), TlsFiles.TRUST_STORE, s.trustStore());
    exclusive(TlsFiles.CERTIFICATE_KEY_FILE, s.certificateKeyFile(), TlsFiles.KEY_STORE, s.keyStore());
    return s;
  }

  /** Whether any file is given (which turns TLS on). */
  public boolean files() {
    return caFile != null || certificateKeyFile != null || trustStore != null || keyStore != null;
  }

  /** Whether a client certificate is presented. */
  public boolean clientCertificate() {
    return certificateKeyFile != null || keyStore != null;
  }

  /** The property of the first file given (for a sentence about TLS being turned on); null when none. */
  public String firstGiven() {
    return caFile != null ? TlsFiles.CA_FILE : trustStore != null ? TlsFiles.TRUST_STORE
        : certificateKeyFile != null ? TlsFiles.CERTIFICATE_KEY_FILE : keyStore != null ? TlsFiles.KEY_STORE : null;
  }

  /** What is trusted, in words: the CA file, the trust store, or the JVM's default CAs. */
  public String trusted() {
    return caFile == null && trustStore == null ? "the JVM's default CAs"
        : caFile != null ? "CA file " + caFile : "trust store " + trustStore;
  }

  /** The file of the client certificate, or null. */
  public String clientCertificateFile() {
    return certificateKeyFile != null ? certificateKeyFile : keyStore;
  }

  /**
   * The SSL context of these files, every file read and every password tried; null when no file is given (the
   * driver's default context then, if the URL turns TLS on).
   *
   * @throws Refusal a missing or unreadable file, a wrong password, a file of the wrong kind
   */
  public SSLContext sslContext() {
    if (!files()) {
      return null;
    }
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keyManagers(), trustManagers(), null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new Refusal("the TLS files cannot be used together: " + e.getMessage());
    }
  }

  private KeyManager[] keyManagers() throws GeneralSecurityException {
    KeyStore store;
    char[] password;
    if (certificateKeyFile != null) {
      Path file = readable(TlsFiles.CERTIFICATE_KEY_FILE, certificateKeyFile);
      List<PemFiles.Block> blocks = blocks(file, TlsFiles.CERTIFICATE_KEY_FILE);
      List<X509Certificate> chain = PemFiles.certificates(blocks, file, TlsFiles.CERTIFICATE_KEY_FILE);
      if (chain.isEmpty()) {
        throw new Refusal(TlsFiles.CERTIFICATE_KEY_FILE + "=" + Text.shown(certificateKeyFile)
            + ": no certificate in it; expected the client's certificate (BEGIN CERTIFICATE) and its private key");
      }
      char[] keyPassword = certificateKeyFilePassword == null ? null : certificateKeyFilePassword.toCharArray();
      PrivateKey key = PemFiles.privateKey(blocks, file, TlsFiles.CERTIFICATE_KEY_FILE,
          TlsFiles.CERTIFICATE_KEY_FILE_PASSWORD, keyPassword);
      password = new char[0];
      store = KeyStore.getInstance("PKCS12");
      load(store, null, null, null, null);
      store.setKeyEntry("client", key, password, chain.toArray(new X509Certificate[0]));
    } else if (keyStore != null) {
      password = keyStorePassword == null ? new char[0] : keyStorePassword.toCharArray();
      store = store(TlsFiles.KEY_STORE, keyStore, TlsFiles.KEY_STORE_PASSWORD, password, TlsFiles.KEY_STORE_TYPE,
          keyStoreType);
    } else {
      return null;
    }
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    try {
      kmf.init(store, password);
    } catch (UnrecoverableKeyException e) {
      throw new Refusal(TlsFiles.KEY_STORE_PASSWORD + " opens " + keyStore + " but not the key in it;"
          + " the key's password must be the store's");
    }
    return kmf.getKeyManagers();
  }

  private TrustManager[] trustManagers() throws GeneralSecurityException {
    KeyStore store;
    if (caFile != null) {
      Path file = readable(TlsFiles.CA_FILE, caFile);
      List<X509Certificate> cas = PemFiles.certificates(blocks(file, TlsFiles.CA_FILE), file, TlsFiles.CA_FILE);
      if (cas.isEmpty()) {
        throw new Refusal(TlsFiles.CA_FILE, caFile, "no certificate in it; expected PEM certificates (BEGIN"
            + " CERTIFICATE) of the CAs to trust");
      }
      store = KeyStore.getInstance("PKCS12");
      load(store, null, null, null, null);
      for (int i = 0; i < cas.size(); i++) {
        store.setCertificateEntry("ca-" + i, cas.get(i));
      }
    } else if (trustStore != null) {
      store = store(TlsFiles.TRUST_STORE, trustStore, TlsFiles.TRUST_STORE_PASSWORD,
          trustStorePassword == null ? null : trustStorePassword.toCharArray(), TlsFiles.TRUST_STORE_TYPE,
          trustStoreType);
    } else {
      return null;
    }
    TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(store);
    return tmf.getTrustManagers();
  }

  /** A JKS or PKCS#12 store: of the type given, else of the type its content shows. */
  private static KeyStore store(String property, String path, String passwordProperty, char[] password,
      String typeProperty, String type) throws GeneralSecurityException {
    Path file = readable(property, path);
    KeyStore store;
    if (type != null) {
      try {
        store = KeyStore.getInstance(type.trim());
      } catch (java.security.KeyStoreException e) {
        throw new Refusal(typeProperty, type, "use PKCS12 or JKS (or leave it out: the type is read from the file)");
      }
      load(store, file, password, property, passwordProperty);
      return store;
    }
    try {
      return KeyStore.getInstance(file.toFile(), password);
    } catch (IOException e) {
      throw loadFailure(e, property, file, passwordProperty, password);
    } catch (java.security.KeyStoreException e) {
      throw new Refusal(property + "=" + Text.shown(path) + ": not a key store the JDK can read (JKS or PKCS12"
          + " expected); for PEM files use " + (property.equals(TlsFiles.TRUST_STORE) ? TlsFiles.CA_FILE
              : TlsFiles.CERTIFICATE_KEY_FILE));
    }
  }

  private static void load(KeyStore store, Path file, char[] password, String property, String passwordProperty)
      throws GeneralSecurityException {
    if (file == null) {
      try {
        store.load(null, null);
      } catch (IOException e) {
        throw new IllegalStateException("an empty in-memory key store cannot fail to load", e);
      }
      return;
    }
    try (InputStream in = Files.newInputStream(file)) {
      store.load(in, password);
    } catch (IOException e) {
      throw loadFailure(e, property, file, passwordProperty, password);
    }
  }

  private static Refusal loadFailure(IOException e, String property, Path file, String passwordProperty,
      char[] password) {
    if (e.getCause() instanceof UnrecoverableKeyException || String.valueOf(e.getMessage()).contains("password")) {
      boolean printable = password == null || new String(password).chars().allMatch(c -> c >= 0x20 && c <= 0x7e);
      return new Refusal(passwordProperty + " does not open " + Text.shown(file.toString())
          + " (wrong password, or none given" + (printable ? ")" : "; note that the JDK opens AES-encrypted PKCS#12"
              + " stores, as OpenSSL 3 writes them, only with printable ASCII passwords: re-export it with one)"));
    }
    return new Refusal(property + "=" + Text.shown(file.toString()) + ": cannot read it as a key store: "
        + e.getMessage());
  }

  private static List<PemFiles.Block> blocks(Path file, String property) {
    try {
      return PemFiles.blocks(file, property);
    } catch (IOException e) {
      throw new Refusal(property, file.toString(), "cannot read it: " + e);
    }
  }

  private static Path readable(String property, String path) {
    Path file = Path.of(path);
    if (!Files.isRegularFile(file)) {
      throw new Refusal(property, path, Files.exists(file) ? "not a file" : "no such file");
    }
    if (!Files.isReadable(file)) {
      throw new Refusal(property, path, "cannot read it (permissions)");
    }
    return file;
  }

  private static void requireFileFor(String property, String value, String fileProperty, String file) {
    if (value != null && file == null) {
      throw new Refusal(property + " is given without " + fileProperty + "; give " + fileProperty + " too, or drop "
          + property);
    }
  }

  private static void exclusive(String a, String va, String b, String vb) {
    if (va != null && vb != null) {
      throw new Refusal(a + " and " + b + " are both given; give one of them");
    }
  }

  @Override
  public String toString() {
    return files() ? "TLS files" : "no TLS files";
  }
}
