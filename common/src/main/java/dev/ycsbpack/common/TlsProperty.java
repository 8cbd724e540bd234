package dev.ycsbpack.common;

import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * The binding properties that set up TLS, each with what its value is: the one list of them, from which
 * {@link TlsFiles#ALL} and {@link TlsFiles#FILE_PROPERTIES} are derived, so a property added here is known to the
 * binding and, when it names a file, staged by the coordinator.
 */
public enum TlsProperty {
  // @formatter:off (one constant a line: the formatter would run them together)
  /** PEM certificates of the CAs to trust (instead of the JVM's default ones). */
  CA_FILE("mongodb.tls.caFile", Value.FILE),
  /** PEM client certificate (chain) and its private key, for X.509 authentication or servers that require one. */
  CERTIFICATE_KEY_FILE("mongodb.tls.certificateKeyFile", Value.FILE),
  CERTIFICATE_KEY_FILE_PASSWORD("mongodb.tls.certificateKeyFilePassword", Value.PASSWORD),
  /** JKS or PKCS#12 trust store. */
  TRUST_STORE("mongodb.tls.trustStore", Value.FILE),
  TRUST_STORE_PASSWORD("mongodb.tls.trustStorePassword", Value.PASSWORD),
  TRUST_STORE_TYPE("mongodb.tls.trustStoreType", Value.STORE_TYPE),
  /** JKS or PKCS#12 key store holding the client's key and certificate. */
  KEY_STORE("mongodb.tls.keyStore", Value.FILE),
  KEY_STORE_PASSWORD("mongodb.tls.keyStorePassword", Value.PASSWORD),
  KEY_STORE_TYPE("mongodb.tls.keyStoreType", Value.STORE_TYPE);
  // @formatter:on

  /** What a property's value is. */
  public enum Value {
    /** A file the client reads (so the coordinator copies it to every client host). */
    FILE,
    /** The password of a file's key or store. */
    PASSWORD,
    /** A key store type ({@code JKS}, {@code PKCS12}, ...). */
    STORE_TYPE
  }

  private final String key;
  private final Value value;

  TlsProperty(String key, Value value) {
    this.key = key;
    this.value = value;
  }

  /** The property's name, as a user sets it ({@code -p mongodb.tls.caFile=...}). */
  public String key() {
    return key;
  }

  /** Whether its value is a file the client reads (not a password or a type). */
  public boolean file() {
    return value == Value.FILE;
  }

  /** Whether its value is a password, taken as given (other values are trimmed). */
  public boolean password() {
    return value == Value.PASSWORD;
  }

  /** The names of the properties that {@code which} accepts, in declaration order. */
  static List<String> keys(Predicate<TlsProperty> which) {
    return Arrays.stream(values()).filter(which).map(TlsProperty::key).toList();
  }
}
