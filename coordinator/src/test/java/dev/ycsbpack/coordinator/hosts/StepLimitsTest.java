package dev.ycsbpack.coordinator.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepLimitsTest {
  @TempDir
  Path dir;

  @Test
  void stagingIsGivenTimeForEveryByteAtTheFloorRate() {
    StepLimits l = new StepLimits(Duration.ofSeconds(30), Duration.ofSeconds(120), 1000, Duration.ofMinutes(10),
        Duration.ofSeconds(30));
    assertEquals(Duration.ofSeconds(121), l.stage(0));
    assertEquals(Duration.ofSeconds(120 + 50 + 1), l.stage(50_000));
    assertEquals(Duration.ofSeconds(120 + 20_000 + 1), l.stage(20_000_000));
  }

  @Test
  void theDefaultsGiveA20MbPackMinutesAtAFloorOf64KibPerSecond() {
    // 20 MB before compression (this pack stages about 10 MB)
    assertEquals(Duration.ofSeconds(120 + 20_000_000 / 65_536 + 1), StepLimits.defaults().stage(20_000_000));
  }

  @Test
  void aFloorRateBelowOneByteASecondIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new StepLimits(Duration.ofSeconds(1), Duration.ofSeconds(1), 0,
        Duration.ofSeconds(1), Duration.ofSeconds(1)));
  }

  @Test
  void thePackCountsTheBytesOfWhatItStagesOnly() throws Exception {
    Path pack = FakeHost.clientPack(dir.resolve("pack"));
    long expected = 0;
    for (String f : new String[] {"bin/ycsb", "lib/client.jar", "workloads/w"}) {
      expected += Files.size(pack.resolve(f));
    }
    Files.createDirectories(pack.resolve("lib/embedded"));
    Files.writeString(pack.resolve("lib/embedded/server.jar"), "x".repeat(10_000)); // not staged: not counted
    assertEquals(expected, PackArchive.of(pack).bytes());
  }
}
