package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TlsPropertyTest {
  @Test
  void theFilesTheCoordinatorStagesAreTheFourFileProperties() {
    assertEquals(List.of("mongodb.tls.caFile", "mongodb.tls.certificateKeyFile", "mongodb.tls.trustStore",
        "mongodb.tls.keyStore"), TlsFiles.FILE_PROPERTIES);
    assertEquals(9, TlsFiles.ALL.size());
    assertEquals("mongodb.tls.keyStoreType", TlsFiles.ALL.get(8));
  }

  @Test
  void aPasswordIsTakenAsGivenAndEveryOtherValueTrimmed() {
    Map<String, String> store = Map.of("mongodb.tls.keyStore", " /certs/client.p12 ", "mongodb.tls.keyStorePassword",
        " pass word ", "mongodb.tls.keyStoreType", " PKCS12 ");
    TlsSettings s = TlsSettings.from(store::get, Map.of());
    assertEquals("/certs/client.p12", s.keyStore());
    assertEquals(" pass word ", s.keyStorePassword());
    assertEquals("PKCS12", s.keyStoreType());
  }

  @Test
  void aPasswordWithoutItsFileAndTwoExclusiveFilesAreRefusedByName() {
    Map<String, String> alone = Map.of("mongodb.tls.certificateKeyFilePassword", "k");
    assertEquals("mongodb.tls.certificateKeyFilePassword is given without mongodb.tls.certificateKeyFile; give "
        + "mongodb.tls.certificateKeyFile too, or drop mongodb.tls.certificateKeyFilePassword",
        assertThrows(TlsSettings.Refusal.class, () -> TlsSettings.from(alone::get, Map.of())).getMessage());
    Map<String, String> both = Map.of("mongodb.tls.caFile", "/ca.pem", "mongodb.tls.trustStore", "/ts.p12");
    assertEquals("mongodb.tls.caFile and mongodb.tls.trustStore are both given; give one of them",
        assertThrows(TlsSettings.Refusal.class, () -> TlsSettings.from(both::get, Map.of())).getMessage());
  }

  @Test
  void aUrlFileOptionStandsForItsPropertyAndAPropertyThatDisagreesIsRefused() {
    TlsSettings s = TlsSettings.from(k -> null, Map.of("tlscafile", "/ca.pem"));
    assertEquals("/ca.pem", s.caFile());
    assertEquals("mongodb.tls.caFile and mongodb.url's tlsCAFile disagree; give only one of them",
        assertThrows(TlsSettings.Refusal.class, () -> TlsSettings.from(Map.of("mongodb.tls.caFile", "/b.pem")::get,
            Map.of("tlscafile", "/ca.pem"))).getMessage());
  }
}
