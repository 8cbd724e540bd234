package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.cli.AggregateMain;
import dev.ycsbpack.common.ClientShare;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every kind of bad input gives the promised error: the file, the line, the problem, the fix; a non-zero exit. */
class MalformedInputTest extends RealRunFixture {
  @BeforeEach
  void copyTheRun() throws Exception {
    copyRealRun("text-s");
  }

  void assertRefused(String... fragments) {
    assertEquals(AggregateMain.REFUSED, merge(), stderr);
    for (String f : fragments) {
      assertTrue(stderr.contains(f), "stderr should contain '" + f + "':\n" + stderr);
    }
    assertTrue(stderr.contains("Fix: "), stderr);
    assertFalse(Files.exists(out), "a refused merge writes nothing");
  }

  Path hdr(String client, String op) {
    return run.resolve(client).resolve(op + ".hdr");
  }

  /**
   * Replaces the interval line {@code after} lines past the first of the log {@code p} with what {@code edit} makes of
   * it; the line's index (0-based).
   */
  int editInterval(Path p, int after, UnaryOperator<String> edit) throws Exception {
    List<String> l = lines(p);
    int i = firstData(l) + after;
    l.set(i, edit.apply(l.get(i)));
    write(p, l, true);
    return i;
  }

  List<String> lines(Path p) throws Exception {
    return new ArrayList<>(Files.readAllLines(p, StandardCharsets.ISO_8859_1));
  }

  void write(Path p, List<String> lines, boolean finalNewline) throws Exception {
    String s = String.join("\n", lines) + (finalNewline ? "\n" : "");
    Files.writeString(p, s, StandardCharsets.ISO_8859_1);
  }

  /** Index of the first interval line (after the headers) of a log. */
  static int firstData(List<String> l) {
    for (int i = 0; i < l.size(); i++) {
      if (!l.get(i).startsWith("#") && !l.get(i).startsWith("\"")) {
        return i;
      }
    }
    throw new AssertionError("no data line");
  }

  @Test
  void aLogCutInTheMiddleOfALineNamesTheFileAndLine() throws Exception {
    Path p = hdr("client2", "READ");
    List<String> l = lines(p);
    String last = l.remove(l.size() - 1);
    l.add(last.substring(0, last.length() / 2));
    write(p, l, false);
    assertRefused(p + ":" + l.size() + ":", "no end of line");
  }

  @Test
  void aLogCutAtALineEndIsCaughtByTheCountCheck() throws Exception {
    Path p = hdr("client1", "UPDATE");
    List<String> l = lines(p);
    // cut from the last interval that recorded anything (its max, the third field, is above 0): how many of
    // the final intervals are empty depends on how a loaded machine scheduled the run, so a fixed count of
    // lines could cut only empty ones and lose nothing
    int lastRecorded = l.size() - 1;
    while (lastRecorded > firstData(l) && Double.parseDouble(l.get(lastRecorded).split(",")[2]) == 0) {
      lastRecorded--;
    }
    l = l.subList(0, lastRecorded);
    write(p, l, true);
    assertRefused(p.toString(), "client1/output.txt:", "reports [UPDATE], Operations");
  }

  @Test
  void corruptBase64NamesTheLine() throws Exception {
    Path p = hdr("client3", "UPDATE");
    int i = editInterval(p, 1, line -> line.replace("HIST", "HI!T"));
    assertRefused(p + ":" + (i + 1) + ":", "not Base64");
  }

  @Test
  void anUndecodableHistogramNamesTheLine() throws Exception {
    Path p = hdr("client1", "READ");
    int i = editInterval(p, 0, line -> line.substring(0, line.lastIndexOf(',') + 1) + "QUJDREVGR0hJSktMTU5PUA==");
    assertRefused(p + ":" + (i + 1) + ":", "cannot be decoded");
  }

  @Test
  void linesOutOfOrderNameTheLine() throws Exception {
    Path p = hdr("client1", "READ");
    List<String> l = lines(p);
    int i = firstData(l);
    String a = l.get(i + 1);
    l.set(i + 1, l.get(i + 2));
    l.set(i + 2, a);
    write(p, l, true);
    assertRefused(p + ":" + (i + 3) + ":", "out of order");
  }

