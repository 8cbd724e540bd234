package dev.ycsbpack.dist;

import static dev.ycsbpack.dist.YcsbRun.readOrError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/ycsb's class-data sharing archive (issue 19): the first load or run lists its classes in the cache, the next
 * start makes the archive from that list, later runs map the binding's classes from it, and an archive that cannot be
 * made or used is never a warning, a failure or a changed exit status.
 */
class StartupArchiveIT {
  static final String CLASS_FROM_ARCHIVE = "dev.ycsbpack.mongodb.MongoDbClient source: shared objects file";

  @TempDir
  Path work;
  @RegisterExtension
  final FreshTable fresh = new FreshTable();
  /** The start-up archive's folder (YCSB_CDS_DIR), not made until a run makes it. */
  Path cache;

  @BeforeEach
  void cacheInWork() {
    cache = work.resolve("cds");
  }

  @Test
  void theFirstRunArchivesTheClassesAndTheNextRunLoadsTheBindingFromTheArchive() throws IOException {
    // the coordinator's check before its clients start loads too few classes to be worth an archive
    YcsbRun check = YcsbRun.runWith(work, on(cache), Servers.concat(args("load"), "--check"));
    assertEquals(0, check.exitCode, check::describe);
    assertFalse(Files.exists(cache) && !files(cache).isEmpty(), "a check archives nothing");
    // nor does a coordinated client: a fleet of them on a shared home folder would each write one at once
    YcsbRun coordinated = YcsbRun.execWith(work, on(cache), YcsbRun.home().resolve("bin/ycsb-coordinator")
        .toString(),
        Servers.concat(args("load"), "--hosts", "local,local", "--quiet", "--out",
            work.resolve("coordinated").toString()));
    assertEquals(0, coordinated.exitCode, coordinated::describe);
    assertFalse(Files.exists(cache) && !files(cache).isEmpty(), "a coordinated client archives nothing");
    fresh.drop();

    // the first run leaves the classes it loaded pending, with its "completed" marker
    YcsbRun load = YcsbRun.runWith(work, on(cache), args("load"));
    assertEquals(0, load.exitCode, load::describe);
    assertNoJvmWarning(load);
    List<String> pending = names(cache);
    assertEquals(2, pending.size(), () -> "a pending class list and its marker: " + pending);
    assertTrue(pending.get(0).endsWith(".pending") && pending.get(1).equals(pending.get(0) + ".ok"),
        pending::toString);

    // the next run makes the archive from it, checks it and maps it at once
    Path classes = work.resolve("classes.log");
    YcsbRun run = YcsbRun.runWith(work, withClassLog(on(cache), classes), args("run"));
    assertEquals(0, run.exitCode, run::describe);
    assertNoJvmWarning(run);
    assertTrue(Files.readString(classes).contains(CLASS_FROM_ARCHIVE), "the binding's classes come from the archive");
    List<Path> archives = files(cache);
    assertEquals(1, archives.size(), () -> "one archive, no leftovers: " + archives);
    assertTrue(archives.get(0).getFileName().toString().endsWith(".jsa"), archives::toString);

    YcsbRun again = YcsbRun.runWith(work, on(cache), args("run"));
    assertEquals(0, again.exitCode, again::describe);
    assertEquals(archives, files(cache), "the archive is used, not made again");
  }

