package dev.ycsbpack.mongodb;

import dev.ycsbpack.common.NearestName;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.TlsFiles;
import dev.ycsbpack.common.UrlOptions;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Checks the options of a {@code mongodb.url} that the driver (5.14) would only warn about, or reject late.
 *
 * <p>The driver logs a warning and goes on for an unknown option ({@code wtimout=5000}: no write timeout) and
 * for a boolean it cannot read ({@code tls=maybe}: no TLS); it rejects {@code maxPoolSize=-1} only when the
 * client is built, and {@code wtimeoutMS} past the int range with a bare {@code NumberFormatException}. Each of
 * those is refused here with one line naming the option, its value and what it accepts. The URL itself is
 * never shown, and the values of secret-bearing options ({@code authMechanismProperties}, {@code proxyPassword})
 * are masked.
 */
final class ConnectionStringCheck {
  private enum Kind {
    BOOLEAN, INT, LONG, TEXT
  }

  /** The driver's option names (ConnectionString 5.14, plus its aliases j and wtimeout), as it spells them. */
  private static final Map<String, Option> OPTIONS = new LinkedHashMap<>();

  private static final class Option {
    final String name;
    final Kind kind;
    final long min;
    final long max;
    final Set<String> values;

    Option(String name, Kind kind, long min, long max, Set<String> values) {
      this.name = name;
      this.kind = kind;
      this.min = min;
      this.max = max;
      this.values = values;
    }
  }

  /**
   * TLS file options of other drivers and mongosh that the Java driver ignores; the binding reads the first three
   * itself ({@link TlsFiles#URL_OPTIONS}) and refuses the others, naming what to use instead.
   */
  private static final Map<String, String> UNREAD_TLS_FILES = Map.of(
      "tlscrlfile", "certificate revocation lists are not supported",
      "sslcafile", "write tlsCAFile (or -p mongodb.tls.caFile=FILE)",
      "sslpemkeyfile", "write tlsCertificateKeyFile (or -p mongodb.tls.certificateKeyFile=FILE)",
      "sslpemkeypassword", "write tlsCertificateKeyFilePassword (or -p mongodb.tls.certificateKeyFilePassword=...)");
  /**
   * The driver's deprecated spellings: it honours them but logs a deprecation warning, which this pack's output
   * would carry; refused with the spelling to use, so what the URL says is what the driver reads, without warnings.
   */
  private static final Map<String, String> DEPRECATED_NAMES = Map.of("j", "journal", "wtimeout", "wtimeoutMS");
  /** Options removed from the driver, which it would ignore (with a warning), and what to do instead. */
  private static final Map<String, String> REMOVED = Map.of("waitqueuemultiple", "it was removed from the Java driver"
      + " (4.0) and would be ignored; remove it (threads wait for a pooled connection up to waitQueueTimeoutMS;"
      + " upstream YCSB's mongodb.threadsAllowedToBlockForConnectionMultiplier is named as ignored the same way)");
  private static final Set<String> TRUE_VALUES = Set.of("true");
  private static final Set<String> FALSE_VALUES = Set.of("false");
  /** Boolean spellings the driver reads with a deprecation warning. */
  private static final Set<String> DEPRECATED_BOOLEANS = Set.of("yes", "no", "1", "0");

