package dev.ycsbpack.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ConnectionStringsTest {
  @Test
  void leavesUrlsWithoutPasswordAlone() {
    assertEquals("mongodb://127.0.0.1:1234", ConnectionStrings.redact("mongodb://127.0.0.1:1234"));
    assertEquals("mongodb://user@h:1/?authMechanism=MONGODB-X509",
        ConnectionStrings.redact("mongodb://user@h:1/?authMechanism=MONGODB-X509"));
  }

  @Test
  void hidesPasswordButKeepsUserAndHosts() {
    assertEquals("mongodb+srv://bob:****@cluster0.example.net/db?retryWrites=true",
        ConnectionStrings.redact("mongodb+srv://bob:pw@cluster0.example.net/db?retryWrites=true"));
  }

  @Test
  void hidesPasswordsContainingDelimiters() {
    // Invalid but typed by people: an unescaped '@' or '/' must still not leak any of the password.
    assertEquals("mongodb://bob:****@h1:27017,h2:27017/",
        ConnectionStrings.redact("mongodb://bob:p@ss/w?rd@h1:27017,h2:27017/"));
  }
}
