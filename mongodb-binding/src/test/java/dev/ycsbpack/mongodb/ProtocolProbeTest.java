package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ServerAddress;
import dev.ycsbpack.testkit.EmbeddedMongoServer;
import dev.ycsbpack.testkit.TestCa;
import dev.ycsbpack.testkit.TlsTerminator;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The first exchange asked both ways, against a plain server, a TLS terminator, and a port that never answers. */
@Timeout(60)
class ProtocolProbeTest {
  @TempDir
  Path dir;

  @Test
  void aPlainServerAndATlsPortAreToldApartAndEachMismatchIsNamed() throws Exception {
    TestCa ca = TestCa.create(dir, "ca");
    TestCa.Issued cert = ca.server("server", "DNS:localhost");
    try (EmbeddedMongoServer plain = EmbeddedMongoServer.start();
        TlsTerminator tls = TlsTerminator.start(cert.combined(), null, plain.port());
        TlsTerminator wantsClient = TlsTerminator.start(cert.combined(), ca.certificate(), plain.port())) {
      ServerAddress plainAt = new ServerAddress("localhost", plain.port());
      ServerAddress tlsAt = new ServerAddress("localhost", tls.port());
      assertTrue(ProtocolProbe.answersPlain(plainAt));
      assertFalse(ProtocolProbe.answersTls(plainAt));
      assertTrue(ProtocolProbe.answersTls(tlsAt));
      assertFalse(ProtocolProbe.answersPlain(tlsAt));
      // a server that wants a client certificate still answers TLS (an alert, or a handshake TLS 1.3 completes)
      assertTrue(ProtocolProbe.answersTls(new ServerAddress("localhost", wantsClient.port())));

      assertEquals(Optional.of("the server at " + plainAt + " does not speak TLS (tls=true in mongodb.url): it"
          + " answered in plain MongoDB wire protocol; drop tls=true from mongodb.url and the mongodb.tls.* options,"
          + " or use the server's TLS port"), ProtocolProbe.mismatch(plainAt, true, "tls=true in mongodb.url"));
      assertTrue(ProtocolProbe.mismatch(tlsAt, false, null).orElseThrow()
          .startsWith("the server at " + tlsAt + " expects TLS: "));
      // the protocol the run uses answers: no mismatch
      assertEquals(Optional.empty(), ProtocolProbe.mismatch(plainAt, false, null));
      assertEquals(Optional.empty(), ProtocolProbe.mismatch(tlsAt, true, "tls=true in mongodb.url"));
    }
  }

  @Test
  void aPortThatNeverAnswersIsNoMismatchEitherWay() throws Exception {
    try (ServerSocket silent = new ServerSocket(0)) {
      List<Socket> held = new CopyOnWriteArrayList<>();
      Thread accept = new Thread(() -> {
        try {
          while (true) {
            held.add(silent.accept()); // held open, never written to
          }
        } catch (java.io.IOException closed) {
          // the test is over
        }
      });
      accept.setDaemon(true);
      accept.start();
      ServerAddress at = new ServerAddress("localhost", silent.getLocalPort());
      assertEquals(Optional.empty(), ProtocolProbe.mismatch(at, true, "tls=true in mongodb.url"));
      assertEquals(Optional.empty(), ProtocolProbe.mismatch(at, false, null));
      for (Socket s : held) {
        s.close();
      }
    }
  }
}