  static {
    for (String b : new String[] {"tls", "ssl", "tlsInsecure", "tlsAllowInvalidHostnames",
        "sslInvalidHostnameAllowed", "retryWrites", "retryReads", "directConnection", "loadBalanced", "journal",
        "j", "safe"}) {
      add(b, Kind.BOOLEAN, 0, 0);
    }
    int max = Integer.MAX_VALUE;
    add("maxPoolSize", Kind.INT, 0, max);
    add("minPoolSize", Kind.INT, 0, max);
    add("maxConnecting", Kind.INT, 1, max);
    add("maxIdleTimeMS", Kind.INT, 0, max);
    add("maxLifeTimeMS", Kind.INT, 0, max);
    add("waitQueueTimeoutMS", Kind.INT, 0, max);
    add("connectTimeoutMS", Kind.INT, 0, max);
    add("socketTimeoutMS", Kind.INT, 0, max);
    add("serverSelectionTimeoutMS", Kind.INT, -1, max);
    add("localThresholdMS", Kind.INT, 0, max);
    add("heartbeatFrequencyMS", Kind.INT, 1, max);
    add("wtimeoutMS", Kind.INT, 0, max);
    add("wtimeout", Kind.INT, 0, max);
    add("maxStalenessSeconds", Kind.INT, -1, max);
    add("zlibCompressionLevel", Kind.INT, -1, 9);
    add("srvMaxHosts", Kind.INT, 0, max);
    add("proxyPort", Kind.INT, 1, 65535);
    add("maxAdaptiveRetries", Kind.INT, 0, max);
    add("timeoutMS", Kind.LONG, 0, Long.MAX_VALUE);
    addValues("readConcernLevel", "local", "majority", "linearizable", "snapshot", "available");
    addValues("uuidRepresentation", "unspecified", "standard", "javaLegacy", "csharpLegacy", "pythonLegacy");
    addValues("serverMonitoringMode", "stream", "poll", "auto");
    addValues("authMechanism", "SCRAM-SHA-1", "SCRAM-SHA-256", "MONGODB-X509", "PLAIN", "GSSAPI", "MONGODB-AWS",
        "MONGODB-OIDC");
    for (String t : new String[] {"appName", "authMechanismProperties", "authSource", "compressors",
        "gssapiServiceName",
        "proxyHost", "proxyPassword", "proxyUsername", "readPreference", "readPreferenceTags", "replicaSet",
        "srvServiceName", "srvAllowedHostsSuffix", "w", "enableOverloadRetargeting"}) {
      add(t, Kind.TEXT, 0, 0);
    }
  }

  private static void add(String name, Kind kind, long min, long max) {
    OPTIONS.put(name.toLowerCase(Locale.ROOT), new Option(name, kind, min, max, null));
  }

  private static void addValues(String name, String... values) {
    Set<String> lower = new java.util.TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    lower.addAll(java.util.List.of(values));
    OPTIONS.put(name.toLowerCase(Locale.ROOT), new Option(name, Kind.TEXT, 0, 0, lower));
  }

  private ConnectionStringCheck() {
  }

  /** The option names this check knows, lower-cased (a test compares them with the driver's). */
  static Set<String> knownOptions() {
    return OPTIONS.keySet();
  }

  /**
   * Refuses the first option of {@code url} the driver would ignore or reject late.
   *
   * @throws OptionException {@code invalid mongodb.url option NAME=VALUE: ...}, never showing the URL
   */
  static void check(String url) {
    try {
      checkOptions(url);
    } catch (OptionException e) {
      if (UrlOptions.readsAsWritten(url)) {
        throw e;
      }
      // what the driver reads as options may be the tail of a password with a raw '/' or '?': name none of it
      throw new OptionException("invalid " + BindingOptions.URL + ": an option after its hosts is refused, and an '@'"
          + " there suggests a password with an unescaped '/', '?' or '@' that the driver would read as hosts and"
          + " options; percent-encode those in the user info (%2F, %3F, %40) or, in an option's value, the '@' (%40)");
    }
  }

