package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class EnvironmentFactsTest {
  @Test
  void theNotMongoDbRuleNamesEveryOtherServerOnceAndOnlyThem() {
    assertEquals("NOT MongoDB: the clients measured FerretDB / mongo-java-server. These numbers describe that server,"
            + " not MongoDB.",
        EnvironmentFacts.notMongoDb(List.of("MongoDB", "FerretDB", "FerretDB", "mongo-java-server")).orElseThrow());
    assertTrue(EnvironmentFacts.notMongoDb(List.of("MongoDB", "MongoDB")).isEmpty(), "all MongoDB: no warning");
    assertTrue(EnvironmentFacts.notMongoDb(List.of()).isEmpty(), "no client recorded a product: no claim either way");
  }
}
