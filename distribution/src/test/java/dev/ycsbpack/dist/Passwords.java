package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.ycsbpack.common.AwkwardStrings;
import dev.ycsbpack.common.Text;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

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

  /**
   * Every command line that held a form of {@code password} while {@code process} ran, polled every 50 ms (the
   * process ends by its own limits; the caller awaits it afterwards).
   */
  static List<String> onCommandLinesWhile(Process process, String password) throws InterruptedException {
    List<String> leaks = new ArrayList<>();
    while (process.isAlive()) {
      for (ProcessTable.Entry e : ProcessTable.all()) {
        if (forms(password).stream().anyMatch(e.commandLine()::contains)) {
          leaks.add(e.commandLine());
        }
      }
      Thread.sleep(50);
    }
    return leaks;
  }

  /** Each regular file under {@code dir}: its path, then its bytes read as UTF-8 and as ISO-8859-1. */
  static List<String> filesUnder(Path dir) throws IOException {
    List<String> texts = new ArrayList<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
        byte[] raw = Files.readAllBytes(f);
        texts.add(f + "\n" + new String(raw, StandardCharsets.UTF_8) + "\n" + new String(raw,
            StandardCharsets.ISO_8859_1));
      }
    }
    return texts;
  }

  /** Fails naming the form and the text's first line when any text holds any form of {@code password}. */
  static void assertNowhere(String password, List<String> texts, String where) {
    for (String text : texts) {
      for (String form : forms(password)) {
        assertFalse(text.contains(form), () -> "the password (" + Text.shown(form) + ") in " + where + ": "
            + text.lines().findFirst().orElse(""));
      }
    }
  }
}
