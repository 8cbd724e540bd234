package dev.ycsbpack.common;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one redaction of the pack: everything the launcher, the binding, aggregate, the coordinator and the test kit
 * print or write goes through an instance of this class.
 *
 * <p>It works on two levels, because neither is enough alone:
 * <ol>
 *   <li><b>By meaning.</b> A redactor built from the properties a run was given knows every secret value in them
 *       (the user info of every URL, the values of secret-bearing URL options such as
 *       {@code authMechanismProperties} or {@code tlsCertificateKeyFilePassword}, and properties whose name says
 *       secret). It removes those exact values and the forms they take when a library re-prints them
 *       (percent-encoded, percent-decoded, Java-properties-, JSON- or HTML-escaped), whatever characters they hold:
 *       a password with a space, a quote or a newline is found where no pattern over text would find it.</li>
 *   <li><b>By shape.</b> Any {@code scheme://user:password@} and any {@code name=value} whose name says secret is
 *       masked wherever it appears, so a URL the redactor was never told about (a mistyped scheme, a URL inside a
 *       driver's stack trace) still loses its password.</li>
 * </ol>
 * Immutable and thread-safe.
 */
public final class Redactor {
  /** What a secret is replaced with, everywhere. */
  public static final String MASK = "*****";

  /** Words that make a property or URL option name secret (case-insensitive substring match). */
  private static final List<String> SECRET_WORDS = List.of("password", "passwd", "pwd", "secret", "token",
      "credential", "apikey", "api_key", "privatekey", "private_key", "authmechanismproperties");

  /**
   * Scheme (any, including mistyped ones such as {@code mongdb:/}), then user info up to the <em>last</em> '@' of the
   * run of non-space text: an unescaped '@' or '/' in a mistyped password must not leave its tail visible. Hiding a
   * little too much of an odd URL is the safe way to be wrong.
   */
  private static final Pattern URL_SCHEME = Pattern.compile("(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*+:/{1,2}");
  /**
   * {@code name=value} or {@code name:value}; the value runs to a separator. The name is the whole run of name
   * characters before the {@code =} (lookbehind, possessive): each run is read once, so a long value costs linear
   * time. Whether the name says secret is decided in code ({@link #isSecretName}), and only then is the value read
   * (it runs to one of {@code & ; , " ' < >} or white space).
   */
  private static final Pattern ASSIGNMENT = Pattern.compile("(?<![A-Za-z0-9_.-])[A-Za-z0-9_.-]++[=:]");
  /** authMechanismProperties's whole value: it may hold an AWS session token after any other pair. */
  private static final Pattern AUTH_MECHANISM_PROPERTIES =
      Pattern.compile("(?i)(authMechanismProperties=)([^&\\s\"'<>]+)");

  /** Fragments shorter than this are not hunted for on their own (they would blank ordinary words). */
  private static final int MIN_FRAGMENT = 3;

  /** How many '@' after a URL's hosts are read as possible ends of its user info; past that, the last one. */
  private static final int MAX_LATER_AT = 16;

  /** An option's name and '=', then its value up to an '@': that '@' is the value's. */
  private static final Pattern OPTION_PAIR_START = Pattern.compile("[A-Za-z][A-Za-z0-9_]*=[^&;]*");

  private static final Redactor SHAPE_ONLY = new Redactor(List.of(), List.of());

  /** Exact strings to remove, longest first so a longer form is replaced before a part of it. */
  private final List<String> needles;
  /** The secret forms as given, to derive {@link #forLines()}. */
  private final List<String> forms;

  private Redactor(List<String> needles, List<String> forms) {
    this.needles = needles;
    this.forms = forms;
  }

  /** A redactor that knows no secret values and masks by shape only. */
  public static Redactor shapeOnly() {
    return SHAPE_ONLY;
  }

  /** A redactor that knows every secret in these properties (see the class comment). */
  public static Redactor of(Properties properties) {
    List<String> secrets = new ArrayList<>();
    for (String name : properties.stringPropertyNames()) {
      collectSecrets(name, properties.getProperty(name), secrets);
    }
    return shapeOnly().withSecrets(secrets);
  }

  /** A redactor that knows every secret in these properties (see the class comment). */
  public static Redactor of(Map<String, String> properties) {
    List<String> secrets = new ArrayList<>();
    properties.forEach((k, v) -> collectSecrets(k, v, secrets));
    return shapeOnly().withSecrets(secrets);
  }

  /** This redactor, also removing these exact secret values (and their encoded and escaped forms). */
  public Redactor withSecrets(Collection<String> secrets) {
    Set<String> all = new LinkedHashSet<>(forms);
    for (String s : secrets) {
      if (s != null && !s.isEmpty()) {
        all.addAll(forms(s));
      }
    }
    if (all.size() == forms.size()) {
      return this;
    }
    return new Redactor(longestFirst(all), List.copyOf(all));
  }

  /**
   * This redactor for output that is filtered one line at a time: a secret holding a line break reaches such a filter
   * in pieces, so each piece of three or more characters is removed too. Not the default, because short pieces also
   * match ordinary words of whole texts (values, files) that the plain redactor sees in one piece.
   */
  public Redactor forLines() {
    Set<String> all = new LinkedHashSet<>(forms);
    for (String form : forms) {
      if (form.indexOf('\n') >= 0 || form.indexOf('\r') >= 0) {
        for (String piece : form.split("[\r\n]+")) {
          if (piece.length() >= MIN_FRAGMENT) {
            all.add(piece);
          }
        }
      }
    }
    return new Redactor(longestFirst(all), forms);
  }

  private static List<String> longestFirst(Set<String> strings) {
    List<String> sorted = new ArrayList<>(strings);
    sorted.sort(Comparator.comparingInt(String::length).reversed());
    return List.copyOf(sorted);
  }

  /**
   * True for text shaped like a URL with user info: a scheme's {@code :/} and an '@' after it. Where the user info
   * ends is the caller's to decide; this is only whether there may be any.
   */
  public static boolean mayHoldUserInfo(String s) {
    int scheme = s.indexOf(":/");
    return scheme > 0 && s.lastIndexOf('@') > scheme;
  }

  /** True for a property or option name whose value must never be shown. */
  public static boolean isSecretName(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    for (String w : SECRET_WORDS) {
      if (n.contains(w)) {
        return true;
      }
    }
    return false;
  }

  /** {@code text} with every known secret and every secret-shaped part masked; null stays null. */
  public String redact(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    String out = text;
    for (String n : needles) {
      if (out.contains(n)) {
        out = out.replace(n, MASK);
      }
    }
    return redactShapes(out);
  }

  /** A property's value as it may be shown: {@link #MASK} for a secret name, else the value redacted. */
  public String show(String name, String value) {
    if (value == null) {
      return null;
    }
    return isSecretName(name) ? MASK : redact(value);
  }

  private static String redactShapes(String text) {
    String out = text;
    if (out.indexOf('@') >= 0 && out.indexOf(":/") >= 0) {
      out = redactUserInfo(out);
    }
    out = replaceValue(AUTH_MECHANISM_PROPERTIES, out);
    return replaceSecretAssignments(out);
  }

  /**
   * Masks the password of every {@code scheme://user:password@} (see {@link #URL_SCHEME}). The user info runs to the
   * last '@' of the run of non-space text; that '@' is found once per run, so the cost stays linear however many
   * schemes a long run holds.
   */
  private static String redactUserInfo(String text) {
    Matcher m = URL_SCHEME.matcher(text);
    StringBuilder sb = null;
    int last = 0;
    int runEnd = -1;
    int lastAt = -1;
    int from = 0;
    while (from < text.length() && m.find(from)) {
      int infoStart = m.end();
      if (infoStart > runEnd) {
        runEnd = infoStart;
        lastAt = -1;
        while (runEnd < text.length() && !endsUserInfo(text.charAt(runEnd))) {
          if (text.charAt(runEnd) == '@') {
            lastAt = runEnd;
          }
          runEnd++;
        }
      }
      if (lastAt < infoStart) {
        from = infoStart;
        continue;
      }
      int at = userInfoEnd(text.substring(infoStart, lastAt + 1)) + infoStart;
      if (sb == null) {
        sb = new StringBuilder(text.length());
      }
      String info = text.substring(infoStart, at);
      int colon = info.indexOf(':');
      sb.append(text, last, infoStart).append(colon < 0 ? info : info.substring(0, colon) + ":" + MASK).append('@');
      last = at + 1;
      from = last;
    }
    return sb == null ? text : sb.append(text, last, text.length()).toString();
  }

  /**
   * Where the user info of {@code rest} (a URL's text after its scheme's slashes, up to its last '@') ends: the last
   * '@', unless the driver reads user info before the first '/' or '?' (the last '@' there, followed by a host list)
   * and every later '@' lies in an option's value ({@code tlsCAFile=/home/jdoe@corp.example.com/ca.pem}): then the
   * driver's. A password with a raw '@', host-like text, a raw '?' and {@code name=} in it is read as the driver
   * reads it; anything else odd is masked up to the last '@'.
   */
  private static int userInfoEnd(String rest) {
    int lastAt = rest.lastIndexOf('@');
    int driverAt = driverUserInfoEnd(rest);
    if (driverAt < 0) {
      return lastAt;
    }
    int from = UrlOptions.hostsEnd(rest);
    if (from < 0) {
      return driverAt; // nothing after the hosts
    }
    int seen = 0;
    for (int at = rest.indexOf('@', from); at >= 0; at = rest.indexOf('@', at + 1)) {
      if (++seen > MAX_LATER_AT || !inOptionValue(rest, from, at)) {
        return lastAt;
      }
    }
    return driverAt;
  }

  /**
   * The '@' that ends the user info the driver reads in {@code rest} (a URL's text after its scheme's slashes): the
   * last '@' before the first '/' or '?', when a host list follows it; else -1.
   */
  private static int driverUserInfoEnd(String rest) {
    int end = UrlOptions.hostsEnd(rest);
    String head = end < 0 ? rest : rest.substring(0, end);
    int at = head.lastIndexOf('@');
    return at >= 0 && UrlOptions.isHosts(head.substring(at + 1)) ? at : -1;
  }

  private static boolean endsSecretValue(char c) {
    return c == '&' || c == ';' || c == ',' || endsUserInfo(c);
  }

  private static boolean endsUserInfo(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r' // what \\s matches
        || c == '"' || c == '\'' || c == '<' || c == '>';
  }

  /** Masks the value of every {@code name=value} whose name says secret. */
  private static String replaceSecretAssignments(String text) {
    if (text.indexOf('=') < 0 && text.indexOf(':') < 0) {
      return text;
    }
    Matcher m = ASSIGNMENT.matcher(text);
    StringBuilder sb = null;
    int last = 0;
    int from = 0;
    while (from < text.length() && m.find(from)) {
      from = m.end();
      if (!isSecretName(text.substring(m.start(), m.end() - 1))) {
        continue; // the value may hold a secret assignment of its own: go on right after the '='
      }
      int end = from;
      while (end < text.length() && !endsSecretValue(text.charAt(end))) {
        end++;
      }
      if (end == from) {
        continue;
      }
      if (sb == null) {
        sb = new StringBuilder(text.length());
      }
      sb.append(text, last, from).append(MASK);
      last = end;
      from = end;
    }
    return sb == null ? text : sb.append(text, last, text.length()).toString();
  }

  private static String replaceValue(Pattern p, String text) {
    Matcher m = p.matcher(text);
    if (!m.find()) {
      return text;
    }
    StringBuilder sb = new StringBuilder(text.length());
    int last = 0;
    do {
      boolean alreadyMasked = m.group(2).equals(MASK);
      sb.append(text, last, m.start(2)).append(alreadyMasked ? m.group(2) : MASK);
      last = m.end(2);
    } while (m.find());
    return sb.append(text, last, text.length()).toString();
  }

  /** The secret values one property holds: all of it for a secret name, the secret parts of a URL otherwise. */
  private static void collectSecrets(String name, String value, List<String> into) {
    if (value == null || value.isEmpty()) {
      return;
    }
    if (isSecretName(name)) {
      into.add(value);
      return;
    }
    if (mayHoldUserInfo(value)) {
      int scheme = value.indexOf(":/");
      int start = scheme + 2;
      while (start < value.length() && value.charAt(start) == '/') {
        start++;
      }
      String rest = value.substring(start);
      int driverAt = driverUserInfoEnd(rest);
      boolean driverReads = driverAt >= 0;
      if (driverReads) {
        addPassword(rest.substring(0, driverAt), true, into);
      }
      // A later '@' followed by a host list may end a password holding a raw '/' or '?' (which the driver refuses,
      // or reads as a host, a path or options): each such reading is a secret too, with its pieces (the driver may
      // echo what it took for a host or a path). Not an '@' in an option's value
      // ('tlsCAFile=/home/jdoe@corp.example.com/ca.pem') after user info the driver reads: that '@' is the value's,
      // and its pieces would be the words of paths and names. Without such user info the whole reading is masked,
      // but not its pieces.
      int end = UrlOptions.hostsEnd(rest);
      int from = end < 0 ? rest.length() : end;
      boolean found = false;
      boolean tooMany = false;
      int seen = 0;
      for (int at = rest.indexOf('@', from); at >= 0; at = rest.indexOf('@', at + 1)) {
        if (++seen > MAX_LATER_AT) {
          tooMany = true; // a value this odd: every piece up to the last '@', as much masked as can be
          break;
        }
        boolean optionValue = inOptionValue(rest, from, at);
        if (driverReads && optionValue) {
          continue; // after user info the driver reads, an '@' in an option's value is the value's
        }
        if (followedByHosts(rest, at)) {
          addPassword(rest.substring(0, at), !optionValue, into);
          found = true;
        }
      }
      if (tooMany || (!driverReads && !found)) {
        addPassword(rest.substring(0, rest.lastIndexOf('@')), true, into);
      }
    }
    int query = value.indexOf('?');
    if (query >= 0) {
      for (String pair : value.substring(query + 1).split("[&;]")) {
        int eq = pair.indexOf('=');
        if (eq > 0 && isSecretName(pair.substring(0, eq))) {
          String v = pair.substring(eq + 1);
          // authMechanismProperties=A:x,AWS_SESSION_TOKEN:y: the driver decodes, splits at ',' and may echo a
          // pair, so each pair and each value is a secret too, encoded and decoded
          for (String whole : List.of(v, percentDecode(v, false), percentDecode(v, true))) {
            into.add(whole);
            for (String kv : whole.split(",")) {
              into.add(kv);
              int c = kv.indexOf(':');
              if (c >= 0) {
                into.add(kv.substring(c + 1));
              }
            }
          }
        }
      }
    }
  }

  /** Whether a host list follows {@code rest}'s '@' at {@code at}, up to a '/', a '?' or the end. */
  private static boolean followedByHosts(String rest, int at) {
    String after = rest.substring(at + 1);
    int end = UrlOptions.hostsEnd(after);
    return UrlOptions.isHosts(end < 0 ? after : after.substring(0, end));
  }

  /** Whether {@code rest}'s '@' at {@code at} lies in the value of a {@code name=value} option. */
  private static boolean inOptionValue(String rest, int from, int at) {
    int q = rest.indexOf('?', from);
    if (q < 0 || q > at) {
      return false;
    }
    int start = Math.max(q, Math.max(rest.lastIndexOf('&', at), rest.lastIndexOf(';', at))) + 1;
    return OPTION_PAIR_START.matcher(rest.substring(start, at)).matches();
  }

  /** The password of user info {@code info} (after its first ':'), if any; with its pieces when asked. */
  private static void addPassword(String info, boolean withPieces, List<String> into) {
    int colon = info.indexOf(':');
    if (colon < 0) {
      return;
    }
    String password = info.substring(colon + 1);
    into.add(password);
    if (withPieces) {
      // a driver that cannot parse the URL echoes what it took for the host or the path: the password cut at
      // the first character that ends a URL part
      for (String piece : password.split("[/?#@]")) {
        if (piece.length() >= MIN_FRAGMENT) {
          into.add(piece);
        }
      }
    }
  }

  /** The forms a secret takes when some library re-prints it. */
  private static Set<String> forms(String secret) {
    Set<String> forms = new LinkedHashSet<>();
    forms.add(secret);
    String decoded = percentDecode(secret, false);
    forms.add(decoded);
    // form decoding (the driver's, for user info) also turns '+' into a space
    String formDecoded = percentDecode(secret, true);
    forms.add(formDecoded);
    for (String s : List.of(secret, decoded, formDecoded)) {
      forms.add(URLEncoder.encode(s, StandardCharsets.UTF_8));
      forms.add(URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20"));
      forms.add(javaEscape(s));
      forms.add(propertiesEscape(s, true));
      forms.add(propertiesEscape(s, false)); // inside a value, a leading space is not escaped
      forms.add(htmlEscape(s));
    }
    forms.remove("");
    return forms;
  }

  private static String percentDecode(String s, boolean plusIsSpace) {
    if (s.indexOf('%') < 0 && (!plusIsSpace || s.indexOf('+') < 0)) {
      return s;
    }
    try {
      return URLDecoder.decode(plusIsSpace ? s : s.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return s; // not valid percent-encoding: the raw form is what appears
    }
  }

  /** As Java string literals, JSON writers and most loggers escape: backslash, quote and control characters. */
  private static String javaEscape(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\' -> sb.append("\\\\");
        case '"' -> sb.append("\\\"");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.toString();
  }

  /** As {@link Properties#store} writes a value ({@code atStart}: the secret starts the value). */
  private static String propertiesEscape(String s, boolean atStart) {
    StringBuilder sb = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        case '\f' -> sb.append("\\f");
        case '=', ':', '#', '!' -> sb.append('\\').append(c);
        case ' ' -> sb.append(i == 0 && atStart ? "\\ " : " ");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }

  private static String htmlEscape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
        .replace("'", "&#39;");
  }
}
