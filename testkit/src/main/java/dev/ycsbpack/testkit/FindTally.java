package dev.ycsbpack.testkit;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code FindTally PORT OUT}: an in-memory server behind a {@link WireProxy} on 127.0.0.1:PORT that counts every
 * {@code find} by its filter's {@code _id}; it prints {@code ready} once it listens, and when its standard input
 * closes it writes one {@code <_id> <count>} line per key to OUT and exits. Tests run one in each network namespace
 * of their rig, where only that namespace's client reaches its loopback port, to see which keys each client read.
 */
public final class FindTally {
  private FindTally() {
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: FindTally PORT OUT");
      System.exit(2);
    }
    Map<String, LongAdder> finds = new ConcurrentHashMap<>();
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start();
        WireProxy proxy = WireProxy.start(Integer.parseInt(args[0]), server.address())) {
      proxy.onRequest(r -> {
        if (r.command().equals("find") && r.body().get("filter") instanceof BsonDocument filter) {
          BsonValue id = filter.get("_id");
          if (id != null && id.isString()) {
            finds.computeIfAbsent(id.asString().getValue(), k -> new LongAdder()).increment();
          }
        }
        return WireDecision.forward();
      });
      System.out.println("ready");
      System.out.flush();
      System.in.transferTo(OutputStream.nullOutputStream());
    }
    Files.writeString(Path.of(args[1]), finds.entrySet().stream().map(e -> e.getKey() + " " + e.getValue().sum())
        .collect(Collectors.joining("\n", "", "\n")), StandardCharsets.UTF_8);
  }
}
