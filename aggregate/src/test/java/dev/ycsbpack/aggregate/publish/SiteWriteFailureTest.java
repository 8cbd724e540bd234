package dev.ycsbpack.aggregate.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A site that fails part-way leaves nothing: the pages already written are removed with their temporary folder, and
 * the output folder is as it was (absent, or empty). The failure is a page writer that throws once many files exist.
 */
class SiteWriteFailureTest {
  @TempDir
  Path tmp;

  /** Writes pages to disk until the {@code failAt}-th, which throws {@code failure}; counts the files by then. */
  private static final class FailingPages implements Site.Pages {
    final int failAt;
    final RuntimeException unchecked;
    final AtomicInteger pages = new AtomicInteger();
    long filesWhenFailed = -1;

    FailingPages(int failAt, RuntimeException unchecked) {
      this.failAt = failAt;
      this.unchecked = unchecked;
    }

    @Override
    public void write(Path file, String text) throws IOException {
      if (pages.incrementAndGet() == failAt) {
        Path root = file;
        while (!root.getFileName().toString().contains(".publish-")) {
          root = root.getParent();
        }
        try (Stream<Path> s = Files.walk(root)) {
          filesWhenFailed = s.filter(Files::isRegularFile).count();
        }
        if (unchecked != null) {
          throw unchecked;
        }
        throw new IOException("No space left on device (a test's writer)");
      }
      Files.writeString(file, text);
    }
  }

  private List<SiteEntry> entries(Path site) throws Exception {
    return Publisher.entries(List.of(PublishTest.mixed(tmp)), site);
  }

  @Test
  void anIoFailureOnTheLastPageLeavesNoSiteAndNoTemporaryFolder() throws Exception {
    Path site = tmp.resolve("site");
    List<SiteEntry> entries = entries(site);
    // the index is written last: count the pages of a site written whole, then fail on the last one
    Path whole = tmp.resolve("whole");
    FailingPages counting = new FailingPages(Integer.MAX_VALUE, null);
    Site.write(whole, entries, counting);
    FailingPages failing = new FailingPages(counting.pages.get(), null);
    IOException e = assertThrows(IOException.class, () -> Site.write(site, entries, failing));
    assertTrue(e.getMessage().contains("No space left"), e.getMessage());
    assertTrue(failing.filesWhenFailed > 20, "it failed part-way, with " + failing.filesWhenFailed + " files written");
    assertFalse(Files.exists(site), "no site folder");
    assertNoTemporaryFolder();
  }

  @Test
  void anUncheckedFailureMidWayLeavesAnEmptyOutputFolderAsItWas() throws Exception {
    Path site = Files.createDirectories(tmp.resolve("site"));
    List<SiteEntry> entries = entries(site);
    FailingPages failing = new FailingPages(3, new UncheckedIOException(new IOException("a writer broke")));
    assertThrows(UncheckedIOException.class, () -> Site.write(site, entries, failing));
    assertTrue(failing.filesWhenFailed > 0, "it failed part-way");
    assertTrue(Files.isDirectory(site), "the empty folder given is kept");
    try (Stream<Path> s = Files.list(site)) {
      assertEquals(0, s.count(), "and left empty");
    }
    assertNoTemporaryFolder();
  }

  private void assertNoTemporaryFolder() throws IOException {
    try (Stream<Path> s = Files.list(tmp)) {
      List<Path> left = s.filter(p -> p.getFileName().toString().contains(".publish-")).toList();
      assertEquals(List.of(), left, "temporary folders left behind");
    }
  }
}
