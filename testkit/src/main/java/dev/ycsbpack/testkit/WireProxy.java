package dev.ycsbpack.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bson.BsonDocument;

/**
 * A MongoDB wire-protocol proxy on 127.0.0.1 in front of a loopback server, so a test can show what a client does when
 * the network or the server misbehaves in ways the test servers cannot be made to: a reply a replica set or mongos
 * would send, a write concern error, a connection reset in the middle of a run.
 *
 * <p>Every client message is decoded (OP_MSG with its kind-0 body and kind-1 sequences; OP_QUERY, which the driver
 * uses for the first hello on a connection) and given to the {@linkplain #onRequest request rule}, which forwards it,
 * answers it itself or resets the connection; every reply to a decoded message goes through the
 * {@linkplain #onReply reply rule}, which forwards it, replaces its document or resets. Both rules forward everything
 * until a test sets them, and may be changed at any time. Forwarded messages go byte for byte.
 *
 * <p>Bounded: one accept thread and two threads per connection, all daemons; {@link #close()} stops them and closes
 * every connection. Only loopback is used on both sides. A rule that throws resets its connection and makes
 * {@link #close()} throw, so a broken rule fails its test instead of passing unnoticed.
 */
public final class WireProxy implements AutoCloseable {
  private static final int CONNECT_TIMEOUT_MS = 5_000;
  private static final long JOIN_MS = 2_000;
  private static final Function<WireRequest, WireDecision> FORWARD_REQUESTS = r -> WireDecision.forward();
  private static final BiFunction<WireRequest, BsonDocument, WireDecision> FORWARD_REPLIES = (r, d) -> WireDecision
      .forward();

  private final ServerSocket listener;
  private final InetSocketAddress backend;
  private final Thread acceptor;
  private final Set<WireConnection> open = ConcurrentHashMap.newKeySet();
  private final AtomicInteger accepted = new AtomicInteger();
  private final AtomicLong messages = new AtomicLong();
  private final Map<String, LongAdder> byCommand = new ConcurrentHashMap<>();
  private final AtomicInteger resets = new AtomicInteger();
  private final AtomicInteger answerIds = new AtomicInteger(1 << 30);
  private final AtomicReference<Throwable> ruleFailure = new AtomicReference<>();
  private volatile Function<WireRequest, WireDecision> requestRule = FORWARD_REQUESTS;
  private volatile BiFunction<WireRequest, BsonDocument, WireDecision> replyRule = FORWARD_REPLIES;
  private volatile boolean closed;

  private WireProxy(ServerSocket listener, InetSocketAddress backend) {
    this.listener = listener;
    this.backend = backend;
    this.acceptor = new Thread(this::acceptLoop, "wire-proxy-" + listener.getLocalPort() + "-accept");
    acceptor.setDaemon(true);
  }

  /** A proxy on a free 127.0.0.1 port in front of {@code 127.0.0.1:backendPort}. */
  public static WireProxy start(int backendPort) {
    return start(new InetSocketAddress(InetAddress.getLoopbackAddress(), backendPort));
  }

  /**
   * A proxy on a free 127.0.0.1 port in front of {@code backend}.
   *
   * @throws IllegalArgumentException when {@code backend} is not a loopback address: the proxy is for tests, whose
   *                                  traffic stays on this machine
   */
  public static WireProxy start(InetSocketAddress backend) {
    return start(0, backend);
  }

  /** As {@link #start(InetSocketAddress)} on 127.0.0.1:{@code port} (0: a free one). */
  public static WireProxy start(int port, InetSocketAddress backend) {
    if (backend.getAddress() == null || !backend.getAddress().isLoopbackAddress()) {
      throw new IllegalArgumentException("WireProxy forwards to loopback only, not " + backend);
    }
    try {
      WireProxy proxy = new WireProxy(new ServerSocket(port, 50, InetAddress.getLoopbackAddress()), backend);
      proxy.acceptor.start();
      return proxy;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot listen on a loopback port", e);
    }
  }

  /** The rule for client messages from now on; {@code null} goes back to forwarding everything. */
  public WireProxy onRequest(Function<WireRequest, WireDecision> rule) {
    requestRule = rule == null ? FORWARD_REQUESTS : rule;
    return this;
  }

