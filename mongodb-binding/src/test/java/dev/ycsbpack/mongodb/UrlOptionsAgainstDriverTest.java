package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mongodb.ConnectionString;
import dev.ycsbpack.common.AwkwardStrings;
import dev.ycsbpack.common.TlsFiles;
import dev.ycsbpack.common.UrlOptions;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * common's {@link UrlOptions} reads a URL's options where the driver's {@link ConnectionString} does, whatever the
 * password and the option values hold: '@', '?', '/' in them never hide the options from the pack's checks (and the TLS
 * file options from being applied and stripped) while the driver reads them.
 */
class UrlOptionsAgainstDriverTest {
  @Test
  void theOptionsAreTheDriversWithHostileCharactersInPasswordsAndValues() {
    List<String> values = new ArrayList<>(List.of("ycsb@lab", "a@b/c?d", "@"));
    values.addAll(AwkwardStrings.passwords(11, 10));
    int compared = 0;
    for (String password : AwkwardStrings.passwords(3, 40)) {
      for (String value : values) {
        // as a user writes them: percent-encoded, and the value's '@' as written too (the driver takes it raw)
        for (String url : List.of(
            "mongodb://u:" + encode(password) + "@h1:27017,h2/db?appName=" + encode(value)
                + "&authSource=adm%40in&tlsCAFile=%2Ftmp%2Fca.pem",
            "mongodb://u:" + encode(password) + "@h1/?authSource=admin&appName=" + encode(value).replace("%40", "@")
                + "&tlsCAFile=/tmp/ca.pem",
            // '@', '/' and '?' raw in the values, a host list after the '@' (a home folder under a realm)
            "mongodb://u:" + encode(password) + "@h1:27017/db?appName=" + raw(value)
                + "&authSource=admin&tlsCAFile=/tmp/ca.pem&tlsCertificateKeyFile=/home/jdoe@corp.example.com/k.pem",
            "mongodb://u:" + encode(password) + "@h1?appName=" + raw(value)
                + "&authSource=admin&tlsCAFile=/tmp/ca.pem")) {
          ConnectionString driver = new ConnectionString(UrlOptions.without(url, TlsFiles.URL_OPTION_KEYS));
          Map<String, String> ours = UrlOptions.of(url);
          assertEquals(driver.getApplicationName(), ours.get("appname"), url);
          assertEquals(driver.getCredential().getSource(), ours.get("authsource"), url);
          assertEquals(password, driver.getPassword() == null ? null : new String(driver.getPassword()), url);
          assertEquals("/tmp/ca.pem", ours.get("tlscafile"), url);
          compared++;
        }
      }
    }
    assertEquals(40 * values.size() * 4, compared);
  }

  /** Written without the '/' after the hosts (the driver takes it): still the driver's options. */
  @Test
  void optionsRightAfterTheHostsAreTheDrivers() {
    for (String url : List.of("mongodb://u:p%40ss@h:27017?appName=x@y&authSource=a&tlsCAFile=%2Fca.pem",
        "mongodb://u:pw@h1,h2:27018?appName=x@y&authSource=a&tlsCAFile=%2Fca.pem")) {
      ConnectionString driver = new ConnectionString(UrlOptions.without(url, TlsFiles.URL_OPTION_KEYS));
      assertEquals(driver.getApplicationName(), UrlOptions.of(url).get("appname"), url);
      assertEquals(driver.getCredential().getSource(), UrlOptions.of(url).get("authsource"), url);
      assertEquals("/ca.pem", UrlOptions.of(url).get("tlscafile"), url);
    }
  }

  /** {@link #encode} with '@', '/' and '?' left as they are, as people write option values. */
  private static String raw(String s) {
    return encode(s).replace("%40", "@").replace("%2F", "/").replace("%3F", "?");
  }

  /** With no user info either: the options are still the driver's. */
  @Test
  void anAtSignFollowedByAHostAndASlashInAValueIsStillAnOption() {
    for (String url : List.of("mongodb://db.example.com/ycsb?tls=true&tlsCAFile=/home/jdoe@corp.example.com/ca.pem",
        "mongodb://db:27017/ycsb?appName=x@y/z&tlsCAFile=/home/jdoe@corp.example.com/ca.pem",
        "mongodb://u:p@h?appName=a@b/c&tlsCAFile=/home/jdoe@corp.example.com/ca.pem")) {
      ConnectionString driver = new ConnectionString(UrlOptions.without(url, TlsFiles.URL_OPTION_KEYS));
      assertEquals("/home/jdoe@corp.example.com/ca.pem", UrlOptions.of(url).get("tlscafile"), url);
      assertEquals(driver.getApplicationName(), UrlOptions.of(url).get("appname"), url);
      assertEquals(driver.getHosts(), new ConnectionString(url).getHosts(), url);
    }
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
