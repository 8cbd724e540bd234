package dev.ycsbpack.aggregate.publish;

import dev.ycsbpack.common.OutputFolder;
import dev.ycsbpack.common.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code publish}: finds the bundles in the folders given, rebuilds each from its raw data and writes the site. Every
 * check of the command line comes first: nothing is written for a command that is refused.
 */
public final class Publisher {
  /** How deep below a given folder bundles are looked for ({@code results/<series>/<run>/load} is three). */
  static final int MAX_DEPTH = 4;

  private Publisher() {
  }

  /**
   * A bundle found.
   *
   * @param name its name on the site: its folder's path below the folder given, parts joined by {@code -}
   * @param dir  its folder
   * @param kind what it is
   */
  record Found(String name, Path dir, BundleKind kind) {
  }

  /**
   * Publishes {@code inputs} to {@code out}.
   *
   * @return the site's index
   * @throws PublishException the command line cannot be run (exit 2); nothing was written
   * @throws IOException      the site could not be written; nothing was left behind
   */
  public static Path publish(Path out, List<Path> inputs) throws PublishException, IOException {
    return publish(out, inputs, false);
  }

  /**
   * As {@link #publish(Path, List)}; {@code absolutePaths} keeps the recording machine's absolute paths on the pages
   * (else each is shown relative to its bundle, or by its file name).
   */
  public static Path publish(Path out, List<Path> inputs, boolean absolutePaths) throws PublishException,
      IOException {
    if (out == null) {
      throw new PublishException("--out is required: name a new or empty folder for the site");
    }
    try {
      OutputFolder.check(out, "--out");
    } catch (IllegalArgumentException e) {
      throw new PublishException(e.getMessage());
    }
    List<Found> found = find(inputs, out);
    List<SiteEntry> entries = entries(found, absolutePaths);
    return Site.write(out, entries, originals(found, entries, absolutePaths));
  }

  /** Each entry's folder by its name on the site: the bundles found, and each experiment's steps. */
  private static Originals originals(List<Found> found, List<SiteEntry> entries, boolean absolutePaths) {
    Map<String, Path> dirs = new HashMap<>();
    for (int i = 0; i < found.size(); i++) {
      Found f = found.get(i);
      dirs.put(f.name(), f.dir());
      if (entries.get(i) instanceof PublishedExperiment x) {
        Path root = f.dir().toAbsolutePath().normalize();
        for (PublishedExperiment.Step s : x.steps()) {
          if (s.bundle() != null) {
            s.step().bundleIn(root).ifPresent(d -> dirs.put(s.bundle().name(), d));
          }
        }
      }
    }
    return new Originals(dirs, absolutePaths);
  }

  /** Every bundle and experiment found in {@code inputs}, read and rebuilt, their names unique on the site. */
  static List<SiteEntry> entries(List<Path> inputs, Path out) throws PublishException {
    return entries(inputs, out, true);
  }

  static List<SiteEntry> entries(List<Path> inputs, Path out, boolean absolutePaths) throws PublishException {
    return entries(find(inputs, out), absolutePaths);
  }

  private static List<SiteEntry> entries(List<Found> found, boolean absolutePaths) throws PublishException {
    List<SiteEntry> entries = new ArrayList<>();
    for (Found f : found) {
      entries.add(f.kind().read(f.dir(), f.name(), absolutePaths));
    }
    uniqueSteps(entries);
    return entries;
  }

  static List<Found> find(List<Path> inputs, Path out) throws PublishException {
    if (inputs.isEmpty()) {
      throw new PublishException("no bundle given: name one or more bundles, or folders holding them ("
          + accepted() + ")");
    }
    Path site = out.toAbsolutePath().normalize();
    List<Found> found = new ArrayList<>();
    for (Path in : inputs) {
      if (!Files.isDirectory(in)) {
        throw new PublishException(shown(in) + (Files.exists(in) ? " is a file" : " does not exist")
            + ": give bundle folders or folders holding them (" + accepted() + ")");
      }
      BundleKind kind = kindOf(in);
      if (kind != null) {
        found.add(new Found(safeName(String.valueOf(in.toAbsolutePath().normalize().getFileName())), in, kind));
        continue;
      }
      int before = found.size();
      walk(in, in, 1, site, found);
      if (found.size() == before) {
        throw new PublishException(shown(in) + " is not a bundle and holds none within " + MAX_DEPTH
            + " folders: accepted are " + accepted());
      }
    }
    Map<String, Found> byName = new HashMap<>();
    for (Found f : found) {
      Found other = byName.putIfAbsent(f.name().toLowerCase(Locale.ROOT), f);
      if (other != null) {
        throw new PublishException("two bundles would both be named " + Text.shown(f.name()) + " on the site: "
            + shown(other.dir()) + " and " + shown(f.dir()) + "; each bundle is named by its folder (below the "
            + "folder given), so give them different folder names");
      }
    }
    return found;
  }

  /** An experiment's steps are published beside the bundles given: none may take another's name on the site. */
  private static void uniqueSteps(List<SiteEntry> entries) throws PublishException {
    Map<String, String> owner = new HashMap<>();
    for (SiteEntry e : entries) {
      owner.put(e.name().toLowerCase(Locale.ROOT), e.name());
    }
    for (SiteEntry e : entries) {
      if (e instanceof PublishedExperiment x) {
        for (PublishedExperiment.Step s : x.steps()) {
          if (s.bundle() != null && owner.putIfAbsent(s.bundle().name().toLowerCase(Locale.ROOT), x.name()) != null) {
            throw new PublishException("a step of experiment " + Text.shown(x.name()) + " would be named "
                + Text.shown(s.bundle().name()) + " on the site, which another bundle or step is named already; "
                + "give the experiment's folder another name");
          }
        }
      }
    }
  }

  private static void walk(Path root, Path dir, int depth, Path site, List<Found> found) throws PublishException {
    if (depth > MAX_DEPTH) {
      return;
    }
    List<Path> children;
    try (Stream<Path> s = Files.list(dir)) {
      children = s.filter(p -> Files.isDirectory(p) && !p.getFileName().toString().startsWith("."))
          .filter(p -> !p.toAbsolutePath().normalize().equals(site) && !Site.isSite(p)).sorted().toList();
    } catch (IOException e) {
      throw new PublishException(shown(dir) + " cannot be listed (" + e.getMessage() + ")");
    }
    for (Path c : children) {
      BundleKind kind = kindOf(c);
      if (kind != null) {
        String rel = Stream.concat(Stream.of(root.toAbsolutePath().normalize().getFileName()),
            root.relativize(c).normalize().toString().isEmpty() ? Stream.empty()
                : java.util.stream.StreamSupport.stream(root.relativize(c).spliterator(), false))
            .map(String::valueOf).collect(Collectors.joining("-"));
        found.add(new Found(safeName(rel), c, kind));
      } else {
        walk(root, c, depth + 1, site, found);
      }
    }
  }

  private static BundleKind kindOf(Path dir) {
    for (BundleKind k : BundleKind.ALL) {
      if (k.accepts(dir)) {
        return k;
      }
    }
    return null;
  }

  /** A name that is a safe file name on every host and in a URL: anything else becomes {@code _}. */
  static String safeName(String name) {
    String s = name.replaceAll("[^A-Za-z0-9._-]", "_");
    return s.isEmpty() || s.startsWith(".") ? "_" + s : s;
  }

  private static String accepted() {
    return BundleKind.ALL.stream().map(BundleKind::describe).collect(Collectors.joining("; "));
  }

  private static String shown(Path p) {
    return Text.shown(p.toString());
  }
}
