package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SecretNamesTest {
  /** Each word of the list, in the spellings properties, URL options and flags use. */
  @ParameterizedTest
  @ValueSource(strings = {"mongodb.password", "PASSWORD", "mongodb.passwd", "db_pwd", "client-secret", "--token",
      "awsCredential", "apikey", "API_KEY", "privateKey", "my_private_key", "authMechanismProperties",
      "tlsCertificateKeyFilePassword", "javax.net.ssl.keyStorePassword"})
  void namesThatSaySecretAreSecret(String name) {
    assertTrue(SecretNames.isSecret(name), name);
  }

  /** Names a run prints as they are: none holds a secret word (a user name, a URL, a key file's path). */
  @ParameterizedTest
  @ValueSource(strings = {"mongodb.url", "mongodb.user", "username", "tlsCertificateKeyFile", "authMechanism",
      "recordcount", "pass", "keyStore", ""})
  void otherNamesAreNot(String name) {
    assertFalse(SecretNames.isSecret(name), name);
  }
}
