package dev.ycsbpack.common;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
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
 *       a password with a space, a quote or a newline is found where no pattern over text would find it. A value
 *       shorter than {@value #WHOLE_TOKEN_BELOW} characters is masked only where it stands as a whole token (see
 *       {@link #WHOLE_TOKEN_BELOW}); a longer one, and every encoded or escaped form that differs from the value,
 *       wherever it appears.</li>
 *   <li><b>By shape.</b> Any {@code scheme://user:password@} and any {@code name=value} whose name says secret is
 *       masked wherever it appears, so a URL the redactor was never told about (a mistyped scheme, a URL inside a
 *       driver's stack trace) still loses its password.</li>
 * </ol>
 * Immutable and thread-safe.
 */
public final class Redactor {
  /** What a secret is replaced with, everywhere. */
  public static final String MASK = "*****";

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
  private static final Pattern AUTH_MECHANISM_PROPERTIES = Pattern
      .compile("(?i)(authMechanismProperties=)([^&\\s\"'<>]+)");

  /** Fragments shorter than this are not hunted for on their own (they would blank ordinary words). */
  private static final int MIN_FRAGMENT = 3;

  /** How many schemes of one run of text have their user info weighed as the driver reads it; then the last '@'. */
  private static final int MAX_WEIGHED_PER_RUN = 16;

  /**
   * A known secret value (or a piece of one) shorter than this many characters is masked only as a whole token: not
   * where the character before it is a letter or digit and so is its own first character, nor where the character
   * after it is one and so is its own last ({@link Character#isLetterOrDigit}); a digit at its edge is joined, too,
   * by a '.' or ',' with a digit beyond ('1' in '1.5' or '0,001': one number). A short value inside a word is a
   * coincidence, not an echo: password 'ycsb' in 'dev.ycsbpack.mongodb.MongoDbClient', 'p' in 'zipfian', '1' in
   * '1655.6'. Masking it there broke the files and lines machines read ('*****pack' is no class, '*****655.6' no
   * number) and revealed the secret by what was left around it ('zi*****fian'). A value of this length or more found
   * anywhere is an echo of it, and so is an encoded or escaped form that differs from the value ('p%40ss',
   * 'a&amp;b'): those are masked wherever they appear, as before.
   */
  static final int WHOLE_TOKEN_BELOW = 8;

  private static final Redactor SHAPE_ONLY = new Redactor(List.of(), List.of(), Set.of());

  /** Exact strings to remove, longest first so a longer form is replaced before a part of it. */
  private final List<String> needles;
  /** The secret forms as given, to derive {@link #forLines()}. */
  private final List<String> forms;
  /**
   * The values as given or decoded (and their pieces), as opposed to the encoded and escaped forms: those of them
   * shorter than {@link #WHOLE_TOKEN_BELOW} are masked only as whole tokens.
   */
  private final Set<String> plain;

  private Redactor(List<String> needles, List<String> forms, Set<String> plain) {
    this.needles = needles;
    this.forms = forms;
    this.plain = plain;
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
    Set<String> values = new LinkedHashSet<>(plain);
    for (String s : secrets) {
      if (s != null && !s.isEmpty()) {
        all.addAll(forms(s));
        values.add(s);
        values.add(percentDecode(s, false));
        values.add(percentDecode(s, true));
      }
    }
    if (all.size() == forms.size() && values.size() == plain.size()) {
      return this;
    }
    return new Redactor(longestFirst(all), List.copyOf(all), Set.copyOf(values));
  }

  /**
   * This redactor for output that is filtered one line at a time: a secret holding a line break reaches such a filter
   * in pieces, so each piece of three or more characters is removed too. Not the default, because short pieces also
   * match ordinary words of whole texts (values, files) that the plain redactor sees in one piece.
   */
  public Redactor forLines() {
    Set<String> all = new LinkedHashSet<>(forms);
    Set<String> values = new LinkedHashSet<>(plain);
    for (String form : forms) {
      if (form.indexOf('\n') >= 0 || form.indexOf('\r') >= 0) {
        for (String piece : form.split("[\r\n]+")) {
          if (piece.length() >= MIN_FRAGMENT) {
            all.add(piece);
            if (plain.contains(form)) {
              values.add(piece);
            }
          }
        }
      }
    }
    return new Redactor(longestFirst(all), forms, Set.copyOf(values));
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

  /**
   * True for a property or option name whose value must never be shown: {@link SecretNames#isSecret}, kept here for
   * the callers that mask with this class anyway.
   */
  public static boolean isSecretName(String name) {
    return SecretNames.isSecret(name);
  }

  /** {@code text} with every known secret and every secret-shaped part masked; null stays null. */
  public String redact(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    String out = text;
    for (String n : needles) {
      if (out.contains(n)) {
        out = n.length() < WHOLE_TOKEN_BELOW && plain.contains(n) ? replaceWholeTokens(out, n) : out.replace(n, MASK);
      }
    }
    return redactShapes(out);
  }

  private static boolean isNumberSeparator(char c) {
    return c == '.' || c == ',';
  }

  /**
   * A line of one of YCSB's fixed formats (a measurement, a status line: see {@link Measurement#isFixedFormat},
   * {@link StatusLine#isFixedFormat}) redacted: as {@link #redact}, except that a short value is not masked at all.
   * Such a line is the same words (YCSB's, the operations') and numbers whatever the secrets are, so a short value
   * in it is a coincidence even as a whole token (password 'OVERALL' in {@code [OVERALL], RunTime(ms), 1234},
   * '1' in {@code [READ], Return=OK, 1}); masking it would corrupt the result machines read from it (the verdict,
   * output.txt, the coordinator's progress) and reveal the secret by where the mask stands. A long value is masked
   * all the same (an echo, whatever line it is in).
   */
  public String redactFixedFormat(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    String out = text;
    for (String n : needles) {
      if (!(n.length() < WHOLE_TOKEN_BELOW && plain.contains(n)) && out.contains(n)) {
        out = out.replace(n, MASK);
      }
    }
    return redactShapes(out);
  }

  /**
   * {@code text} with each occurrence of the short value {@code n} that stands as a whole token masked (see
   * {@link #WHOLE_TOKEN_BELOW}); one pass, so the cost stays linear.
   */
  private static String replaceWholeTokens(String text, String n) {
    int first = n.codePointAt(0);
    int lastChar = n.codePointBefore(n.length());
    boolean checkBefore = Character.isLetterOrDigit(first);
    boolean checkAfter = Character.isLetterOrDigit(lastChar);
    boolean numberBefore = Character.isDigit(first);
    boolean numberAfter = Character.isDigit(lastChar);
    StringBuilder sb = null;
    int last = 0;
    int at = text.indexOf(n);
    while (at >= 0) {
      int end = at + n.length();
      boolean joinedBefore = checkBefore && at > 0 && (Character.isLetterOrDigit(text.codePointBefore(at))
          || numberBefore && at > 1 && isNumberSeparator(text.charAt(at - 1))
              && Character.isDigit(text.charAt(at - 2)));
      boolean joinedAfter = checkAfter && end < text.length() && (Character.isLetterOrDigit(text.codePointAt(end))
          || numberAfter && end + 1 < text.length() && isNumberSeparator(text.charAt(end))
              && Character.isDigit(text.charAt(end + 1)));
      if (joinedBefore || joinedAfter) {
        at = text.indexOf(n, at + 1);
        continue;
      }
      if (sb == null) {
        sb = new StringBuilder(text.length());
      }
      sb.append(text, last, at).append(MASK);
      last = end;
      at = text.indexOf(n, end);
    }
    return sb == null ? text : sb.append(text, last, text.length()).toString();
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
    int weighed = 0;
    int from = 0;
    while (from < text.length() && m.find(from)) {
      int infoStart = m.end();
      if (infoStart > runEnd) {
        runEnd = infoStart;
        lastAt = -1;
        weighed = 0;
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
      // each weighing reads the rest of the run: a few per run, then the last '@', so a run of a million schemes
      // stays linear
      int end = ++weighed > MAX_WEIGHED_PER_RUN ? lastAt - infoStart
          : userInfoEnd(text.substring(infoStart, lastAt + 1));
      if (end < 0) { // '@'s of option values only
        from = infoStart;
        continue;
      }
      int at = infoStart + end;
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
   * Where the user info of {@code rest} (a URL's text after its scheme's slashes, up to its last '@') ends: where the
   * driver ends it when the URL reads as written ({@link UrlOptions#laterAtsAreValues}: every later '@' belongs to a
   * path or free-text option's value, {@code tlsCAFile=/home/jdoe@corp.example.com/ca.pem}), -1 when it then has none;
   * otherwise the last '@', hiding a little too much of an odd URL rather than the tail of a raw password.
   */
  private static int userInfoEnd(String rest) {
    return UrlOptions.laterAtsAreValues(rest) ? UrlOptions.driverUserInfoEnd(rest) : rest.lastIndexOf('@');
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
      int at = userInfoEnd(rest);
      if (at >= 0) {
        addPassword(rest.substring(0, at), into);
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
            // a reading of the URL's user info up to a later '@' may cut this value there: each side is a secret
            for (String piece : whole.split("@")) {
              if (piece.length() >= MIN_FRAGMENT && !piece.equals(whole)) {
                into.add(piece);
              }
            }
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

  /**
   * The password of user info {@code info} (after its first ':'), if any, and its pieces: a driver that cannot parse
   * the URL echoes what it took for a host or the path, the password cut at the first character that ends a URL part.
   * Not at '=', '&amp;' or ';': a reading that runs into the options would make '100' or 'true' pieces, masked in
   * every result.
   */
  private static void addPassword(String info, List<String> into) {
    int colon = info.indexOf(':');
    if (colon < 0) {
      return;
    }
    String password = info.substring(colon + 1);
    into.add(password);
    for (String piece : password.split("[/?#@]")) {
      if (piece.length() >= MIN_FRAGMENT) {
        into.add(piece);
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
      forms.add(propertiesEscape(s, true, false));
      forms.add(propertiesEscape(s, false, false)); // inside a value, a leading space is not escaped
      // as Properties.store writes a file (client.properties): pure ASCII, every other character as a uXXXX escape
      forms.add(propertiesEscape(s, true, true));
      forms.add(propertiesEscape(s, false, true));
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

  /**
   * As {@link Properties#store} writes a value ({@code atStart}: the secret starts the value; {@code ascii}: to a
   * stream, other characters as uXXXX escapes, as to a writer if not).
   */
  private static String propertiesEscape(String s, boolean atStart, boolean ascii) {
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
        default -> {
          if (ascii && (c < 0x20 || c > 0x7e)) {
            sb.append(String.format("\\u%04X", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.toString();
  }

  private static String htmlEscape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
        .replace("'", "&#39;");
  }
}
