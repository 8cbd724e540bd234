package dev.ycsbpack.aggregate.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every page of a site built from a mix of bundles (complete, FAILED, unfinished, fake server, hostile strings),
 * opened in headless Chromium from {@code file://}: no console error, no request outside the site's folder, no script
 * run from a bundle's strings, every chart drawn, saveable and exported; the legend shows the hovered point; the time
 * axis is 24-hour UTC; the index sorts and filters. Screenshots at desktop and phone widths are left in
 * {@code target/publish-screenshots/} for a person to look at.
 */
class SiteInBrowserTest {
  @TempDir
  Path tmp;

  /** Counts each chart's non-blank pixels and checks its SVG, PNG and CSV; returns one line per problem. */
  private static final String CHARTS_CHECK = """
      (function () {
        var out = {count: 0, problems: []};
        (window.YCSB_CHARTS || []).forEach(function (c, i) {
          out.count++;
          var cv = c.uplot.ctx.canvas, g = cv.getContext("2d");
          var px = g.getImageData(0, 0, cv.width, cv.height).data, inked = 0, colours = {};
          for (var k = 0; k < px.length; k += 4) {
            if (px[k + 3] > 0 && (px[k] < 230 || px[k + 1] < 230 || px[k + 2] < 230)) {
              inked++; colours[px[k] + "," + px[k + 1] + "," + px[k + 2]] = 1;
            }
          }
          // axes and grid alone are grey: a drawn series adds coloured ink
          var coloured = Object.keys(colours).filter(function (s) { var v = s.split(",").map(Number);
            return Math.max.apply(null, v) - Math.min.apply(null, v) > 60; }).length;
          if (inked < 500 || coloured < 1) { out.problems.push(c.title + ": blank (" + inked + " inked pixels, " \
      + coloured + " colours)"); }
          var svg = c.svg();
          if (!/<path d="M[0-9.]+ [0-9.]+L/.test(svg)) { out.problems.push(c.title + ": the SVG has no drawn line"); }
          if (new DOMParser().parseFromString(svg, "image/svg+xml").getElementsByTagName("parsererror").length) {
            out.problems.push(c.title + ": the SVG is not well-formed");
          }
          var png = c.png();
          if (png.indexOf("data:image/png;base64,") !== 0 || png.length < 2000) { \
      out.problems.push(c.title + ": no PNG"); }
          var rows = c.csv().trim().split("\\r\\n");
          if (rows.length < 2 || rows[0].split(",").length < 2) { out.problems.push(c.title + ": CSV has no numbers"); }
        });
        return out;
      })()""";

  @Test
  void everyPageOpensCleanlyAndDrawsEveryChart() throws Exception {
    assertNotNull(HeadlessChromium.binary(), "no chromium: scripts/install-test-prereqs.sh installs it");
    Path results = PublishTest.mixed(tmp);
    Path site = tmp.resolve("site");
    assertEquals(0, PublishTest.publish("--out", site.toString(), results.toString()).status());
    String siteUrl = site.toUri().toString();
    Path shots = Files.createDirectories(Path.of("target", "publish-screenshots"));
    List<Path> pages = new ArrayList<>();
    for (Path f : PublishTest.files(site)) {
      if (f.toString().endsWith(".html")) {
        pages.add(f);
      }
    }
    assertEquals(1 + 5 + 1 + (1 + 3) + (1 + 2), pages.size(), "index, five bundles, one comparison; a sweep and a "
        + "write-concern matrix, each with its page and a page per step that has a bundle: " + pages);
    try (HeadlessChromium chrome = new HeadlessChromium()) {
      int charts = 0;
      for (boolean phone : new boolean[] {false, true}) {
        chrome.viewport(phone ? 390 : 1280, phone ? 844 : 900, phone);
        for (Path page : pages) {
          String url = page.toUri().toString();
          chrome.open(url);
          assertEquals(List.of(), chrome.drainProblems(), "console errors on " + url);
          for (String req : chrome.drainRequests()) {
            assertTrue(req.startsWith(siteUrl) || req.startsWith("data:") || req.startsWith("blob:"),
                "a request outside the site's folder from " + url + ": " + req);
          }
          assertTrue(chrome.eval("typeof window.__pwned === 'undefined'").asBoolean(),
              "a bundle's string ran as script on " + url);
          JsonNode check = chrome.eval(CHARTS_CHECK);
          assertEquals("[]", check.path("problems").toString(), url);
          charts += check.path("count").asInt();
          String rel = site.relativize(page).toString().replace('/', '_').replace(".html", "");
          Files.write(shots.resolve(rel + (phone ? "-phone" : "-desktop") + ".png"), chrome.screenshot());
          assertEquals(List.of(), chrome.drainProblems(), "console errors while checking " + url);
        }
      }
      // three complete bundles: throughput, READ, UPDATE and CLEANUP-less latency over time, two distributions
      assertTrue(charts >= 2 * 3 * 5, "charts drawn: " + charts);

      // the hostile strings are on the pages, as text
      chrome.open(site.resolve("index.html").toUri().toString());
      assertTrue(chrome.eval("document.body.textContent.indexOf('<script>window.__pwned=1</script>') >= 0")
          .asBoolean(), "the hostile host name shows as text");
      // filter and sort the index
      assertEquals("1 of 5 bundles, 0 of 2 experiments shown", shownAfterFiltering(chrome, "INCOMPLETE"));
      JsonNode sorted = sortedTwice(chrome, "bundles", "Throughput", "r.cells[th.cellIndex].getAttribute('data-sort')");
      List<Double> values = new ArrayList<>();
      sorted.forEach(v -> values.add(v.asText().isEmpty() ? Double.NEGATIVE_INFINITY : v.asDouble()));
      for (int i = 1; i < values.size(); i++) {
        assertTrue(values.get(i - 1) >= values.get(i), "sorted by throughput, descending: " + values);
      }
      assertTrue(values.get(0) > 0, "the complete bundles first: " + values);
      // the experiments' table sorts and filters too
      assertEquals("0 of 5 bundles, 1 of 2 experiments shown", shownAfterFiltering(chrome, "kneedle"));
      assertEquals("[\"results-experiments-wc\",\"results-experiments-sweep\"]",
          sortedTwice(chrome, "experiments", "Date", "r.cells[0].querySelector('a').textContent").toString());
      assertEquals(List.of(), chrome.drainProblems());
    }
  }

  @Test
  void theLegendShowsTheHoveredPointAndTheAxisIs24HourUtc() throws Exception {
    Path site = oneBundleSite();
    try (HeadlessChromium chrome = HeadlessChromium.showing(site.resolve("bundles/results-run-a/report.html"))) {
      // READ latency over time: the chart after the throughput chart
      JsonNode legend = chrome.eval(
          """
              (function () {
                var c = window.YCSB_CHARTS.filter(function (c) { \
              return c.title.indexOf('READ latency over time') === 0; })[0];
                var u = c.uplot;
                function values() { return Array.prototype.map.call(u.root.querySelectorAll('.u-legend .u-value'),
                  function (e) { return e.textContent; }); }
                var atRest = values();
                var p99 = u.series.findIndex(function (s) { return s.label === 'p99'; });
                var idx = 1;   // a bucket that is not the last one
                u.setCursor({left: u.valToPos(u.data[0][idx], 'x'), top: u.valToPos(u.data[p99][idx], 'y')});
                var hovered = values();
                return {atRest: atRest, hovered: hovered[p99], \
              expected: Math.round(u.data[p99][idx]).toLocaleString('en-US') + ' us',
                  last: Math.round(u.data[p99][u.data[0].length - 2]).toLocaleString('en-US') + ' us',
                  time: hovered[0], \
              axis: u.axes[0].values(u, [Math.floor(1795475000 / 86400) * 86400 + 23 * 3600 + 20 * 60])};
              })()""");
      for (JsonNode v : legend.path("atRest")) {
        assertEquals("-", v.asText(), "at rest the legend shows no bucket's values: " + legend);
      }
      assertEquals(legend.path("expected").asText(), legend.path("hovered").asText(), legend.toString());
      assertTrue(!legend.path("hovered").asText().equals(legend.path("last").asText()), legend.toString());
      assertTrue(legend.path("time").asText().matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC"),
          legend.toString());
      String axis = legend.path("axis").get(0).asText();
      assertEquals("23:20:00", axis, "24-hour UTC axis label");
      assertEquals(List.of(), chrome.drainProblems());
    }
  }

  @Test
  void theCopyButtonCopiesOrSelectsTheReproduceCommand() throws Exception {
    Path site = oneBundleSite();
    try (HeadlessChromium chrome = HeadlessChromium.showing(site.resolve("index.html"))) {
      JsonNode clicked = chrome.eval("""
          (function () {
            var d = document.querySelector('details.repro'); d.open = true;
            d.querySelector('button.copy').click();
            return {selected: window.getSelection().toString(), code: d.querySelector('code').textContent};
          })()""");
      assertEquals("bin/ycsb-experiment reproduce SITE/bundles/results-run-a --hosts HOSTS -p mongodb.url=YOUR_URL",
          clicked.path("code").asText());
      assertEquals(clicked.path("code").asText(), clicked.path("selected").asText(), "the command is selected");
      String said = "";
      for (int i = 0; i < 50 && !said.startsWith("Copied") && !said.startsWith("Selected"); i++) {
        Thread.sleep(20);
        said = chrome.eval("document.querySelector('button.copy').textContent").asText();
      }
      assertTrue(said.equals("Copied") || said.equals("Selected: copy it"), "the button says what it did: " + said);
      assertEquals(List.of(), chrome.drainProblems());
    }
  }

  /** A site of one complete coordinated bundle, {@code results-run-a}. */
  private Path oneBundleSite() throws Exception {
    assertNotNull(HeadlessChromium.binary(), "no chromium: scripts/install-test-prereqs.sh installs it");
    Path results = tmp.resolve("results");
    Bundles.coordinated(results.resolve("run-a"), "COMPLETE", Bundles.MONGODB, 1_795_475_000_000L, "");
    Path site = tmp.resolve("site");
    assertEquals(0, PublishTest.publish("--out", site.toString(), results.toString()).status());
    return site;
  }

  /** Types {@code filter} in the index's filter box; returns the line that counts the rows shown. */
  private static String shownAfterFiltering(HeadlessChromium chrome, String filter) throws Exception {
    return chrome.eval("""
        (function () { var f = document.getElementById('filter'); f.value = '%s';
          f.dispatchEvent(new Event('input')); return document.getElementById('shown').textContent; })()"""
        .formatted(filter)).asText();
  }

  /**
   * Clears the filter and clicks twice the heading of table {@code #table} that starts with {@code heading}; returns
   * {@code cell} (JavaScript over the row {@code r} and the heading {@code th}) of each row, in the order shown.
   */
  private static JsonNode sortedTwice(HeadlessChromium chrome, String table, String heading, String cell)
      throws Exception {
    return chrome.eval("""
        (function () { var f = document.getElementById('filter'); f.value = '';
          f.dispatchEvent(new Event('input'));
          var th = Array.prototype.filter.call(document.querySelectorAll('#%1$s th'),
            function (h) { return h.textContent.indexOf('%2$s') === 0; })[0];
          th.click(); th.click();
          return Array.prototype.map.call(document.querySelectorAll('#%1$s tbody tr'),
            function (r) { return %3$s; }); })()""".formatted(table, heading, cell));
  }
}
