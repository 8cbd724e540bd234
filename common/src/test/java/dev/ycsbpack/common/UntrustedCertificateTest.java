package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.cert.CertPathValidatorException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

class UntrustedCertificateTest {
  @Test
  void theJdksPkixFailureIsNamedWithWhatIsTrustedAndTheProperty() {
    assertTrue(UntrustedCertificate.is(new CertPathValidatorException("no")));
    assertTrue(UntrustedCertificate.is(new SSLHandshakeException("PKIX path building failed: sun.security...")));
    // the driver's timeout quotes its cluster description
    assertTrue(UntrustedCertificate.is(new RuntimeException("Timed out after 10000 ms ... exception={... unable to find"
        + " valid certification path to requested target}")));
    assertFalse(UntrustedCertificate.is(new SSLHandshakeException("No subject alternative names present")));
    assertEquals("TLS: the server's certificate is not signed by a trusted CA (server h:1); trusted: CA file /ca.pem;"
        + " give the CA that signed it as mongodb.tls.caFile",
        UntrustedCertificate.sentence(" (server h:1)",
            "CA file /ca.pem"));
  }
}
