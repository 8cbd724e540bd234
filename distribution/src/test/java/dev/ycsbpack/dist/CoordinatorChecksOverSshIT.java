package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbpack.common.AtomicFiles;
import dev.ycsbpack.common.AwkwardStrings;
import dev.ycsbpack.common.ClientShare;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.testkit.FerretDbServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.Utils;
import site.ycsb.generator.ScrambledZipfianGenerator;

/**
 * Issue 17's checks of a coordinated run where several processes on several hosts matter, through the network
 * namespace SSH hosts (one client process per host, each reaching the server over its own link) rather than local
 * child processes: refusal before any host is touched, a never-loaded collection, a load into a full collection (the
 * duplicate-key cause and the count check), re-merging a bundle, a client whose init fails, warm-up that cannot
 * collide, the time-limited window, one zipfian hot set for every client (the keys each read, counted on its own
 * host), the not-found lead line, and a non-ASCII password
 * through the staged properties files. One lab for the class; needs root (CI runs it).
 */
class CoordinatorChecksOverSshIT {
  /** FerretDB's port in the server namespace, beside the lab's embedded server. */
  private static final int AUTHENTICATING_PORT = NetnsLab.PORT + 1;

  @RegisterExtension
  static final NetnsLab.PerClass LAB = new NetnsLab.PerClass(2);

  @TempDir
  Path work;

  private List<String> args(String phase, String workload, String table, Path bundle, String... more) {
    List<String> a = new ArrayList<>(List.of("-p", "mongodb.url=" + LAB.url()));
    a.addAll(List.of(more));
    return argsWithoutUrl(phase, workload, table, bundle, a.toArray(new String[0]));
  }

  private List<String> argsWithoutUrl(String phase, String workload, String table, Path bundle, String... more) {
    List<String> a = new ArrayList<>(List.of(phase, "mongodb", "-P", YcsbRun.home().resolve("workloads")
        .resolve(workload).toString(), "-p", "mongodb.database=" + Servers.DATABASE,
        "-p", "table=" + table, "--hosts", "h1,h2", "--ssh-config", LAB.rig().sshConfig().toString(), "--remote-dir",
        work.resolve("remote").toString(), "--quiet", "--control-timeout", "5", "--out", bundle.toString()));
    a.addAll(List.of(more));
    return a;
  }

  private Coordinator coordinate(List<String> args) throws Exception {
    Coordinator c = Coordinator.start(work, LAB.rig().coordinator().command(List.of()), args);
    c.await();
    return c;
  }

  private static Map<String, String> clientFile(Path bundle, String client, String file) throws IOException {
    return PropertiesFiles.read(bundle.resolve("clients").resolve(client).resolve(file));
  }

  /** What bin/ycsb refuses with exit 2 is refused the same way before any SSH host is reached or any folder made. */
  @Test
  void whatBinYcsbRefusesIsRefusedBeforeAnyHostIsTouched() throws Exception {
    List<List<String>> cases = List.of(List.of("-p", "recordcont=1000"), List.of("-p", "recordcount=0"),
        List.of("-threads", "0"));
    int i = 0;
    for (List<String> bad : cases) {
      List<String> single = new ArrayList<>(List.of("run", "mongodb", "-P",
          YcsbRun.readMostly().toString(), "-p", "mongodb.url=" + LAB.url()));
      single.addAll(bad);
      YcsbRun ycsb = YcsbRun.run(work, single.toArray(new String[0]));
      assertEquals(2, ycsb.exitCode, ycsb::describe);
      Path bundle = work.resolve("refused-" + i++);
      List<String> a = args("run", "read95-update5", Servers.newTable(), bundle);
      a.addAll(bad);
      Coordinator c = coordinate(a);
      assertEquals(2, c.exitCode(), c::describe);
      assertEquals(ycsb.stderr.strip().replace("bin/ycsb: error: ", "ycsb-coordinator: error: "), c.stderr().strip(),
          c::describe);
      assertFalse(Files.exists(bundle), "nothing written for a refused command: " + bundle);
      assertFalse(Files.exists(work.resolve("remote")), "no host touched");
    }
  }

