package dev.ycsbpack.testkit;

/**
 * A test server cannot start because something must be installed first.
 *
 * <p>Kept apart from ordinary startup failures so that {@link TestTargets} can skip a target
 * on a developer machine that lacks it, yet still fail loudly when an installed server breaks.
 */
public final class MissingPrerequisiteException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public MissingPrerequisiteException(String message) {
    super(message);
  }
}
