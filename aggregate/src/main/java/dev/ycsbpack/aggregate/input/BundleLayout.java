package dev.ycsbpack.aggregate.input;

import dev.ycsbpack.common.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The layout of a coordinator bundle ({@code manifest.json}, {@code clients/}, {@code merged/}), which the coordinator
 * writes with these names, and the pointer a user gets who hands a bundle, or the wrong half of one, to
 * {@code merge} or {@code compare}.
 */
public final class BundleLayout {
  public static final String MANIFEST = "manifest.json";
  /** The client folders, one per client: what {@code merge} takes. */
  public static final String CLIENTS = "clients";
  /** Aggregate's outputs for the bundle: what {@code compare} takes. */
  public static final String MERGED = "merged";

  private BundleLayout() {
  }

  /** A folder holding a coordinator's manifest beside its clients or merged result. */
  public static boolean isBundle(Path dir) {
    return Files.isDirectory(dir) && Files.isRegularFile(dir.resolve(MANIFEST))
        && (Files.isDirectory(dir.resolve(CLIENTS)) || Files.isDirectory(dir.resolve(MERGED)));
  }

  /** Why {@code folder} is not what {@code merge} takes, and what is, when it is a bundle or its merged result. */
  public static Optional<String> pointerForMerge(Path folder) {
    return pointer(folder, MERGED, "is a coordinator bundle's merged result, not client folders", CLIENTS, MERGED);
  }

  /** Why {@code path} is not what {@code compare} takes, and what is, when it is a bundle or its client folders. */
  public static Optional<String> pointerForCompare(Path path) {
    return pointer(path, CLIENTS, "holds a coordinator bundle's client folders, not a merged result", MERGED, CLIENTS);
  }

  /**
   * What to do with a bundle whose coordinator was killed (its manifest still says RUNNING) when {@code folder} is
   * that bundle or its client folders; empty otherwise (also while the coordinator still runs: the words say so).
   */
  public static Optional<String> killedCoordinator(Path folder) {
    Path bundle = isBundle(folder) ? folder : bundleOf(folder, CLIENTS);
    if (bundle == null) {
      return Optional.empty();
    }
    String status;
    try {
      status = new com.fasterxml.jackson.databind.ObjectMapper().readTree(bundle.resolve(MANIFEST).toFile())
          .path("status").asText("");
    } catch (java.io.IOException e) {
      return Optional.empty();
    }
    return RunStatus.RUNNING.is(status) ? Optional.of(shown(bundle) + "'s manifest still says RUNNING: its coordinator "
        + "was killed (or is still running); bin/ycsb-coordinator recover " + shown(bundle) + " collects what its "
        + "clients kept and marks it INCOMPLETE with the merged result") : Optional.empty();
  }

  private static Optional<String> pointer(Path arg, String wrongHalf, String whyWrong, String... halves) {
    if (isBundle(arg)) {
      String killed = killedCoordinator(arg).map(k -> "; " + k).orElse("");
      return Optional.of(shown(arg) + " is a coordinator bundle: " + uses(arg, halves) + killed);
    }
    Path bundle = bundleOf(arg, wrongHalf);
    return bundle == null ? Optional.empty() : Optional.of(shown(arg) + " " + whyWrong + ": " + uses(bundle, halves));
  }

  /**
   * "merge DIR/clients, or compare DIR/merged", the halves in the given order, naming only those the bundle holds (a
   * failed run has no merged result).
   */
  private static String uses(Path bundle, String... halves) {
    List<String> uses = new ArrayList<>();
    for (String half : halves) {
      if (Files.isDirectory(bundle.resolve(half))) {
        uses.add((half.equals(CLIENTS) ? "merge " : "compare ") + shown(bundle.resolve(half)));
      }
    }
    return String.join(", or ", uses);
  }

  /** The bundle whose {@code clients/} folder {@code folder} is, when it is one. */
  public static Optional<Path> bundleOfClients(Path folder) {
    return Optional.ofNullable(bundleOf(folder, CLIENTS));
  }

  /** The bundle {@code folder} is the {@code part} of, or null. */
  private static Path bundleOf(Path folder, String part) {
    Path name = folder.toAbsolutePath().normalize().getFileName();
    Path parent = folder.toAbsolutePath().normalize().getParent();
    return name != null && parent != null && name.toString().equals(part) && Files.isDirectory(folder)
        && isBundle(parent) ? folder.resolve("..").normalize() : null;
  }

  private static String shown(Path p) {
    return ClientFolders.shown(p);
  }
}
