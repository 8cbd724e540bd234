package dev.ycsbpack.mongodb;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import dev.ycsbpack.common.TlsSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;

/**
 * The run's TLS as the driver gets it: the files (read by common's {@link TlsSettings}, as the experiments read
 * them) into the client settings' SSL context, what the environment record and the banner say, and the hostname
 * check the URL may turn off. Any TLS file turns TLS on.
 *
 * @param spec what the user gave; null without any file. Its toString names no password
 * @param sslContext built from {@code spec}'s files; null without any
 * @param hostnameChecksOff the URL option that turned hostname verification off, or null
 */
record TlsOptions(TlsSettings spec, SSLContext sslContext, String hostnameChecksOff) {
  private static final TlsOptions NONE = new TlsOptions(null, null, null);
  /** The URL option that turns TLS on. */
  private static final Pattern URL_TLS = Pattern.compile("[?&]((?i:tls|ssl))=((?i:true))(?:&|$)");

  /**
   * Reads the TLS properties (and the URL's TLS file options) and builds the SSL context.
   *
   * @param urlOptions the URL's options, lower-cased names (see {@link dev.ycsbpack.common.UrlOptions#of})
   * @throws OptionException for a missing or unreadable file, a wrong password, or options that contradict
   */
  static TlsOptions from(Properties p, Map<String, String> urlOptions, ConnectionString cs) {
    try {
      TlsSettings spec = TlsSettings.from(p::getProperty, urlOptions);
      String offBy = hostnameChecksOff(urlOptions, cs);
      if (!spec.files()) {
        return offBy == null ? NONE : new TlsOptions(null, null, offBy);
      }
      if (Boolean.FALSE.equals(cs.getSslEnabled())) {
        throw new OptionException("mongodb.url says tls=false, but " + spec.firstGiven() + " is given; drop one of"
            + " them");
      }
      return new TlsOptions(spec, spec.sslContext(), offBy);
    } catch (TlsSettings.Refusal e) {
      throw new OptionException(e.getMessage());
    }
  }

  /** Turns TLS on with these files' context (the URL's other TLS options stay as they are). */
  void apply(MongoClientSettings.Builder settings) {
    if (sslContext != null) {
      settings.applyToSslSettings(ssl -> ssl.enabled(true).context(sslContext));
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
    if (spec != null && spec.clientCertificate()) {
      parts.add("client certificate from " + spec.clientCertificateFile());
    }
    return String.join(", ", parts);
  }

  /** What a failed connection's explanation needs to know. */
  ConnectFailures.Context context(ConnectionString cs) {
    return new ConnectFailures.Context(enabled(cs), trusted(), spec != null && spec.clientCertificate(), tlsOn(cs));
  }

  /** Why TLS is on, in words, or null when it is off. */
  private String tlsOn(ConnectionString cs) {
    if (spec != null) {
      return spec.firstGiven() + " is given";
    }
    if (!enabled(cs)) {
      return null;
    }
    Matcher m = URL_TLS.matcher(cs.getConnectionString());
    return m.find() ? m.group(1) + "=" + m.group(2) + " in mongodb.url"
        : "a mongodb+srv:// URL uses TLS unless it says tls=false";
  }

  private String trusted() {
    return spec == null ? "the JVM's default CAs" : spec.trusted();
  }

  /** The stderr warning when a check is off, else null. */
  String warning() {
    return hostnameChecksOff == null ? null : "mongodb binding: warning: TLS hostname verification is OFF ("
        + hostnameChecksOff + "): the server's certificate may name any host; the results record this (tls in"
        + " environment.properties)";
  }

  private boolean enabled(ConnectionString cs) {
    return sslContext != null || Boolean.TRUE.equals(cs.getSslEnabled());
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

  /** The same files and checks: the SSL context, built from the files, is a new object each time (no equals). */
  @Override
  public boolean equals(Object o) {
    return o instanceof TlsOptions t && Objects.equals(spec, t.spec)
        && Objects.equals(hostnameChecksOff, t.hostnameChecksOff);
  }

  @Override
  public int hashCode() {
    return Objects.hash(spec, hostnameChecksOff);
  }

  /** Names neither the files nor the context: a record's own toString would print both. */
  @Override
  public String toString() {
    return spec == null ? "no TLS files" : "TLS files";
  }
}
