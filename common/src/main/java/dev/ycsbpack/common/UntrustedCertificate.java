package dev.ycsbpack.common;

import java.security.cert.CertPathValidatorException;

/**
 * The one rule and sentence for a server certificate that no trusted CA signed (the JDK's PKIX path failure): the
 * binding's connection failures and the experiments' own connections name it the same way, with what is trusted and
 * the property that fixes it.
 */
public final class UntrustedCertificate {
  private UntrustedCertificate() {
  }

  /**
   * Whether {@code t} itself says so: the JDK's exception, or a message that quotes it (the driver's timeout message
   * carries its cluster description, which holds the PKIX failure's text).
   */
  public static boolean is(Throwable t) {
    String m = String.valueOf(t.getMessage());
    return t instanceof CertPathValidatorException || m.contains("unable to find valid certification path")
        || m.contains("PKIX path building failed");
  }

  /**
   * The sentence.
   *
   * @param where   what follows "the server's certificate is not signed by a trusted CA" (e.g.
   *                {@code " (server h:1)"}), or ""
   * @param trusted what is trusted ({@link TlsSettings#trusted()})
   */
  public static String sentence(String where, String trusted) {
    return "TLS: the server's certificate is not signed by a trusted CA" + where + "; trusted: " + trusted
        + "; give the CA that signed it as " + TlsProperty.CA_FILE.key();
  }
}
