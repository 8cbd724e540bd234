package dev.ycsbpack.aggregate.model;

/** Some clients failed and the user did not accept a partial result. */
public class PartialResultException extends Exception {
  private static final long serialVersionUID = 1L;

  public PartialResultException(String message) {
    super(message);
  }
}
