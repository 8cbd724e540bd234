package dev.ycsbpack.experiment.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import dev.ycsbpack.cli.ToolMain;
import dev.ycsbpack.cli.ToolCommandLine;
import dev.ycsbpack.common.Redactor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code reproduce} refuses before anything runs: one line naming what and why, exit status 2, nothing written
 * (no --out folder, no reproduction.json). The refusals that need bin/ycsb (an unknown property, a binding this pack
 * lacks) are the distribution's ReproduceIT.
 */
class ReproduceRefusalTest {
  @TempDir
  Path dir;
  private Path bundle;
  private Path out;
  private String err;
  private String printed;

  @BeforeEach
  void aCompleteBundle() throws IOException {
    bundle = Files.createDirectories(dir.resolve("runs/b1"));
    manifest(bundle, "COMPLETE");
    plan(ReproduciblePlan.builder().tool(ReproduciblePlan.COORDINATOR).kind("run").binding("mongodb")
        .properties(Map.of("workload", "site.ycsb.workloads.CoreWorkload", "recordcount", "100"))
        .hosts(List.of("h1", "h2")).clientsPerHost(1).clients(2).threads(2).build());
    out = dir.resolve("repro");
  }

  private void manifest(Path b, String status) throws IOException {
    Files.writeString(b.resolve("manifest.json"), "{\"status\": \"" + status + "\", \"runId\": \"20261207-ab\"}");
  }

  private void plan(ReproduciblePlan p) throws IOException {
    p.write(bundle);
  }

  private int run(String... args) {
    List<String> all = new ArrayList<>(List.of("reproduce"));
    all.addAll(List.of(args));
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    int rc;
    try {
      System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
      rc = ToolMain.run(ToolCommandLine.create(new ExperimentMain()), all.toArray(String[]::new), System.out,
          System.err);
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
    err = e.toString(StandardCharsets.UTF_8);
    printed = o.toString(StandardCharsets.UTF_8);
    return rc;
  }

  /** Exit 2, one line on stderr holding {@code words}, nothing on stdout, no folder made. */
  private void refused(String words, String... args) throws IOException {
    assertEquals(2, run(args), err);
    assertEquals(1, err.lines().count(), err);
    assertTrue(err.startsWith("ycsb-experiment reproduce: error: "), err);
    assertTrue(err.contains(words), () -> "expected '" + words + "' in: " + err);
    assertEquals("", printed);
    assertFalse(Files.exists(out), "nothing written");
    try (Stream<Path> s = Files.list(bundle)) {
      assertEquals(2, s.count(), "the original untouched");
    }
  }

  private String[] withOut(String original, String... more) {
    List<String> a = new ArrayList<>(List.of(original, "-p", "mongodb.url=mongodb://u:Zq9pw@db2/ycsb", "--hosts",
        "local,local", "--out", out.toString()));
    a.addAll(List.of(more));
    return a.toArray(String[]::new);
  }

  @Test
  void notABundleNorAnExperimentNorASiteRow() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    refused("not a coordinator bundle, an experiment's folder or a published site's row", withOut(empty.toString()));
    refused("no such folder", withOut(dir.resolve("gone").toString()));
  }

  @Test
  void aSiteRowThatDoesNotExist() throws IOException {
    Path site = Files.createDirectories(dir.resolve("site/bundles/20261207-ab"));
    Files.writeString(dir.resolve("site/index.html"), "<html>");
    refused("the site has no row 20261207-ac (did you mean 20261207-ab?); its rows: 20261207-ab",
        withOut(site.getParent().getParent() + "#20261207-ac"));
    refused("is not a published site", withOut(dir.resolve("runs") + "#b1"));
    // a row the site holds, but published without its plan: said so, by either name
    refused("a published site's row without its manifest.json and plan.json", withOut(site.toString()));
    refused("a published site's row without its manifest.json and plan.json",
        withOut(site.getParent().getParent() + "#20261207-ab"));
  }

  @Test
  void aSiteRowCarryingItsPlanIsTheOriginal() throws IOException {
    Path row = Files.createDirectories(dir.resolve("site/bundles/20261207-ab"));
    Files.writeString(dir.resolve("site/index.html"), "<html>");
    Files.copy(bundle.resolve("manifest.json"), row.resolve("manifest.json"));
    Files.copy(bundle.resolve(ReproduciblePlan.FILE), row.resolve(ReproduciblePlan.FILE));
    // accepted as an original: it gets as far as bin/ycsb's check, which needs the installed pack
    refused("ycsbpack.home is not set", withOut(dir.resolve("site") + "#20261207-ab"));
    refused("--hosts local,local,local: the plan runs 2 clients", withOut(dir.resolve("site") + "#20261207-ab",
        "--hosts", "local"));
  }

  @Test
  void aPlanOfANewerPack() throws IOException {
    plan(ReproduciblePlan.builder().schema("ycsb-plan/v2").tool("coordinator").kind("run").binding("mongodb")
        .build());
    refused("its plan is of schema ycsb-plan/v2, newer than this pack's", withOut(bundle.toString()));
    plan(ReproduciblePlan.builder().packVersion("999.0.0").tool("coordinator").kind("run").binding("mongodb")
        .build());
    refused("its plan was made by pack 999.0.0, newer than this one", withOut(bundle.toString()));
  }

  @Test
  void aBundleWithoutAPlan() throws IOException {
    Files.delete(bundle.resolve(ReproduciblePlan.FILE));
    Files.writeString(bundle.resolve("other"), "");
    refused("has no plan.json, the self-contained plan a reproduction runs", withOut(bundle.toString()));
  }

  @Test
  void aFailedOriginalUnlessAllowed() throws IOException {
    manifest(bundle, "FAILED");
    refused("its bundle is FAILED, not COMPLETE", withOut(bundle.toString()));
    // allowed, it goes on to the next check: these hosts cannot take the plan's 2 clients
    refused("the plan runs 2 clients", withOut(bundle.toString(), "--allow-failed", "--hosts", "local"));
  }

  @Test
  void moreHostsThanThePlansClientsOrNoneOrNoUrl() throws IOException {
    refused("--hosts local,local,local: the plan runs 2 clients (1 on each of 2 hosts), which 3 hosts cannot take "
        + "evenly; give 1 or 2 hosts, or --clients-per-host to change the plan",
        withOut(bundle.toString(), "--hosts", "local"));
    refused("--hosts: give the hosts to run on", bundle.toString(), "-p", "mongodb.url=mongodb://db2/ycsb", "--out",
        out.toString());
    refused("-p mongodb.url: give your server", bundle.toString(), "--hosts", "local", "--out", out.toString());
  }

  @Test
  void aSecretThePlanMaskedMustBeGivenAgainAndIsNeverShown() throws IOException {
    plan(ReproduciblePlan.builder().tool("coordinator").kind("run").binding("mongodb").clients(2).hosts(List.of("h"))
        .properties(Map.of("workload", "W", "mongodb.tls.keyStorePassword", Redactor.MASK)).build());
    refused("mongodb.tls.keyStorePassword: a secret, masked in the original's plan; give yours with -p",
        withOut(bundle.toString()));
    assertFalse(err.contains("Zq9pw"), err);
  }

  @Test
  void anOutFolderThatIsNotEmpty() throws IOException {
    Files.createDirectories(out);
    Files.writeString(out.resolve("x"), "");
    assertEquals(2, run(withOut(bundle.toString())));
    assertTrue(err.contains("--out " + out + ": the folder is not empty"), err);
    assertEquals(List.of(out.resolve("x")), Files.list(out).toList());
  }
}
