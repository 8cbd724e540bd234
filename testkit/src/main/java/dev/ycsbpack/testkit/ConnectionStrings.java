package dev.ycsbpack.testkit;

/** Makes MongoDB connection strings safe to print. */
public final class ConnectionStrings {
  private ConnectionStrings() {}

  /**
   * Replaces the password in the userinfo with {@code ****}.
   *
   * <p>Splits at the <em>last</em> {@code @}: a password may contain characters that would end a
   * naive authority parse early, and over-redacting a host is harmless whereas leaking a password
   * into a test report is not.
   */
  public static String redact(String uri) {
    if (uri == null) {
      return null;
    }
    int schemeEnd = uri.indexOf("://");
    int start = schemeEnd < 0 ? 0 : schemeEnd + 3;
    int at = uri.lastIndexOf('@');
    if (at < start) {
      return uri;
    }
    String userInfo = uri.substring(start, at);
    int colon = userInfo.indexOf(':');
    if (colon < 0) {
      return uri;
    }
    return uri.substring(0, start) + userInfo.substring(0, colon) + ":****" + uri.substring(at);
  }
}