  @Test
  void aGarbledIntervalLineNamesTheLine() throws Exception {
    Path p = hdr("client2", "UPDATE");
    int i = editInterval(p, 0, line -> "0.1x2,1.000," + line.substring(line.indexOf(',') + 1).substring(6));
    assertRefused(p + ":" + (i + 1) + ":");
  }

  @Test
  void aLogWithoutStartTimeIsRefused() throws Exception {
    Path p = hdr("client2", "READ");
    List<String> l = lines(p);
    l.removeIf(s -> s.startsWith("#[StartTime"));
    write(p, l, true);
    assertRefused(p.toString(), "StartTime");
  }

  @Test
  void taggedLinesAreRefused() throws Exception {
    Path p = hdr("client2", "READ");
    int i = editInterval(p, 0, line -> "Tag=READ," + line);
    assertRefused(p + ":" + (i + 1) + ":", "tagged");
  }

  @Test
  void anOutputCutInTheMiddleOfALineNamesTheLine() throws Exception {
    Path p = run.resolve("client1/output.txt");
    List<String> l = lines(p);
    int keep = l.size() - 3;
    List<String> cut = new ArrayList<>(l.subList(0, keep));
    cut.add(l.get(keep).substring(0, 10));
    write(p, cut, false);
    assertRefused(p + ":" + (keep + 1) + ":", "no end of line");
  }

  @Test
  void anOutputSectionCutShortIsRefused() throws Exception {
    Path p = run.resolve("client1/output.txt");
    List<String> l = lines(p);
    l.removeIf(s -> s.startsWith("[UPDATE], MaxLatency"));
    write(p, l, true);
    assertRefused(p + ":", "[UPDATE] section lacks MaxLatency(us)");
  }

  @Test
  void aCorruptMeasurementLineNamesTheLine() throws Exception {
    Path p = run.resolve("client3/output.txt");
    List<String> l = lines(p);
    int i = 0;
    while (!l.get(i).startsWith("[READ], Operations")) {
      i++;
    }
    l.set(i, "[READ], Operations, 12x4");
    write(p, l, true);
    assertRefused(p + ":" + (i + 1) + ":", "not a number");
  }

  @Test
  void aCutJsonExportNamesTheLine() throws Exception {
    run = RealYcsb.copy("json-s", tmp.resolve("json"));
    Path p = run.resolve("client1/output.json");
    String s = Files.readString(p);
    Files.writeString(p, s.substring(0, s.length() * 2 / 3));
    assertRefused(p + ":", "JSON");
  }

  @Test
  void aFailedClientMakesTheResultIncompleteUnlessAccepted() throws Exception {
    // what a client that died mid-run leaves: stray prints and no [OVERALL]
    Path p = run.resolve("client2/output.txt");
    Files.writeString(p, "mongo client connection created\njava.lang.RuntimeException: boom\n\tat x.y(Z.java:1)\n");
    assertEquals(AggregateMain.INCOMPLETE, merge(), stderr);
    assertTrue(stderr.contains("client2") && stderr.contains("no [OVERALL]"), stderr);
    assertTrue(stderr.contains("--accept-partial"), stderr);
    assertFalse(Files.exists(out));

    assertEquals(AggregateMain.OK, merge("--accept-partial"), stderr);
    for (String f : List.of("merged.txt", "merged.csv", "timeseries.csv")) {
      String first = Files.readAllLines(out.resolve(f)).get(0);
      assertTrue(first.startsWith("# INCOMPLETE: merged 2 of 3 clients; failed (left out): client2"), f + ": " + first);
    }
    assertTrue(Files.readAllLines(out.resolve("merged.md")).get(0).startsWith("> **INCOMPLETE"));
    String json = Files.readString(out.resolve("merged.json"));
    assertTrue(json.contains("\"complete\" : false"), json.substring(0, 200));
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(html.contains("<title>INCOMPLETE - "));
  }

