package dev.ycsbpack.aggregate.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbpack.aggregate.Aggregate;
import dev.ycsbpack.aggregate.format.OutputFormat;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.telemetry.TelemetryRun;
import dev.ycsbpack.common.telemetry.TelemetryFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's "Server and hosts" part in a real browser: the server's and the host's charts hold the sampled values,
 * share the client charts' time axis, a figure not reported is said, and the self-check table shows the counts. The
 * page is saved as {@code target/telemetry-report/merged/report.html} with screenshots in {@code
 * target/telemetry-report/}, for a person to look at.
 */
class ReportTelemetryInBrowserTest {
  @TempDir
  Path tmp;

  /** The chart titled {@code title}: its x range, its series' labels and its data. */
  private static final String CHART = """
      (function (title) {
        var c = window.YCSB_CHARTS.filter(function (c) { return c.title === title; })[0];
        if (!c) { return null; }
        return {min: c.uplot.scales.x.min, max: c.uplot.scales.x.max,
          labels: c.uplot.series.map(function (s) { return s.label; }), data: c.uplot.data};
      })(%s)""";

  @Test
  void theServerAndHostChartsShareTheClientAxisAndSayWhatIsNotReported() throws Exception {
    assertNotNull(HeadlessChromium.binary(), "no chromium: scripts/install-test-prereqs.sh installs it");
    Path c0 = TelemetryRun.client(tmp.resolve("c0"));
    TelemetryFiles.write(c0, TelemetryRun.fullServer());
    TelemetryFiles.write(c0, TelemetryRun.host());
    MergeResult r = Aggregate.merge(List.of(c0), MergeOptions.builder().bucketSeconds(2).build());
    Path out = Path.of("target", "telemetry-report");
    Path merged = out.resolve("merged");
    Aggregate.write(r, merged, EnumSet.of(OutputFormat.HTML, OutputFormat.JSON));

    try (HeadlessChromium chrome = HeadlessChromium.showing(merged.resolve("report.html"))) {
      assertEquals(List.of(), chrome.drainProblems(), "console errors");
      JsonNode client = chart(chrome, "Throughput over time (ops/s)");
      JsonNode ops = chart(chrome, "server (client c0): Operations: server opcounters beside the clients' "
          + "throughput (ops/s)");
      JsonNode cpu = chart(chrome, "host-db1 (client c0): CPU (% of all CPUs)");
      for (JsonNode c : List.of(ops, cpu)) {
        assertEquals(client.path("min").asDouble(), c.path("min").asDouble(), "same start as the client charts");
        assertEquals(client.path("max").asDouble(), c.path("max").asDouble(), "same end as the client charts");
      }
      assertEquals(TelemetryRun.T / 1000.0, client.path("min").asDouble(), "the axis starts at the first bucket");
      assertEquals("[\"time (UTC)\",\"opcounters.query.rate\",\"opcounters.update.rate\",\"clients: total ops/s\"]",
          ops.path("labels").toString());
      // the server's samples at T-1 s, T+1 s, ...: the query rate is null on the first sample, then 100
      JsonNode xs = ops.path("data").get(0);
      int at = indexOf(xs, (TelemetryRun.T + 1000) / 1000.0);
      assertEquals(100.0, ops.path("data").get(1).get(at).asDouble());
      assertEquals(50.0, ops.path("data").get(2).get(at).asDouble());
      assertTrue(ops.path("data").get(1).get(indexOf(xs, (TelemetryRun.T - 1000) / 1000.0)).isNull());
      JsonNode fill = chart(chrome, "server (client c0): WiredTiger cache fill (% of maximum)");
      int last = indexOf(fill.path("data").get(0), (TelemetryRun.T + 21_000) / 1000.0);
      assertEquals(54.0, fill.path("data").get(1).get(last).asDouble(), 1e-9, "1e8 * (1 + 0.4 * 11) of 1e9");
      assertEquals(11.0, fill.path("data").get(2).get(last).asDouble(), 1e-9, "dirty 1e7 * 11 of 1e9");
      assertEquals(42.0, cpu.path("data").get(1).get(2).asDouble(), "cpu.user at the third sample: 40 + 2");

      String text = chrome.eval("document.getElementById('serverhosts').textContent").asText();
      assertTrue(text.contains("Replication lag per member: not reported by this server."), text);
      assertTrue(text.contains("Global lock queues: not reported by this server."), text);
      assertTrue(text.contains("Disk throughput (bytes/s)"), text);
      assertTrue(text.contains("Memory: not reported by this host."), text);
      assertTrue(text.indexOf("Server server") < text.indexOf("Host host-db1"), "the server first: " + text);
      assertTrue(text.contains("replSetGetStatus: not reported by this server (NoReplicationEnabled"), text);
      JsonNode rows = chrome
          .eval("Array.prototype.map.call(document.querySelectorAll('#serverhosts table.selfcheck tr'), "
              + "function (tr) { return tr.textContent; })");
      assertEquals("[\"CounterClients' operationsServerClientsRelative\","
          + "\"opcounters.queryREAD+SCAN+READ-MODIFY-WRITE2,2002,000+10.0%\","
          + "\"opcounters.updateUPDATE+READ-MODIFY-WRITE1,1001,000+10.0%\"]", rows.toString());
      assertTrue(text.contains("Self-check: the server counted other operations than the clients"), text);
      assertEquals(List.of(), chrome.drainProblems(), "console errors while checking");
      Files.write(out.resolve("report.png"), chrome.screenshot());
      // the picture docs/aggregate.md shows: the client throughput chart above the server's and the host's charts
      chrome.eval("Array.prototype.forEach.call(document.body.children, function (e) { if (['H1', 'SCRIPT'].indexOf("
          + "e.tagName) < 0 && ['server', 'throughput', 'serverhosts'].indexOf(e.id) < 0 && e.textContent !== "
          + "'Throughput over time') { e.style.display = 'none'; } }); 1");
      Files.write(out.resolve("report-telemetry.png"), chrome.screenshot());
    }
  }

  private static JsonNode chart(HeadlessChromium chrome, String title) throws Exception {
    JsonNode c = chrome.eval(String.format(CHART, dev.ycsbpack.aggregate.format.MergedJson.MAPPER
        .writeValueAsString(title)));
    assertTrue(c != null && c.isObject(), "no chart titled " + title);
    return c;
  }

  private static int indexOf(JsonNode xs, double x) {
    for (int i = 0; i < xs.size(); i++) {
      if (xs.get(i).asDouble() == x) {
        return i;
      }
    }
    throw new AssertionError(x + " not among " + xs);
  }
}
