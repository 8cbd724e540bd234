package dev.ycsbpack.aggregate.format;

import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.common.AtomicFiles;
import dev.ycsbpack.common.Text;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * Writes the outputs of one merge all or nothing: every file goes into a fresh hidden folder beside the output
 * folder; only when all are complete is that folder swapped in (the old one renamed aside, the new one renamed in,
 * the old one deleted). A failure at any point leaves the previous results exactly as they were, never a mix of old
 * and new files. The output folder therefore holds the outputs of one merge only; one that holds anything else (the
 * user's files) is refused before anything is written.
 */
public final class OutputFiles {
  private OutputFiles() {
  }

  /**
   * Writes every writer's file into {@code dir}, replacing the folder's previous results as a whole.
   *
   * @return the files written, in writer order
   * @throws IOException nothing was changed
   */
  public static List<Path> write(Path dir, MergeResult result, List<ResultWriter> writers) throws IOException {
    Path target = dir.toAbsolutePath().normalize();
    Path parent = target.getParent();
    if (parent == null) {
      throw new IOException("cannot write the results to the root folder; name a folder for them");
    }
    refuseForeignContent(target);
    Files.createDirectories(parent);
    String id = UUID.randomUUID().toString();
    Path fresh = parent.resolve("." + target.getFileName() + ".new-" + id);
    Files.createDirectory(fresh);
    List<Path> written = new ArrayList<>();
    try {
      writeAll(fresh, result, writers);
      for (ResultWriter w : writers) {
        written.add(target.resolve(w.fileName()));
      }
      swapIn(fresh, target, parent.resolve("." + target.getFileName() + ".old-" + id));
    } catch (IOException | RuntimeException e) {
      deleteTree(fresh);
      throw e;
    }
    return written;
  }

  /**
   * Each writer's file, side by side on the cores (the files are independent; a merge waits for the last one, and
   * the JSON, the HTML report and the time series each take a good part of a second cold), every task finished before
   * this returns or throws, the first failure in writer order rethrown.
   */
  private static void writeAll(Path fresh, MergeResult result, List<ResultWriter> writers) throws IOException {
    int threads = Math.min(writers.size(), Runtime.getRuntime().availableProcessors());
    if (threads <= 1) {
      for (ResultWriter w : writers) {
        writeOne(fresh, result, w);
      }
      return;
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "aggregate-write");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<Void>> files = new ArrayList<>();
      for (ResultWriter w : writers) {
        files.add(pool.submit(() -> {
          writeOne(fresh, result, w);
          return null;
        }));
      }
      Throwable first = null;
      boolean interrupted = false;
      for (Future<Void> f : files) {
        while (true) { // waits for every file even when interrupted: none may be written into a deleted folder
          try {
            f.get();
          } catch (ExecutionException e) {
            first = first == null ? e.getCause() : first;
          } catch (InterruptedException e) {
            interrupted = true;
            continue;
          }
          break;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      if (first instanceof IOException io) {
        throw io;
      }
      if (first instanceof RuntimeException re) {
        throw re;
      }
      if (first instanceof Error err) {
        throw err;
      }
    } finally {
      pool.shutdown();
    }
  }

  private static void writeOne(Path fresh, MergeResult result, ResultWriter w) throws IOException {
    try (Writer out = Files.newBufferedWriter(fresh.resolve(w.fileName()), StandardCharsets.UTF_8,
        StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      w.write(result, out);
    }
  }

  /** The output folder may hold only what a merge writes; anything else would be lost by the swap. */
  private static void refuseForeignContent(Path target) throws IOException {
    if (!Files.exists(target)) {
      return;
    }
    if (!Files.isDirectory(target)) {
      throw new IOException(shown(target) + " exists and is not a folder");
    }
    Set<String> ours = new HashSet<>(OutputFormat.allFileNames());
    try (Stream<Path> s = Files.list(target)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        String name = p.getFileName().toString();
        if (!ours.contains(name) || !Files.isRegularFile(p)) {
          throw new IOException(shown(target) + " holds " + Text.shown(name) + ", which is not an output of a "
              + "merge: the folder is replaced as a whole, so it must hold only earlier results. Fix: name an empty "
              + "or new folder, or move that entry away");
        }
      }
    }
  }

  private static void swapIn(Path fresh, Path target, Path old) throws IOException {
    if (!Files.exists(target)) {
      AtomicFiles.move(fresh, target);
      return;
    }
    AtomicFiles.move(target, old);
    try {
      AtomicFiles.move(fresh, target);
    } catch (IOException e) {
      AtomicFiles.move(old, target); // put the previous results back
      throw e;
    }
    try {
      deleteTree(old);
    } catch (IOException e) {
      // the new results are in place; a leftover hidden folder is harmless
    }
  }

  /** Deletes a folder and everything in it (nothing when it does not exist). */
  public static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    }
  }

  private static String shown(Path p) {
    return Text.shownPath(p.toString());
  }
}
