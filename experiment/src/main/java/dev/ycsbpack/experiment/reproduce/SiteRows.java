package dev.ycsbpack.experiment.reproduce;

import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.NearestName;
import dev.ycsbpack.common.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * A published site's row as a reproduction's ORIGINAL: {@code SITE#ROW} (the site's folder, the row's name as the
 * index shows it) is the row's folder {@code SITE/bundles/ROW}, which {@code bin/ycsb-aggregate publish} writes for
 * every row; any other ORIGINAL is a folder as given.
 */
public final class SiteRows {
  /** The folder of each row in a site, as {@code publish} lays it out. */
  static final String ROWS = "bundles";
  static final String INDEX = "index.html";

  private SiteRows() {
  }

  /**
   * The folder {@code original} names.
   *
   * @throws UsageError {@code SITE#ROW} whose SITE is no site, or whose ROW the site does not have
   */
  public static Path folder(String original) throws UsageError {
    int hash = original.lastIndexOf('#');
    if (hash < 0) {
      return Path.of(original);
    }
    Path site = Path.of(original.substring(0, hash));
    String row = original.substring(hash + 1);
    if (!Files.isRegularFile(site.resolve(INDEX)) || !Files.isDirectory(site.resolve(ROWS))) {
      throw new UsageError("ORIGINAL " + Text.shownPath(original) + ": " + Text.shownPath(site.toString())
          + " is not a published site (no " + INDEX + " and " + ROWS + "/ in it); expected SITE#ROW of a site made by "
          + "bin/ycsb-aggregate publish");
    }
    List<String> rows = rows(site);
    if (row.isEmpty() || row.contains("/") || !rows.contains(row)) {
      throw new UsageError("ORIGINAL " + Text.shownPath(original) + ": the site has no row " + Text.shown(row)
          + NearestName.hint(row, rows) + "; its rows: " + (rows.isEmpty() ? "none"
              : String.join(", ", rows.subList(0, Math.min(5, rows.size()))) + (rows.size() > 5 ? ", ..." : "")));
    }
    return site.resolve(ROWS).resolve(row);
  }

  /** Whether {@code dir} is a row's folder of a published site ({@code SITE/bundles/ROW}). */
  static boolean isRow(Path dir) {
    Path rows = dir.toAbsolutePath().normalize().getParent();
    return rows != null && rows.getFileName() != null && rows.getFileName().toString().equals(ROWS)
        && rows.getParent() != null && Files.isRegularFile(rows.getParent().resolve(INDEX));
  }

  private static List<String> rows(Path site) throws UsageError {
    try (Stream<Path> s = Files.list(site.resolve(ROWS))) {
      return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
    } catch (IOException e) {
      throw new UsageError("ORIGINAL: cannot list the site's rows: " + e.getMessage());
    }
  }
}
