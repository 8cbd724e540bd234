package dev.ycsbpack.aggregate.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.merge.Merger;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.synthetic.SyntheticClients;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** merged.json and the HTML report's copy of it: one build of the JSON for both. */
class JsonTextTest {
  @TempDir
  Path tmp;

  private MergeResult merge(String name, long latency) throws Exception {
    Path root = tmp.resolve(name);
    for (int c = 0; c < 2; c++) {
      SyntheticClients.writeClient(root.resolve("c" + c), 1_790_000_000_000L, 1000, 5, List.of("READ"), (op, k) -> {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(latency, 10);
        return h;
      }, SyntheticClients.baseProperties());
    }
    return Merger.merge(List.of(root), MergeOptions.defaults());
  }

  @Test
  void mergedJsonAndTheReportShareOneBuild() throws Exception {
    MergeResult r = merge("a", 100);
    // either may be written first (they run side by side): the first builds the shared text, the second takes it
    for (List<String> order : List.of(List.of("report.html", "merged.json"), List.of("merged.json", "report.html"))) {
      JsonText json = new JsonText();
      List<ResultWriter> writers = new ArrayList<>();
      for (OutputFormat f : OutputFormat.values()) {
        writers.addAll(f.writers(Map.of(), json));
      }
      Map<String, StringWriter> out = Map.of("report.html", new StringWriter(), "merged.json", new StringWriter());
      for (String file : order) {
        writer(writers, file).write(r, out.get(file));
        assertEquals(1, json.builds, order + ": " + file + " used the one shared build");
      }
      assertEquals(json.of(r), out.get("merged.json").toString());
      assertTrue(out.get("report.html").toString().contains(HtmlReportWriter.scriptSafeJson(json.of(r))),
          "the report holds the same data");
      // the same text as merged.json written on its own
      StringWriter alone = new StringWriter();
      new JsonWriter().write(r, alone);
      assertEquals(alone.toString(), out.get("merged.json").toString());
      assertEquals(1, json.builds);
    }
  }

  private static ResultWriter writer(List<ResultWriter> writers, String file) {
    return writers.stream().filter(w -> w.fileName().equals(file)).findFirst().orElseThrow();
  }

  @Test
  void anotherResultGetsItsOwnText() throws Exception {
    MergeResult a = merge("a", 100);
    MergeResult b = merge("b", 200);
    JsonText json = new JsonText();
    String first = json.of(a);
    assertSame(first, json.of(a));
    String second = json.of(b);
    assertNotSame(first, second);
    assertTrue(!first.equals(second), "the second result's own JSON");
    assertEquals(2, json.builds);
  }
}
