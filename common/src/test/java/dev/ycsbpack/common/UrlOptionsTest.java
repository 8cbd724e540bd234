package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UrlOptionsTest {
  @Test
  void namesAndValuesArePercentDecodedAsTheDriverDecodesThemAndAPlusStaysAPlus() {
    String url = "mongodb://u:p%3Fq@h1:27017,h2/db?tls%43AFile=%2Ftmp%2Fca%26b%3D1.pem&appName=a+b;w=majority&j";
    assertEquals(List.of(new UrlOptions.Pair("tlsCAFile", "/tmp/ca&b=1.pem"), new UrlOptions.Pair("appName", "a+b"),
        new UrlOptions.Pair("w", "majority"), new UrlOptions.Pair("j", null)), UrlOptions.pairs(url));
    Map<String, String> options = UrlOptions.of(url);
    assertEquals("/tmp/ca&b=1.pem", options.get("tlscafile"));
    assertNull(options.get("j"), "no value, no entry");
  }

  @Test
  void aQuestionMarkInThePasswordIsNotTheStartOfTheOptions() {
    assertEquals(Map.of("authsource", "admin"), UrlOptions.of("mongodb://u:a?b=c@h/db?authSource=admin"));
    assertEquals(Map.of("authsource", "admin"), UrlOptions.of("mongodb://u:a%3Fb=c@h/db?authSource=admin"));
    assertEquals(Map.of(), UrlOptions.of("mongodb://u:a?b=c@h/db"));
    // no host list before the first '?' (a URL the driver refuses): no options, rather than a part of the password
    assertEquals(Map.of(), UrlOptions.of("mongodb://u:pw?b=c@h"));
  }

  /** An '@' after the hosts is an option's, not the end of the user info: the options are still read and stripped. */
  @Test
  void anAtSignInAnOptionValueDoesNotHideTheOptions() {
    String url = "mongodb://u:p%40ss@h/db?appName=ycsb@lab&tlsCAFile=%2Fca.pem&authSource=admin";
    assertEquals(Map.of("appname", "ycsb@lab", "tlscafile", "/ca.pem", "authsource", "admin"), UrlOptions.of(url));
    assertEquals("mongodb://u:p%40ss@h/db?appName=ycsb@lab&authSource=admin",
        UrlOptions.without(url, TlsFiles.URL_OPTION_KEYS));
    for (String password : AwkwardStrings.passwords(7, 30)) {
      String encoded = java.net.URLEncoder.encode(password, java.nio.charset.StandardCharsets.UTF_8);
      assertEquals(Map.of("appname", "x@y", "tlscafile", "/ca.pem"),
          UrlOptions.of("mongodb://u:" + encoded + "@h/db?appName=x%40y&tlsCAFile=/ca.pem"), encoded);
    }
  }

  /** An '@' with a host-like name and a '/' after it, in a value, is still an option's, as the driver reads it. */
  @Test
  void aHomeFolderUnderARealmInAValueIsStillAnOption() {
    String url = "mongodb://db.example.com/ycsb?tls=true&tlsCAFile=/home/jdoe@corp.example.com/ca.pem";
    assertEquals(Map.of("tls", "true", "tlscafile", "/home/jdoe@corp.example.com/ca.pem"), UrlOptions.of(url));
    assertEquals("mongodb://db.example.com/ycsb?tls=true", UrlOptions.without(url, TlsFiles.URL_OPTION_KEYS));
    assertEquals(Map.of("appname", "a@b/c", "authsource", "x"),
        UrlOptions.of("mongodb://u:p@h?appName=a@b/c&authSource=x"));
  }

  @Test
  void optionsRightAfterTheHostsAreOptionsAsForTheDriver() {
    assertEquals(Map.of("tlscafile", "/ca.pem"), UrlOptions.of("mongodb://h:27017?tlsCAFile=%2Fca.pem"));
    assertEquals(Map.of("appname", "a@b"), UrlOptions.of("mongodb://[::1]:27017,h2?appName=a@b"));
    assertEquals(Map.of("appname", "ycsb@lab"), UrlOptions.of("mongodb://h/db?appName=ycsb@lab"));
  }

  /**
   * Whether a URL reads as written: the driver's user info and hosts, and every later '@' in a path or free-text
   * option's value; otherwise a password with a raw '/' or '?' may have been read as options, and no refusal may
   * name one.
   */
  @Test
  void aUrlReadsAsWrittenOnlyWhenEveryLaterAtSignIsAPathsOrATextsOwn() {
    for (String url : List.of("mongodb://h/db?w=1", "mongodb://u:p%40ss@h1,h2:27017/db?w=1",
        "mongodb://u:p@127.0.0.1:1/ycsb?tlsCAFile=/home/jdoe@corp.example.com/ca.pem&appName=ycsb@lab",
        "mongodb://db1/?tlsCertificateKeyFile=/home/j@corp/c.pem", "mongodb+srv://u:p@c.example.net",
        "mongodb://db1:27017/?tls=true&tlsCertificateKeyFilePassword=p@ssw0rd")) {
      assertTrue(UrlOptions.readsAsWritten(url), url);
    }
    for (String url : List.of("mongodb://admin:2024?hunter2=xyz@127.0.0.1:1/ycsb",
        "mongodb://u:hunter@part?w=tail@db1/ycsb", "mongodb://u:a/b@h/db", "mongodb://u:p@h/x@y/db",
        "mongodb://u:p@h/db?authSource=a@b", "mongodb://h/db?appName=" + "a@".repeat(17),
        "mongodb://db1:27017/?tlsCertificateKeyFile=/home/j@corp/c.pem", "mongodb://u:1234?tls=maybe&appName=x@h/")) {
      assertFalse(UrlOptions.readsAsWritten(url), url);
    }
  }

  @Test
  void aHostListOfThousandsIsReadWithoutOverflowingTheStack() {
    String url = "mongodb://u:p@" + "db:27017,".repeat(20_000) + "db/ycsb?appName=a@b&w=1";
    assertEquals(Map.of("appname", "a@b", "w", "1"), UrlOptions.of(url));
    assertTrue(UrlOptions.readsAsWritten(url));
  }

  @Test
  void repeatedOptionsAreJoinedInOrder() {
    assertEquals("dc:ny;dc:sf", UrlOptions.of("mongodb://h/?readPreferenceTags=dc:ny&readPreferenceTags=dc:sf")
        .get("readpreferencetags"));
  }

  @Test
  void withoutDropsTheNamedOptionsHoweverSpelledAndKeepsTheRestAsWritten() {
    assertEquals("mongodb://h/db?appName=a%20b&tls=true", UrlOptions.without(
        "mongodb://h/db?TLSCAFile=%2Fca.pem&appName=a%20b&tls%43ertificateKeyFile=k.pem&tls=true",
        TlsFiles.URL_OPTION_KEYS));
    assertEquals("mongodb://h/db", UrlOptions.without("mongodb://h/db?tlsCAFile=x", TlsFiles.URL_OPTION_KEYS));
    assertEquals("mongodb://h/db", UrlOptions.without("mongodb://h/db", TlsFiles.URL_OPTION_KEYS));
  }
}
