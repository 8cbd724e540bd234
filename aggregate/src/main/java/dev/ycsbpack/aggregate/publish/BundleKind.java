package dev.ycsbpack.aggregate.publish;

import dev.ycsbpack.common.RunStatus;
import java.nio.file.Path;
import java.util.List;

/**
 * One kind of result bundle {@code publish} reads. A new kind is one more implementation, added to {@link #ALL}: the
 * inputs are matched against each kind in that order, and a folder no kind accepts is searched for bundles below it.
 */
interface BundleKind {
  /**
   * Every kind, the most specific first: an experiment holds coordinator bundles, which hold client folders, and
   * neither must be taken alone.
   */
  List<BundleKind> ALL = List.of(new ExperimentKind(), new CoordinatorBundleKind(), new ClientFolderKind());

  /** What this kind is, for the message that lists what {@code publish} accepts. */
  String describe();

  /** True when {@code dir} is a bundle of this kind. */
  boolean accepts(Path dir);

  /**
   * Reads and rebuilds the bundle from its raw data. A bundle that cannot be rebuilt is returned
   * {@link RunStatus#FAILED} with the reason, never thrown: one broken bundle must not hide the others.
   */
  default SiteEntry read(Path dir, String name) {
    return read(dir, name, true);
  }

  /**
   * As {@link #read(Path, String)}; unless {@code absolutePaths}, the paths of the recording machine its pages show
   * (a command's folders, the workload's path) relative to the bundle or by file name ({@link LocalPaths}).
   */
  SiteEntry read(Path dir, String name, boolean absolutePaths);
}
