package dev.ycsbpack.aggregate.publish;

/** One thing the site lists: a run's bundle ({@link Published}) or an experiment ({@link PublishedExperiment}). */
sealed interface SiteEntry permits Published, PublishedExperiment {
  /** Its name on the site (unique, a safe file name: its page is {@code bundles/NAME/report.html}). */
  String name();

  /** When it started (epoch ms, 0 when unknown): the site lists entries in this order. */
  long startedAt();
}
