package dev.ycsbpack.aggregate.publish;

/** How a published bundle ended: only a complete one shows figures. */
public enum Status {
  /** Ran, checked and rebuilt from its raw data: its figures are shown. */
  COMPLETE,
  /** Failed (its own verdict, or its raw data could not be merged again): listed with the reason, no figures. */
  FAILED,
  /** Never finished (a coordinator killed mid-run left {@code RUNNING}): listed with the reason, no figures. */
  INCOMPLETE
}
