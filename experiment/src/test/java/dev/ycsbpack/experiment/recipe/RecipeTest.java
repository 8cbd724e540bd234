package dev.ycsbpack.experiment.recipe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.experiment.wc.WriteConcernCell;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecipeTest {
  private static final Path PACK = Path.of("..").toAbsolutePath().normalize();
  private static final String GOOD = "title = t\nmeasures = m\nseed = s\ncommand = sweep\nexperiments = a, b-2\n"
      + "workloads = workloads/hotset\noptions = -threads  1,2\np.recordcount = 10\nexperiment.a.load = true\n"
      + "experiment.b-2.p.table = t2\nexperiment.b-2.data-per-ram = 2\nexperiment.b-2.about = second\n";

  @TempDir
  Path work;

  private Path file(String text) throws IOException {
    return Files.writeString(work.resolve("r"), text);
  }

  @Test
  void everyRecipeOfThePackReadsSaysItsSeedAndRunsWorkloadsThatExist() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.list(PACK.resolve("experiments"))) {
      files = s.filter(p -> !p.getFileName().toString().endsWith(".md")).sorted().toList();
    }
    assertEquals(List.of("clients-6to1", "larger-than-ram", "mongodb-26-vs-30", "wc-driver-constants",
        "wc-insert-latency"), files.stream().map(p -> p.getFileName().toString()).toList());
    for (Path f : files) {
      Recipe r = Recipe.read(f);
      assertTrue(r.seed().matches("00[0-4]_[0-9a-f]{16}\\.txt: .*research experiments\\.md section 1\\.[1-5]\\)"),
          f + ": the seed names its file and the research section: " + r.seed());
      for (String w : r.workloads()) {
        assertTrue(Files.isRegularFile(PACK.resolve(w)), f + ": " + w);
      }
      assertTrue(r.experiments().stream().anyMatch(Recipe.Experiment::load), f + ": one experiment loads");
    }
    Recipe constants = Recipe.read(PACK.resolve("experiments/wc-driver-constants"));
    String cells = constants.options().get(constants.options().indexOf("--write-concerns") + 1);
    // the seed's 13 constants, each a cell labelled by its name
    assertEquals(13, WriteConcernCell.parseList("--write-concerns", cells).size());
    Recipe ram = Recipe.read(PACK.resolve("experiments/larger-than-ram"));
    assertTrue(ram.sizedByRam());
    assertEquals(List.of(0.5, 2.0, 2.0, 2.0), ram.experiments().stream().map(Recipe.Experiment::dataPerRam).toList());
    // each answers its seed's question in one table, laid out for it
    assertEquals("cases", ram.table());
    assertTrue(ram.question().startsWith("What happens to reads when the data outgrows RAM"), ram.question());
    assertEquals("write-concerns", constants.table());
    assertEquals("sweep", Recipe.read(PACK.resolve("experiments/clients-6to1")).table());
  }

  @Test
  void readsTheKeysItDocuments() throws IOException {
    Recipe r = Recipe.read(file(GOOD));
    assertEquals("sweep", r.command());
    assertEquals(List.of("-threads", "1,2"), r.options());
    assertEquals(Map.of("recordcount", "10"), r.defaults());
    assertEquals(List.of("a", "b-2"), r.experiments().stream().map(Recipe.Experiment::name).toList());
    Recipe.Experiment a = r.experiments().get(0);
    assertTrue(a.load());
    assertNull(a.dataPerRam());
    assertEquals("a", a.about());
    Recipe.Experiment b = r.experiments().get(1);
    assertEquals(Map.of("table", "t2"), b.fixed());
    assertEquals(2.0, b.dataPerRam());
    assertEquals("second", b.about());
    assertTrue(r.sha256().matches("[0-9a-f]{64}"));
    assertEquals("sweep", r.table(), "a sweep's table by default");
    assertEquals("m", r.question(), "without a question, what it measures");
    Recipe cases = Recipe.read(file(GOOD + "table = cases\nquestion = what buys reads back?\n"));
    assertEquals("cases", cases.table());
    assertEquals("what buys reads back?", cases.question());
    assertNotEquals(r.sha256(), Recipe.read(file(GOOD + "# one more comment\n")).sha256(), "the digest is the bytes'");
  }

  @Test
  void unknownKeysMissingKeysAndBadValuesAreOneLineNamingTheFileAndKey() throws IOException {
    Map<String, String> bad = new java.util.HashMap<>(Map.of(
        GOOD + "threads = 4\n", "unknown key threads;",
        GOOD + "experiment.c.load = true\n", "(c is not in experiments=a,b-2)",
        GOOD + "experiment.a.options = -threads 4\n", "unknown key experiment.a.options;",
        GOOD + "experiment.a.load = yes\n", "experiment.a.load=yes: expected true or false",
        GOOD + "experiment.a.data-per-ram = 0\n", "expected a number above 0",
        GOOD.replace("command = sweep", "command = load"), "command=load: expected sweep or wc-matrix",
        GOOD.replace("seed = s\n", ""), "no seed",
        GOOD.replace("a, b-2", "a, a"), "a is listed twice",
        GOOD.replace("a, b-2", "a, B/2"), "B/2 is not a folder name"));
    bad.put(GOOD + "table = write-concerns\n", "table=write-concerns: expected cases or sweep for a sweep recipe");
    bad.put(GOOD.replace("command = sweep", "command = wc-matrix") + "table = cases\n",
        "table=cases: expected write-concerns for a wc-matrix recipe");
    for (Map.Entry<String, String> e : bad.entrySet()) {
      Path f = file(e.getKey());
      IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> Recipe.read(f), e.getValue());
      assertTrue(ex.getMessage().startsWith("recipe " + f + ": "), ex.getMessage());
      assertTrue(ex.getMessage().contains(e.getValue()), ex.getMessage());
      assertTrue(!ex.getMessage().contains("\n"), "one line");
    }
  }

  @Test
  void sizesAreBinaryOrDecimalByTheirUnit() {
    assertEquals(16L << 30, ByteSize.parse("--ram", "16GiB"));
    assertEquals(16L << 30, ByteSize.parse("--ram", "16 gib"));
    assertEquals(512L << 20, ByteSize.parse("--ram", "0.5GiB"));
    assertEquals(64_000_000_000L, ByteSize.parse("--ram", "64GB"));
    assertEquals(1024, ByteSize.parse("--ram", "1024"));
    for (String v : List.of("", "GiB", "16 GiBs", "-1GiB", "0", "16XB", "2000TiB")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ByteSize.parse("--ram", v), v);
      assertTrue(e.getMessage().startsWith("--ram " + v + ": expected a size"), e.getMessage());
      assertTrue(e.getMessage().contains("e.g. 16GiB"), e.getMessage());
    }
  }
}