  /**
   * Two client processes on two hosts: a load with warm-up on one database (each warms up on its own scratch
   * collection, never the measured one), a time-limited run that measures the whole window asked on each host, every
   * client sizing its keys from the run's total (one zipfian hot set), and a run reading past the loaded keys that
   * fails with the not-found rate leading its output.
   */
  @Test
  void warmUpTimeLimitSharedKeySpaceAndNotFoundLeadAcrossTwoHosts() throws Exception {
    String table = Servers.newTable();
    Path load = work.resolve("load");
    Coordinator l = coordinate(args("load", "insert-latency", table, load, "-p", "recordcount=400",
        "-p", "mongodb.warmup=50", "-threads", "2"));
    assertEquals(0, l.exitCode(), l::describe);
    assertEquals("COMPLETE", Coordinator.manifest(load).get("status").asText());
    assertEquals(400, LAB.count(table), "the measured collection holds the load only, no warm-up document");

    Path timed = work.resolve("timed");
    Coordinator t = coordinate(args("run", "read95-update5", table, timed, "-p", "recordcount=400",
        "-p", "fieldcount=2", "-p", "fieldnameprefix=f", "-p", "fieldlength=3", "-p", "operationcount=100000000",
        "-p", "maxexecutiontime=3", "-p", "readproportion=0.8", "-p", "updateproportion=0.1",
        "-p", "insertproportion=0.1", "-p", "requestdistribution=zipfian", "-target", "200", "-threads", "2"));
    assertEquals(0, t.exitCode(), t::describe);
    JsonNode m = Coordinator.manifest(timed);
    assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
    for (String client : List.of("01-h1", "02-h2")) {
      Map<String, String> verdict = clientFile(timed, client, "verdict.properties");
      assertTrue(Long.parseLong(verdict.get("measured.window.ms")) >= 3000, verdict::toString);
      // each client's key space is sized from the run's total, not its own share: one hot set for both
      assertEquals("100000000", clientFile(timed, client, "client.properties").get(ClientShare.TOTAL_OPERATIONS),
          client);
    }
    assertTrue(m.get("merged").get("summary").get("windowMs").asLong() >= 2900, m::toPrettyString);

    Path past = work.resolve("past");
    Coordinator p = coordinate(args("run", "read95-update5", table, past, "-p", "recordcount=1200",
        "-p", "operationcount=600", "-p", "readproportion=1", "-p", "updateproportion=0",
        "-p", "requestdistribution=uniform", "-threads", "2"));
    assertEquals(1, p.exitCode(), p::describe);
    JsonNode failed = Coordinator.manifest(past);
    assertEquals("FAILED", failed.get("status").asText(), failed::toPrettyString);
    String lead = failed.get("lead").asText();
    assertTrue(lead.startsWith("NOT FOUND: ") && lead.contains(" of 600 READ ("), failed::toPrettyString);
    assertTrue(failed.get("reason").asText().contains("READ operations returned NOT_FOUND"), failed::toPrettyString);
    assertTrue(p.stderr().contains("ycsb-coordinator: " + lead + "\nycsb-coordinator: FAILED: "), p::describe);
  }

