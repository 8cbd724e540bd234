package dev.ycsbpack.dist;

import dev.ycsbpack.common.AwkwardStrings;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

/** Hostile passwords for a server that authenticates, and the forms a leak of one could take. */
final class Passwords {
  private Passwords() {
  }

  /**
   * {@code head}, then the awkward characters of {@link AwkwardStrings} (non-ASCII, URL, shell and properties
   * delimiters), then a unique plain ASCII tail, space-separated. No control characters: SASLprep (RFC 4013) forbids
   * them in any SCRAM-SHA-256 password, so no MongoDB server can have such a user.
   */
  static String awkward(String head, String awkward) {
    return head + " " + awkward.replaceAll("[\\t\\n\\r\\u2028]", "") + " " + UUID.randomUUID();
  }

  /**
   * {@code s} as the user writes it in a URL's user info ({@code mongodb://u:pässwörd@...}): non-ASCII
   * characters as they are, only the ASCII ones a user info cannot hold percent-encoded (a space as %20: '+' would
   * stay a plus).
   */
  static String inUserInfo(String s) {
    StringBuilder sb = new StringBuilder();
    s.codePoints().forEach(c -> {
      String one = Character.toString(c);
      sb.append(c > 127 ? one : URLEncoder.encode(one, StandardCharsets.UTF_8).replace("+", "%20"));
    });
    return sb.toString();
  }

  /** Every form a leak could take: as typed, as in the URL, all percent-encoded, and its plain ASCII tail. */
  static List<String> forms(String password) {
    return List.of(password, inUserInfo(password), URLEncoder.encode(password, StandardCharsets.UTF_8),
        password.substring(password.lastIndexOf(' ') + 1));
  }
}
