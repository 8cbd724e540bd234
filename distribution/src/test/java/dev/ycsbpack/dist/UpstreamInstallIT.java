package dev.ycsbpack.dist;

import static dev.ycsbpack.dist.Servers.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.ycsbpack.testkit.EmbeddedMongoServer;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The distribution's {@code upstream/mongodb-binding/} folder in an upstream YCSB 0.17.0 install: the install's
 * {@code lib/} is core 0.17.0 and its dependencies from Maven Central (copied by this module's pom), the folder
 * replaces the install's {@code mongodb-binding/} as docs/migrating.md says, and {@code site.ycsb.Client} runs
 * with the classpath upstream's {@code bin/ycsb} or {@code bin/ycsb.sh} builds (see {@link Launcher}).
 */
class UpstreamInstallIT {
  private static final int RECORDS = 600;
  private static final String DATABASE = Servers.DATABASE;
  /** {@code name-1.2.3.jar}, {@code name-4.1.0-incubating.jar}, {@code name-0.1.0-SNAPSHOT.jar} */
  private static final Pattern JAR = Pattern.compile("(.+?)-\\d[^-]*(?:-[A-Za-z][A-Za-z0-9.]*)?\\.jar");

  private static EmbeddedMongoServer server;

  @TempDir
  Path work;

  @BeforeAll
  static void startServer() {
    server = EmbeddedMongoServer.start();
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  private static Path upstreamLib() {
    Path lib = Path.of(System.getProperty("upstream.lib", "(unset)"));
    assertTrue(Files.isRegularFile(lib.resolve("core-0.17.0.jar")), "no YCSB core 0.17.0 in " + lib
        + "; run through Maven (mvn verify), whose pre-integration-test phase copies it");
    return lib;
  }

  private static Path dropIn() {
    return YcsbRun.home().resolve("upstream/mongodb-binding");
  }

  /**
   * An upstream install, its old binding folder replaced by the drop-in with the copy command of
   * docs/migrating.md, run as written from the distribution's folder.
   */
  private Path upstreamInstall() throws IOException, InterruptedException {
    Path home = work.resolve("ycsb-0.17.0");
    Files.createDirectories(home.resolve("conf"));
    copyTree(upstreamLib(), home.resolve("lib"));
    copyTree(Path.of(System.getProperty("repo.root"), "distribution/src/test/resources/upstream-0.17.0"),
        home.resolve("workloads"));
    Path oldDriver = home.resolve("mongodb-binding/lib/mongo-java-driver-3.8.0.jar");
    Files.createDirectories(oldDriver.getParent());
    Files.writeString(oldDriver, "upstream's binding folder, to be replaced");

    String copy = Markdown.codeBlockAfter(Files.readString(YcsbRun.home().resolve("docs/migrating.md")),
        "## Keeping an upstream");
    ProcessBuilder pb = new ProcessBuilder("bash", "-euo", "pipefail", "-c", copy)
        .directory(YcsbRun.home().toFile()).redirectErrorStream(true);
    pb.environment().put("YCSB_HOME", home.toString());
    Process p = pb.start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), copy);
    assertEquals(0, p.exitValue(), copy + "\n" + output);
    assertFalse(Files.exists(oldDriver), "the documented command leaves the old binding's jars: " + copy);
    assertEquals(jars(dropIn().resolve("lib")).size(), jars(home.resolve("mongodb-binding/lib")).size(), copy);
    return home;
  }

  /** Upstream's two launchers (tag 0.17.0) build the classpath of a distribution in different orders. */
  enum Launcher {
    /** {@code bin/ycsb} (Python): the binding's conf, conf, the jars of lib/, the binding's jars. */
    YCSB("mongodb-binding/conf", "conf", "lib", "mongodb-binding/lib"),
    /** {@code bin/ycsb.sh}: conf, the jars of lib/, the binding's conf, the binding's jars. */
    YCSB_SH("conf", "lib", "mongodb-binding/conf", "mongodb-binding/lib");

    private final List<String> order;

    Launcher(String... order) {
      this.order = List.of(order);
    }

    String classpath(Path home) throws IOException {
      List<String> cp = new ArrayList<>();
      for (String part : order) {
        if (part.endsWith("lib")) {
          cp.addAll(jars(home.resolve(part)));
        } else {
          cp.add(home.resolve(part).toString());
        }
      }
      return String.join(File.pathSeparator, cp);
    }
  }

  static Stream<Arguments> launchersAndClassNames() {
    return Stream.of(Launcher.values()).flatMap(l -> Stream.of("site.ycsb.db.MongoDbClient",
        "dev.ycsbpack.mongodb.MongoDbClient").map(c -> Arguments.of(l, c)));
  }

  private static List<String> jars(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".jar")).map(Path::toString).sorted().toList();
    }
  }

  /** {@code java -cp <classpath> site.ycsb.Client -db <class> <args> <-load|-t>}, as upstream's launchers run it. */
  private static YcsbRun client(Launcher launcher, Path home, String dbClass, String phase, String... args)
      throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return YcsbRun.exec(home, java, concat("-cp", launcher.classpath(home), "site.ycsb.Client", "-db", dbClass,
        args, phase));
  }

  @ParameterizedTest(name = "{0} -db {1}")
  @MethodSource("launchersAndClassNames")
  void upstreamsClientLoadsAndReadsBackEveryDocumentThroughTheDropIn(Launcher launcher, String dbClass)
      throws Exception {
    Path home = upstreamInstall();
    String table = Servers.newTable();
    String[] common = {"-P", "workloads/workloada", "-p", "mongodb.url=" + server.connectionString(),
        "-p", "mongodb.database=" + DATABASE, "-p", "table=" + table, "-p", "recordcount=" + RECORDS,
        "-threads", "4"};
    // the short name's class batches (the BATCHED_OK path under upstream's core), the pack's name inserts singly
    String[] batching = dbClass.startsWith("site.") ? new String[] {"-p", "mongodb.batchsize=50"} : new String[0];

    YcsbRun load = client(launcher, home, dbClass, "-load", concat(common, batching));
    assertEquals(0, load.exitCode, load::describe);
    assertEquals(RECORDS, load.operations("INSERT"), load::describe);
    assertEquals(RECORDS, load.count("INSERT", "Return=OK") + load.count("INSERT", "Return=BATCHED_OK"),
        load::describe);
    assertEquals(RECORDS, count(table), "documents stored\n" + load.describe());
    if (batching.length > 0) {
      // the binding's own section, printed by upstream's exporter
      assertEquals(RECORDS, load.count("INSERT-DOCUMENTS", "Acknowledged"), load::describe);
    }

    YcsbRun read = client(launcher, home, dbClass, "-t", concat(common, "-p", "operationcount=" + RECORDS,
        "-p", "readproportion=1", "-p", "updateproportion=0"));
    assertEquals(0, read.exitCode, read::describe);
    assertEquals(RECORDS, read.count("READ", "Return=OK"), read::describe);
    assertEquals(RECORDS, read.operations("READ"), read::describe);

    for (YcsbRun run : List.of(load, read)) {
      assertFalse(run.stderr.contains("Error") || run.stderr.contains("Exception"), run::describe);
      // mongodb-binding/conf/simplelogger.properties is first on the classpath: the driver's INFO lines stay out
      assertFalse(run.stderr.contains(" INFO "), run::describe);
    }
  }

  @Test
  void theDropInHoldsNoLibraryUpstreamsLibAlreadyHas() throws IOException {
    Map<String, String> upstream = artifacts(upstreamLib());
    Map<String, String> dropIn = artifacts(dropIn().resolve("lib"));
    Set<String> both = new TreeSet<>(upstream.keySet());
    both.retainAll(dropIn.keySet());
    assertEquals(Set.of(), both, "jars of the drop-in that upstream's lib/ already has: " + dropIn);

    Set<String> upstreamClasses = classes(upstreamLib());
    Set<String> twice = new TreeSet<>(classes(dropIn().resolve("lib")));
    twice.retainAll(upstreamClasses);
    assertEquals(Set.of(), twice, "classes in both upstream's lib/ and the drop-in");

    assertTrue(dropIn.keySet().containsAll(Set.of("mongodb-binding", "upstream-name", "common",
        "mongodb-driver-sync", "mongodb-driver-core", "bson")), dropIn::toString);
  }

  /**
   * What only the pack's {@code bin/ycsb} acts on ({@code mongodb.dropOnLoad}, {@code ycsbpack.*}) is said to be
   * ignored under upstream's launcher, one stderr line each for the whole process, and truly is (nothing dropped);
   * under the pack's {@code bin/ycsb} the same properties are honoured and nothing is said.
   */
  @Test
  void propertiesOnlyThePacksLauncherActsOnAreSaidToBeIgnoredUnderUpstreamsOnceEach() throws Exception {
    Path home = upstreamInstall();
    String[] packOnly = {"-p", "mongodb.dropOnLoad=true", "-p", "ycsbpack.maxerrorrate=5"};
    for (boolean upstream : new boolean[] {true, false}) {
      String table = Servers.newTable();
      try (MongoClient client = MongoClients.create(server.connectionString())) {
        client.getDatabase(DATABASE).getCollection(table).insertOne(new org.bson.Document("_id", "from before"));
      }
      String workload = upstream ? "workloads/workloada" : YcsbRun.home().resolve("workloads/workloada").toString();
      String[] common = concat("-P", workload, "-p", "mongodb.url=" + server.connectionString() + "/"
          + DATABASE, "-p", "table=" + table, "-p", "recordcount=50", "-threads", "4", packOnly);
      YcsbRun load = upstream ? client(Launcher.YCSB_SH, home, "site.ycsb.db.MongoDbClient", "-load", common)
          : YcsbRun.run(work, concat("load", "mongodb", common));
      assertEquals(0, load.exitCode, load::describe);
      List<String> said = load.stderr.lines().filter(l -> l.contains(" is ignored: only the pack's bin/ycsb")).toList();
      if (upstream) {
        assertEquals(List.of("mongodb binding: mongodb.dropOnLoad=true is ignored: only the pack's bin/ycsb drops the "
            + "collection before a load, and this launcher is not it; nothing was dropped (drop it with mongosh "
            + "before loading again)",
            "mongodb binding: ycsbpack.maxerrorrate=5 is ignored: only the pack's bin/ycsb "
                + "reads ycsbpack.* properties, and this launcher is not it"),
            said, load::describe);
        assertEquals(51, count(table), "nothing was dropped: the document from before is still there");
      } else {
        assertEquals(List.of(), said, load::describe);
        assertEquals(50, count(table), "bin/ycsb dropped the collection before the load");
      }
    }
  }

  /** The upstream lib/ this test builds is what upstream ships: core and every compile dependency its pom names. */
  @Test
  void theUpstreamLibIsCoreAndTheDependenciesItsPomNames() throws IOException {
    Set<String> named = new TreeSet<>(Set.of("core"));
    try (JarFile core = new JarFile(upstreamLib().resolve("core-0.17.0.jar").toFile())) {
      String pom;
      try (InputStream in = core.getInputStream(core.getEntry("META-INF/maven/site.ycsb/core/pom.xml"))) {
        pom = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      Matcher dep = Pattern.compile("(?s)<dependency>(.*?)</dependency>").matcher(pom);
      while (dep.find()) {
        if (!dep.group(1).contains("<scope>test</scope>")) {
          Matcher id = Pattern.compile("<artifactId>\\s*(\\S+?)\\s*</artifactId>").matcher(dep.group(1));
          assertTrue(id.find(), dep.group());
          named.add(id.group(1));
        }
      }
    }
    assertEquals(named, artifacts(upstreamLib()).keySet());
    assertTrue(Files.isRegularFile(upstreamLib().resolve("HdrHistogram-2.1.4.jar")),
        "upstream ships HdrHistogram 2.1.4");
  }

  private static long count(String table) {
    try (MongoClient client = MongoClients.create(server.connectionString())) {
      return client.getDatabase(DATABASE).getCollection(table).countDocuments();
    }
  }

  /** artifact name (the file name without version) to file name */
  private static Map<String, String> artifacts(Path dir) throws IOException {
    Map<String, String> byName = new TreeMap<>();
    for (String jar : jars(dir)) {
      String file = Path.of(jar).getFileName().toString();
      Matcher m = JAR.matcher(file);
      assertTrue(m.matches(), "a jar name without a version: " + file);
      byName.put(m.group(1), file);
    }
    return byName;
  }

  private static Set<String> classes(Path dir) throws IOException {
    Set<String> names = new HashSet<>();
    for (String jar : jars(dir)) {
      try (JarFile file = new JarFile(jar)) {
        file.stream().map(e -> e.getName())
            .filter(n -> n.endsWith(".class") && !n.endsWith("module-info.class") && !n.startsWith("META-INF/"))
            .forEach(names::add);
      }
    }
    return names;
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> all = Files.walk(from)) {
      for (Path source : (Iterable<Path>) all::iterator) {
        Path target = to.resolve(from.relativize(source).toString());
        if (Files.isDirectory(source)) {
          Files.createDirectories(target);
        } else {
          Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
  }
}