  @Test
  void aFolderWithoutOutputIsAFailedClient() throws Exception {
    Files.delete(run.resolve("client3/output.txt"));
    assertEquals(AggregateMain.INCOMPLETE, merge(), stderr);
    assertTrue(stderr.contains("client3"), stderr);
  }

  /** bin/ycsb's count rule for a folder without a verdict: fewer operations than asked is a failed client. */
  @Test
  void aFolderWithoutAVerdictShowingFewerOperationsThanAskedIsAFailedClient() throws Exception {
    for (int c = 1; c <= 3; c++) { // every client asked for 2,500 and did 2,400 (the configurations still agree)
      Path p = run.resolve("client" + c + "/client.properties");
      Files.writeString(p, Files.readString(p).replace("operationcount=2400", "operationcount=2500"));
    }
    assertRefused("no client finished: client1: ", "client2: " + run.resolve("client2/output.txt") + " shows only "
        + "2,400 of the 2,500 operations its client.properties asked for (operationcount=2500): the client stopped "
        + "early, which bin/ycsb reports as FAILED; client3: ");

    for (int c = 1; c <= 3; c++) { // a time limit may stop YCSB before its count, as bin/ycsb's rule says
      Path p = run.resolve("client" + c + "/client.properties");
      Files.writeString(p, Files.readString(p) + "maxexecutiontime=60\n");
    }
    assertEquals(AggregateMain.OK, merge(), stderr);
  }

  @Test
  void aCountYcsbCannotReadInAFolderWithoutAVerdictIsNamed() throws Exception {
    for (int c = 1; c <= 3; c++) {
      Path p = run.resolve("client" + c + "/client.properties");
      Files.writeString(p, Files.readString(p).replace("operationcount=2400", "operationcount=1e6"));
    }
    assertRefused(run.resolve("client1/client.properties") + ": operationcount=1e6: expected a whole number from 0 "
        + "to 2147483647", "Fix: write the properties the client ran with.");
  }

  @Test
  void aShortClientIsLeftOutWithAcceptPartial() throws Exception {
    for (int c = 1; c <= 3; c++) {
      Path p = run.resolve("client" + c + "/client.properties");
      Files.writeString(p, Files.readString(p).replace("dotransactions=true\n", ""));
    }
    assertEquals(AggregateMain.OK, merge(), stderr + "an unset dotransactions is a run, as YCSB reads it");
    Path p = run.resolve("client3/client.properties");
    Files.writeString(p, Files.readString(p).replace("operationcount=2400", "operationcount=2401"));
    out = tmp.resolve("out-short");
    assertEquals(AggregateMain.INCOMPLETE, merge("--allow-difference", "operationcount"), stderr);
    assertTrue(stderr.contains("1 of 3 clients failed: client3: "), stderr);
    assertTrue(stderr.contains("(operationcount=2401; dotransactions is unset, so YCSB reads it as a run; a load's "
        + "folder needs dotransactions=false)"), "the reason names the phase it assumed: " + stderr);
    assertFalse(Files.exists(out), "nothing written");
    assertEquals(AggregateMain.OK, merge("--allow-difference", "operationcount", "--accept-partial"), stderr);
    assertTrue(Files.readAllLines(out.resolve("merged.txt")).get(0).startsWith("# INCOMPLETE: merged 2 of 3 clients; "
        + "failed (left out): client3"), "the merged result says so");
  }

  @Test
  void differentWorkloadConfigurationsAreRefusedAndNamed() throws Exception {
    Path p = run.resolve("client2/client.properties");
    Files.writeString(p, Files.readString(p).replace("threadcount=2", "threadcount=8")
        + "readallfields=false\n");
    assertRefused("threadcount: 2 (client1, client3); 8 (client2)", "readallfields", "--force");
    assertEquals(AggregateMain.OK, merge("--force"), stderr);
    assertTrue(Files.readString(out.resolve("merged.txt")).contains("Merged with --force"));
  }

