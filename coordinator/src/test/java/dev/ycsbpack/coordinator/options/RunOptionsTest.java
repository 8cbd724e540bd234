package dev.ycsbpack.coordinator.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ycsbpack.cli.UsageError;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class RunOptionsTest {
  @Test
  void laterPropertiesWinAndAValueMayHoldEqualsSigns() throws UsageError {
    Map<String, String> into = new LinkedHashMap<>();
    RunOptions.putProperties(List.of("a=1", "url=mongodb://h/db?w=1", "a=2"), into);
    assertEquals(Map.of("a", "2", "url", "mongodb://h/db?w=1"), into);
  }

  @Test
  void thePropertiesBeforeARefusedOneAreAlreadyPutSoItsLineCanBeMasked() {
    Map<String, String> into = new LinkedHashMap<>();
    UsageError e = assertThrows(UsageError.class,
        () -> RunOptions.putProperties(List.of("mongodb.password=s3cret", "bad"), into));
    assertEquals("-p bad: expected NAME=VALUE", e.getMessage());
    assertEquals(Map.of("mongodb.password", "s3cret"), into);
  }

  @Test
  void readWorkloadPutsTheValuesBeforeATimeoutIsRefusedSoItsLineCanBeMasked() {
    RunOptions options = new RunOptions();
    new CommandLine(options).parseArgs("-p", "mongodb.password=s3cret", "--ready-timeout", "0");
    Map<String, String> overrides = new LinkedHashMap<>();
    UsageError e = assertThrows(UsageError.class, () -> options.readWorkload("mongodb", overrides));
    assertEquals("--ready-timeout 0: expected 1 or more seconds", e.getMessage());
    assertEquals(Map.of("mongodb.password", "s3cret"), overrides);
  }

  @Test
  void readWorkloadNamesABadBindingBeforeAnythingIsRead() {
    RunOptions options = new RunOptions();
    new CommandLine(options).parseArgs("-p", "a=1");
    Map<String, String> overrides = new LinkedHashMap<>();
    UsageError e = assertThrows(UsageError.class, () -> options.readWorkload("mongo db", overrides));
    assertEquals("BINDING mongo db: expected a binding name such as mongodb", e.getMessage());
    assertEquals(Map.of(), overrides);
  }
}
