package dev.ycsbpack.common;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The options of a {@code mongodb://} URL (the part after {@code ?}), read as the Java driver reads them: pairs split
 * at {@code &} or {@code ;}, names and values percent-decoded, a {@code +} kept as it is. The one parser of URL options
 * in the pack: the binding checks and reads them, the coordinator and the experiments look for the TLS file options.
 */
public final class UrlOptions {
  /**
   * One option as written.
   *
   * @param name  decoded, as spelled
   * @param value decoded; null when the pair has no {@code =}
   */
  public record Pair(String name, String value) {
    /** The name lower-cased: option names are case-insensitive. */
    public String key() {
      return name.toLowerCase(Locale.ROOT);
    }
  }

  private UrlOptions() {
  }

  /** Every non-empty pair of the URL's options, in order. */
  public static List<Pair> pairs(String url) {
    List<Pair> out = new ArrayList<>();
    String query = query(url);
    if (query == null) {
      return out;
    }
    for (String pair : query.split("[&;]")) {
      if (!pair.isEmpty()) {
        int eq = pair.indexOf('=');
        out.add(new Pair(decode(eq < 0 ? pair : pair.substring(0, eq)),
            eq < 0 ? null : decode(pair.substring(eq + 1))));
      }
    }
    return out;
  }

  /**
   * The URL's options that have a value, by lower-cased name; a repeated option's values joined by {@code ;} (the way
   * {@code mongodb.readPreferenceTags} writes several tag sets).
   */
  public static Map<String, String> of(String url) {
    Map<String, String> options = new LinkedHashMap<>();
    for (Pair p : pairs(url)) {
      if (p.value() != null && !p.name().isEmpty()) {
        options.merge(p.key(), p.value(), (a, b) -> a + ";" + b);
      }
    }
    return options;
  }

  /** The URL without the options named (lower-cased) in {@code keys}; the rest exactly as written. */
  public static String without(String url, Set<String> keys) {
    String query = query(url);
    if (query == null || query.isEmpty()) {
      return url;
    }
    List<String> kept = new ArrayList<>();
    for (String pair : query.split("[&;]")) {
      int eq = pair.indexOf('=');
      if (!pair.isEmpty() && !keys.contains(decode(eq < 0 ? pair : pair.substring(0, eq)).toLowerCase(Locale.ROOT))) {
        kept.add(pair);
      }
    }
    String head = url.substring(0, url.length() - query.length() - 1);
    return kept.isEmpty() ? head : head + "?" + String.join("&", kept);
  }

  /**
   * One host list as the driver takes it: {@code host[:port]} or {@code [v6]:port} items, comma-separated; never an
   * '=', '&amp;' or ';' (an option's), an '@' or a '/'.
   */
  private static final Pattern HOST = Pattern.compile("(\\[[^\\]]*\\]|[^/?@=&;,:\\[\\]]+)(:[0-9]+)?");

  /**
   * Options whose values are paths or free text, where an '@' belongs to the value (a home folder under a realm,
   * {@code appName=ycsb@lab}); lower-cased. Only these: after any other name an '@' may end a password holding a raw
   * '?' ({@code u:hunter@part?w=tail@db1}).
   */
  private static final Set<String> AT_IN_VALUE = Set.of("tlscafile", "tlscertificatekeyfile", "appname");

  /** An option's name and '=', then its value up to an '@'. */
  private static final Pattern PAIR_UP_TO_AT = Pattern.compile("([A-Za-z][A-Za-z0-9_]*)=[^&;]*");

  /** How many '@' after a URL's hosts are weighed one by one; past that, the URL is taken as odd. */
  private static final int MAX_LATER_AT = 16;

  /**
   * The part after '?', where the driver's {@code ConnectionString} finds it: the user info and hosts end at the first
   * '/' or '?', the user info at the last '@' before that, and the options start at the first '?' after the hosts. So
   * an '@', '/' or '?' in an option's value ({@code tlsCAFile=/home/jdoe@corp.example.com/ca.pem},
   * {@code appName=ycsb@lab}) never hides an option the driver reads.
   *
   * <p>Only when that first part is no {@code [user@]hosts} (a URL the driver refuses, as when a '/' or '?' was left
   * unescaped in a password) does the URL's last '@' end the user info, when a host list and a '/' or '?' follow it,
   * so that a part of the password never starts the options (and a refusal never names it). Null when there are no
   * options, or when no host list can be found.
   */
  private static String query(String url) {
    int scheme = url.indexOf("://");
    if (scheme < 0) {
      return null;
    }
    String rest = url.substring(scheme + 3);
    if (isUserAndHosts(rest)) {
      int q = rest.indexOf('?');
      return q < 0 ? null : rest.substring(q + 1);
    }
    int at = rest.lastIndexOf('@');
    if (at >= 0) {
      String after = rest.substring(at + 1);
      int end = hostsEnd(after);
      if (end >= 0 && isHosts(after.substring(0, end))) {
        int q = after.indexOf('?');
        return q < 0 ? null : after.substring(q + 1);
      }
    }
    return null;
  }

  /** Whether what comes before the first '/' or '?' is {@code [user@]hosts}, as the driver reads it. */
  private static boolean isUserAndHosts(String rest) {
    if (driverUserInfoEnd(rest) >= 0) {
      return true;
    }
    int end = hostsEnd(rest);
    String head = end < 0 ? rest : rest.substring(0, end);
    return head.indexOf('@') < 0 && isHosts(head);
  }

  /**
   * The '@' that ends the user info the driver reads in {@code rest} (a URL's text after its scheme's slashes): the
   * last '@' before the first '/' or '?', when a host list follows it; else -1.
   */
  static int driverUserInfoEnd(String rest) {
    int end = hostsEnd(rest);
    String head = end < 0 ? rest : rest.substring(0, end);
    int at = head.lastIndexOf('@');
    return at >= 0 && isHosts(head.substring(at + 1)) ? at : -1;
  }

  /**
   * Whether {@code s} is a host list as the driver reads one: {@code host[:port]} or {@code [v6]:port} items,
   * comma-separated; never an '=', '&amp;' or ';' (an option's), an '@' or a '/'. One item at a time: a regex
   * repeating a group per host recurses once per host and overflows the stack at about a thousand.
   */
  private static boolean isHosts(String s) {
    int from = 0;
    while (true) {
      int comma = s.indexOf(',', from);
      if (!HOST.matcher(s).region(from, comma < 0 ? s.length() : comma).matches()) {
        return false;
      }
      if (comma < 0) {
        return true;
      }
      from = comma + 1;
    }
  }

  /** Whether {@code rest}'s '@' at {@code at} belongs to the value of an option whose name says secret. */
  private static boolean inSecretValue(String rest, int from, int at) {
    Matcher m = pairUpTo(rest, from, at);
    return m != null && SecretNames.isSecret(m.group(1));
  }

  /** The {@code name=value} pair after the options' '?' that {@code rest}'s '@' at {@code at} ends in, or null. */
  private static Matcher pairUpTo(String rest, int from, int at) {
    int q = rest.indexOf('?', from);
    if (q < 0 || q > at) {
      return null;
    }
    int start = Math.max(q, Math.max(rest.lastIndexOf('&', at), rest.lastIndexOf(';', at))) + 1;
    Matcher m = PAIR_UP_TO_AT.matcher(rest).region(start, at);
    return m.matches() ? m : null;
  }

  /**
   * Whether {@code rest}'s '@' at {@code at} belongs to the value of an option that may hold one (a path or free
   * text, {@link #AT_IN_VALUE}); {@code from} is where the hosts end.
   */
  private static boolean inValueHoldingAt(String rest, int from, int at) {
    Matcher m = pairUpTo(rest, from, at);
    // a secret option's value (tlsCertificateKeyFilePassword=p@ss) is the user's to write as it is, too
    return m != null && (AT_IN_VALUE.contains(m.group(1).toLowerCase(Locale.ROOT))
        || SecretNames.isSecret(m.group(1)));
  }

  /**
   * Whether the URL's user info and hosts, as the driver reads them, are all it has: every '@' after the first '/' or
   * '?' that follows the scheme belongs to an option's value that may hold one, and the part before is
   * {@code [user@]hosts}. When not, a password holding a raw '/' or '?' may have been read as hosts, a path or
   * options, and a refusal must not name an option (its name may be a piece of the password).
   */
  public static boolean readsAsWritten(String url) {
    int scheme = url.indexOf("://");
    if (scheme < 0) {
      return url.indexOf('@') < 0;
    }
    String rest = url.substring(scheme + 3);
    return laterAtsAreValues(rest);
  }

  /**
   * Whether {@code rest} (a URL's text after its scheme's slashes) is {@code [user@]hosts} before its first '/' or
   * '?', and every later '@' (at most {@link #MAX_LATER_AT}) belongs to an option's value that may hold one.
   */
  static boolean laterAtsAreValues(String rest) {
    if (!isUserAndHosts(rest)) {
      return false;
    }
    int from = hostsEnd(rest);
    if (from < 0) {
      return true;
    }
    // without user info, 'host:port' may be 'user:password' whose password starts with digits and holds a raw '/' or
    // '?' ('admin:2024/Spring?appName=x@db1'): the driver reads a host, but a later '@' may still end a password,
    // unless it is in a secret option's value (masked as such; its '@' is the user's to write)
    boolean mayHideUserInfo = driverUserInfoEnd(rest) < 0 && rest.substring(0, from).indexOf(':') >= 0;
    int seen = 0;
    for (int at = rest.indexOf('@', from); at >= 0; at = rest.indexOf('@', at + 1)) {
      if (++seen > MAX_LATER_AT || !inValueHoldingAt(rest, from, at)
          || (mayHideUserInfo && !inSecretValue(rest, from, at))) {
        return false;
      }
    }
    return true;
  }

  /** Where the hosts end: the first '/' or '?', or -1. */
  private static int hostsEnd(String s) {
    int slash = s.indexOf('/');
    int q = s.indexOf('?');
    return slash < 0 ? q : q < 0 ? slash : Math.min(slash, q);
  }

  /** Percent-decoded as the driver decodes; a {@code +} stays a plus; a malformed escape is kept as written. */
  private static String decode(String s) {
    try {
      return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return s;
    }
  }
}
