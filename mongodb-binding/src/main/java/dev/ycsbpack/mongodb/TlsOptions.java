package dev.ycsbpack.mongodb;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.TlsFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.UnrecoverableKeyException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * The TLS files of a run (see {@link TlsFiles} for the property names), read with the JDK alone into the
 * {@link SSLContext} the driver uses; the Java driver itself reads no TLS file, only the JVM's
 * {@code javax.net.ssl.*} system properties, which would put a password on a command line.
 *
 * <p>Trust: a PEM CA file or a trust store (not both); without either, the JVM's default CAs. Client certificate: a
 * PEM certificate + key file (see {@link PemFiles} for the key forms) or a key store (not both). The URL's
 * {@code tlsCAFile}, {@code tlsCertificateKeyFile} and {@code tlsCertificateKeyFilePassword} (what mongosh and other
 * drivers read) mean the same as the properties. Any of these turns TLS on. Every file is read and every password
 * tried here, before anything connects: a bad one is one line naming the property, never the password.
 */
final class TlsOptions {
  /** The URL options mapped onto properties, lower-cased as {@link ConnectionStringCheck#options} gives them. */
  static final Map<String, String> FROM_URL = Map.of(
      "tlscafile", TlsFiles.CA_FILE,
      "tlscertificatekeyfile", TlsFiles.CERTIFICATE_KEY_FILE,
      "tlscertificatekeyfilepassword", TlsFiles.CERTIFICATE_KEY_FILE_PASSWORD);

  /** What the user gave; passwords included, so never printed (see {@link #toString()}). */
  private record Spec(String caFile, String certificateKeyFile, String certificateKeyFilePassword, String trustStore,
                      String trustStorePassword, String trustStoreType, String keyStore, String keyStorePassword,
                      String keyStoreType) {
    @Override
    public String toString() {
      return "TLS files";
    }
  }

  private static final TlsOptions NONE = new TlsOptions(null, null, null);

  private final Spec spec;
  private final SSLContext context;
  /** The URL option that turned hostname verification off, or null. */
  private final String hostnameChecksOff;

  private TlsOptions(Spec spec, SSLContext context, String hostnameChecksOff) {
    this.spec = spec;
    this.context = context;
    this.hostnameChecksOff = hostnameChecksOff;
  }

