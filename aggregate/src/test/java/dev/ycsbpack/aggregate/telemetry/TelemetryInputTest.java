package dev.ycsbpack.aggregate.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.input.TelemetryInput;
import dev.ycsbpack.common.AwkwardStrings;
import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.common.telemetry.TelemetryFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one reader of the series files against their writer ({@link TelemetryFiles}). */
class TelemetryInputTest {
  @TempDir
  Path dir;

  @Test
  void everySeriesReadsBackAsWrittenWithHostileStringsAndNulls() throws Exception {
    List<String> awkward = AwkwardStrings.passwords(40, 30);
    KnownSeries k = KnownSeries.of("server", 1_790_000_000_000L, 1_790_000_010_000L, 1_790_000_020_123L)
        .column("opcounters.query", "count", 10.0, 2_000_000_000_000.0, 3.0e20)
        .column("opcounters.query.rate", "ops/s", null, 1234.567, 0.001)
        .column("cpu.steal", "%", 0.0, -1.5, 99.99)
        .notReported("wiredTiger.cache.bytes", "bytes");
    for (int i = 0; i < awkward.size(); i++) {
      k.identity("key " + awkward.get(i), awkward.get((i + 1) % awkward.size())).note(awkward.get(i));
    }
    Series written = k.build();
    Series other = KnownSeries.of("host-db1", 5L).column("disk.sda.busy", "%", 42.0).identity("role", "server")
        .build();
    TelemetryFiles.write(dir, written);
    TelemetryFiles.write(dir, other);

    TelemetryInput.Loaded loaded = TelemetryInput.read(dir);

    assertEquals(List.of(), loaded.problems());
    assertEquals(List.of(other, written), loaded.series(), "sorted by file name, each as written");
    Series back = loaded.series().get(1);
    assertEquals(List.copyOf(written.identity().entrySet()), List.copyOf(back.identity().entrySet()),
        "identity in its order");
    assertNull(back.samples().get(0).value(1), "a null stays not reported, never 0");
    assertEquals(0.0, back.samples().get(0).value(2), "a reported 0 stays 0");
  }

  @Test
  void aFolderWithoutTelemetryHasNone() {
    assertEquals(TelemetryInput.Loaded.NONE, TelemetryInput.read(dir));
  }

  @Test
  void aBrokenFileIsOneLineNamingItAndTheOthersStillRead() throws Exception {
    TelemetryFiles.write(dir, KnownSeries.of("server", 1L).column("mem.resident", "MiB", 5.0).build());
    Path bad = TelemetryFiles.json(dir, "host-x");
    Files.writeString(bad, "{\"source\": \"host-x\", \"identity\": {}, \"notes\": [], \"columns\": "
        + "[{\"name\": \"cpu.user\", \"unit\": \"%\"}], \"samples\": [{\"t\": 1, \"v\": [\"high\"]}]}");
    Path wrongWidth = TelemetryFiles.json(dir, "host-y");
    Files.writeString(wrongWidth, "{\"source\": \"host-y\", \"identity\": {}, \"notes\": [], \"columns\": "
        + "[{\"name\": \"cpu.user\", \"unit\": \"%\"}], \"samples\": [{\"t\": 1, \"v\": [1, 2]}]}");

    TelemetryInput.Loaded loaded = TelemetryInput.read(dir);

    assertEquals(List.of("server"), loaded.series().stream().map(Series::source).toList());
    assertEquals(2, loaded.problems().size(), loaded.problems().toString());
    assertTrue(loaded.problems().get(0).startsWith(bad + ": ") && loaded.problems().get(0).contains("neither a number"),
        loaded.problems().get(0));
    assertTrue(loaded.problems().get(1).contains("2 values for 1 columns"), loaded.problems().get(1));
    InputException e = assertThrows(InputException.class, () -> TelemetryInput.parse(bad));
    assertTrue(e.getMessage().contains("Fix: "), e.getMessage());
  }
}