  /**
   * The rule for server replies from now on, given the request they answer and a copy of the reply document;
   * {@code null} goes back to forwarding everything (and to not decoding replies at all).
   */
  public WireProxy onReply(BiFunction<WireRequest, BsonDocument, WireDecision> rule) {
    replyRule = rule == null ? FORWARD_REPLIES : rule;
    return this;
  }

  public int port() {
    return listener.getLocalPort();
  }

  /** e.g. {@code mongodb://127.0.0.1:40123}. */
  public String connectionString() {
    return "mongodb://127.0.0.1:" + port();
  }

  /** Resets (RST) every open connection now; returns how many. Clients may connect again. */
  public int resetAll() {
    int n = 0;
    for (WireConnection c : List.copyOf(open)) {
      if (c.reset()) {
        n++;
      }
    }
    return n;
  }

  /** Connections accepted since the start. */
  public int connections() {
    return accepted.get();
  }

  /** Connections open now. */
  public int openConnections() {
    return open.size();
  }

  /** Client messages received since the start, whatever was decided for them. */
  public long messages() {
    return messages.get();
  }

  /** Client messages whose command was {@code command} (exact name, e.g. {@code "insert"}). */
  public long messages(String command) {
    LongAdder n = byCommand.get(command);
    return n == null ? 0 : n.sum();
  }

  /** Connections this proxy reset, by a rule or {@link #resetAll()}. */
  public int resets() {
    return resets.get();
  }

  /**
   * Stops accepting, closes every connection and waits (bounded) for the threads to end.
   *
   * @throws IllegalStateException when a rule threw while the proxy ran
   */
  @Override
  public void close() {
    closed = true;
    try {
      listener.close();
    } catch (IOException ignored) {
      // closing: nothing else to do with it
    }
    join(acceptor); // after this no connection is added
    List<WireConnection> left = List.copyOf(open);
    for (WireConnection c : left) {
      c.close();
    }
    for (WireConnection c : left) {
      c.join(JOIN_MS);
    }
    Throwable failure = ruleFailure.get();
    if (failure != null) {
      throw new IllegalStateException("a WireProxy rule threw: " + failure, failure);
    }
  }

  private void acceptLoop() {
    while (!closed) {
      Socket client;
      try {
        client = listener.accept();
      } catch (IOException e) {
        return; // closed
      }
      int id = accepted.incrementAndGet();
      Socket server = new Socket();
      try {
        client.setTcpNoDelay(true);
        server.setTcpNoDelay(true);
        server.connect(backend, CONNECT_TIMEOUT_MS);
      } catch (IOException e) {
        // the client sees what it would see from a dead server behind a live balancer: a reset
        WireConnection.resetQuietly(client);
        WireConnection.resetQuietly(server);
        continue;
      }
      WireConnection c = new WireConnection(this, id, client, server);
      open.add(c);
      c.start("wire-proxy-" + port() + "-" + id);
    }
  }

  WireDecision decideRequest(WireRequest request) {
    messages.incrementAndGet();
    byCommand.computeIfAbsent(request.command(), k -> new LongAdder()).increment();
    return decide(() -> requestRule.apply(request));
  }

  boolean decodesReplies() {
    return replyRule != FORWARD_REPLIES;
  }

  WireDecision decideReply(WireRequest request, BsonDocument reply) {
    return decide(() -> replyRule.apply(request, reply));
  }

  private WireDecision decide(Supplier<WireDecision> rule) {
    try {
      WireDecision d = rule.get();
      if (d == null) {
        throw new NullPointerException("a WireProxy rule returned null; return WireDecision.forward()");
      }
      return d;
    } catch (RuntimeException | Error e) {
      ruleFailure.compareAndSet(null, e);
      return WireDecision.reset();
    }
  }

  int nextAnswerId() {
    return answerIds.incrementAndGet();
  }

  void countReset() {
    resets.incrementAndGet();
  }

  void ended(WireConnection c) {
    open.remove(c);
  }

  private static void join(Thread t) {
    try {
      t.join(JOIN_MS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