  private static void checkOptions(String url) {
    Map<String, String> seen = new LinkedHashMap<>();
    for (UrlOptions.Pair pair : UrlOptions.pairs(url)) {
      String name = pair.name();
      String value = pair.value() == null ? "" : pair.value();
      Option option = OPTIONS.get(name.toLowerCase(Locale.ROOT));
      if (option == null && TlsFiles.URL_OPTION_KEYS.contains(pair.key())) {
        continue; // read by the binding (TlsOptions), removed from the URL the driver sees
      }
      if (option == null && UNREAD_TLS_FILES.containsKey(name.toLowerCase(Locale.ROOT))) {
        throw new OptionException("invalid " + BindingOptions.URL + ": option " + Text.shown(name) + " is not read"
            + " by the Java driver (it would be ignored); " + UNREAD_TLS_FILES.get(name.toLowerCase(Locale.ROOT)));
      }
      if (option == null && REMOVED.containsKey(name.toLowerCase(Locale.ROOT))) {
        throw new OptionException("invalid " + BindingOptions.URL + ": option " + Text.shown(name) + ": "
            + REMOVED.get(name.toLowerCase(Locale.ROOT)));
      }
      if (option != null && DEPRECATED_NAMES.containsKey(option.name)) {
        throw new OptionException("invalid " + BindingOptions.URL + " option " + option.name + ": the driver's"
            + " deprecated spelling (it would warn); write " + DEPRECATED_NAMES.get(option.name) + " instead");
      }
      if (option == null) {
        throw new OptionException("invalid " + BindingOptions.URL + ": unknown option " + Text.shown(name)
            + suggestion(name) + " (the driver would ignore it); see the connection string options at"
            + " https://www.mongodb.com/docs/manual/reference/connection-string-options/");
      }
      if (pair.value() == null) {
        throw new OptionException("invalid " + BindingOptions.URL + " option " + option.name + ": no value;"
            + " write " + option.name + "=VALUE");
      }
      check(option, value);
      seen.put(option.name.toLowerCase(Locale.ROOT), value);
    }
    String min = seen.get("minpoolsize");
    String max = seen.get("maxpoolsize");
    if (min != null && max != null && Long.parseLong(max) != 0 && Long.parseLong(min) > Long.parseLong(max)) {
      throw new OptionException("invalid " + BindingOptions.URL + " options minPoolSize=" + min + " and maxPoolSize="
          + max + ": expected minPoolSize <= maxPoolSize");
    }
  }

  private static void check(Option option, String value) {
    switch (option.kind) {
      case BOOLEAN -> {
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (DEPRECATED_BOOLEANS.contains(v)) {
          throw refused(option, value, "use true or false (" + v + " is a deprecated spelling the driver would warn"
              + " about)");
        }
        if (!TRUE_VALUES.contains(v) && !FALSE_VALUES.contains(v)) {
          throw refused(option, value, "use true or false (the driver would ignore it"
              + (option.name.startsWith("tls") || option.name.startsWith("ssl") ? " and connect without it)" : ")"));
        }
      }
      case INT, LONG -> {
        long n;
        try {
          n = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
          throw refused(option, value, range(option));
        }
        if (n < option.min || n > option.max) {
          throw refused(option, value, range(option));
        }
      }
      case TEXT -> {
        if (option.values != null && !option.values.contains(value.trim())) {
          throw refused(option, value, "use one of " + String.join(", ", option.values));
        }
      }
      default -> throw new AssertionError(option.kind);
    }
  }

  private static String range(Option option) {
    return "use a whole number from " + option.min + " to " + option.max;
  }

  private static OptionException refused(Option option, String value, String expected) {
    String shown = Redactor.isSecretName(option.name) ? Redactor.MASK : Text.shown(value);
    return new OptionException("invalid " + BindingOptions.URL + " option " + option.name + "=" + shown + ": "
        + expected);
  }

  /**
   * A known option within two edits of {@code name} (wtimout: wtimeoutMS), as a hint: common's {@link NearestName}
   * over the options' names and their names without the {@code MS} unit, each standing for the option as it should
   * be written (the deprecated spellings for their replacements).
   */
  private static String suggestion(String name) {
    Map<String, String> spelledAs = new LinkedHashMap<>();
    for (Option o : OPTIONS.values()) {
      String written = DEPRECATED_NAMES.getOrDefault(o.name, o.name);
      spelledAs.putIfAbsent(o.name, written);
      if (o.name.toLowerCase(Locale.ROOT).endsWith("ms")) {
        spelledAs.putIfAbsent(o.name.substring(0, o.name.length() - 2), written);
      }
    }
    return NearestName.among(name, spelledAs.keySet()).map(n -> " (did you mean " + spelledAs.get(n) + "?)")
        .orElse("");
  }

  /** The driver's spelling of a lower-cased option name (wtimeoutMS for wtimeoutms). */
  static String spelling(String lowerCased) {
    Option option = OPTIONS.get(lowerCased);
    return option == null ? lowerCased : option.name;
  }
}
