package dev.ycsbpack.mongodb;

import com.mongodb.MongoSecurityException;
import com.mongodb.ServerAddress;
import dev.ycsbpack.common.UntrustedCertificate;
import java.net.SocketException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.Certificate;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * Names the cause of a failed connection in one short sentence, cause first ("TLS: the server's certificate expired
 * on ..."), for the failures whose cause the exception shows: TLS certificate problems and authentication. Anything
 * else is left to the caller's generic "cannot reach the server" message.
 */
final class ConnectFailures {
  /**
   * What the run uses, for the advice in the sentence.
   *
   * @param tls               whether TLS is on
   * @param trusted           what is trusted (a CA file, a trust store, or the JVM's default CAs)
   * @param clientCertificate whether a client certificate is presented
   * @param tlsOn             why TLS is on, in words ("tls=true in mongodb.url"); null when it is off
   */
  record Context(boolean tls, String trusted, boolean clientCertificate, String tlsOn) {
  }

  /**
   * A sentence, and whether the cause is certain: a certain cause fails the connection at once (retrying cannot fix a
   * certificate); an uncertain one only explains a timeout.
   */
  record Cause(String sentence, boolean certain) {
  }

  private ConnectFailures() {
  }

  /** The cause of a server's connection failure, if the exception shows one. */
  static Optional<Cause> of(Throwable failure, ServerAddress server, Context context) {
    List<Throwable> chain = chain(failure);
    String where = " (server " + server + ")";
    for (Throwable t : chain) {
      if (t instanceof CertificateExpiredException) {
        return certain("TLS: the server's certificate expired on " + date(chain, t) + where
            + "; the server needs a new certificate");
      }
      if (t instanceof CertificateNotYetValidException) {
        return certain("TLS: the server's certificate is not valid yet (from " + date(chain, t) + ")" + where
            + "; check the clocks of this host and the server");
      }
    }
    for (Throwable t : chain) {
      String m = String.valueOf(t.getMessage());
      if (m.startsWith("No subject alternative") || m.startsWith("No name matching")) {
        return certain("TLS: the server's certificate does not name " + server.getHost() + where + ": connect by a"
            + " name the certificate holds, or add tlsAllowInvalidHostnames=true to mongodb.url to skip the check"
            + " (the results then record that it was off)");
      }
    }
    for (Throwable t : chain) {
      if (UntrustedCertificate.is(t)) {
        return certain(UntrustedCertificate.sentence(where, context.trusted()));
      }
    }
    for (Throwable t : chain) {
      String m = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
      if (t instanceof SSLException && (m.contains("bad_certificate") || m.contains("certificate_required")
          || m.contains("unknown_ca") || m.contains("certificate_unknown"))) {
        return certain("TLS: the server rejected " + (context.clientCertificate() ? "the client certificate"
            : "the connection: it requires a client certificate") + where + " (" + t.getMessage() + "); "
            + (context.clientCertificate() ? "use a certificate signed by a CA the server trusts"
                : "give one as mongodb.tls.certificateKeyFile or mongodb.tls.keyStore"));
      }
      if (t instanceof SSLException && m.contains("unsupported or unrecognized ssl message")) {
        return certain("TLS: the server does not speak TLS on this port" + where + "; drop tls=true from"
            + " mongodb.url and the mongodb.tls.* options, or use the server's TLS port");
      }
    }
    for (Throwable t : chain) {
      if (t instanceof SSLHandshakeException) {
        return certain("TLS: the handshake failed" + where + ": " + t.getMessage());
      }
    }
    for (Throwable t : chain) {
      if (t instanceof MongoSecurityException) {
        return certain("authentication failed" + where + ": " + t.getMessage()
            + (t.getCause() != null && t.getCause() != t ? " (" + t.getCause().getMessage() + ")" : "")
            + "; check the user, password, authSource and authMechanism in mongodb.url");
      }
    }
    if (context.tls() && !context.clientCertificate()) {
      for (Throwable t : chain) {
        String m = String.valueOf(t.getMessage());
        if (t instanceof SocketException && (m.contains("Broken pipe") || m.contains("Connection reset"))) {
          // TLS 1.3 servers that require a client certificate drop the connection after the handshake
          return Optional.of(new Cause("TLS: the server closed the connection right after the handshake" + where
              + "; it may require a client certificate: give one as mongodb.tls.certificateKeyFile or"
              + " mongodb.tls.keyStore", false));
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<Cause> certain(String sentence) {
    return Optional.of(new Cause(sentence, true));
  }

  /** The offending certificate's date from the validator's path, else the JDK's own message. */
  private static String date(List<Throwable> chain, Throwable dateException) {
    for (Throwable t : chain) {
      if (t instanceof CertPathValidatorException v && v.getCertPath() != null && v.getIndex() >= 0
          && v.getIndex() < v.getCertPath().getCertificates().size()) {
        Certificate c = v.getCertPath().getCertificates().get(v.getIndex());
        if (c instanceof X509Certificate x) {
          Date d = dateException instanceof CertificateExpiredException ? x.getNotAfter() : x.getNotBefore();
          return d.toInstant().toString();
        }
      }
    }
    return String.valueOf(dateException.getMessage());
  }

  private static List<Throwable> chain(Throwable t) {
    List<Throwable> out = new java.util.ArrayList<>();
    for (Throwable c = t; c != null && !out.contains(c) && out.size() < 20; c = c.getCause()) {
      out.add(c);
    }
    return out;
  }
}
