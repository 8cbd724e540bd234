package dev.ycsbpack.aggregate.publish;

import java.nio.file.InvalidPathException;
import dev.ycsbpack.aggregate.result.ClientResult;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.Settings;
import java.util.LinkedHashMap;
import java.util.Map;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The paths of the machine a bundle was recorded or published on, as a published page shows them: an absolute path
 * inside the bundle relative to it, any other by its file name ({@code --out /home/me/results/run} reads
 * {@code --out run}). {@code publish --paths absolute} keeps them as recorded.
 */
final class LocalPaths {
  /** An absolute path starting a word, or after {@code =}, {@code ,} or a quote. */
  private static final Pattern ABSOLUTE = Pattern.compile("(?<=^|[\\s=,'\"])/[^\\s,'\"]*");

  private LocalPaths() {
  }

  /** {@code text} with each absolute path shown relative to {@code bundle}, or by its file name. */
  static String relative(String text, Path bundle) {
    if (text == null) {
      return null;
    }
    Path root = bundle.toAbsolutePath().normalize();
    Matcher m = ABSOLUTE.matcher(text);
    StringBuilder b = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(b, Matcher.quoteReplacement(shown(m.group(), root)));
    }
    return m.appendTail(b).toString();
  }

  /** {@code r} with each client's folder relative to {@code bundle} (or by its name when outside it). */
  static MergeResult relative(MergeResult r, Path bundle) {
    Path root = bundle.toAbsolutePath().normalize();
    List<ClientResult> clients = r.roster().clients().stream().map(c -> c.dir() == null ? c
        : new ClientResult(c.name(), c.host(), shown(Path.of(c.dir()).toAbsolutePath().toString(), root),
            c.failure(), c.figures(), c.own(), c.windowCounts()))
        .toList();
    return new MergeResult(new MergeResult.Roster(clients, r.roster().failed(), r.roster().stopped()), r.span(),
        r.percentiles(), r.operations(), r.totals(), relative(r.config(), root), relative(r.environment(), root),
        r.timeSeries(), r.findings(), r.returns());
  }

  /**
   * The clients' recorded properties or environment with each value's paths relative to {@code root}: what they
   * recorded themselves ({@code hdrhistogram.output.path}, a client's {@code run.command}).
   */
  private static Settings relative(Settings s, Path root) {
    Map<String, String> common = new LinkedHashMap<>();
    s.common().forEach((k, v) -> common.put(k, relative(v, root)));
    Map<String, Map<String, String>> perClient = new LinkedHashMap<>();
    s.perClient().forEach((k, m) -> {
      Map<String, String> each = new LinkedHashMap<>();
      m.forEach((c, v) -> each.put(c, relative(v, root)));
      perClient.put(k, each);
    });
    return new Settings(common, perClient, s.differences());
  }

  private static String shown(String path, Path root) {
    try {
      Path p = Path.of(path).normalize();
      if (p.startsWith(root)) {
        String rel = root.relativize(p).toString();
        return rel.isEmpty() ? "." : rel;
      }
      return p.getFileName() == null ? path : p.getFileName().toString();
    } catch (InvalidPathException e) {
      return path;
    }
  }
}
