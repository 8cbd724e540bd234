package dev.ycsbpack.testkit;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bson.BsonDocument;

/**
 * One client connection through {@link WireProxy} and its server connection: a thread per direction, each reading
 * whole messages and acting on the proxy's decision. Requests are remembered by request id until their reply, so the
 * reply rule sees which request a reply answers (also for exhaust replies, which answer the previous reply).
 */
final class WireConnection {
  private final WireProxy proxy;
  private final int id;
  private final Socket client;
  private final Socket server;
  /** Both directions write to the client: forwarded replies and the proxy's own answers. */
  private final Object clientWrites = new Object();
  private final Map<Integer, WireRequest> awaitingReply = new ConcurrentHashMap<>();
  private final AtomicBoolean ended = new AtomicBoolean();
  private Thread up;
  private Thread down;

  WireConnection(WireProxy proxy, int id, Socket client, Socket server) {
    this.proxy = proxy;
    this.id = id;
    this.client = client;
    this.server = server;
  }

  void start(String name) {
    up = daemon(this::clientToServer, name + "-up");
    down = daemon(this::serverToClient, name + "-down");
    up.start();
    down.start();
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  private void clientToServer() {
    try (InputStream in = new BufferedInputStream(client.getInputStream())) {
      OutputStream toServer = server.getOutputStream();
      WireFrames.Frame frame;
      while ((frame = WireFrames.read(in)) != null) {
        WireRequest request = WireFrames.request(id, frame);
        WireDecision decision = proxy.decideRequest(request);
        if (decision instanceof WireDecision.Reply r) {
          // a client that asked for no reply (moreToCome) gets none: the message is simply not forwarded
          if (!request.moreToCome()) {
            toClient(WireFrames.answer(frame, proxy.nextAnswerId(), r.document()));
          }
        } else if (decision instanceof WireDecision.Reset) {
          reset();
          return;
        } else {
          if (!request.moreToCome()) {
            awaitingReply.put(frame.requestId(), request);
          }
          toServer.write(frame.bytes());
          toServer.flush();
        }
      }
    } catch (IOException | RuntimeException e) {
      // the connection broke (or a message could not be decoded): close both sides, as a dead peer would
    }
    close();
  }

  private void serverToClient() {
    try (InputStream in = new BufferedInputStream(server.getInputStream())) {
      WireFrames.Frame frame;
      while ((frame = WireFrames.read(in)) != null) {
        WireRequest request = awaitingReply.remove(frame.responseTo());
        if (request != null && frame.moreToCome()) {
          awaitingReply.put(frame.requestId(), request); // the next exhaust reply answers this one
        }
        BsonDocument body = request != null && proxy.decodesReplies() ? WireFrames.replyBody(frame) : null;
        WireDecision decision = body == null ? WireDecision.forward() : proxy.decideReply(request, body);
        if (decision instanceof WireDecision.Reply r) {
          toClient(WireFrames.replaced(frame, r.document()));
        } else if (decision instanceof WireDecision.Reset) {
          reset();
          return;
        } else {
          toClient(frame.bytes());
        }
      }
    } catch (IOException | RuntimeException e) {
      // as in clientToServer
    }
    close();
  }

  private void toClient(byte[] bytes) throws IOException {
    synchronized (clientWrites) {
      OutputStream out = client.getOutputStream();
      out.write(bytes);
      out.flush();
    }
  }

  /** RST both sides; false when the connection had ended already. */
  boolean reset() {
    if (!ended.compareAndSet(false, true)) {
      return false;
    }
    proxy.countReset();
    resetQuietly(client);
    resetQuietly(server);
    proxy.ended(this);
    return true;
  }

  /** An ordinary close (FIN) of both sides. */
  void close() {
    if (ended.compareAndSet(false, true)) {
      closeQuietly(client);
      closeQuietly(server);
      proxy.ended(this);
    }
  }

  void join(long millis) {
    try {
      if (up != null) {
        up.join(millis);
      }
      if (down != null) {
        down.join(millis);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** SO_LINGER 0 makes close() send RST instead of FIN: what a client sees when a server or a middlebox drops it. */
  static void resetQuietly(Socket socket) {
    try {
      socket.setSoLinger(true, 0);
    } catch (IOException ignored) {
      // not connected or closed already: close() below is all that is left
    }
    closeQuietly(socket);
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException ignored) {
      // closing: nothing else to do with it
    }
  }
}
