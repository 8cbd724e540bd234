package dev.ycsbpack.common.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TelemetryFilesTest {
  @TempDir
  Path dir;

  private static Series series() {
    return new Series("server", Map.of("host", "db1:27017"),
        List.of(new Column("opcounters.insert.rate", "ops/s"), new Column("mem.resident", "MiB")),
        List.of(new Sample(1000, Arrays.asList(null, 12.0)), new Sample(11000, Arrays.asList(250.5, 12.0))),
        List.of("mem.virtual: not reported by this server", "quote \" and\nbreak"));
  }

  @Test
  void csvHasAHeaderWithUnitsAndEmptyCellsWhereNotReported() throws IOException {
    TelemetryFiles.write(dir, series());
    assertEquals(List.of("epoch_ms,opcounters.insert.rate [ops/s],mem.resident [MiB]", "1000,,12", "11000,250.5,12"),
        Files.readAllLines(TelemetryFiles.csv(dir, "server")));
  }

  @Test
  void jsonKeepsNullNeverZeroAndEscapesText() throws IOException {
    TelemetryFiles.write(dir, series());
    String json = Files.readString(TelemetryFiles.json(dir, "server"));
    assertEquals(true, json.contains("{\"t\": 1000, \"v\": [null, 12]}"), json);
    assertEquals(true, json.contains("\"quote \\\" and\\nbreak\""), json);
    assertEquals(true, json.contains("\"identity\": {\"host\": \"db1:27017\"}"), json);
  }

  @Test
  void aSampleWithTheWrongNumberOfValuesIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new Series("server", Map.of(), List.of(new Column("a", "x")),
        List.of(new Sample(1, List.of(1.0, 2.0))), List.of()));
  }

  @Test
  void aSourceNameIsSafeAsAFileName() {
    assertThrows(IllegalArgumentException.class, () -> new Series("../x", Map.of(), List.of(), List.of(), List.of()));
    assertEquals("server-db1_27017", Series.sourceName("server", "db1:27017"));
  }
}
