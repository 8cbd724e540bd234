package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new user with only the tarball: unpack it into an empty folder, read its README and the tools' help, and do
 * what they say, from a first coordinated run to a merge of two clients' folders with its report.
 */
class NewUserIT {
  @TempDir
  Path empty;

  private Path unpack() throws Exception {
    Path tarball = Path.of(System.getProperty("dist.tarball"));
    assertTrue(Files.isRegularFile(tarball), "no tarball at " + tarball);
    Process p = new ProcessBuilder("tar", "xzf", tarball.toString(), "-C", empty.toString()).inheritIO().start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue());
    return empty.resolve("ycsb-mongodb-pack");
  }

  @Test
  void theReadmeAndTheHelpAreEnoughFromTheTarballToAMergedReport() throws Exception {
    Path home = unpack();
    String readme = Files.readString(home.resolve("README.md"));
    for (String repoOnly : List.of("mvnw", "quickstart.sh", "test.sh", "src/main")) {
      assertFalse(readme.contains(repoOnly), "the distribution's README names " + repoOnly);
    }
    Matcher paths = Pattern.compile("(?:docs|workloads|bin)/[A-Za-z0-9][A-Za-z0-9._-]*").matcher(readme);
    while (paths.find()) {
      assertTrue(Files.exists(home.resolve(paths.group())), "README names " + paths.group() + ", not shipped");
    }

    for (String ask : List.of("--help", "-h", "help")) {
      YcsbRun help = YcsbRun.exec(empty, home.resolve("bin/ycsb").toString(), ask);
      assertEquals(0, help.exitCode, help::describe);
      for (String needed : List.of("mongodb.url", "mongodb.w", "majority", "hdrhistogram.fileoutput",
          "bin/ycsb-aggregate", "bin/ycsb-coordinator", "workloada", "--out")) {
        assertTrue(help.stdout.contains(needed), () -> "bin/ycsb " + ask + " lacks " + needed);
      }
    }
    YcsbRun coordinatorHelp = YcsbRun.exec(empty, home.resolve("bin/ycsb-coordinator").toString(), "--help");
    assertEquals(0, coordinatorHelp.exitCode, coordinatorHelp::describe);
    assertTrue(coordinatorHelp.stdout.contains("Examples:") && coordinatorHelp.stdout.contains("--hosts"));
    YcsbRun mergeHelp = YcsbRun.exec(empty, home.resolve("bin/ycsb-aggregate").toString(), "merge", "--help");
    assertEquals(0, mergeHelp.exitCode, mergeHelp::describe);
    Matcher docs = Pattern.compile("docs/[A-Za-z0-9._-]+\\.md").matcher(mergeHelp.stdout + coordinatorHelp.stdout);
    while (docs.find()) {
      assertTrue(Files.exists(home.resolve(docs.group())), "help names " + docs.group() + ", not shipped");
    }
    for (String tool : List.of("bin/ycsb", "bin/ycsb-aggregate", "bin/ycsb-coordinator")) {
      YcsbRun version = YcsbRun.exec(empty, home.resolve(tool).toString(), "--version");
      assertEquals(0, version.exitCode, version::describe);
      assertTrue(version.stdout.matches("(?s)\\S+ \\d+\\.\\d+\\.\\d+.*"), version::describe);
      // the build beside the version: the commit scripts/build-id.sh gave the build, or "unknown", never a guess
      assertTrue(version.stdout.matches("(?s).* \\(build ([0-9a-f]{12}(-modified)?|unknown)\\).*"), version::describe);
    }
    YcsbRun serverHelp = YcsbRun.exec(empty, home.resolve("bin/embedded-mongo").toString(), "--help");
    assertEquals(0, serverHelp.exitCode, serverHelp::describe);
    assertTrue(serverHelp.stdout.toLowerCase(java.util.Locale.ROOT).contains("not mongodb"), serverHelp::describe);

    // "First run, no database needed": the README's own commands, as written
    String block = Markdown.codeBlockAfter(readme, "## First run");
    Process first = new ProcessBuilder("bash", "-euo", "pipefail", "-c", block).directory(home.toFile())
        .redirectErrorStream(true).start();
    String firstOut = new String(first.getInputStream().readAllBytes());
    assertTrue(first.waitFor(300, TimeUnit.SECONDS), firstOut);
    assertEquals(0, first.exitValue(), firstOut);
    for (String phase : List.of("load", "run")) {
      JsonNode m = Coordinator.manifest(home.resolve("results").resolve(phase));
      assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
      assertTrue(Files.isRegularFile(home.resolve("results").resolve(phase).resolve("merged/report.html")));
      assertTrue(firstOut.contains("report: " + home.resolve("results").resolve(phase).resolve("merged/report.html")),
          firstOut);
    }

    // "Against your MongoDB": two clients with --out, then bin/ycsb-aggregate merge, as the README says
    Process server = new ProcessBuilder(home.resolve("bin/embedded-mongo").toString(), "--url-file",
        empty.resolve("url").toString()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    try {
      assertTrue(Coordinator.waitFor(() -> Files.exists(empty.resolve("url")), 60));
      String url = Files.readString(empty.resolve("url")).strip() + "/ycsb";
      YcsbRun load = YcsbRun.exec(home, home.resolve("bin/ycsb").toString(), "load", "mongodb", "-P",
          "workloads/workloada", "-p", "mongodb.url=" + url, "-p", "recordcount=1000", "-threads", "4",
          "-p", "mongodb.batchsize=100");
      assertEquals(0, load.exitCode, load::describe);
      List<CompletableFuture<YcsbRun>> clients = new ArrayList<>();
      for (String name : List.of("client1", "client2")) {
        clients.add(CompletableFuture.supplyAsync(() -> YcsbRun.exec(home, home.resolve("bin/ycsb").toString(),
            "run", "mongodb", "-P", "workloads/workloada", "-p", "mongodb.url=" + url, "-p", "recordcount=1000",
            "-p", "operationcount=4000", "-threads", "2", "-p", "mongodb.w=majority", "-s",
            "--out", "results/two/" + name)));
      }
      for (CompletableFuture<YcsbRun> c : clients) {
        assertEquals(0, c.get().exitCode, c.get()::describe);
      }
      YcsbRun merge = YcsbRun.exec(home, home.resolve("bin/ycsb-aggregate").toString(), "merge", "results/two",
          "-o", "results/two-merged");
      assertEquals(0, merge.exitCode, merge::describe);
      assertTrue(Files.isRegularFile(home.resolve("results/two-merged/report.html")));
    } finally {
      server.destroy();
      server.waitFor(10, TimeUnit.SECONDS);
    }
  }
}
