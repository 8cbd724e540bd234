package dev.ycsbpack.aggregate.merge;

import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.common.Text;

/** Some clients failed and the user did not accept a partial result. */
public class PartialResultException extends Exception {
  private static final long serialVersionUID = 1L;

  public PartialResultException(String message) {
    super(Text.shown(message, InputException.MESSAGE_CAP)); // one line, bounded, like every refusal
  }
}