  @Test
  void runsWithTheirOwnJvmOptionsOrAnArchiveTheJvmCannotUseRunAsAskedWithoutAWord() throws IOException {
    // JVM options of the run's own are kept whole: their classes are not a plain run's, so none is listed
    Path recording = work.resolve("load.jfr");
    YcsbRun recorded = YcsbRun.runWith(work, on(cache), Servers.concat(args("load"), "-jvm-args",
        "-XX:StartFlightRecording=filename=" + recording));
    assertEquals(0, recorded.exitCode, recorded::describe);
    assertTrue(Files.size(recording) > 0, "the JFR recording asked for is written");
    assertFalse(Files.exists(cache) && !files(cache).isEmpty(), "a run with -jvm-args archives nothing");
    fresh.drop();

    YcsbRun load = YcsbRun.runWith(work, on(cache), args("load"));
    assertEquals(0, load.exitCode, load::describe);
    YcsbRun adopting = YcsbRun.runWith(work, on(cache), args("run"));
    assertEquals(0, adopting.exitCode, adopting::describe);
    Path archive = files(cache).get(0);
    assertTrue(archive.getFileName().toString().endsWith(".jsa"), archive::toString);
    // what a JDK or build it does not match looks like to the JVM: a file whose header it refuses
    byte[] garbage = new byte[200_000];
    new Random(19).nextBytes(garbage);
    archive.toFile().setWritable(true);
    Files.write(archive, garbage);
    Path classes = work.resolve("classes.log");
    YcsbRun run = YcsbRun.runWith(work, withClassLog(on(cache), classes), args("run"));
    assertEquals(0, run.exitCode, run::describe);
    assertNoJvmWarning(run);
    assertFalse(Files.readString(classes).contains(CLASS_FROM_ARCHIVE), "nothing loaded from garbage");

    Path offCache = work.resolve("off");
    YcsbRun off = YcsbRun.runWith(work, env(Map.of("YCSB_CDS", "off", "YCSB_CDS_DIR", offCache.toString())),
        args("run"));
    assertEquals(0, off.exitCode, off::describe);
    assertFalse(Files.exists(offCache), "YCSB_CDS=off writes no archive");
  }

  /**
   * An archive made with the default options, used by runs with another garbage collector or without compressed
   * pointers: a JDK 25 refuses it with "[warning][aot] Unable to use AOT cache" or "[error][cds] ... Loading static
   * archive failed" unless told to keep quiet; the run goes on without it, as asked, without a word.
   */
  @Test
  void runsWithAnotherGcOrPointerSizeThanTheArchivesRunWithoutAWord() throws IOException {
    List<Path> archives = listedAndAdopted(on(cache));
    assertEquals(1, archives.size(), archives::toString);
    for (String options : List.of("-XX:+UseZGC", "-XX:-UseCompressedOops")) {
      YcsbRun run = YcsbRun.runWith(work, on(cache), Servers.concat(args("run"), "-jvm-args",
          options));
      assertEquals(0, run.exitCode, run::describe);
      assertNoJvmWarning(run);
      assertFalse(run.stdout.contains("Unable to use") || run.stderr.contains("Unable to use"), run::describe);
    }
    assertEquals(archives, files(cache), "the archive is kept for the runs it fits");
  }

