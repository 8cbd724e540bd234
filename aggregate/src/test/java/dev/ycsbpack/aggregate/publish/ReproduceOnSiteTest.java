package dev.ycsbpack.aggregate.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbpack.aggregate.experiment.Reproduction;
import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.common.AwkwardStrings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each row and page of a site shows the command that reproduces it from the site's folder, with placeholders for the
 * reader's hosts and server only; the row's folder carries the records that command reads, with no secret and (unless
 * asked) no path of the recording machine.
 */
class ReproduceOnSiteTest {
  @TempDir
  Path tmp;

  private static final String COPY = "<button type=\"button\" class=\"copy\">Copy</button>";

  private static String folded(String name, String flags, String note) {
    return "<details class=\"repro\"><summary>reproduce</summary><div class=\"repro\"><code>bin/ycsb-experiment "
        + "reproduce SITE/bundles/" + name + " --hosts HOSTS -p mongodb.url=YOUR_URL" + flags + "</code> " + COPY
        + "<br><span class=\"meta\">" + note + "</span></div>\n</details>";
  }

  @Test
  void eachRowAndPageShowsItsCommandAndASingleClientHasNone() throws Exception {
    Path results = PublishTest.mixed(tmp);
    Path site = tmp.resolve("site");
    assertEquals(0, PublishTest.publish("--out", site.toString(), results.toString()).status());
    String index = Files.readString(site.resolve("index.html"));
    assertTrue(index.contains("<p class=\"meta\">Each row&#39;s &quot;reproduce&quot; re-runs it on your deployment: "
        + "SITE is this site&#39;s folder on your machine, HOSTS your client machines, YOUR_URL your deployment&#39;s "
        + "connection string.</p>"), index);
    assertTrue(index.contains("coordinated run</span>" + folded("results-series1-run-a", "", "no plan.json: refused")
        + "</td>"), index);
    assertTrue(index.contains(folded("results-series2-failed", " --allow-failed",
        "needs --allow-failed (FAILED); no plan.json: refused")), index);
    assertTrue(index.contains("sweep experiment</span>" + folded("results-experiments-sweep", "",
        "no plan.json: refused") + "</td>"), index);
    assertEquals(4 + 2, index.split("<details class=\"repro\">", -1).length - 1, "every row but the single client's");
    assertFalse(index.contains("SITE/bundles/results-fake-single"), "a client folder is not what reproduce takes");

    String page = Files.readString(site.resolve("bundles/results-experiments-sweep/report.html"));
    assertTrue(page.contains("<h2>Reproduce</h2>\n<div class=\"repro\"><code>bin/ycsb-experiment reproduce "
        + "SITE/bundles/results-experiments-sweep --hosts HOSTS -p mongodb.url=YOUR_URL</code> " + COPY + "<br>"
        + "<span class=\"meta\">SITE is this site&#39;s folder on your machine, HOSTS your client machines, YOUR_URL "
        + "your deployment&#39;s connection string; the original records no plan.json (an older pack), so "
        + "reproduce refuses it.</span></div>"), page);
    String failed = Files.readString(site.resolve("bundles/results-series2-failed/report.html"));
    assertTrue(failed.contains("<code>bin/ycsb-experiment reproduce SITE/bundles/results-series2-failed --hosts "
        + "HOSTS -p mongodb.url=YOUR_URL --allow-failed</code>"), failed);
    // a complete bundle's page is its report: the command is a fact of what was run
    JsonNode run = runFacts(Files.readString(site.resolve("bundles/results-series1-run-a/report.html")));
    assertEquals("bin/ycsb-experiment reproduce SITE/bundles/results-series1-run-a --hosts HOSTS -p "
        + "mongodb.url=YOUR_URL  (SITE is this site's folder on your machine, HOSTS your client machines, YOUR_URL "
        + "your deployment's connection string; the original records no plan.json (an older pack), so reproduce "
        + "refuses it.)", run.path("Reproduce").asText());
  }

  private static JsonNode runFacts(String report) throws Exception {
    String open = "<script type=\"application/json\" id=\"runfacts\">";
    int at = report.indexOf(open) + open.length();
    return MergedJson.MAPPER.readTree(report.substring(at, report.indexOf("</script>", at)));
  }

