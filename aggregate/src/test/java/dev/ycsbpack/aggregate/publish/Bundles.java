package dev.ycsbpack.aggregate.publish;

import dev.ycsbpack.aggregate.synthetic.SyntheticClients;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.HdrHistogram.Histogram;

/**
 * Result bundles as the pack writes them, with synthetic logs: coordinator bundles ({@code manifest.json} beside
 * {@code clients/}) that completed, failed or never finished, and single client folders; on MongoDB or on a fake
 * server; with hostile strings where a bundle carries text (host names, property values, the command, the reason).
 */
final class Bundles {
  /** Markup that must stay text: it would set {@code window.__pwned} if it ever ran. */
  static final String HOSTILE = "<script>window.__pwned=1</script>\"onload=\"window.__pwned=2\" "
      + "<img src=x onerror=\"window.__pwned=3\">";
  /** The password in every bundle's URL: it must appear nowhere in the site. */
  static final String PASSWORD = "pw\"<script>-S3cr3t";
  static final String MONGODB = "MongoDB";
  static final String FAKE = "mongo-java-server (an in-memory fake)";

  private Bundles() {
  }

  /** A coordinator bundle of two clients; {@code status} COMPLETE, FAILED or RUNNING. */
  static Path coordinated(Path dir, String status, String product, long startMs, String hostile) throws IOException {
    Path clients = dir.resolve("clients");
    for (int i = 0; i < 2; i++) {
      String name = String.format("%02d-host%d", i + 1, i + 1);
      Map<String, String> props = properties(hostile);
      props.put("threadcount", "8");
      props.put("ycsbpack.client.count", "2");
      props.put("ycsbpack.client.index", String.valueOf(i));
      client(clients.resolve(name), startMs, props, product, "host" + (i + 1) + hostile, 400 + 100 * i);
    }
    String command = "run mongodb -P workloads/read95-update5 -p mongodb.url=mongodb://ycsb:" + PASSWORD
        + "@db1:27017/ycsb -p label=" + hostile + " -threads 16 --hosts host1,host2 --out " + dir;
    String reason = status.equals("FAILED") ? "client 02-host2 on host2" + hostile + " reports FAILED: the server "
        + "went away" : null;
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("note", product.equals(MONGODB) ? null : "NOT MONGODB: the server was " + product);
    m.put("runId", "run-" + startMs);
    m.put("status", status);
    m.put("reason", reason);
    m.put("command", command);
    m.put("phase", "run");
    m.put("packVersion", "0.1.0-test");
    m.put("startedAt", java.time.Instant.ofEpochMilli(startMs - 2000).toString());
    m.put("clients", List.of(Map.of("name", "01-host1", "host", "host1" + hostile, "threads", 8),
        Map.of("name", "02-host2", "host", "host2" + hostile, "threads", 8)));
    m.put("count", Map.of("collection", "ycsb.usertable", "before", 1000, "stored", 0, "expected", 1000,
        "counted", 1000, "verdict", "COMPLETE", "text", "0 new keys inserted, 1,000 counted in ycsb.usertable "
            + "(1,000 before the run)"));
    m.values().removeIf(java.util.Objects::isNull);
    Files.writeString(dir.resolve("manifest.json"), new com.fasterxml.jackson.databind.ObjectMapper()
        .writerWithDefaultPrettyPrinter().writeValueAsString(m), StandardCharsets.UTF_8);
    return dir;
  }

  /** One client folder as {@code bin/ycsb --out} leaves it. */
  static Path single(Path dir, String product, long startMs, String hostile) throws IOException {
    Map<String, String> props = properties(hostile);
    props.put("threadcount", "16");
    return client(dir, startMs, props, product, "loadgen" + hostile, 500);
  }

  private static Map<String, String> properties(String hostile) {
    Map<String, String> p = SyntheticClients.baseProperties();
    p.put("readproportion", "0.95");
    p.put("updateproportion", "0.05");
    p.put("recordcount", "1000");
    p.put("mongodb.url", "mongodb://ycsb:" + PASSWORD + "@db1:27017/ycsb");
    p.put("label", hostile);
    p.put("ycsbpack.allow", "note*");
    p.put("note.workload", hostile);
    return p;
  }

  private static Path client(Path dir, long startMs, Map<String, String> props, String product, String host,
      int medianUs) throws IOException {
    Random rnd = new Random(startMs + medianUs);
    Map<String, Histogram> totals = SyntheticClients.writeClient(dir, startMs, 1000, 6, List.of("READ", "UPDATE"),
        (op, k) -> {
          Histogram h = new Histogram(3);
          int n = op.equals("READ") ? 950 : 50;
          for (int s = 0; s < n; s++) {
            h.recordValue(Math.max(1, (long) (medianUs * (1 + k / 5.0) * Math.exp(0.4 * rnd.nextGaussian()))));
          }
          return h;
        }, props);
    long ops = totals.values().stream().mapToLong(Histogram::getTotalCount).sum();
    Files.writeString(dir.resolve("environment.properties"), String.join("\n",
        "host.name=" + escape(host),
        "server.product=" + escape(product),
        "server.version=7.0.12",
        "server.topology=replica set rs0",
        "server.writeConcern=w\\=majority, j\\=true",
        "server.readPreference=primary",
        "server.readConcern=server default",
        "driver.name=mongodb-driver-sync",
        "driver.version=5.14.0",
        "pack.version=0.1.0-test",
        "java.version=17.0.15",
        "collection=ycsb.usertable",
        "collection.documents.before=1000",
        "collection.documents.inserted=0",
        "collection.documents.after=1000",
        "run.command=bin/ycsb run mongodb -P workloads/read95-update5 -p mongodb.url\\=mongodb://ycsb:*****@db1/ycsb",
        ""), StandardCharsets.ISO_8859_1);
    Files.writeString(dir.resolve("verdict.properties"), String.join("\n", "status=COMPLETE", "reason=",
        "run.id=" + UUID.randomUUID(), "operations.expected=" + ops, "operations.completed=" + ops,
        "first.operation.epoch.ms=" + startMs, ""), StandardCharsets.ISO_8859_1);
    return dir;
  }

  /** A value for a .properties file: non-ASCII as \\uXXXX, the specials escaped. */
  private static String escape(String s) {
    StringBuilder sb = new StringBuilder();
    for (char c : s.toCharArray()) {
      if (c == '\\' || c == '=' || c == ':' || c == '#' || c == '!') {
        sb.append('\\').append(c);
      } else if (c < 0x20 || c > 0x7e) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }
}