  @Test
  void aListingRunIsTheJvmItselfAndWhatAKilledOneOrADamagedListLeftIsNeverUsed() throws Exception {
    YcsbRun loaded = YcsbRun.runWith(work, env(Map.of("YCSB_CDS", "off")), args("load"));
    assertEquals(0, loaded.exitCode, loaded::describe);
    // a listing run held at a low target rate: bin/ycsb's own process is the JVM (no child to orphan), so
    // SIGKILL to the pid a coordinator or a shell recorded ends the run
    ProcessBuilder pb = new ProcessBuilder(Servers.concat(new String[] {YcsbRun.home().resolve("bin/ycsb")
        .toString()}, Servers.concat(args("run"), "-p", "operationcount=100000",
            "-p", "maxexecutiontime=120", "-target", "2")));
    pb.environment().putAll(on(cache));
    Path err = work.resolve("listing.err");
    pb.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile());
    Process listing = pb.start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!listing.info().command().orElse("").endsWith("/java") && listing.isAlive()
          && System.nanoTime() < deadline) {
        Thread.sleep(100); // until the script has exec'd Java
      }
      Thread.sleep(2_000); // into the run, which lasts a minute at this rate
      assertTrue(listing.isAlive(), () -> "still running at 2 operations a second: " + readOrError(err));
      assertTrue(listing.info().command().orElse("").endsWith("/java"),
          () -> "bin/ycsb's pid runs " + listing.info().command());
      assertEquals(0, listing.descendants().count(), "no child process");
    } finally {
      listing.destroyForcibly();
      assertTrue(listing.waitFor(30, TimeUnit.SECONDS));
    }
    List<String> left = names(cache);
    assertFalse(left.stream().anyMatch(n -> n.endsWith(".ok")),
        () -> "a killed run never says it completed: " + left);

    // the next run drops what the killed one left and lists anew; a list the dump refuses is dropped too
    YcsbRun next = YcsbRun.runWith(work, on(cache), args("run"));
    assertEquals(0, next.exitCode, next::describe);
    List<Path> pending = files(cache);
    assertEquals(2, pending.size(), () -> "only the new run's pending list and marker: " + pending);
    Path damaged = pending.get(0);
    assertTrue(damaged.getFileName().toString().endsWith(".pending"), pending::toString);
    byte[] garbage = new byte[3_000];
    new Random(7).nextBytes(garbage);
    Files.write(damaged, garbage); // what a disk fault would leave
    Path classes = work.resolve("classes.log");
    YcsbRun afterDamage = YcsbRun.runWith(work, withClassLog(on(cache), classes), args("run"));
    assertEquals(0, afterDamage.exitCode, afterDamage::describe);
    assertNoJvmWarning(afterDamage);
    assertFalse(Files.readString(classes).contains(CLASS_FROM_ARCHIVE), "nothing mapped from a damaged list");
    assertEquals(List.of(), files(cache), "the damaged list and its marker are gone, nothing adopted");
    assertFalse(Files.list(work).anyMatch(f -> f.getFileName().toString().startsWith("hs_err")),
        "the dump leaves no crash report");
  }

  @Test
  void aRunWhoseCacheVanishesWhileItRunsStillExitsZeroWithoutAWord() throws Exception {
    YcsbRun loaded = YcsbRun.runWith(work, env(Map.of("YCSB_CDS", "off")), args("load"));
    assertEquals(0, loaded.exitCode, loaded::describe);
    // a listing run of about 5 s; its cache folder becomes a file under it (a JVM that archived at exit turned
    // this run's exit 0 into 1: "Unable to create shared archive file ... (Not a directory)")
    ProcessBuilder pb = new ProcessBuilder(Servers.concat(new String[] {YcsbRun.home().resolve("bin/ycsb")
        .toString()}, Servers.concat(args("run"), "-p", "operationcount=50", "-target", "10")));
    pb.environment().putAll(on(cache));
    Path out = work.resolve("listing.out");
    Path err = work.resolve("listing.err");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process listing = pb.start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (files(cache).isEmpty() && listing.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(50); // until the script has made the pending list
      }
      assertTrue(listing.isAlive(), () -> "still running at 10 operations a second: " + readOrError(err));
      for (Path f : files(cache)) {
        Files.delete(f);
      }
      Files.delete(cache);
      Files.writeString(cache, "not a folder");
      assertTrue(listing.waitFor(60, TimeUnit.SECONDS), "the run ends");
    } finally {
      listing.destroyForcibly();
    }
    assertEquals(0, listing.exitValue(), () -> readOrError(out) + readOrError(err));
    String all = readOrError(out) + readOrError(err);
    assertFalse(all.contains("shared archive") || all.contains("Error occurred") || all.contains("[warning]"), all);
  }

  /**
   * A Ctrl-C (SIGINT to the tool's process group, as a terminal sends it) or a SIGTERM to its pid while the start
   * makes the archive: the tool ends at once with the shell's status for the signal, the run never starts, the JVM
   * making the archive is stopped and its half-made file deleted (the pending list stays for the next start).
   */
  @Test
  void aSignalWhileTheArchiveIsMadeStopsTheToolAtOnceAndLeavesNothing() throws Exception {
    // INT and QUIT (Ctrl-C, Ctrl-\) and HUP (a closed terminal) reach the foreground process group; TERM is sent
    // to a pid
    Map<String, Integer> statusFor = Map.of("INT", 130, "TERM", 143, "HUP", 129, "QUIT", 131);
    for (String signal : List.of("INT", "TERM", "HUP", "QUIT")) {
      YcsbRun load = YcsbRun.runWith(work, on(cache), args("load"));
      assertEquals(0, load.exitCode, load::describe);
      List<String> listed = names(cache);
      assertTrue(listed.stream().anyMatch(n -> n.endsWith(".pending.ok")), () -> signal + ": " + listed);
      // its own session, so that its process group is its pid, as a shell's job is; and SIGQUIT unblocked, as a
      // terminal's shell starts a job: a JVM's children inherit the JVM's mask, which blocks it (perl-base is part
      // of every Debian system)
      ProcessBuilder pb = new ProcessBuilder(Servers.concat(new String[] {"perl", "-MPOSIX", "-e",
          "sigprocmask(SIG_UNBLOCK, POSIX::SigSet->new(SIGQUIT)) or die; exec {$ARGV[0]} @ARGV or die", "--",
          "setsid", YcsbRun.home().resolve("bin/ycsb").toString()}, args("run")));
      pb.environment().putAll(on(cache));
      Path out = work.resolve(signal + ".out");
      pb.redirectOutput(out.toFile()).redirectErrorStream(true);
      Process start = pb.start();
      ProcessHandle dump = null;
      try {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (dump == null && start.isAlive() && System.nanoTime() < deadline) {
          dump = start.descendants().filter(h -> h.info().commandLine().orElse("").contains("-Xshare:dump"))
              .findFirst().orElse(null);
          Thread.sleep(10);
        }
        assertTrue(dump != null, () -> signal + ": the start made an archive: " + readOrError(out));
        Process kill = new ProcessBuilder("kill", "-" + signal, "--", (signal.equals("TERM") ? "" : "-")
            + start.pid()).inheritIO().start();
        assertEquals(0, kill.waitFor());
        assertTrue(start.waitFor(20, TimeUnit.SECONDS), signal + ": the tool ends at once");
      } finally {
        start.destroyForcibly();
      }
      assertEquals(statusFor.get(signal), start.exitValue(), () -> signal + ": " + readOrError(out));
      assertFalse(readOrError(out).contains("[OVERALL]"),
          () -> signal + ": the run did not start: " + readOrError(out));
      ProcessHandle helper = dump;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (helper.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertFalse(helper.isAlive(), () -> signal + ": the JVM making the archive was stopped");
      List<String> left = names(cache);
      assertFalse(left.stream().anyMatch(n -> n.endsWith(".tmp") || n.endsWith(".jsa")),
          () -> signal + ": no half-made archive: " + left);
      for (Path f : files(cache)) {
        Files.delete(f); // the next case lists anew
      }
      fresh.drop(); // and loads it anew
    }
  }

  /**
   * This host's pending lists of another build of this JDK (a jar or the JDK changed since they were written), whose
   * JVM is gone, are deleted even once the archive exists; a running JVM's list and another JDK's are left alone.
   */
  @Test
  void thisHostsListsOfEarlierBuildsGoEvenOnceTheArchiveExists() throws Exception {
    List<Path> adopted = listedAndAdopted(on(cache));
    assertEquals(1, adopted.size(), adopted::toString);
    String archive = adopted.get(0).getFileName().toString(); // HOMESUM-SLOT-KEY.jsa
    String homeAndSlot = archive.substring(0, archive.lastIndexOf('-'));
    String host = new String(new ProcessBuilder("uname", "-n").start().getInputStream().readAllBytes())
        .trim().replaceAll("[^A-Za-z0-9_-]", "_");
    long gone = 4_000_000;
    while (ProcessHandle.of(gone).isPresent()) {
      gone++;
    }
    long alive = ProcessHandle.current().pid();
    Path stale = Files.writeString(cache.resolve(homeAndSlot + "-1." + host + "." + gone + ".pending"), "old");
    Path staleMarker = Files.writeString(cache.resolve(stale.getFileName() + ".ok"), "");
    Path running = Files.writeString(cache.resolve(homeAndSlot + "-1." + host + "." + alive + ".pending"), "");
    String homeSum = archive.substring(0, archive.indexOf('-'));
    Path otherJdk = Files.writeString(cache.resolve(homeSum + "-2-1." + host + "." + gone + ".pending"), "");
    // named before JDKs had slots (HOMESUM-KEY), left by an upgrade
    Path preSlot = Files.writeString(cache.resolve(homeSum + "-1." + host + "." + gone + ".pending"), "old");
    Path preSlotMarker = Files.writeString(cache.resolve(preSlot.getFileName() + ".ok"), "");

    YcsbRun run = YcsbRun.runWith(work, on(cache), args("run"));
    assertEquals(0, run.exitCode, run::describe);
    assertNoJvmWarning(run);
    List<String> left = names(cache);
    assertFalse(left.contains(stale.getFileName().toString()) || left.contains(staleMarker.getFileName().toString()),
        () -> "the dead list of an earlier build went: " + left);
    assertFalse(left.contains(preSlot.getFileName().toString())
        || left.contains(preSlotMarker.getFileName().toString()), () -> "the list named before slots went: " + left);
    assertTrue(left.contains(running.getFileName().toString()), () -> "a running JVM's list stays: " + left);
    assertTrue(left.contains(otherJdk.getFileName().toString()), () -> "another JDK's list stays: " + left);
    assertTrue(left.contains(archive), left::toString);
  }

  @Test
  void aJdkWithoutAnArchiveOfItsOwnRunsAndGetsOne() throws Exception {
    Path jdk = jdk() != null ? jdk() : Path.of(System.getProperty("java.home"));
    Path copy = work.resolve("jdk");
    // a JDK image made without its own archive (jlink without --generate-cds-archive): a JVM asked to archive at exit
    // cannot even start on one ("DynamicDumpSharedSpaces is unsupported when base CDS archive is not loaded")
    Process cp = new ProcessBuilder("cp", "-a", jdk.toString(), copy.toString()).inheritIO().start();
    assertTrue(cp.waitFor(120, TimeUnit.SECONDS) && cp.exitValue() == 0, "copied the JDK");
    try (Stream<Path> archives = Files.list(copy.resolve("lib/server"))) {
      for (Path a : archives.filter(f -> f.getFileName().toString().endsWith(".jsa")).toList()) {
        Files.delete(a);
      }
    }
    Map<String, String> env = Map.of("YCSB_CDS", "on", "YCSB_CDS_DIR", cache.toString(), "JAVA_HOME",
        copy.toString());
    YcsbRun load = YcsbRun.runWith(work, env, args("load"));
    assertEquals(0, load.exitCode, load::describe);
    assertNoJvmWarning(load);
    YcsbRun adopting = YcsbRun.runWith(work, env, args("run"));
    assertEquals(0, adopting.exitCode, adopting::describe);
    assertNoJvmWarning(adopting);
    Path classes = work.resolve("classes.log");
    Map<String, String> logged = new java.util.HashMap<>(withClassLog(on(cache), classes));
    logged.put("JAVA_HOME", copy.toString());
    YcsbRun run = YcsbRun.runWith(work, logged, args("run"));
    assertEquals(0, run.exitCode, run::describe);
    assertNoJvmWarning(run);
    assertTrue(Files.readString(classes).contains(CLASS_FROM_ARCHIVE), "the binding's classes come from the archive");
  }

  /**
   * A shared home folder: another host's pending list untouched for over 7 days (that host has not run the pack
   * since) goes with its marker at this host's next start; a recent one stays for that host to adopt, and so does
   * one of another pack folder.
   */
  @Test
  void anotherHostsPendingArchiveLeftForOverAWeekIsDeletedAndARecentOneKept() throws IOException {
    YcsbRun load = YcsbRun.runWith(work, on(cache), args("load"));
    assertEquals(0, load.exitCode, load::describe);
    String mine = names(cache).get(0);
    String homeSum = mine.substring(0, mine.indexOf('-')); // this pack folder's files: HOMESUM-KEY.HOST.PID.pending
    Path stale = Files.writeString(cache.resolve(homeSum + "-1.otherhost.42.pending"), "stale");
    Path staleMarker = Files.writeString(cache.resolve(stale.getFileName() + ".ok"), "");
    Path recent = Files.writeString(cache.resolve(homeSum + "-1.otherhost.43.pending"), "recent");
    Path otherPack = Files.writeString(cache.resolve("1" + homeSum + "-1.otherhost.44.pending"), "another pack");
    // "over 7 days" to the minute: find's -mtime +7 would keep it until it is 8 whole days old
    Path justOver = Files.writeString(cache.resolve(homeSum + "-1.otherhost.45.pending"), "a week and two hours");
    Path justUnder = Files.writeString(cache.resolve(homeSum + "-1.otherhost.46.pending"), "two hours short");
    // half-made archives: one a killed tool left two hours ago, one another host may be making now
    Path leftTmp = Files.writeString(cache.resolve(homeSum + "-1-1.jsa.4242.tmp"), "half");
    Path makingTmp = Files.writeString(cache.resolve(homeSum + "-1-2.jsa.4243.tmp"), "half");
    Files.setLastModifiedTime(leftTmp, FileTime.from(Instant.now().minus(2, ChronoUnit.HOURS)));
    Files.setLastModifiedTime(makingTmp, FileTime.from(Instant.now().minus(10, ChronoUnit.MINUTES)));
    // archives of a JDK or pack folder since removed: unused for 30 days and 2 hours goes, 30 days less 2 hours stays
    Path unused = Files.writeString(cache.resolve("aggregate-1-2-3.jsa"), "unused for a month");
    Path lately = Files.writeString(cache.resolve("4-5-6.jsa"), "used lately");
    Files.setLastModifiedTime(unused, FileTime.from(Instant.now().minus(30 * 24 + 2, ChronoUnit.HOURS)));
    Files.setLastModifiedTime(lately, FileTime.from(Instant.now().minus(30 * 24 - 2, ChronoUnit.HOURS)));
    // a shared cache folder (YCSB_CDS_DIR) may hold other tools' files: never ours to delete
    Path foreignArchive = Files.writeString(cache.resolve("myapp.jsa"), "another tool's");
    Path foreignTmp = Files.writeString(cache.resolve("report.jsa.old.tmp"), "another tool's");
    Files.setLastModifiedTime(foreignArchive, FileTime.from(Instant.now().minus(40, ChronoUnit.DAYS)));
    Files.setLastModifiedTime(foreignTmp, FileTime.from(Instant.now().minus(2, ChronoUnit.HOURS)));
    for (Path p : List.of(stale, staleMarker, otherPack)) {
      Files.setLastModifiedTime(p, FileTime.from(Instant.now().minus(9, ChronoUnit.DAYS)));
    }
    Files.setLastModifiedTime(recent, FileTime.from(Instant.now().minus(1, ChronoUnit.DAYS)));
    Files.setLastModifiedTime(justOver, FileTime.from(Instant.now().minus(7 * 24 + 2, ChronoUnit.HOURS)));
    Files.setLastModifiedTime(justUnder, FileTime.from(Instant.now().minus(7 * 24 - 2, ChronoUnit.HOURS)));

    YcsbRun run = YcsbRun.runWith(work, on(cache), args("run"));
    assertEquals(0, run.exitCode, run::describe);
    assertNoJvmWarning(run);
    List<String> left = names(cache);
    assertFalse(left.contains(stale.getFileName().toString()) || left.contains(staleMarker.getFileName().toString()),
        left::toString);
    assertTrue(left.contains(recent.getFileName().toString()) && left.contains(otherPack.getFileName().toString()),
        left::toString);
    assertFalse(left.contains(justOver.getFileName().toString()), () -> "over 7 days by two hours: " + left);
    assertTrue(left.contains(justUnder.getFileName().toString()), () -> "7 days less two hours: " + left);
    assertFalse(left.contains(leftTmp.getFileName().toString()), () -> "a half-made file two hours old: " + left);
    assertTrue(left.contains(makingTmp.getFileName().toString()), () -> "one ten minutes old: " + left);
    assertFalse(left.contains(unused.getFileName().toString()), () -> "unused for 30 days and 2 hours: " + left);
    assertTrue(left.contains(lately.getFileName().toString()), () -> "30 days less 2 hours: " + left);
    assertTrue(left.contains(foreignArchive.getFileName().toString())
        && left.contains(foreignTmp.getFileName().toString()), () -> "other tools' files stay: " + left);
    List<String> archives = left.stream().filter(n -> n.endsWith(".jsa") && !n.equals("myapp.jsa")).toList();
    assertEquals(2, archives.size(), () -> "this host adopted its own, beside the one used lately: " + left);
    Path adopted = cache.resolve(archives.stream().filter(n -> !n.equals("4-5-6.jsa")).findFirst().orElseThrow());
    Files.setLastModifiedTime(adopted, FileTime.from(Instant.now().minus(40, ChronoUnit.DAYS)));
    YcsbRun again = YcsbRun.runWith(work, on(cache), args("run"));
    assertEquals(0, again.exitCode, again::describe);
    assertTrue(Files.getLastModifiedTime(adopted).toInstant().isAfter(Instant.now().minus(1, ChronoUnit.HOURS)),
        "a start that maps the archive touches it, so the 30-day rule keeps it");
  }

  /**
   * bin/ycsb-aggregate shares the mechanism (bin/lib/startup-archive.sh): a failed merge leaves nothing adoptable, the
   * first complete merge leaves its archive pending, the next adopts and maps it, and the outputs are the same bytes
   * with the archive, while making it and without it.
   */
  @Test
  void ycsbAggregateArchivesAtAMergeThatCompletedAndWritesTheSameOutputsWithIt() throws IOException {
    String aggregate = YcsbRun.home().resolve("bin/ycsb-aggregate").toString();
    Path client = work.resolve("run").resolve("client-1");
    YcsbRun load = YcsbRun.runWith(work, env(Map.of("YCSB_CDS", "off")), args("load"));
    assertEquals(0, load.exitCode, load::describe);
    YcsbRun run = YcsbRun.runWith(work, env(Map.of("YCSB_CDS", "off")), Servers.concat(args("run"),
        "--out", client.toString()));
    assertEquals(0, run.exitCode, run::describe);
    Path input = work.resolve("run");

    // a merge that fails (nothing to merge) archives as it exits, but never says it completed
    YcsbRun failed = YcsbRun.execWith(work, on(cache), aggregate, "merge", work.resolve("nothing").toString(),
        "-o", work.resolve("out-failed").toString());
    assertTrue(failed.exitCode != 0, failed::describe);
    List<String> afterFailure = names(cache);
    assertFalse(afterFailure.stream().anyMatch(n -> n.endsWith(".ok") || n.endsWith(".jsa")),
        () -> "a failed merge leaves nothing adoptable: " + afterFailure);

    // the first complete merge drops what the failed one left and leaves its own archive pending, marked
    YcsbRun first = YcsbRun.execWith(work, on(cache), aggregate, "merge", input.toString(), "-o",
        work.resolve("out-archiving").toString());
    assertEquals(0, first.exitCode, first::describe);
    assertNoJvmWarning(first);
    List<String> pending = names(cache);
    assertEquals(2, pending.size(), () -> "one pending list and its marker: " + pending);
    assertTrue(pending.get(0).startsWith("aggregate-") && pending.get(0).endsWith(".pending")
        && pending.get(1).equals(pending.get(0) + ".ok"), pending::toString);
    assertFalse(afterFailure.contains(pending.get(0)), "the failed merge's pending list is not the one kept");

    // the next merge adopts it and maps the merge's classes from it
    Path classes = work.resolve("aggregate-classes.log");
    YcsbRun adopting = YcsbRun.execWith(work, withClassLog(on(cache), classes), aggregate, "merge",
        input.toString(), "-o", work.resolve("out-archived").toString());
    assertEquals(0, adopting.exitCode, adopting::describe);
    assertNoJvmWarning(adopting);
    assertTrue(Files.readString(classes).contains(
        "dev.ycsbpack.aggregate.merge.Merger source: shared objects file"), "the merge's classes come from it");
    List<String> archives = names(cache);
    assertEquals(1, archives.size(), () -> "one archive, no leftovers: " + archives);
    assertTrue(archives.get(0).startsWith("aggregate-") && archives.get(0).endsWith(".jsa"), archives::toString);

    YcsbRun off = YcsbRun.execWith(work, env(Map.of("YCSB_CDS", "off")), aggregate, "merge", input.toString(), "-o",
        work.resolve("out-off").toString());
    assertEquals(0, off.exitCode, off::describe);
    for (String file : List.of("merged.txt", "merged.json", "merged.csv", "timeseries.csv", "merged.md",
        "report.html")) {
      String without = Files.readString(work.resolve("out-off").resolve(file));
      assertEquals(without, Files.readString(work.resolve("out-archiving").resolve(file)), file);
      assertEquals(without, Files.readString(work.resolve("out-archived").resolve(file)), file);
    }
    assertEquals(off.stdout.replace("out-off", "OUT"), first.stdout.replace("out-archiving", "OUT"));
    assertEquals(off.stdout.replace("out-off", "OUT"), adopting.stdout.replace("out-archived", "OUT"));
  }

  /** A listing load and the run that adopts its list, both exiting 0: the cache's files after them. */
  List<Path> listedAndAdopted(Map<String, String> env) throws IOException {
    YcsbRun load = YcsbRun.runWith(work, env, args("load"));
    assertEquals(0, load.exitCode, load::describe);
    YcsbRun adopting = YcsbRun.runWith(work, env, args("run"));
    assertEquals(0, adopting.exitCode, adopting::describe);
    return files(cache);
  }

  /** The JDK the tools run on: {@code null} for the one on the path (or the build's JAVA_HOME), as a user's. */
  protected Path jdk() {
    return null;
  }

  /** These environment variables, with JAVA_HOME set to {@link #jdk()} when it is not the default. */
  Map<String, String> env(Map<String, String> variables) {
    Map<String, String> env = new java.util.HashMap<>(variables);
    if (jdk() != null) {
      env.put("JAVA_HOME", jdk().toString());
    }
    return env;
  }

  Map<String, String> on(Path cache) {
    return env(Map.of("YCSB_CDS", "on", "YCSB_CDS_DIR", cache.toString()));
  }

  /** The JVM's class-loading log into a file, without changing bin/ycsb's command line (nor its archive's name). */
  static Map<String, String> withClassLog(Map<String, String> env, Path log) {
    Map<String, String> logged = new java.util.HashMap<>(env);
    logged.put("JAVA_TOOL_OPTIONS", "-Xlog:class+load=info:file=" + log);
    return logged;
  }

  /** bin/ycsb's arguments for {@code command} (load or run) of a short workload on this test's collection. */
  String[] args(String command) {
    return Servers.concat(new String[] {command, "mongodb", "-P",
        YcsbRun.readMostly().toString(), "-p", "recordcount=50",
        "-p", "operationcount=50"}, fresh.pointAt());
  }

  static void assertNoJvmWarning(YcsbRun run) {
    for (String text : List.of(run.stdout, run.stderr)) {
      assertFalse(text.contains("[warning]") || text.contains("[error]") || text.contains("shared archive")
          || text.contains("A fatal error"), run::describe);
    }
  }

  static List<String> names(Path dir) throws IOException {
    return files(dir).stream().map(p -> p.getFileName().toString()).toList();
  }

  static List<Path> files(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.sorted().toList();
    }
  }
}
