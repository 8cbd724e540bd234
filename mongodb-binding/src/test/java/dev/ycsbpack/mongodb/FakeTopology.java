package dev.ycsbpack.mongodb;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.MongoServerError;
import io.netty.channel.Channel;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * Several mongo-java-server instances on loopback whose {@code hello} replies make the driver see a sharded
 * cluster (each a mongos: {@code msg: "isdbgrid"}) or a replica set (set name, hosts, primary or secondary, tags,
 * last write date for staleness). Each counts the {@code find}s it answered or refused and can be told to refuse
 * every {@code find} with a given error code, so a test can see on real sockets which server a read went to.
 *
 * <p>Data is written to each server while it still answers {@code hello} as itself (before {@link #asRouters} or
 * {@link #asReplicaSet}, through a direct connection to each): every
 * member holds the same documents, as replicas would.
 */
public final class FakeTopology implements AutoCloseable {
  /** One server of the topology. */
  public static final class Member {
    public final MongoServer server;
    public final String address;
    public final AtomicInteger finds = new AtomicInteger();
    /** The ids of every killCursors this server received. */
    public final List<Object> killedCursors = new CopyOnWriteArrayList<>();
    /** A code to refuse every find with (0: none), with these error labels. */
    public volatile int failFindsWith;
    public volatile List<String> failLabels = List.of();
    /** How many finds fail (with failFindsWith set) before they answer again. */
    public final AtomicInteger failuresLeft = new AtomicInteger(Integer.MAX_VALUE);
    /**
     * Each find takes the next step, before failFindsWith applies: "91" fails with code 91, "91+overload" with code 91
     * labelled SystemOverloadedError and RetryableError, "2+overload-only" labelled SystemOverloadedError alone, "ok"
     * answers. When the script runs out, finds answer.
     */
    public final Queue<String> script = new ConcurrentLinkedQueue<>();
    /** Every find waits this long before it answers or fails. */
    public volatile long delayFindsMs;
    /** Non-zero: every find's reply says this cursor is still open. */
    public volatile long openCursorId;
    public volatile Document hello;
    public final AtomicInteger updates = new AtomicInteger();
    /** Non-null: every update's reply (ok: 1, applied) also carries these fields (a writeConcernError, labels). */
    public volatile Document updateReplyExtra;

    Member(MongoServer server) {
      this.server = server;
      this.address = "127.0.0.1:" + server.getLocalAddress().getPort();
    }
  }

  public final List<Member> members = new ArrayList<>();

  /** One step of {@link Member#script}: an error reply, or {@code answer}'s. */
  private static Document scripted(String step, java.util.function.Supplier<Document> answer) {
    if (step.equals("ok")) {
      return answer.get();
    }
    String[] parts = step.split("\\+", 2);
    int code = Integer.parseInt(parts[0]);
    if (parts.length == 1) {
      throw new MongoServerError(code, "injected by the test");
    }
    List<String> labels = switch (parts[1]) {
      case "overload" -> List.of("SystemOverloadedError", "RetryableError");
      case "overload-only" -> List.of("SystemOverloadedError");
      default -> throw new IllegalArgumentException("unknown step " + step);
    };
    return new Document("ok", 0.0).append("code", code).append("errmsg", "injected by the test")
        .append("errorLabels", labels);
  }

  private FakeTopology(int size) {
    for (int i = 0; i < size; i++) {
      Member[] self = new Member[1];
      MongoServer server = new MongoServer(new MemoryBackend() {
        @Override
        public Document handleCommand(Channel channel, String database, String command, Document query) {
          Member m = self[0];
          Document hello = m.hello;
          if (hello != null && (command.equals("hello") || command.equalsIgnoreCase("isMaster"))) {
            Document reply = new Document(super.handleCommand(channel, database, command, query));
            reply.putAll(hello);
            return reply;
          }
          if (command.equals("find")) {
            m.finds.incrementAndGet();
            long delay = m.delayFindsMs;
            if (delay > 0) {
              try {
                Thread.sleep(delay); // holds this connection's event loop: the answer comes late
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            }
            String step = m.script.poll();
            if (step != null) {
              return scripted(step, () -> super.handleCommand(channel, database, command, query));
            }
            int code = m.failFindsWith != 0 && m.failuresLeft.getAndDecrement() > 0 ? m.failFindsWith : 0;
            if (code != 0 && m.failLabels.isEmpty()) {
              throw new MongoServerError(code, "injected by the test");
            }
            if (code != 0) {
              return new Document("ok", 0.0).append("code", code).append("errmsg", "injected by the test")
                  .append("errorLabels", m.failLabels);
            }
            Document reply = super.handleCommand(channel, database, command, query);
            long open = m.openCursorId;
            if (open != 0) {
              ((Document) reply.get("cursor")).put("id", open);
            }
            return reply;
          }
          if (command.equals("update")) {
            m.updates.incrementAndGet();
            Document extra = m.updateReplyExtra;
            Document reply = super.handleCommand(channel, database, command, query);
            if (extra != null) {
              reply = new Document(reply);
              reply.putAll(extra);
            }
            return reply;
          }
          if (command.equals("killCursors")) {
            m.killedCursors.addAll((List<?>) query.get("cursors"));
          }
          return super.handleCommand(channel, database, command, query);
        }
      });
      server.bind("127.0.0.1", 0);
      self[0] = new Member(server);
      members.add(self[0]);
    }
  }

  public static FakeTopology start(int size) {
    return new FakeTopology(size);
  }

  /** Every member a mongos. */
  public FakeTopology asRouters() {
    for (Member m : members) {
      m.hello = new Document("msg", "isdbgrid");
    }
    return this;
  }

  /**
   * A replica set "rs" whose first member is the primary; {@code tags[i]} the tags of member i (null for none),
   * {@code lagSeconds[i]} how far member i's last write is behind the primary's.
   */
  public FakeTopology asReplicaSet(Document[] tags, long[] lagSeconds) {
    return asReplicaSet(tags, lagSeconds, 0, 1);
  }

  /**
   * The same with member {@code primary} the primary, announced under {@code setVersion} (a later primary needs a
   * higher one for the driver to take it over the one it knows).
   */
  public FakeTopology asReplicaSet(Document[] tags, long[] lagSeconds, int primary, int setVersion) {
    List<String> hosts = members.stream().map(m -> m.address).collect(Collectors.toList());
    long now = System.currentTimeMillis();
    for (int i = 0; i < members.size(); i++) {
      Document hello = new Document("setName", "rs").append("hosts", hosts).append("me", hosts.get(i))
          .append("primary", hosts.get(primary)).append("isWritablePrimary", i == primary)
          .append("ismaster", i == primary).append("secondary", i != primary).append("setVersion", setVersion)
          .append("lastWrite", new Document("lastWriteDate", Instant.ofEpochMilli(now - lagSeconds[i] * 1000)));
      if (tags[i] != null) {
        hello.append("tags", tags[i]);
      }
      members.get(i).hello = hello;
    }
    return this;
  }

  /** A seed list of every member, for a connection string. */
  public String seedList() {
    return members.stream().map(m -> m.address).collect(Collectors.joining(","));
  }

  public int totalFinds() {
    return members.stream().mapToInt(m -> m.finds.get()).sum();
  }

  public void resetCounts() {
    for (Member m : members) {
      m.finds.set(0);
      m.updates.set(0);
      m.killedCursors.clear();
    }
  }

  @Override
  public void close() {
    for (Member m : members) {
      m.server.shutdownNow();
    }
  }
}
