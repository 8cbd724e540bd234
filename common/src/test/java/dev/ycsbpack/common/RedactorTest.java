package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class RedactorTest {
  static List<String> awkwardPasswords() {
    return AwkwardStrings.passwords(20261123L, 400);
  }

  /** Every way the launcher, the driver or a library may print a URL holding the password. */
  private static List<String> renderings(String url, String password) {
    List<String> out = new ArrayList<>();
    out.add(url);
    out.add("mongodb binding: url=" + url + " database=ycsb");
    out.add("Command line: -db dev.ycsbpack.mongodb.MongoDbClient -p mongodb.url=" + url + " -t");
    out.add("The connection string is invalid. Connection strings must start with 'mongodb://': '" + url + "'");
    out.add("{\"mongodb.url\":\"" + url.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n")
        .replace("\t", "\\t").replace("\r", "\\r") + "\"}");
    Properties p = new Properties();
    p.setProperty("mongodb.url", url);
    out.add(PropertiesFiles.format(null, PropertiesFiles.toMap(p)));
    out.add("password is " + password);
    out.add("<td>" + url.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
        .replace("'", "&#39;") + "</td>");
    return out;
  }

  @ParameterizedTest
  @MethodSource("awkwardPasswords")
  void knownPasswordNeverSurvives(String password) {
    for (String url : List.of(
        "mongodb://alice:" + password + "@db1:27017/ycsb?w=majority",
        "mongodb://alice:" + URLEncoder.encode(password, StandardCharsets.UTF_8) + "@db1/ycsb",
        "mongodb+srv://alice:" + password + "@cluster0.example.net/ycsb",
        "mongdb://alice:" + password + "@db1/ycsb",
        "mongodb:/alice:" + password + "@db1/ycsb")) {
      Redactor r = Redactor.of(Map.of("mongodb.url", url));
      Redactor lines = r.forLines();
      for (String text : renderings(url, password)) {
        // output is filtered line by line: check each line on its own, as the launcher sees it
        for (String line : text.split("\n", -1)) {
          String shown = lines.redact(line);
          assertNoSecret(password, shown, line);
        }
        String whole = r.redact(text);
        assertFalse(whole.contains(password), () -> "password " + Text.shown(password) + " in: " + Text.shown(whole));
      }
    }
  }

  private static void assertNoSecret(String password, String shown, String input) {
    assertFalse(shown.contains(password), () -> "password " + Text.shown(password) + " in: " + Text.shown(shown));
    for (String piece : password.split("[\r\n]+")) {
      if (piece.length() >= 3 && input.contains(piece)) {
        assertFalse(shown.contains(piece), () -> "a line of password " + Text.shown(password) + " in: "
            + Text.shown(shown));
      }
    }
  }

  @ParameterizedTest
  @MethodSource("awkwardPasswords")
  void shapeAloneMasksUrlPasswordsWithoutWhitespace(String password) {
    String p = password.replaceAll("[\\s\"'<>]", "x");
    for (String scheme : List.of("mongodb://", "mongodb+srv://", "http://", "mongdb://", "mongodb:/")) {
      String shown = Redactor.shapeOnly().redact("connect to " + scheme + "bob:" + p + "@db1/ycsb failed");
      assertFalse(shown.contains(":" + p + "@"), shown);
      assertTrue(shown.contains("bob:" + Redactor.MASK + "@"), shown);
    }
  }

  /**
   * An '@' in an option's value (a home folder under a realm) does not end the user info: the driver reads the
   * password up to the '@' before the hosts, so a refusal naming the file keeps its words (the whole password up to
   * the last '@' once masked 'ycsb', 'home' and 'jdoe' everywhere), and the URL is shown with its hosts.
   */
  @Test
  void anAtSignInAnOptionsValueIsNotTheEndOfTheUserInfo() {
    String file = "/home/jdoe@corp.example.com/ca.pem";
    for (String password : List.of("p%40ss", "hunter2", "p%2Fss%3Fx")) {
      String url = "mongodb://u:" + password + "@127.0.0.1:1/ycsb?tls=true&tlsCAFile=" + file + "&appName=ycsb@lab";
      Redactor r = Redactor.of(Map.of("mongodb.url", url));
      String refusal = "bin/ycsb: error: invalid mongodb.tls.caFile=" + file + ": no such file (database ycsb)";
      assertEquals(refusal, r.redact(refusal));
      assertEquals(refusal, r.forLines().redact(refusal));
      String masked = "mongodb://u:" + Redactor.MASK + "@127.0.0.1:1/ycsb?tls=true&tlsCAFile=" + file
          + "&appName=ycsb@lab";
      assertEquals("url=" + masked, r.redact("url=" + url));
      assertEquals(masked, Redactor.shapeOnly().redact(url), "by shape alone too");
      String decoded = URLDecoder.decode(password, StandardCharsets.UTF_8);
      assertEquals("auth failed for " + Redactor.MASK, r.redact("auth failed for " + decoded));
    }
  }

  /**
   * Where a later '@' is anywhere but in a path or free-text option's value, it may end a raw password
   * ('hunter@part?w=tail'): the URL stays masked up to its last '@', and the pieces the driver may echo (the host it
   * took from the password, the 'option') are hunted.
   */
  @ParameterizedTest
  @ValueSource(strings = {
      "mongodb://u:xyzzyA@xyzzyB/xyzzyC@db1:27017/ycsb",
      "mongodb://u:xyzzyA/xyzzyB@db1:27017/ycsb?tlsCAFile=/home/xyzzyC@corp/ca.pem",
      "mongodb://u:xyzzyA@xyzzyB?xyzzyC@db1/ycsb",
      "mongodb://u:xyzzyA@xyzzyB/ycsb?xyzzyC@db1/x&w=1",
      "mongodb://u:xyzzyA@xyzzyB?tls=xyzzyC@db1/ycsb",
      "mongodb+srv://u:xyzzyA@xyzzyB?w=xyzzyC@cluster0.example.net/ycsb",
      "mongdb://u:xyzzyA@xyzzyB?w=xyzzyC@db1/ycsb",
      "mongodb:/u:xyzzyA@xyzzyB?w=xyzzyC@db1/ycsb",
      "mongodb://u:xyzzyA@xyzzyB?maxPoolSize=xyzzyC@db1/ycsb",
      "mongodb://u:xyzzyA@xyzzyB?opt=xyzzyC&x=y@db1/ycsb"})
  void aLaterAtSignOutsideAPathOrTextValueStillEndsAPassword(String url) {
    Redactor r = Redactor.of(Map.of("mongodb.url", url));
    String command = "Command line: -p mongodb.url=" + url + " -t";
    for (String shown : List.of(r.redact(url), r.forLines().redact(command), Redactor.shapeOnly().redact(command))) {
      assertFalse(shown.contains("xyzzyA") || shown.contains("xyzzyB"), shown);
    }
    String echo = r.forLines().redact("Timed out: {address=xyzzyB:27017}; unknown option xyzzyC; database xyzzyC");
    assertFalse(echo.contains("xyzzyB"), echo);
    if (url.matches(".*[/?]xyzzyC@.*")) { // a piece of its own (pieces are cut at / ? # @, not inside an option)
      assertFalse(echo.contains("xyzzyC"), echo);
    }
  }

  /**
   * Without user info or ports, an '@' of a path in an option's value leaves the URL whole. With a port it does not
   * ('db1:27017' may be a user and a password of digits with a raw '/' or '?'): masked to the last '@', as ever.
   */
  @Test
  void aUrlWithoutUserInfoKeepsItsOptionsUnlessAPortMayBeAPassword() {
    String url = "mongodb://db1,db2/?authMechanism=MONGODB-X509&tls=true"
        + "&tlsCertificateKeyFile=/home/jdoe@corp.example.com/client.pem";
    assertEquals(url, Redactor.shapeOnly().redact(url));
    assertEquals(url, Redactor.of(Map.of("mongodb.url", url)).redact(url));
    assertEquals("the workload home", Redactor.of(Map.of("mongodb.url", url)).forLines()
        .redact("the workload home"));
    String withPort = "mongodb://db1:27017/?tlsCertificateKeyFile=/home/jdoe@corp.example.com/client.pem";
    assertEquals("mongodb://db1:" + Redactor.MASK + "@corp.example.com/client.pem",
        Redactor.shapeOnly().redact(withPort));
  }

  /**
   * A secret option's value may hold an '@' (tlsCertificateKeyFilePassword=p@ssw0rd): once it made the URL's last '@'
   * end a "password" of '27017/?maxPoolSize=100&...', which masked 100 and true in every result.
   */
  @Test
  void anAtSignInASecretOptionsValueMasksThatValueOnly() {
    String url = "mongodb://db1:27017/?maxPoolSize=100&tls=true&tlsCertificateKeyFilePassword=p@ssw0rd";
    Redactor r = Redactor.of(Map.of("mongodb.url", url));
    assertEquals("[INSERT], Operations, 100", r.forLines().redact("[INSERT], Operations, 100"));
    String shown = r.redact("mongodb.url=" + url);
    assertFalse(shown.contains("p@ssw0rd") || shown.contains("ssw0rd"), shown);
    assertTrue(shown.contains("maxPoolSize=100&tls=true"), shown);
  }

  /**
   * 'admin:2024' reads as a host and port, but may be a user and a password starting with digits that holds a raw '/'
   * or '?': with an '@' after it, the URL stays masked up to its last '@'.
   */
  @Test
  void digitsAfterAColonWithALaterAtSignMayBeAPassword() {
    for (String url : List.of("mongodb://admin:2024/Spring?appName=ycsb@127.0.0.1:27017/",
        "mongodb://u:1234/s3cr3t?appName=x@h/")) {
      Redactor r = Redactor.of(Map.of("mongodb.url", url));
      for (String shown : List.of(r.redact(url), Redactor.shapeOnly().redact(url), r.forLines().redact(url))) {
        assertFalse(shown.contains("Spring") || shown.contains("s3cr3t"), shown);
      }
    }
  }

  /** Schemes whose '@'s are all option values, a million characters of them in one run: linear, as before. */
  @Test
  void aRunOfManySchemesWithOptionValueAtSignsIsRedactedQuickly() {
    String big = "a://h?appName=".repeat(1_000_000 / 14) + "@";
    long t0 = System.nanoTime();
    Redactor.shapeOnly().redact(big);
    long ms = (System.nanoTime() - t0) / 1_000_000;
    assertTrue(ms < 20_000, ms + " ms (it took a minute when every scheme was weighed)");
  }

  /** A thousand hosts (a 3 KB line) once overflowed the stack of the host-list pattern. */
  @Test
  void aLongHostListIsRedactedWithoutOverflowingTheStack() {
    String url = "mongodb://ycsb:pw1234@" + "db,".repeat(5000) + "db/ycsb?appName=ycsb@lab";
    String shown = Redactor.shapeOnly().redact("seed list: " + url);
    assertTrue(shown.startsWith("seed list: mongodb://ycsb:" + Redactor.MASK + "@db,db,"),
        () -> shown.substring(0, Math.min(60, shown.length())));
    assertFalse(Redactor.of(Map.of("mongodb.url", url)).redact(url).contains("pw1234"));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "mongodb://h/ycsb?authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:FwoGZXIvYXdzEJr",
      "mongodb://h/ycsb?authMechanismProperties=SERVICE_NAME:x,AWS_SESSION_TOKEN:FwoGZXIvYXdzEJr&tls=true",
      "mongodb://h/?tls=true&tlsCertificateKeyFilePassword=FwoGZXIvYXdzEJr",
      "mongodb.password=FwoGZXIvYXdzEJr"})
  void secretOptionsAreMaskedByShapeAndByValue(String text) {
    assertFalse(Redactor.shapeOnly().redact(text).contains("FwoGZXIvYXdzEJr"), Redactor.shapeOnly().redact(text));
    int eq = text.indexOf('=');
    Redactor known = Redactor.of(text.contains("://") ? Map.of("mongodb.url", text)
        : Map.of(text.substring(0, eq), text.substring(eq + 1)));
    String warning = "WARN: unsupported value FwoGZXIvYXdzEJr in the connection string";
    assertEquals("WARN: unsupported value " + Redactor.MASK + " in the connection string", known.redact(warning));
  }

  @Test
  void linePiecesOfASecretAreHuntedOnlyInLineFilters() {
    Redactor r = Redactor.of(Map.of("app.password", "new\nline"));
    assertEquals("line1\nline2", r.redact("line1\nline2"), "whole texts keep ordinary words");
    assertEquals("line1", r.forLines().redact("line1"), "a short piece inside a word is a coincidence");
    assertEquals(Redactor.MASK + " 1", r.forLines().redact("line 1"));
    assertEquals("a " + Redactor.MASK + " b", r.redact("a new\nline b"));
  }

  /**
   * A short password inside a word is a coincidence: masking it there broke class names, URLs and numbers machines
   * read, and revealed the password by what was left around it ('zi*****fian'). As a whole token it is masked.
   */
  @Test
  void aShortPasswordIsMaskedOnlyAsAWholeToken() {
    Redactor r = Redactor.of(Map.of("my.password", "ycsb")).forLines();
    for (String whole : List.of("db=dev.ycsbpack.mongodb.MongoDbClient", "ycsbpack.allow=my.*", "ycsb2 xycsb",
        "@ycsbpack READY", "requestdistribution=zipfian")) {
      assertEquals(whole, r.redact(whole));
    }
    assertEquals("mongodb.url=mongodb://127.0.0.1:27931/" + Redactor.MASK,
        r.redact("mongodb.url=mongodb://127.0.0.1:27931/ycsb"));
    assertEquals("mongodb://u:" + Redactor.MASK + "@h/x", r.redact("mongodb://u:ycsb@h/x"));
    assertEquals("password is " + Redactor.MASK + ".", r.redact("password is ycsb."));
    assertEquals(Redactor.MASK, r.redact("ycsb"));
    assertEquals("(" + Redactor.MASK + ")_" + Redactor.MASK, r.redact("(ycsb)_ycsb"));
    Redactor url = Redactor.of(Map.of("mongodb.url", "mongodb://u:ycsb@127.0.0.1:1/ycsb"));
    assertEquals("mongodb://u:" + Redactor.MASK + "@127.0.0.1:1/" + Redactor.MASK + " dev.ycsbpack.X",
        url.redact("mongodb://u:ycsb@127.0.0.1:1/ycsb dev.ycsbpack.X"));
    Redactor p = Redactor.of(Map.of("mongodb.url", "mongodb://u:p@127.0.0.1:1/ycsb")).forLines();
    assertEquals("Exception authenticating; requestdistribution=zipfian; " + Redactor.MASK,
        p.redact("Exception authenticating; requestdistribution=zipfian; p"));

    Redactor one = Redactor.of(Map.of("my.password", "1")).forLines();
    assertEquals("[OVERALL], Throughput(ops/sec), 1655.6291390728477",
        one.redact("[OVERALL], Throughput(ops/sec), 1655.6291390728477"));
    assertEquals("took " + Redactor.MASK + " ms", one.redact("took 1 ms"));
    String numbers = "1.5 ops/sec, 0.1 s, 1,000 loaded, 2,001 counted";
    assertEquals(numbers, one.redact(numbers), "a '.' or ',' between digits joins one number");
    assertEquals("version " + Redactor.MASK + ". " + Redactor.MASK + ", " + Redactor.MASK + ".x",
        one.redact("version 1. 1, 1.x"), "a '.' or ',' joins digits only");
    assertEquals("a." + Redactor.MASK, Redactor.of(Map.of("my.password", "ycsb")).redact("a.ycsb"),
        "and only to a digit");
    Redactor overall = Redactor.of(Map.of("my.password", "OVERALL"));
    assertEquals("[" + Redactor.MASK + "] is the password", overall.redact("[OVERALL] is the password"));
    assertEquals("OVERALLY", overall.redact("OVERALLY"));
    Redactor ready = Redactor.of(Map.of("my.password", "READY"));
    assertEquals("@ycsbpack READYING", ready.redact("@ycsbpack READYING"));
    assertEquals("@ycsbpack " + Redactor.MASK, ready.redact("@ycsbpack READY"), "a whole token: the event is never"
        + " redacted (the launcher prints it past the redactor)");
  }

  /** Only the edges that are letters or digits join a short secret to its neighbours. */
  @Test
  void aShortPasswordsOwnPunctuationEdgesAreNotJoined() {
    Redactor r = Redactor.of(Map.of("my.password", "-x1"));
    assertEquals("a" + Redactor.MASK, r.redact("a-x1"), "its first character is no letter: masked after a letter");
    assertEquals("a-x12", r.redact("a-x12"), "its last is a digit: a digit after it joins it");
    Redactor cjk = Redactor.of(Map.of("my.password", "中文"));
    assertEquals("中文字", cjk.redact("中文字"));
    assertEquals(Redactor.MASK + " 字", cjk.redact("中文 字"));
  }

  /** Eight characters and more, and every encoded or escaped form unlike the value, are an echo wherever they are. */
  @Test
  void aLongPasswordAndEncodedFormsAreMaskedInsideWords() {
    Redactor r = Redactor.of(Map.of("my.password", "correcthorse")).forLines();
    assertEquals("x" + Redactor.MASK + "y", r.redact("xcorrecthorsey"));
    Redactor seven = Redactor.of(Map.of("my.password", "abcdefg"));
    assertEquals("xabcdefgy", seven.redact("xabcdefgy"));
    Redactor eight = Redactor.of(Map.of("my.password", "abcdefgh"));
    assertEquals("x" + Redactor.MASK + "y", eight.redact("xabcdefghy"));
    Redactor at = Redactor.of(Map.of("my.password", "p@s"));
    assertEquals("x" + Redactor.MASK + "y", at.redact("xp%40sy"), "percent-encoded: masked anywhere");
    assertEquals("xp@sy", at.redact("xp@sy"), "the value itself, short, inside a word: left");
    Redactor amp = Redactor.of(Map.of("my.password", "a&b"));
    assertEquals("x" + Redactor.MASK + "y", amp.redact("xa&amp;by"), "HTML-escaped: masked anywhere");
  }

  /** YCSB's measurement and status lines keep a short coincidence even as a whole token; a long secret goes. */
  @Test
  void fixedFormatLinesKeepShortCoincidences() {
    String status = "2026-11-23 12:00:10:001 10 sec: 1 operations; 1 current ops/sec; est completion in 1 minute "
        + "[READ: Count=1, Max=1, Min=1, Avg=1, 90=1, 99=1, 99.9=1, 99.99=1] [READ-FAILED: Count=1] \n";
    assertTrue(StatusLine.isFixedFormat(status));
    Redactor one = Redactor.of(Map.of("my.password", "1")).forLines();
    assertEquals(status, one.redactFixedFormat(status));
    for (String line : List.of("[OVERALL], RunTime(ms), 1\n", "[READ], Return=OK, 1",
        "[OVERALL], Throughput(ops/sec), NaN",
        "[TOTAL_GC_TIME_%_G1 Young Generation], Time(%), 0.5", "[INSERT-DOCUMENTS], Counted, 1")) {
      assertTrue(Measurement.isFixedFormat(line), line);
      assertEquals(line, one.redactFixedFormat(line));
    }
    Redactor overall = Redactor.of(Map.of("my.password", "OVERALL"));
    assertEquals("[OVERALL], RunTime(ms), 12", overall.redactFixedFormat("[OVERALL], RunTime(ms), 12"));
    Redactor longOne = Redactor.of(Map.of("my.password", "READ-MODIFY-WRITE"));
    assertEquals("[" + Redactor.MASK + "], Operations, 3",
        longOne.redactFixedFormat("[READ-MODIFY-WRITE], Operations, 3"));
    for (String line : List.of("[main] password 1, 2", "[OVERALL], RunTime(ms), 1 ms", "x [READ], Return=OK, 1",
        "10 sec: 1 operations; password 1", "2026-11-23 12:00:10:001 10 sec: 1 operations; pw 1")) {
      assertFalse(Measurement.isFixedFormat(line) || StatusLine.isFixedFormat(line), line);
    }
  }

  @Test
  void ordinaryTextIsLeftAlone() {
    String status = "2026-11-23 12:00:10:001 10 sec: 51234 operations; 5120.3 current ops/sec; [READ: Count=9]";
    assertEquals(status, Redactor.of(Map.of("mongodb.url", "mongodb://u:pw1234@h/db")).redact(status));
    assertEquals("mongodb://db1:27017/ycsb?w=1", Redactor.shapeOnly().redact("mongodb://db1:27017/ycsb?w=1"));
    assertEquals("mongodb://alice@db1/ycsb", Redactor.shapeOnly().redact("mongodb://alice@db1/ycsb"));
  }

  @Test
  void secretNamesAreShownMasked() {
    Redactor r = Redactor.shapeOnly();
    assertEquals(Redactor.MASK, r.show("mongodb.password", "hunter2"));
    assertEquals(Redactor.MASK, r.show("aws.secretKey", "x"));
    assertEquals("16", r.show("threadcount", "16"));
  }

  @Test
  void redactingTwiceChangesNothing() {
    Redactor r = Redactor.of(Map.of("mongodb.url", "mongodb://u:p@ss w0rd@h/db"));
    String once = r.redact("url=mongodb://u:p@ss w0rd@h/db");
    assertEquals(once, r.redact(once));
    assertFalse(once.contains("w0rd"), once);
  }

  /**
   * A huge value (a pasted file, a runaway -p) must not stall whoever shows it: redaction is linear. The bound is far
   * above a linear pass on a machine loaded 100-fold (11.6 s was seen) and far below a quadratic one (minutes).
   */
  @Test
  void aMegabyteValueIsRedactedQuickly() {
    Redactor r = Redactor.of(Map.of("mongodb.url", "mongodb://u:pw1@h/db"));
    for (String unit : List.of("x", "a.b-c_", "password", "x:/y", "k=v&", "a:/b@")) {
      String big = unit.repeat(1_000_000 / unit.length()) + " token=abc mongodb://u:pw1@h/db";
      long t0 = System.nanoTime();
      String shown = r.redact(big);
      long ms = (System.nanoTime() - t0) / 1_000_000;
      assertTrue(ms < 60_000, unit + ": " + ms + " ms (quadratic would take minutes)");
      assertTrue(shown.endsWith(" token=" + Redactor.MASK + " mongodb://u:" + Redactor.MASK + "@h/db"),
          () -> shown.substring(Math.max(0, shown.length() - 60)));
    }
  }
}
