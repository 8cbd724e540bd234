package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.AwkwardStrings;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Whatever a user types as a mongodb.* value, a refusal is one line of bounded length. */
class OptionMessagesTest {
  static Stream<Arguments> awkward() {
    List<String> names = List.of("mongodb.w", "mongodb.j", "mongodb.wtimeout", "mongodb.writeConcern",
        "mongodb.readPreference", "mongodb.readConcern", "mongodb.batchsize", "mongodb.upsert", "mongodb.maxPoolSize",
        "mongodb.compressors", "mongodb.retryWrites", "mongodb.retryReads", "mongodb.warmup", "mongodb.allowEmpty",
        "mongodb.url", "mongodb.unknown\noption");
    List<String> values = new ArrayList<>(AwkwardStrings.passwords(4242L, 48));
    values.add("9".repeat(400) + "\n[OVERALL], RunTime(ms), 1");
    List<Arguments> cases = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      if (!values.get(i).matches("[0-9]+")) {
        cases.add(Arguments.of(names.get(i % names.size()), values.get(i)));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("awkward")
  void aRefusalIsOneBoundedLine(String name, String value) {
    Properties p = new Properties();
    p.setProperty(name, value);
    if (name.equals("mongodb.allowEmpty")) {
      p.setProperty("mongodb.upsert", value); // allowEmpty is read in the preflight; upsert the same way here
    }
    String m = assertThrows(IllegalArgumentException.class, () -> BindingOptions.from(p)).getMessage();
    assertTrue(m.chars().noneMatch(c -> c < 0x20 || c == 0x7f || c == 0x2028 || c == 0x2029),
        () -> "a control character or line break in: " + m);
    assertTrue(m.length() < 1500, () -> m.length() + ": " + m);
  }
}