  /** The coordinator's per-client shares are no mismatch among the clients of one coordinated run, and only there. */
  @Test
  void theSharesOfOneCoordinatedRunMayDiffer() throws Exception {
    for (int c = 1; c <= 3; c++) {
      Path p = run.resolve("client" + c + "/client.properties");
      String text = Files.readString(p) + ClientShare.COUNT + "=3\n" + ClientShare.INDEX + "=" + (c - 1) + "\n";
      Files.writeString(p, c == 2 ? text.replace("threadcount=2", "threadcount=8") : text);
    }
    assertEquals(AggregateMain.OK, merge(), stderr);
    assertFalse(Files.readString(out.resolve("merged.txt")).contains("Merged with --force"));

    out = tmp.resolve("out-two-firsts"); // two clients claiming one index are not one run's clients
    Path p = run.resolve("client3/client.properties");
    Files.writeString(p, Files.readString(p).replace(ClientShare.INDEX + "=2", ClientShare.INDEX + "=1"));
    assertRefused("threadcount: 2 (client1, client3); 8 (client2)");
  }

  @Test
  void keyRangesAndHostListsMayDifferButSecretsAreNeverShown() throws Exception {
    for (int c = 1; c <= 3; c++) {
      Path p = run.resolve("client" + c + "/client.properties");
      Files.writeString(p, Files.readString(p) + "mongodb.url=mongodb://ycsb:s3cr3t-" + c + "@host" + c
          + ":27017/ycsb?w=majority\nmongodb.password=s3cr3t-" + c + "\n");
    }
    assertEquals(AggregateMain.OK, merge(), stderr);
    assertFalse(Files.readString(out.resolve("merged.json")).contains("s3cr3t"));
    assertFalse(Files.readString(out.resolve("report.html")).contains("s3cr3t"));

    out = tmp.resolve("out-refused");
    Path p = run.resolve("client3/client.properties");
    Files.writeString(p, Files.readString(p).replace("w=majority", "w=1"));
    assertRefused("mongodb.url", "mongodb://ycsb:*****@host1:27017/ycsb?w=majority (client1)",
        "mongodb://ycsb:*****@host3:27017/ycsb?w=1 (client3)");
    assertFalse(stderr.contains("s3cr3t"), stderr);
  }

  @Test
  void allowedDifferencesAreHonoured() throws Exception {
    Path p = run.resolve("client2/client.properties");
    Files.writeString(p, Files.readString(p) + "agent.host=box-2\n");
    assertRefused("agent.host");
    assertEquals(AggregateMain.OK, merge("--allow-difference", "agent.*"), stderr);
  }

  @Test
  void aMissingPropertiesFileIsNamed() throws Exception {
    Files.delete(run.resolve("client1/client.properties"));
    assertRefused(run.resolve("client1/client.properties") + ": is missing");
  }

  @Test
  void twoOutputsInOneFolderAreRefused() throws Exception {
    Files.writeString(run.resolve("client1/output.json"), "[]");
    assertRefused("holds both output.txt and output.json");
  }

  @Test
  void clientsWithoutHdrLogsAreRefused() throws Exception {
    try (var s = Files.list(run.resolve("client2"))) {
      for (Path f : (Iterable<Path>) s::iterator) {
        if (f.toString().endsWith(".hdr")) {
          Files.delete(f);
        }
      }
    }
    assertRefused("client2/output.txt:", "hdrhistogram.fileoutput=true");
  }

  @Test
  void clientsThatDidNotRunAtTheSameTimeAreRefused() throws Exception {
    try (var s = Files.list(run.resolve("client1"))) {
      for (Path f : (Iterable<Path>) s::iterator) {
        if (f.toString().endsWith(".hdr")) {
          List<String> l = lines(f);
          for (int i = 0; i < l.size(); i++) {
            if (l.get(i).startsWith("#[StartTime: ")) {
              String rest = l.get(i).substring("#[StartTime: ".length());
              double t = Double.parseDouble(rest.substring(0, rest.indexOf(' ')));
              l.set(i, "#[StartTime: " + String.format(java.util.Locale.ROOT, "%.3f", t + 3600) + " (seconds)]");
            }
          }
          write(f, l, true);
        }
      }
    }
    assertRefused("no common time window", "client1");
  }

