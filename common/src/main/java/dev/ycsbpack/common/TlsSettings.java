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
import java.util.EnumMap;
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
    Map<TlsProperty, String> given = new EnumMap<>(TlsProperty.class);
    for (TlsFiles.UrlOption o : TlsFiles.URL_OPTIONS) {
      String fromUrl = urlOptions.get(o.key());
      String explicit = property.apply(o.property().key());
      if (fromUrl != null && explicit != null && !fromUrl.equals(explicit.trim())) {
        throw new Refusal(o.property().key() + " and mongodb.url's " + o.name() + " disagree; give only one of them");
      }
      if (fromUrl != null) {
        given.put(o.property(), fromUrl);
      }
    }
    for (TlsProperty p : TlsProperty.values()) {
      String v = property.apply(p.key());
      if (v != null) {
        given.put(p, p.password() ? v : v.trim());
      }
    }
    TlsSettings s = new TlsSettings(given.get(TlsProperty.CA_FILE), given.get(TlsProperty.CERTIFICATE_KEY_FILE),
        given.get(TlsProperty.CERTIFICATE_KEY_FILE_PASSWORD), given.get(TlsProperty.TRUST_STORE),
        given.get(TlsProperty.TRUST_STORE_PASSWORD), given.get(TlsProperty.TRUST_STORE_TYPE),
        given.get(TlsProperty.KEY_STORE), given.get(TlsProperty.KEY_STORE_PASSWORD),
        given.get(TlsProperty.KEY_STORE_TYPE));
    requireFileFor(given, TlsProperty.CERTIFICATE_KEY_FILE_PASSWORD, TlsProperty.CERTIFICATE_KEY_FILE);
    requireFileFor(given, TlsProperty.TRUST_STORE_PASSWORD, TlsProperty.TRUST_STORE);
    requireFileFor(given, TlsProperty.TRUST_STORE_TYPE, TlsProperty.TRUST_STORE);
    requireFileFor(given, TlsProperty.KEY_STORE_PASSWORD, TlsProperty.KEY_STORE);
    requireFileFor(given, TlsProperty.KEY_STORE_TYPE, TlsProperty.KEY_STORE);
    exclusive(given, TlsProperty.CA_FILE, TlsProperty.TRUST_STORE);
    exclusive(given, TlsProperty.CERTIFICATE_KEY_FILE, TlsProperty.KEY_STORE);
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
    return caFile != null ? TlsProperty.CA_FILE.key() : trustStore != null ? TlsProperty.TRUST_STORE.key()
        : certificateKeyFile != null ? TlsProperty.CERTIFICATE_KEY_FILE.key()
        : keyStore != null ? TlsProperty.KEY_STORE.key() : null;
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
      Path file = readable(TlsProperty.CERTIFICATE_KEY_FILE.key(), certificateKeyFile);
      List<PemFiles.Block> blocks = blocks(file, TlsProperty.CERTIFICATE_KEY_FILE.key());
      List<X509Certificate> chain = PemFiles.certificates(blocks, file, TlsProperty.CERTIFICATE_KEY_FILE.key());
      if (chain.isEmpty()) {
        throw new Refusal(TlsProperty.CERTIFICATE_KEY_FILE.key() + "=" + Text.shown(certificateKeyFile)
            + ": no certificate in it; expected the client's certificate (BEGIN CERTIFICATE) and its private key");
      }
      char[] keyPassword = certificateKeyFilePassword == null ? null : certificateKeyFilePassword.toCharArray();
      PrivateKey key = PemFiles.privateKey(blocks, file, TlsProperty.CERTIFICATE_KEY_FILE.key(),
          TlsProperty.CERTIFICATE_KEY_FILE_PASSWORD.key(), keyPassword);
      password = new char[0];
      store = KeyStore.getInstance("PKCS12");
      load(store, null, null, null, null);
      store.setKeyEntry("client", key, password, chain.toArray(new X509Certificate[0]));
    } else if (keyStore != null) {
      password = keyStorePassword == null ? new char[0] : keyStorePassword.toCharArray();
      store = store(TlsProperty.KEY_STORE.key(), keyStore, TlsProperty.KEY_STORE_PASSWORD.key(), password,
          TlsProperty.KEY_STORE_TYPE.key(), keyStoreType);
    } else {
      return null;
    }
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    try {
      kmf.init(store, password);
    } catch (UnrecoverableKeyException e) {
      throw new Refusal(TlsProperty.KEY_STORE_PASSWORD.key() + " opens " + keyStore + " but not the key in it;"
          + " the key's password must be the store's");
    }
    return kmf.getKeyManagers();
  }

  private TrustManager[] trustManagers() throws GeneralSecurityException {
    KeyStore store;
    if (caFile != null) {
      Path file = readable(TlsProperty.CA_FILE.key(), caFile);
      List<X509Certificate> cas = PemFiles.certificates(blocks(file, TlsProperty.CA_FILE.key()), file,
          TlsProperty.CA_FILE.key());
      if (cas.isEmpty()) {
        throw new Refusal(TlsProperty.CA_FILE.key(), caFile, "no certificate in it; expected PEM certificates (BEGIN"
            + " CERTIFICATE) of the CAs to trust");
      }
      store = KeyStore.getInstance("PKCS12");
      load(store, null, null, null, null);
      for (int i = 0; i < cas.size(); i++) {
        store.setCertificateEntry("ca-" + i, cas.get(i));
      }
    } else if (trustStore != null) {
      store = store(TlsProperty.TRUST_STORE.key(), trustStore, TlsProperty.TRUST_STORE_PASSWORD.key(),
          trustStorePassword == null ? null : trustStorePassword.toCharArray(), TlsProperty.TRUST_STORE_TYPE.key(),
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
          + " expected); for PEM files use "
          + (property.equals(TlsProperty.TRUST_STORE.key()) ? TlsProperty.CA_FILE.key()
              : TlsProperty.CERTIFICATE_KEY_FILE.key()));
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

  private static void requireFileFor(Map<TlsProperty, String> given, TlsProperty property, TlsProperty file) {
    if (given.containsKey(property) && !given.containsKey(file)) {
      throw new Refusal(property.key() + " is given without " + file.key() + "; give " + file.key()
          + " too, or drop " + property.key());
    }
  }

  private static void exclusive(Map<TlsProperty, String> given, TlsProperty a, TlsProperty b) {
    if (given.containsKey(a) && given.containsKey(b)) {
      throw new Refusal(a.key() + " and " + b.key() + " are both given; give one of them");
    }
  }

  @Override
  public String toString() {
    return files() ? "TLS files" : "no TLS files";
  }
}
