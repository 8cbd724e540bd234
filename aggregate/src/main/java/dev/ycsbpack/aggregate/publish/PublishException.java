package dev.ycsbpack.aggregate.publish;

/** A {@code publish} command line that cannot be run: one line naming the input and what is accepted (exit 2). */
public final class PublishException extends Exception {
  private static final long serialVersionUID = 1L;

  public PublishException(String message) {
    super(message);
  }
}