  /**
   * Reads the TLS properties (and the URL's TLS file options) and builds the SSL context.
   *
   * @param urlOptions the URL's options, lower-cased names (see {@link ConnectionStringCheck#options})
   * @throws OptionException for a missing or unreadable file, a wrong password, or options that contradict
   */
  static TlsOptions from(Properties p, Map<String, String> urlOptions, ConnectionString cs) {
    Properties merged = new Properties();
    for (Map.Entry<String, String> e : FROM_URL.entrySet()) {
      String fromUrl = urlOptions.get(e.getKey());
      String explicit = p.getProperty(e.getValue());
      if (fromUrl != null && explicit != null && !fromUrl.equals(explicit.trim())) {
        throw new OptionException(e.getValue() + " and mongodb.url's " + urlName(e.getKey()) + " disagree; give"
            + " only one of them");
      }
      if (fromUrl != null) {
        merged.setProperty(e.getValue(), fromUrl);
      }
    }
    for (String name : TlsFiles.ALL) {
      if (p.getProperty(name) != null) {
        merged.setProperty(name, name.endsWith("Password") ? p.getProperty(name) : p.getProperty(name).trim());
      }
    }
    String offBy = hostnameChecksOff(urlOptions, cs);
    Spec spec = new Spec(merged.getProperty(TlsFiles.CA_FILE), merged.getProperty(TlsFiles.CERTIFICATE_KEY_FILE),
        merged.getProperty(TlsFiles.CERTIFICATE_KEY_FILE_PASSWORD), merged.getProperty(TlsFiles.TRUST_STORE),
        merged.getProperty(TlsFiles.TRUST_STORE_PASSWORD), merged.getProperty(TlsFiles.TRUST_STORE_TYPE),
        merged.getProperty(TlsFiles.KEY_STORE), merged.getProperty(TlsFiles.KEY_STORE_PASSWORD),
        merged.getProperty(TlsFiles.KEY_STORE_TYPE));
    requireFileFor(TlsFiles.CERTIFICATE_KEY_FILE_PASSWORD, spec.certificateKeyFilePassword(), TlsFiles.CERTIFICATE_KEY_FILE,
        spec.certificateKeyFile());
    requireFileFor(TlsFiles.TRUST_STORE_PASSWORD, spec.trustStorePassword(), TlsFiles.TRUST_STORE, spec.trustStore());
    requireFileFor(TlsFiles.TRUST_STORE_TYPE, spec.trustStoreType(), TlsFiles.TRUST_STORE, spec.trustStore());
    requireFileFor(TlsFiles.KEY_STORE_PASSWORD, spec.keyStorePassword(), TlsFiles.KEY_STORE, spec.keyStore());
    requireFileFor(TlsFiles.KEY_STORE_TYPE, spec.keyStoreType(), TlsFiles.KEY_STORE, spec.keyStore());
    exclusive(TlsFiles.CA_FILE, spec.caFile(), TlsFiles.TRUST_STORE, spec.trustStore());
    exclusive(TlsFiles.CERTIFICATE_KEY_FILE, spec.certificateKeyFile(), TlsFiles.KEY_STORE, spec.keyStore());
    boolean files = spec.caFile() != null || spec.certificateKeyFile() != null || spec.trustStore() != null
        || spec.keyStore() != null;
    if (!files) {
      return offBy == null ? NONE : new TlsOptions(null, null, offBy);
    }
    if (Boolean.FALSE.equals(cs.getSslEnabled())) {
      throw new OptionException("mongodb.url says tls=false, but " + firstGiven(spec) + " is given; drop one of them");
    }
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keyManagers(spec), trustManagers(spec), null);
      return new TlsOptions(spec, context, offBy);
    } catch (GeneralSecurityException e) {
      throw new OptionException("the TLS files cannot be used together: " + e.getMessage());
    }
  }

  /** Turns TLS on with these files' context (the URL's other TLS options stay as they are). */
  void apply(MongoClientSettings.Builder settings) {
    if (context != null) {
      settings.applyToSslSettings(ssl -> ssl.enabled(true).context(context));
    }
  }

  /** The banner's words, empty when there is nothing to say. */
  String describe(ConnectionString cs) {
    return enabled(cs) ? " tls=" + record(cs) : "";
  }

  /** The environment record's {@code tls} value: on or off, what is trusted, and any check turned off. */
  String record(ConnectionString cs) {
    if (!enabled(cs)) {
      return "off";
    }
    List<String> parts = new ArrayList<>();
    parts.add("on");
    parts.add(hostnameChecksOff == null ? "certificate and hostname checks on"
        : "hostname checks OFF (" + hostnameChecksOff + "; the certificate chain is still checked)");
    parts.add("trusting " + trusted());
    if (spec != null && (spec.certificateKeyFile() != null || spec.keyStore() != null)) {
      parts.add("client certificate from " + (spec.certificateKeyFile() != null ? spec.certificateKeyFile()
          : spec.keyStore()));
    }
    return String.join(", ", parts);
  }

  /** What a failed connection's explanation needs to know. */
  ConnectFailures.Context context(ConnectionString cs) {
    return new ConnectFailures.Context(enabled(cs), trusted(), spec != null
        && (spec.certificateKeyFile() != null || spec.keyStore() != null));
  }

  private String trusted() {
    return spec == null || spec.caFile() == null && spec.trustStore() == null ? "the JVM's default CAs"
        : spec.caFile() != null ? "CA file " + spec.caFile() : "trust store " + spec.trustStore();
  }

  /** The stderr warning when a check is off, else null. */
  String warning() {
    return hostnameChecksOff == null ? null : "mongodb binding: warning: TLS hostname verification is OFF ("
        + hostnameChecksOff + "): the server's certificate may name any host; the results record this (tls in"
        + " environment.properties)";
  }

  private boolean enabled(ConnectionString cs) {
    return context != null || Boolean.TRUE.equals(cs.getSslEnabled());
  }

  private static String hostnameChecksOff(Map<String, String> urlOptions, ConnectionString cs) {
    if (!Boolean.TRUE.equals(cs.getSslInvalidHostnameAllowed())) {
      return null;
    }
    for (String name : List.of("tlsInsecure", "tlsAllowInvalidHostnames", "sslInvalidHostnameAllowed")) {
      String v = urlOptions.get(name.toLowerCase(Locale.ROOT));
      if (v != null) {
        return name + "=" + v.trim();
      }
    }
    return "mongodb.url";
  }

  private static KeyManager[] keyManagers(Spec spec) throws GeneralSecurityException {
    KeyStore store;
    char[] password;
    if (spec.certificateKeyFile() != null) {
      Path file = readable(TlsFiles.CERTIFICATE_KEY_FILE, spec.certificateKeyFile());
      List<PemFiles.Block> blocks = blocks(file, TlsFiles.CERTIFICATE_KEY_FILE);
      List<X509Certificate> chain = PemFiles.certificates(blocks, file, TlsFiles.CERTIFICATE_KEY_FILE);
      if (chain.isEmpty()) {
        throw new OptionException(TlsFiles.CERTIFICATE_KEY_FILE + "=" + Text.shown(spec.certificateKeyFile())
            + ": no certificate in it; expected the client's certificate (BEGIN CERTIFICATE) and its private key");
      }
      char[] keyPassword = spec.certificateKeyFilePassword() == null ? null
          : spec.certificateKeyFilePassword().toCharArray();
      PrivateKey key = PemFiles.privateKey(blocks, file, TlsFiles.CERTIFICATE_KEY_FILE,
          TlsFiles.CERTIFICATE_KEY_FILE_PASSWORD, keyPassword);
      password = new char[0];
      store = KeyStore.getInstance("PKCS12");
      load(store, null, null, null, null);
      store.setKeyEntry("client", key, password, chain.toArray(new X509Certificate[0]));
    } else if (spec.keyStore() != null) {
      password = spec.keyStorePassword() == null ? new char[0] : spec.keyStorePassword().toCharArray();
      store = store(TlsFiles.KEY_STORE, spec.keyStore(), TlsFiles.KEY_STORE_PASSWORD, password,
          TlsFiles.KEY_STORE_TYPE, spec.keyStoreType());
    } else {
      return null;
    }
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    try {
      kmf.init(store, password);
    } catch (UnrecoverableKeyException e) {
      throw new OptionException(TlsFiles.KEY_STORE_PASSWORD + " opens " + spec.keyStore() + " but not the key in it;"
          + " the key's password must be the store's");
    }
    return kmf.getKeyManagers();
  }

  private static TrustManager[] trustManagers(Spec spec) throws GeneralSecurityException {
    KeyStore store;
    if (spec.caFile() != null) {
      Path file = readable(TlsFiles.CA_FILE, spec.caFile());
      List<X509Certificate> cas = PemFiles.certificates(blocks(file, TlsFiles.CA_FILE), file, TlsFiles.CA_FILE);
      if (cas.isEmpty()) {
        throw new OptionException(TlsFiles.CA_FILE, spec.caFile(), "no certificate in it; expected PEM"
            + " certificates (BEGIN CERTIFICATE) of the CAs to trust");
      }
      store = KeyStore.getInstance("PKCS12");
      load(store, null, null, null, null);
      for (int i = 0; i < cas.size(); i++) {
        store.setCertificateEntry("ca-" + i, cas.get(i));
      }
    } else if (spec.trustStore() != null) {
      store = store(TlsFiles.TRUST_STORE, spec.trustStore(), TlsFiles.TRUST_STORE_PASSWORD,
          spec.trustStorePassword() == null ? null : spec.trustStorePassword().toCharArray(),
          TlsFiles.TRUST_STORE_TYPE, spec.trustStoreType());
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
        throw new OptionException(typeProperty, type, "use PKCS12 or JKS (or leave it out: the type is read from"
            + " the file)");
      }
      load(store, file, password, property, passwordProperty);
      return store;
    }
    try {
      return KeyStore.getInstance(file.toFile(), password);
    } catch (IOException e) {
      throw loadFailure(e, property, file, passwordProperty, password);
    } catch (java.security.KeyStoreException e) {
      throw new OptionException(property + "=" + Text.shown(path) + ": not a key store the JDK can read (JKS or"
          + " PKCS12 expected); for PEM files use " + (property.equals(TlsFiles.TRUST_STORE) ? TlsFiles.CA_FILE
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

  private static OptionException loadFailure(IOException e, String property, Path file, String passwordProperty,
                                             char[] password) {
    if (e.getCause() instanceof UnrecoverableKeyException || String.valueOf(e.getMessage()).contains("password")) {
      boolean printable = password == null || new String(password).chars().allMatch(c -> c >= 0x20 && c <= 0x7e);
      return new OptionException(passwordProperty + " does not open " + Text.shown(file.toString())
          + " (wrong password, or none given" + (printable ? ")" : "; note that the JDK opens AES-encrypted PKCS#12"
          + " stores, as OpenSSL 3 writes them, only with printable ASCII passwords: re-export it with one)"));
    }
    return new OptionException(property + "=" + Text.shown(file.toString()) + ": cannot read it as a key store: "
        + e.getMessage());
  }

  private static List<PemFiles.Block> blocks(Path file, String property) {
    try {
      return PemFiles.blocks(file, property);
    } catch (IOException e) {
      throw new OptionException(property, file.toString(), "cannot read it: " + e);
    }
  }

  private static Path readable(String property, String path) {
    Path file = Path.of(path);
    if (!Files.isRegularFile(file)) {
      throw new OptionException(property, path, Files.exists(file) ? "not a file" : "no such file");
    }
    if (!Files.isReadable(file)) {
      throw new OptionException(property, path, "cannot read it (permissions)");
    }
    return file;
  }

  private static void requireFileFor(String property, String value, String fileProperty, String file) {
    if (value != null && file == null) {
      throw new OptionException(property + " is given without " + fileProperty + "; give " + fileProperty
          + " too, or drop " + property);
    }
  }

  private static void exclusive(String a, String va, String b, String vb) {
    if (va != null && vb != null) {
      throw new OptionException(a + " and " + b + " are both given; give one of them");
    }
  }

  private static String firstGiven(Spec s) {
    return s.caFile() != null ? TlsFiles.CA_FILE : s.trustStore() != null ? TlsFiles.TRUST_STORE
        : s.certificateKeyFile() != null ? TlsFiles.CERTIFICATE_KEY_FILE : TlsFiles.KEY_STORE;
  }

  private static String urlName(String lower) {
    return switch (lower) {
      case "tlscafile" -> "tlsCAFile";
      case "tlscertificatekeyfile" -> "tlsCertificateKeyFile";
      default -> "tlsCertificateKeyFilePassword";
    };
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TlsOptions t && Objects.equals(spec, t.spec)
        && Objects.equals(hostnameChecksOff, t.hostnameChecksOff);
  }

  @Override
  public int hashCode() {
    return Objects.hash(spec, hostnameChecksOff);
  }

  @Override
  public String toString() {
    return spec == null ? "no TLS files" : "TLS files";
  }
}
