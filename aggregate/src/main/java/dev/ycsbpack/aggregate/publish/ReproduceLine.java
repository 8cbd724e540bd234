package dev.ycsbpack.aggregate.publish;

import static dev.ycsbpack.aggregate.publish.Html.esc;

import dev.ycsbpack.common.RunStatus;

/**
 * The command that re-runs a published row against the reader's own deployment: {@code bin/ycsb-experiment reproduce}
 * of the row's folder in the site (which carries the original's records: {@link Originals}), with placeholders for
 * the reader's client machines and server. Nothing of the original's deployment is in it (its URL, hosts or any
 * secret): the row's name on the site is a safe file name, and the rest is fixed text.
 */
final class ReproduceLine {
  /** The placeholders, as the line names them and the page explains them. */
  static final String SITE = "SITE";
  static final String HOSTS = "HOSTS";
  static final String URL = "YOUR_URL";

  private ReproduceLine() {
  }

  /** The command for row {@code name}; one that did not complete is re-run only with {@code --allow-failed}. */
  static String command(String name, RunStatus status) {
    return "bin/ycsb-experiment reproduce " + SITE + "/" + Site.BUNDLES + "/" + name + " --hosts " + HOSTS
        + " -p mongodb.url=" + URL + (status == RunStatus.COMPLETE ? "" : " --allow-failed");
  }

  /** What the placeholders stand for, and what the reader must know before running it. */
  static String note(RunStatus status, boolean hasPlan) {
    return SITE + " is this site's folder on your machine, " + HOSTS + " your client machines, " + URL + " your "
        + "deployment's connection string"
        + (status == RunStatus.COMPLETE ? "" : "; the original is " + status + ", so it is re-run only with "
            + "--allow-failed")
        + (hasPlan ? "" : "; the original records no " + Originals.PLAN + " (an older pack), so reproduce refuses it")
        + ".";
  }

  /** The command as a page shows it: a code block to select, a button that copies it, and the note. */
  static String html(String name, RunStatus status, boolean hasPlan) {
    return block(name, status, note(status, hasPlan));
  }

  /**
   * The command as an index row shows it, folded: the index says once what the placeholders stand for
   * ({@link #LEGEND}), a row only what is its own (an original that did not complete, or records no plan).
   */
  static String inRow(String name, RunStatus status, boolean hasPlan) {
    String own = (status == RunStatus.COMPLETE ? "" : "needs --allow-failed (" + status + ")")
        + (hasPlan ? "" : (status == RunStatus.COMPLETE ? "" : "; ") + "no " + Originals.PLAN + ": refused");
    return "<details class=\"repro\"><summary>reproduce</summary>" + block(name, status, own) + "</details>";
  }

  /** What the index says once, above its tables, when a row has a command. */
  static final String LEGEND = "Each row's \"reproduce\" re-runs it on your deployment: " + SITE + " is this site's "
      + "folder on your machine, " + HOSTS + " your client machines, " + URL + " your deployment's connection string.";

  private static String block(String name, RunStatus status, String note) {
    return "<div class=\"repro\"><code>" + esc(command(name, status)) + "</code> " + Html.COPY_BUTTON
        + (note.isEmpty() ? "" : "<br><span class=\"meta\">" + esc(note) + "</span>") + "</div>\n";
  }
}
