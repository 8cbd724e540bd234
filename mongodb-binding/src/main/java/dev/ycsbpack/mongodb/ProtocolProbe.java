package dev.ycsbpack.mongodb;

import com.mongodb.ServerAddress;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * Finds a protocol mismatch at the first exchange: TLS on against a plain port, or off against a TLS port. The driver
 * cannot tell either from a server that is slow or down (a plain server reads a ClientHello as the start of a 33 MB
 * message and waits; a TLS server resets a plain hello), so both end in its 30 s server selection timeout. This asks
 * the server both ways on fresh connections, and decides only when exactly one way answers: a plain {@code isMaster}
 * answered by a MongoDB reply, or a TLS handshake answered by TLS (a ServerHello, or a TLS alert).
 *
 * <p>The TLS probe trusts any certificate: it only learns whether the port speaks TLS and sends nothing after the
 * handshake (no credentials, no command), so what it talks to does not matter; the run's own connections keep every
 * check.
 */
final class ProtocolProbe {
  /** What each probe waits for a connection and an answer. */
  static final int TIMEOUT_MS = 3000;
  private static final int OP_REPLY = 1;
  private static final int OP_MSG = 2013;
  private static final int REQUEST_ID = 0x59435342;

  private ProtocolProbe() {
  }

  /**
   * The sentence naming the mismatch, if the server at {@code server} speaks only the other protocol.
   *
   * @param tls   whether the run has TLS on
   * @param tlsOn why TLS is on, in words (e.g. "tls=true in mongodb.url"); ignored when it is off
   */
  static Optional<String> mismatch(ServerAddress server, boolean tls, String tlsOn) {
    String at = "the server at " + server;
    if (tls) {
      if (answersPlain(server) && !answersTls(server)) {
        return Optional.of(at + " does not speak TLS (" + tlsOn + "): it answered in plain MongoDB wire protocol;"
            + " drop tls=true from mongodb.url and the mongodb.tls.* options, or use the server's TLS port");
      }
    } else if (answersTls(server) && !answersPlain(server)) {
      return Optional.of(at + " expects TLS: it answered a TLS handshake, and not a plain MongoDB hello; add"
          + " tls=true to mongodb.url (and mongodb.tls.caFile=FILE when its certificate is not signed by a CA the JVM"
          + " trusts)");
    }
    return Optional.empty();
  }

  /** Whether a plain {@code isMaster} gets a MongoDB reply (an error reply counts: it is the wire protocol). */
  static boolean answersPlain(ServerAddress server) {
    try (Socket s = connect(server)) {
      OutputStream out = s.getOutputStream();
      out.write(isMaster());
      out.flush();
      DataInputStream in = new DataInputStream(s.getInputStream());
      byte[] header = new byte[16];
      in.readFully(header);
      ByteBuffer h = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
      int length = h.getInt();
      h.getInt();
      int responseTo = h.getInt();
      int opCode = h.getInt();
      return length >= 16 && responseTo == REQUEST_ID && (opCode == OP_MSG || opCode == OP_REPLY);
    } catch (IOException e) {
      return false;
    }
  }

  /** Whether a TLS handshake gets a TLS answer: it completes, or the server sends a TLS alert. */
  static boolean answersTls(ServerAddress server) {
    SSLContext anyCertificate;
    try {
      anyCertificate = SSLContext.getInstance("TLS");
      anyCertificate.init(null, new TrustManager[] {new AnyCertificate()}, null);
    } catch (GeneralSecurityException e) {
      return false;
    }
    try (Socket plain = connect(server);
        SSLSocket s = (SSLSocket) anyCertificate.getSocketFactory().createSocket(plain, server.getHost(),
            server.getPort(), true)) {
      s.startHandshake();
      return true;
    } catch (SSLException e) {
      // an alert is the server speaking TLS (e.g. one that wants a client certificate this probe does not give)
      return String.valueOf(e.getMessage()).startsWith("Received fatal alert");
    } catch (IOException e) {
      return false;
    }
  }

  private static Socket connect(ServerAddress server) throws IOException {
    Socket s = new Socket();
    try {
      s.connect(new InetSocketAddress(server.getHost(), server.getPort()), TIMEOUT_MS);
      s.setSoTimeout(TIMEOUT_MS);
      return s;
    } catch (IOException e) {
      s.close();
      throw e;
    }
  }

  /** OP_MSG {isMaster: 1, $db: "admin"}: answered by every server since MongoDB 3.6, before any login. */
  private static byte[] isMaster() {
    byte[] db = "admin".getBytes(StandardCharsets.US_ASCII);
    int docLength = 4 + (1 + 9 + 4) + (1 + 4 + 4 + db.length + 1) + 1;
    int length = 16 + 4 + 1 + docLength;
    ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(length).putInt(REQUEST_ID).putInt(0).putInt(OP_MSG);
    b.putInt(0); // flag bits
    b.put((byte) 0); // section kind 0: the body
    b.putInt(docLength);
    b.put((byte) 0x10).put("isMaster".getBytes(StandardCharsets.US_ASCII)).put((byte) 0).putInt(1);
    b.put((byte) 0x02).put("$db".getBytes(StandardCharsets.US_ASCII)).put((byte) 0).putInt(db.length + 1).put(db)
        .put((byte) 0);
    b.put((byte) 0);
    return b.array();
  }

  /** Trusts any certificate: only the probe's handshake uses it, and nothing is sent over it. */
  private static final class AnyCertificate implements X509TrustManager {
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
