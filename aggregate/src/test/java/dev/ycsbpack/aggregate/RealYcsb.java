package dev.ycsbpack.aggregate;

import dev.ycsbpack.aggregate.synthetic.SyntheticClients;
import dev.ycsbpack.common.FileTrees;
import dev.ycsbpack.common.PropertyPairs;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Real YCSB 0.17.0 outputs: runs {@code site.ycsb.Client} with the built-in {@code site.ycsb.BasicDB} in child JVMs
 * (Client.main calls System.exit), several clients at once so their runs overlap, each writing a client folder as
 * the contract asks. Generated once per test JVM.
 */
final class RealYcsb {
  /** Scenario name to its folder of client folders. */
  private static Map<String, Path> runs;

  private RealYcsb() {
  }

  static synchronized Map<String, Path> runs() throws Exception {
    if (runs == null) {
      Path root = Files.createTempDirectory("real-ycsb-");
      Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(root)));
      Map<String, Path> m = new LinkedHashMap<>();
      List<Process> batch = new ArrayList<>();
      // with -s: one interval per second; text output with intended latency; JSON array exporter
      batch.addAll(start(root, m, "text-s", 3, true, false, true));
      batch.addAll(start(root, m, "json-s", 2, true, true, false));
      waitAll(root, batch);
      batch.clear();
      // without -s: one histogram per client for its whole run
      batch.addAll(start(root, m, "text-nos", 2, false, false, false));
      batch.addAll(start(root, m, "json-nos", 2, false, true, false));
      waitAll(root, batch);
      runs = m;
    }
    return runs;
  }

  private static List<Process> start(Path root, Map<String, Path> m, String name, int clients, boolean status,
      boolean json, boolean intended) throws IOException {
    Path run = root.resolve(name);
    m.put(name, run);
    List<Process> ps = new ArrayList<>();
    for (int c = 1; c <= clients; c++) {
      Path dir = run.resolve("client" + c);
      Files.createDirectories(dir);
      Map<String, String> p = PropertyPairs.ordered("workload=site.ycsb.workloads.CoreWorkload", "db=site.ycsb.BasicDB",
          "recordcount=3000", "operationcount=" + (status ? "2400" : "600"), "readproportion=0.5",
          "updateproportion=0.5", "requestdistribution=uniform", "basicdb.simulatedelay=2", "basicdb.verbose=false",
          "threadcount=2", "target=" + (status ? "800" : "400"), "insertstart=" + (c - 1) * 1000, "insertcount=1000",
          "dotransactions=true", "hdrhistogram.fileoutput=true", "hdrhistogram.output.path=" + dir + "/");
      if (intended) {
        p.put("measurement.interval", "both");
      }
      if (status) {
        p.put("status", "true");
        p.put("status.interval", "1");
      }
      if (json) {
        p.put("exporter", "site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter");
        p.put("exportfile", dir.resolve("output.json").toString());
      }
      SyntheticClients.writeProperties(dir.resolve("client.properties"), p);
      List<String> cmd = new ArrayList<>(List.of(javaBin(), "-cp", System.getProperty("java.class.path"),
          GatedClient.class.getName(), root.resolve(name + "-ready-" + c).toString(), root.resolve("go").toString(),
          "-t", "-P", dir.resolve("client.properties").toString()));
      if (status) {
        cmd.add("-s");
      }
      ProcessBuilder pb = new ProcessBuilder(cmd);
      pb.redirectOutput(dir.resolve(json ? "stdout.txt" : "output.txt").toFile());
      pb.redirectError(dir.resolve("stderr.txt").toFile());
      ps.add(pb.start());
    }
    return ps;
  }

  /** Releases the clients together once every one of them is ready to run (see {@link GatedClient}). */
  private static void waitAll(Path root, List<Process> ps) throws Exception {
    Path go = root.resolve("go");
    long deadline = System.currentTimeMillis() + 120_000;
    while (true) {
      long ready;
      try (Stream<Path> s = Files.list(root)) {
        ready = s.filter(p -> p.getFileName().toString().contains("-ready-")).count();
      }
      if (ready >= ps.size()) {
        break;
      }
      for (Process p : ps) {
        if (!p.isAlive()) {
          throw new IllegalStateException("a YCSB client exited with " + p.exitValue() + " before it was ready");
        }
      }
      if (System.currentTimeMillis() > deadline) {
        throw new IllegalStateException("the YCSB clients were not ready within 120 s");
      }
      Thread.sleep(5);
    }
    Files.createFile(go);
    try {
      waitAll(ps);
    } finally {
      Files.delete(go);
      try (Stream<Path> s = Files.list(root)) {
        for (Path p : (Iterable<Path>) s::iterator) {
          if (p.getFileName().toString().contains("-ready-")) {
            Files.delete(p);
          }
        }
      }
    }
  }

  private static void waitAll(List<Process> ps) throws Exception {
    for (Process p : ps) {
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException("a YCSB client did not finish within 120 s");
      }
      if (p.exitValue() != 0) {
        throw new IllegalStateException("a YCSB client exited with " + p.exitValue());
      }
    }
  }

  private static String javaBin() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** Copies a scenario's client folders to {@code target} so a test may damage them. */
  static Path copy(String scenario, Path target) throws Exception {
    // hdrhistogram.output.path names the original folders; the copies keep the same file names, so only the
    // prefix (empty: the path ends with '/') matters
    return FileTrees.copy(runs().get(scenario), target);
  }

  static void deleteQuietly(Path root) {
    try (Stream<Path> s = Files.walk(root)) {
      s.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
    } catch (IOException e) {
      // best effort
    }
  }
}
