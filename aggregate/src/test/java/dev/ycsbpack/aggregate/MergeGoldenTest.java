package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.format.OutputFormat;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.WindowKind;
import dev.ycsbpack.aggregate.synthetic.SyntheticClients;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The merge's outputs, byte for byte, against fixtures written by the merge before its speed-up (commit 80d3335's
 * code): the bench's own generator (seeded, so the same bytes every time) writes a small bundle of realistic clients
 * whose intervals drift and start at different moments, and each scenario's every output file must equal its fixture
 * (the input folder's path, which differs per run, written as {@code @IN@}; in report.html, what it inlines verbatim
 * written as markers, so the template is stored once, in main). The percentiles themselves are checked
 * against the exact samples by {@link MergeCorrectnessTest}; this test holds every output to what it was.
 *
 * <p>A change that means to alter an output (a writer's format, a new field) rewrites the fixtures with
 * {@code -Dgolden.write=<checkout>/aggregate/src/test/resources/golden} and shows the difference in its commit.
 */
class MergeGoldenTest {
  static final String RES = "/golden/";

  @TempDir
  static Path dir;
  /** The clients, also with each log's counts sidecar (as bin/ycsb writes them): the merge must not notice. */
  static SyntheticClients.Twins in;

  @BeforeAll
  static void bundle() throws IOException {
    in = SyntheticClients.Twins.write(dir, 3, 200);
  }

  /** Scenario to its options and outputs. */
  static MergeOptions options(String scenario) {
    return switch (scenario) {
      // the window cut by warm-up and cool-down, buckets coarser than the intervals and not a multiple of them
      case "cut" -> MergeOptions.builder().warmupSeconds(10).cooldownSeconds(5).bucketSeconds(7).build();
      // every client's whole run, other percentiles, one-interval buckets
      case "union" -> MergeOptions.builder().window(WindowKind.UNION)
          .percentiles(List.of(1.0, 50.0, 99.0, 99.999)).build();
      default -> throw new IllegalArgumentException(scenario);
    };
  }

  static Set<OutputFormat> formats(String scenario) {
    // report.html is the JSON inside the template: one scenario holds it, to keep the fixtures small
    return scenario.equals("cut") ? EnumSet.allOf(OutputFormat.class)
        : EnumSet.complementOf(EnumSet.of(OutputFormat.HTML));
  }

  /**
   * With 1 thread each operation is one pass; with more, it is merged in that many time parts. With sidecars the
   * counts come from them instead of the logs, and every output must still be the fixture's.
   */
  @ParameterizedTest
  @CsvSource({"cut,1,false", "cut,2,false", "cut,3,false", "union,1,false", "union,2,false", "union,5,false",
      "cut,1,true", "cut,3,true", "union,2,true", "union,5,true"})
  void everyOutputIsByteIdenticalToTheFixture(String scenario, int threads, boolean sidecars) throws Exception {
    Path input = sidecars ? in.sidecars() : in.plain();
    if (sidecars) {
      try (var files = Files.list(input.resolve("client-000"))) {
        assertEquals(5, files.filter(f -> f.toString().endsWith(".hdr.counts")).count(), "sidecars written");
      }
    }
    MergeResult r = Aggregate.merge(List.of(input), options(scenario).toBuilder().threads(threads).build());
    Path out = dir.resolve("out-" + scenario + "-" + threads + (sidecars ? "-sidecars" : ""));
    List<Path> written = Aggregate.write(r, out, formats(scenario));
    assertTrue(written.size() >= 5, "written: " + written);
    String write = sidecars ? null : System.getProperty("golden.write");
    for (Path f : written) {
      String actual = asFixture(f, input);
      String name = scenario + "/" + f.getFileName();
      if (write != null) {
        Path target = Path.of(write, name);
        Files.createDirectories(target.getParent());
        Files.writeString(target, actual, StandardCharsets.UTF_8);
        continue;
      }
      assertEquals(fixture(name), actual, name + " differs from its fixture");
    }
  }

  /**
   * The file's text as its fixture holds it: the input folder's path as {@code @IN@}; in report.html, the parts it
   * inlines verbatim (the template, the bundled scripts, merged.json) as markers ({@link InlinedParts}).
   */
  private static String asFixture(Path f, Path input) throws IOException {
    String text = Files.readString(f, StandardCharsets.UTF_8).replace(input.toString(), "@IN@");
    if (!f.getFileName().toString().equals("report.html")) {
      return text;
    }
    return new InlinedParts(asFixture(f.resolveSibling("merged.json"), input)).marked(text);
  }

  private static String fixture(String name) throws IOException {
    try (InputStream s = MergeGoldenTest.class.getResourceAsStream(RES + name)) {
      if (s == null) {
        throw new IllegalStateException("no fixture " + RES + name);
      }
      return new String(s.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
