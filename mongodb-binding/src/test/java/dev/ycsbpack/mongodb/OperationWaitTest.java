package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbpack.common.PropertyPairs;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * No operation waits forever on a socket unless the user asks: the pack's read timeout applies when the URL sets
 * none, and the longest wait of one operation (what the launcher's stall rule scales with) follows the URL.
 */
class OperationWaitTest {
  private static BindingOptions options(String url) {
    return BindingOptions.from(PropertyPairs.of(BindingOptions.URL + "=" + url));
  }

  @ParameterizedTest(name = "{0} -> read timeout {1} ms, longest wait {2} ms")
  @CsvSource({
      "mongodb://h/db,                                                     30000, 30000",
      "mongodb://h/db?socketTimeoutMS=5000,                                5000,  30000",
      "mongodb://h/db?socketTimeoutMS=90000,                               90000, 90000",
      "mongodb://h/db?serverSelectionTimeoutMS=500,                        30000, 30000",
      "mongodb://h/db?serverSelectionTimeoutMS=45000&socketTimeoutMS=1000, 1000,  45000",
      "mongodb://h/db?socketTimeoutMS=0,                                   0,     -1",
      "mongodb://h/db?serverSelectionTimeoutMS=-1,                         30000, -1",
      "mongodb://h/db?timeoutMS=7000,                                      0,     7000"})
  void aUrlWithoutASocketTimeoutGetsThePacksAndTheLongestWaitFollowsTheUrl(String url, int readTimeoutMs,
      long longestWaitMs) {
    BindingOptions o = options(url);
    assertEquals(readTimeoutMs, o.settings().build().getSocketSettings().getReadTimeout(TimeUnit.MILLISECONDS), url);
    assertEquals(longestWaitMs, o.longestOperationWaitMs(), url);
  }
}
