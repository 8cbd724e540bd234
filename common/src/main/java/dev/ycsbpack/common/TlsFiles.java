package dev.ycsbpack.common;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The binding properties that name TLS files, kept here because two modules must agree on them: the binding reads
 * the files, and the coordinator (which does not depend on the binding) copies them to every client host as
 * owner-only files and points the client's properties at the copies.
 */
public final class TlsFiles {
  /** PEM certificates of the CAs to trust (instead of the JVM's default ones). */
  public static final String CA_FILE = "mongodb.tls.caFile";
  /** PEM client certificate (chain) and its private key, for X.509 authentication or servers that require one. */
  public static final String CERTIFICATE_KEY_FILE = "mongodb.tls.certificateKeyFile";
  public static final String CERTIFICATE_KEY_FILE_PASSWORD = "mongodb.tls.certificateKeyFilePassword";
  /** JKS or PKCS#12 trust store. */
  public static final String TRUST_STORE = "mongodb.tls.trustStore";
  public static final String TRUST_STORE_PASSWORD = "mongodb.tls.trustStorePassword";
  public static final String TRUST_STORE_TYPE = "mongodb.tls.trustStoreType";
  /** JKS or PKCS#12 key store holding the client's key and certificate. */
  public static final String KEY_STORE = "mongodb.tls.keyStore";
  public static final String KEY_STORE_PASSWORD = "mongodb.tls.keyStorePassword";
  public static final String KEY_STORE_TYPE = "mongodb.tls.keyStoreType";

  /** The properties whose value is a file the client reads. */
  public static final List<String> FILE_PROPERTIES = List.of(CA_FILE, CERTIFICATE_KEY_FILE, TRUST_STORE, KEY_STORE);

  /** Every TLS property of the binding. */
  public static final List<String> ALL = List.of(CA_FILE, CERTIFICATE_KEY_FILE, CERTIFICATE_KEY_FILE_PASSWORD,
      TRUST_STORE, TRUST_STORE_PASSWORD, TRUST_STORE_TYPE, KEY_STORE, KEY_STORE_PASSWORD, KEY_STORE_TYPE);

  /**
   * A URL option of other drivers and mongosh naming a TLS file (or its password), which the Java driver does not
   * read: the binding reads it as {@code property}; the coordinator asks for the property instead (it stages only
   * properties' files).
   *
   * @param name as the drivers spell it
   */
  public record UrlOption(String name, String property) {
    /** The lower-cased name, as {@link UrlOptions#of} keys it. */
    public String key() {
      return name.toLowerCase(Locale.ROOT);
    }

    /** Whether it names a file (not a password). */
    public boolean file() {
      return FILE_PROPERTIES.contains(property);
    }
  }

  /** The URL options meaning the same as the properties above. */
  public static final List<UrlOption> URL_OPTIONS = List.of(new UrlOption("tlsCAFile", CA_FILE),
      new UrlOption("tlsCertificateKeyFile", CERTIFICATE_KEY_FILE),
      new UrlOption("tlsCertificateKeyFilePassword", CERTIFICATE_KEY_FILE_PASSWORD));

  /** The lower-cased names of {@link #URL_OPTIONS}. */
  public static final Set<String> URL_OPTION_KEYS = URL_OPTIONS.stream().map(UrlOption::key)
      .collect(Collectors.toUnmodifiableSet());

  private TlsFiles() {
  }
}
