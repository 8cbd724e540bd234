package dev.ycsbpack.aggregate.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproductionTest {
  @TempDir
  Path dir;

  @Test
  void aRecordReadsBackAsWritten() throws IOException {
    Reproduction r = new Reproduction("site/results/rc-1", "run-20261207-1", List.of("--hosts h1,h2"));
    r.write(dir);
    assertEquals(Optional.of(r), Reproduction.read(dir));
  }

  @Test
  void aFolderWithoutOneOrWithAnotherFileIsNoReproduction() throws IOException {
    assertEquals(Optional.empty(), Reproduction.read(dir));
    Files.writeString(dir.resolve(Reproduction.FILE), "{\"something\": 1}");
    assertEquals(Optional.empty(), Reproduction.read(dir));
  }
}
