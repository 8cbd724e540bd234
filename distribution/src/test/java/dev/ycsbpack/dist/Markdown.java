package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading the commands a document gives, so tests run them as written. */
final class Markdown {
  private Markdown() {
  }

  /** The first {@code ```bash} block after {@code heading}. */
  static String codeBlockAfter(String markdown, String heading) {
    int h = markdown.indexOf(heading);
    assertTrue(h >= 0, "no " + heading);
    int start = markdown.indexOf("```bash\n", h) + "```bash\n".length();
    return markdown.substring(start, markdown.indexOf("```", start));
  }
}
