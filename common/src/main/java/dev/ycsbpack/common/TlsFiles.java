package dev.ycsbpack.common;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The binding's TLS properties ({@link TlsProperty}) as lists, and the URL options meaning the same, kept here
 * because two modules must agree on them: the binding reads the files, and the coordinator (which does not depend on
 * the binding) copies them to every client host as owner-only files and points the client's properties at the copies.
 */
public final class TlsFiles {
  /** The properties whose value is a file the client reads. */
  public static final List<String> FILE_PROPERTIES = TlsProperty.keys(TlsProperty::file);

  /** Every TLS property of the binding. */
  public static final List<String> ALL = TlsProperty.keys(p -> true);

  /**
   * A URL option of other drivers and mongosh naming a TLS file (or its password), which the Java driver does not
   * read: the binding reads it as {@code property}; the coordinator asks for the property instead (it stages only
   * properties' files).
   *
   * @param name as the drivers spell it
   */
  public record UrlOption(String name, TlsProperty property) {
    /** The lower-cased name, as {@link UrlOptions#of} keys it. */
    public String key() {
      return name.toLowerCase(Locale.ROOT);
    }

    /** Whether it names a file (not a password). */
    public boolean file() {
      return property.file();
    }
  }

  /** The URL options meaning the same as the properties above. */
  public static final List<UrlOption> URL_OPTIONS = List.of(new UrlOption("tlsCAFile", TlsProperty.CA_FILE),
      new UrlOption("tlsCertificateKeyFile", TlsProperty.CERTIFICATE_KEY_FILE),
      new UrlOption("tlsCertificateKeyFilePassword", TlsProperty.CERTIFICATE_KEY_FILE_PASSWORD));

  /** The lower-cased names of {@link #URL_OPTIONS}. */
  public static final Set<String> URL_OPTION_KEYS = URL_OPTIONS.stream().map(UrlOption::key)
      .collect(Collectors.toUnmodifiableSet());

  private TlsFiles() {
  }
}
