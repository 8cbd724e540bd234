package dev.ycsbpack.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** Loopback port helpers for servers that cannot pick their own port. */
public final class FreePorts {
  private FreePorts() {
  }

  /**
   * A port that was free a moment ago. Another process may grab it before the caller binds, so
   * callers retry on a bind failure rather than trusting it.
   */
  public static int pick() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot find a free loopback port", e);
    }
  }

  /** Whether something accepts TCP connections on 127.0.0.1:port right now. */
  public static boolean isListening(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