  @Test
  void theRowsFolderCarriesTheOriginalsRecordsWithNoSecretAndNoMachinePath() throws Exception {
    Path bundle = Bundles.coordinated(tmp.resolve("results/run-a"), "COMPLETE", Bundles.MONGODB, 1_795_500_000_000L,
        "");
    List<String> passwords = AwkwardStrings.passwords(20261207L, 12).stream().filter(p -> p.length() >= 8)
        .toList();
    Map<String, Object> plan = new LinkedHashMap<>();
    plan.put("schema", "ycsb-pack/plan-test");
    Map<String, String> props = new LinkedHashMap<>();
    for (int i = 0; i < passwords.size(); i++) {
      props.put("mongodb.password" + i, passwords.get(i));
      props.put("note.url" + i, "mongodb://u:" + passwords.get(i).replaceAll("[\\s@/]", "x") + "@h/db");
    }
    props.put("hdrhistogram.output.path", bundle.toAbsolutePath() + "/clients/01-host1/READ.hdr");
    plan.put("properties", props);
    Files.writeString(bundle.resolve(Originals.PLAN), MergedJson.MAPPER.writeValueAsString(plan));
    new Reproduction("site/bundles/orig", "run-1", List.of("-p mongodb.url=mongodb://u:*****@db2/x")).write(bundle);

    Path site = tmp.resolve("site");
    assertEquals(0, PublishTest.publish("--out", site.toString(), bundle.toString()).status());
    Path row = site.resolve("bundles/run-a");
    for (String f : List.of("manifest.json", Originals.PLAN, Reproduction.FILE)) {
      String text = Files.readString(row.resolve(f), StandardCharsets.UTF_8);
      assertFalse(text.contains(tmp.toAbsolutePath().toString()), "a path of this machine in " + f + ": " + text);
      for (String p : passwords) {
        assertFalse(text.contains(MergedJson.MAPPER.writeValueAsString(p).replaceAll("^\"|\"$", "")),
            "password " + p + " in " + f);
      }
      assertFalse(text.contains(Bundles.PASSWORD.replace("\"", "\\\"")), "the URL's password in " + f);
    }
    JsonNode copied = MergedJson.MAPPER.readTree(row.resolve(Originals.PLAN).toFile());
    assertEquals("*****", copied.path("properties").path("mongodb.password0").asText());
    assertEquals("clients/01-host1/READ.hdr", copied.path("properties").path("hdrhistogram.output.path").asText());
    assertEquals(Reproduction.read(bundle), Reproduction.read(row), "the reproduction's record, as written");
    assertTrue(MergedJson.MAPPER.readTree(row.resolve("manifest.json").toFile()).path("command").asText()
        .endsWith(" --out ."), "the command's folder relative to the bundle");

    Path absolute = tmp.resolve("site-absolute");
    assertEquals(0, PublishTest.publish("--out", absolute.toString(), "--paths", "absolute", bundle.toString())
        .status());
    assertEquals(bundle.toAbsolutePath() + "/clients/01-host1/READ.hdr", MergedJson.MAPPER.readTree(absolute
        .resolve("bundles/run-a").resolve(Originals.PLAN).toFile()).path("properties")
        .path("hdrhistogram.output.path").asText(), "--paths absolute keeps them");
  }

  @Test
  void aSingleClientsOwnRecordedPathsAreShownRelativeUnlessAskedOtherwise() throws Exception {
    Path client = Bundles.single(tmp.resolve("results/one"), Bundles.MONGODB, 1_795_500_000_000L, "");
    String abs = client.toAbsolutePath().toString();
    // the client recorded hdrhistogram.output.path=<its folder>/, as bin/ycsb --out does
    Path env = client.resolve("environment.properties");
    Files.writeString(env, Files.readString(env, StandardCharsets.ISO_8859_1).replaceAll("run\\.command=.*",
        "run.command=bin/ycsb run mongodb -P workloads/a --out " + abs), StandardCharsets.ISO_8859_1);
    Path site = tmp.resolve("site");
    assertEquals(0, PublishTest.publish("--out", site.toString(), client.toString()).status());
    assertTrue(Files.exists(site.resolve("bundles/one/merged.json")), Files.readString(site.resolve("index.html")));
    JsonNode merged = MergedJson.MAPPER.readTree(site.resolve("bundles/one/merged.json").toFile());
    assertEquals(".", merged.path("configuration").path("common").path("hdrhistogram.output.path").asText(),
        merged.path("configuration").toString());
    JsonNode facts = runFacts(Files.readString(site.resolve("bundles/one/report.html")));
    assertEquals("bin/ycsb run mongodb -P workloads/a --out .", facts.path("Command").asText());
    for (Path f : PublishTest.files(site)) {
      assertFalse(Files.readString(f, StandardCharsets.ISO_8859_1).contains(abs), "this machine's path in " + f);
    }
    Path kept = tmp.resolve("kept");
    assertEquals(0, PublishTest.publish("--out", kept.toString(), "--paths", "absolute", client.toString())
        .status());
    assertEquals("bin/ycsb run mongodb -P workloads/a --out " + abs, runFacts(Files.readString(kept
        .resolve("bundles/one/report.html"))).path("Command").asText());
  }

  @Test
  void aSiteInAFolderSearchedIsNotReadAgainAsBundles() throws Exception {
    Path results = PublishTest.mixed(tmp);
    assertEquals(0, PublishTest.publish("--out", results.resolve("site").toString(), results.toString()).status());
    Path again = tmp.resolve("again");
    assertEquals(0, PublishTest.publish("--out", again.toString(), results.toString()).status());
    assertTrue(Files.readString(again.resolve("index.html")).contains("<p class=\"meta\">5 bundles and 2 "
        + "experiments, rebuilt"), "the site's rows (which carry manifests) are not bundles");
  }
}