  @Test
  void warmupNeedsIntervalLogs() throws Exception {
    run = RealYcsb.copy("text-nos", tmp.resolve("nos"));
    assertEquals(AggregateMain.REFUSED, merge("--warmup", "1"), stderr);
    assertTrue(stderr.contains("without -s") && stderr.contains("--warmup"), stderr);
  }

  @Test
  void aBucketFinerThanTheIntervalsIsRefused() throws Exception {
    assertEquals(AggregateMain.REFUSED, merge("--bucket", "0.5"), stderr);
    assertTrue(stderr.contains("finer than the clients' 1.0 s intervals"), stderr);
    assertEquals(AggregateMain.OK, merge("--bucket", "2"), stderr);
  }

  @Test
  void badUsageExitsWithTwo() {
    assertEquals(AggregateMain.USAGE, merge("--format", "pdf"), stderr);
    assertTrue(stderr.contains("unknown format 'pdf'"), stderr);
    assertEquals(AggregateMain.USAGE, merge("--percentiles", "0"), stderr);
    assertEquals(AggregateMain.USAGE, merge("--no-such-option"), stderr);
  }

  /** Every usage error is one line: the tool, the option or word, the value and what is accepted; no usage text. */
  @Test
  void usageErrorsAreOneLineNamingOptionValueAndWhatIsAccepted() {
    assertEquals(AggregateMain.USAGE, merge("--warmup", "abc"), stderr);
    assertEquals("ycsb-aggregate: error: --warmup abc: expected a number (SECONDS)\n", stderr);
    assertEquals(AggregateMain.USAGE, merge("--bogus"), stderr);
    assertEquals("ycsb-aggregate: error: unknown option '--bogus'; see bin/ycsb-aggregate merge --help\n", stderr);
    assertEquals(AggregateMain.USAGE, merge("--bucket", "0"), stderr);
    assertEquals("ycsb-aggregate: error: --bucket 0: expected seconds, above 0 (leave --bucket out for the clients'"
        + " own interval)\n", stderr);
    assertEquals(AggregateMain.USAGE, merge("--bucket", "-2"), stderr);
    assertEquals(AggregateMain.USAGE, merge("--cooldown", "NaN"), stderr);
    assertEquals("ycsb-aggregate: error: --cooldown NaN: expected seconds, 0 or more\n", stderr);
    assertFalse(Files.exists(out), "nothing written");
    assertEquals(AggregateMain.USAGE, refusal("merge", run.toString()), stderr);
    assertEquals("ycsb-aggregate: error: --out DIR: required; see bin/ycsb-aggregate merge --help\n", stderr);
  }

  /** A mistyped sub-command names only itself: picocli's message quoted every argument after it. */
  @Test
  void aMistypedCommandNamesOnlyItselfAndNoPassword() {
    assertEquals(AggregateMain.USAGE, refusal("runn", "mongodb", "-p", "mongodb.url=mongodb://alice:Zq9simple@db1/ycsb",
        "-p", "mongodb.tls.keyStorePassword=Zq9KS", "--token", "Zq9tok"), stderr);
    assertEquals("ycsb-aggregate: error: unknown command 'runn'; use merge, compare or publish\n", stderr);
    assertEquals(AggregateMain.USAGE, refusal("merge", "--Zq9simple", "-p", "mongodb.url=mongodb://alice:Zq9simple@db1",
        "-o", out.toString()), stderr);
    assertEquals(AggregateMain.USAGE, refusal("compare", "x", "-p", "mongodb.tls.keyStorePassword=Zq9KS", "y"),
        stderr);
    assertEquals(AggregateMain.USAGE, refusal("Zq9KS", "-p", "mongodb.tls.keyStorePassword=Zq9KS"), stderr);
    assertEquals("ycsb-aggregate: error: unknown command '*****'; use merge, compare or publish\n", stderr);
  }

  /** Runs a command that is refused: its refusal is one line, and nothing it prints holds the secret. */
  private int refusal(String... args) {
    int rc = run(args);
    assertFalse((stdout + stderr).contains("Zq9"), stdout + stderr);
    assertEquals(1, stderr.lines().count(), stderr);
    return rc;
  }
}
