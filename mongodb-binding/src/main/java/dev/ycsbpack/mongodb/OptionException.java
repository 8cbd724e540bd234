package dev.ycsbpack.mongodb;

import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.Text;
import java.util.Map;

/**
 * A binding property has a value the binding cannot use.
 *
 * <p>The message always names the property, the rejected value and what would be accepted, because the
 * person reading it is looking at a command line, not at this code.
 */
public final class OptionException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public OptionException(String property, String value, String expected) {
    // the value may itself be the secret-bearing URL: redact with what it holds, then cap and escape for one line
    super("invalid " + property + "="
        + Text.shown(Redactor.of(Map.of(property, value == null ? "" : value)).redact(value))
        + ": " + expected);
  }

  public OptionException(String message) {
    super(message);
  }
}