  /** {@code bin/ycsb} run in the coordinator's namespace (where the lab's server is reachable): its stderr. */
  private String singleRunStderr(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(YcsbRun.home().resolve("bin/ycsb").toString()));
    command.addAll(List.of(args));
    Process p = LAB.rig().coordinator().processBuilder(command.toArray(new String[0]))
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "bin/ycsb did not end");
    assertEquals(1, p.exitValue(), err);
    return err;
  }

  /**
   * A coordinated run over two SSH hosts on a collection that was never loaded fails, naming it with the very
   * sentence {@code bin/ycsb} stops with (the multi-client workload keeps the binding's empty-collection check), and
   * nothing is written to the collection.
   */
  @Test
  void aRunOnANeverLoadedCollectionFailsOnEveryHostAsBinYcsbDoes() throws Exception {
    String table = Servers.newTable();
    String single = singleRunStderr("run", "mongodb", "-P", YcsbRun.readMostly()
        .toString(), "-p", "mongodb.url=" + LAB.url(), "-p", "mongodb.database=" + Servers.DATABASE,
        "-p", "table=" + table, "-p", "operationcount=200", "-threads", "2");
    String sentence = single.lines().filter(l -> l.contains(" is empty (never loaded)")).findFirst()
        .map(l -> l.substring(l.indexOf("mongodb binding: "))).orElseThrow(() -> new AssertionError(single));
    assertTrue(sentence.contains(Servers.DATABASE + "." + table + " is empty (never loaded)"), sentence);

    Path bundle = work.resolve("empty");
    Coordinator c = coordinate(args("run", "read95-update5", table, bundle, "-p", "operationcount=200",
        "-threads", "2"));
    assertEquals(1, c.exitCode(), c::describe);
    JsonNode m = Coordinator.manifest(bundle);
    assertEquals("FAILED", m.get("status").asText(), m::toPrettyString);
    assertTrue(m.get("reason").asText().contains(sentence), () -> sentence + "\n" + m.toPrettyString());
    for (String client : List.of("01-h1", "02-h2")) {
      String stderr = Files.readString(bundle.resolve("clients").resolve(client).resolve("stderr.txt"));
      assertTrue(stderr.contains(sentence), client + ": " + stderr);
    }
    assertEquals(0, LAB.count(table), "nothing written");
  }

  /**
   * A load over two SSH hosts into a collection that already holds its keys: the run fails, its summary and manifest
   * name the duplicate-key cause from the remote clients, and the count check says what the server acknowledged;
   * {@code mongodb.dropOnLoad=true} then loads it from empty. The first load's bundle merges again as
   * docs/coordinator.md says ({@code merge DIR/clients --window common}), and merging the bundle folder itself points
   * at its clients/ and merged/.
   */
  @Test
  void aLoadIntoAFullCollectionNamesTheDuplicateKeysAndTheBundleMergesAgain() throws Exception {
    String table = Servers.newTable();
    String[] load = {"-p", "recordcount=400", "-p", "mongodb.batchsize=50", "-p", "fieldcount=2", "-threads", "2"};
    String[] dropFirst = Stream.concat(Stream.of("-p", "mongodb.dropOnLoad=true"), Stream.of(load))
        .toArray(String[]::new);
    Path first = work.resolve("first");
    Coordinator f = coordinate(args("load", "read95-update5", table, first, load));
    assertEquals(0, f.exitCode(), f::describe);
    assertEquals(400, LAB.count(table));

    YcsbRun again = aggregate("merge", first.resolve("clients").toString(), "-o",
        first.resolve("merged-common").toString(), "--window", "common");
    assertEquals(0, again.exitCode, again::describe);
    JsonNode remerged = new ObjectMapper().readTree(first.resolve("merged-common/merged.json").toFile());
    assertEquals(2, remerged.get("clients").size(), remerged::toPrettyString);
    YcsbRun whole = aggregate("merge", first.toString(), "-o", work.resolve("never").toString());
    assertEquals(2, whole.exitCode, whole::describe);
    assertEquals("ycsb-aggregate merge: " + first + " is a coordinator bundle: merge " + first.resolve("clients")
        + ", or compare " + first.resolve("merged") + "\n", whole.stderr);
    assertFalse(Files.exists(work.resolve("never")));

    Path full = work.resolve("full");
    Coordinator d = coordinate(args("load", "read95-update5", table, full, load));
    assertEquals(1, d.exitCode(), d::describe);
    String failed = d.stderr().lines().filter(l -> l.startsWith("ycsb-coordinator: FAILED: ")).findFirst()
        .orElseThrow(() -> new AssertionError(d.describe()));
    assertTrue(failed.contains("the first errors: ") && failed.contains("Return=DUPLICATE_KEY")
        && failed.contains("duplicate key"), failed);
    JsonNode m = Coordinator.manifest(full);
    assertTrue(m.get("reason").asText().contains("Return=DUPLICATE_KEY"), m::toPrettyString);
    JsonNode count = m.get("count");
    // what the server acknowledged: none of this load's inserts, the 400 keys there before
    assertEquals(400, count.get("before").asLong(), count::toPrettyString);
    assertEquals(0, count.get("stored").asLong(), count::toPrettyString);
    assertEquals(400, count.get("counted").asLong(), count::toPrettyString);
    String counted = "0 loaded, 400 counted in " + Servers.DATABASE + "." + table + " (400 there before)";
    assertEquals(counted, count.get("text").asText(), count::toPrettyString);
    assertTrue(failed.matches(".*: only 0 of \\d+ buffered inserts were acknowledged by the server .*"), failed);
    assertEquals(400, LAB.count(table), "the refused inserts left the collection as it was");

    Path fresh = work.resolve("fresh");
    Coordinator e = coordinate(args("load", "read95-update5", table, fresh, dropFirst));
    assertEquals(0, e.exitCode(), e::describe);
    assertTrue(e.stdout().contains("400 loaded, 400 counted in " + Servers.DATABASE + "." + table + "\n"),
        e::describe);
  }

  /**
   * A client whose binding fails init() on a remote host (a warm-up document larger than any server takes) fails the
   * run at once, not at the ready timeout, and the summary and manifest name the host's client and the cause.
   */
  @Test
  void aClientWhoseInitFailsOnARemoteHostIsReportedWithItsCause() throws Exception {
    String table = Servers.newTable();
    Coordinator l = coordinate(args("load", "read95-update5", table, work.resolve("load"), "-p", "recordcount=200",
        "-p", "fieldcount=1", "-threads", "2"));
    assertEquals(0, l.exitCode(), l::describe);
    Path bundle = work.resolve("init-failed");
    long t0 = System.nanoTime();
    Coordinator r = coordinate(args("run", "read95-update5", table, bundle, "-threads", "4", "-p", "recordcount=200",
        "-p", "operationcount=400", "-p", "mongodb.warmup=1", "-p", "fieldcount=1", "-p", "fieldlength=17000000",
        "--ready-timeout", "200"));
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
    assertEquals(1, r.exitCode(), r::describe);
    JsonNode m = Coordinator.manifest(bundle);
    assertEquals("FAILED", m.get("status").asText(), m::toPrettyString);
    String reason = m.get("reason").asText();
    assertTrue(reason.matches("client 0[12]-h[12] on h[12] exited with status 1: a client thread's binding failed"
        + " to start \\(mongodb binding: a warm-up insert into " + table + "_warmup_\\w+ failed "
        + "\\(Payload document size is larger than maximum of 16777216\\.\\);.*"), reason);
    assertTrue(r.stderr().contains("ycsb-coordinator: FAILED: " + reason), r::describe);
    assertTrue(seconds < 150, "failed after " + seconds + " s, not at the 200 s ready timeout");
  }

  /**
   * Zipfian with inserts over two SSH hosts: every client reads the loaded keys with the hot set one client running
   * the whole run would have (docs/coordinator.md), seen in the keys each client actually read, counted by a server
   * on its own host's loopback (so each count is one client's). Sized so that a client sizing its key space from its
   * own share would have another hottest key (checked first, with YCSB's own generator).
   */
  @Test
  void zipfianClientsWithInsertsShareTheHotSetOfOneClientRunningTheWholeRun() throws Exception {
    int records = 2000;
    int operations = 10000;
    double inserts = 0.1;
    long expected = hottestLoadedKey(records, operations, inserts);
    assertFalse(expected == hottestLoadedKey(records, operations / 2, inserts), "the test tells the hot sets apart");
    int port = NetnsLab.PORT + 2;
    List<Process> tallies = new ArrayList<>();
    List<Path> outs = new ArrayList<>();
    try {
      for (String host : List.of("h1", "h2")) {
        Path out = work.resolve("tally-" + host);
        Process p = LAB.rig().host(host).namespace().processBuilder("java", "-cp", YcsbRun.home().resolve("lib") + "/*:"
            + YcsbRun.home().resolve("lib/embedded") + "/*", "dev.ycsbpack.testkit.FindTally",
            Integer.toString(port), out.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        tallies.add(p);
        outs.add(out);
        BufferedReader ready = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("ready", CompletableFuture.supplyAsync(() -> {
          try {
            return ready.readLine();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }).get(60, TimeUnit.SECONDS), host);
      }
      Path bundle = work.resolve("zipfian");
      // each host's own empty server: nothing to find (allowed), and upserts leave out the count check, whose counts
      // would be of two servers
      Coordinator c = coordinate(argsWithoutUrl("run", "read95-update5", Servers.newTable(), bundle,
          "-p", "mongodb.url=mongodb://127.0.0.1:" + port, "-p", "recordcount=" + records,
          "-p", "operationcount=" + operations, "-p", "readproportion=" + (1 - inserts), "-p", "updateproportion=0",
          "-p", "insertproportion=" + inserts, "-p", "requestdistribution=zipfian", "-p", "mongodb.allowEmpty=true",
          "-p", "ycsbpack.maxnotfoundrate=100", "-p", "mongodb.upsert=true", "-threads", "4"));
      assertEquals(0, c.exitCode(), c::describe);
    } finally {
      for (Process p : tallies) {
        p.getOutputStream().close();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the tally ends when its input closes");
      }
    }
    Map<String, Long> loaded = new java.util.HashMap<>();
    for (long k = 0; k < records; k++) {
      loaded.put("user" + Utils.hash(k), k);
    }
    for (Path out : outs) {
      long hottest = Files.readAllLines(out).stream().map(l -> l.split(" "))
          .filter(f -> loaded.containsKey(f[0]))
          .max(java.util.Comparator.comparingLong(f -> Long.parseLong(f[1])))
          .map(f -> loaded.get(f[0])).orElseThrow(() -> new AssertionError("no loaded key read: " + out));
      assertEquals(expected, hottest, out + ": the hottest loaded key this client read");
    }
  }

  /**
   * The loaded key number YCSB's zipfian chooser picks most often when the run has {@code operations} operations:
   * CoreWorkload's own generator, sized as CoreWorkload sizes it (recordcount plus twice the expected inserts).
   */
  private static long hottestLoadedKey(int records, int operations, double inserts) {
    ScrambledZipfianGenerator chooser = new ScrambledZipfianGenerator(0, records + (long) (operations * inserts * 2.0));
    Map<Long, Integer> drawn = new java.util.HashMap<>();
    for (int i = 0; i < 200_000; i++) {
      long k = chooser.nextValue();
      if (k < records) {
        drawn.merge(k, 1, Integer::sum);
      }
    }
    return drawn.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
  }

  private static YcsbRun aggregate(String... args) {
    return YcsbRun.exec(YcsbRun.home(), YcsbRun.home().resolve("bin/ycsb-aggregate").toString(), args);
  }

  /**
   * Issue 17's non-ASCII password through the coordinator's staged properties files to two SSH hosts: both clients
   * authenticate with it against FerretDB's SCRAM-SHA-256 in the lab's server namespace, the load completes and the
   * coordinator's own count (with the same credentials) matches; no form of the password is on any command line of
   * any host or in any file of the bundle.
   */
  @Test
  @SuppressWarnings("try") // the server is only held open (and stopped) by the try; the clients reach it by address
  void aNonAsciiPasswordAuthenticatesEveryClientOnEveryHost() throws Exception {
    String user = "ycsb\u00fcser";
    String password = Passwords.awkward("p\u00e4ssw\u00f6rd", AwkwardStrings.HOSTILE);
    String address = LAB.rig().serverAddress() + ":" + AUTHENTICATING_PORT;
    try (FerretDbServer server = FerretDbServer.startSqliteAuthenticating(work.resolve("ferretdb"), user, password,
        LAB.rig().server(), address)) {
      Path secrets = work.resolve("secret.properties");
      PropertiesFiles.write(secrets, null, Map.of("mongodb.url", "mongodb://" + Passwords.inUserInfo(user) + ":"
          + Passwords.inUserInfo(password) + "@" + address + "/?authSource=admin"), AtomicFiles.Mode.PRIVATE);
      String table = Servers.newTable();
      Path bundle = work.resolve("auth");
      Coordinator c = Coordinator.start(work, LAB.rig().coordinator().command(List.of()), argsWithoutUrl("load",
          "read95-update5", table, bundle, "-P", secrets.toString(), "-p", "recordcount=200", "-p", "fieldcount=2",
          "-threads", "2"));
      List<String> leaks = Passwords.onCommandLinesWhile(c.process, password);
      assertEquals(0, c.await(), c::describe);
      JsonNode m = Coordinator.manifest(bundle);
      assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
      assertEquals(200, m.get("count").get("counted").asLong(), m::toPrettyString);
      assertEquals(List.of(), leaks, "the password on a command line");
      List<String> texts = new ArrayList<>(List.of(c.stdout(), c.stderr()));
      texts.addAll(Passwords.filesUnder(bundle));
      Passwords.assertNowhere(password, texts, "an output or a bundle file");
    }
  }
}
