package dev.ycsbpack.coordinator.cli;

import dev.ycsbpack.coordinator.bundle.Bundle;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.run.CoordinatedRun;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** The few lines a user reads when the run ends: the verdict, the merged table, where everything is. */
final class Summary {
  private Summary() {
  }

  static void print(Bundle bundle, int status, PrintStream out, PrintStream err) {
    Manifest m;
    try {
      m = Bundle.read(bundle.dir());
    } catch (IOException e) {
      err.println("ycsb-coordinator: cannot read " + bundle.dir().resolve(Bundle.MANIFEST) + ": " + e.getMessage());
      return;
    }
    if (m.note() != null) {
      out.println(m.note());
    }
    if (status != CoordinatedRun.COMPLETE) {
      err.println("ycsb-coordinator: FAILED: " + m.reason());
      err.println("ycsb-coordinator: the bundle (marked FAILED, not merged) is " + bundle.dir());
      return;
    }
    Path table = bundle.merged().resolve("merged.md");
    try {
      if (Files.isRegularFile(table)) {
        out.print(Files.readString(table));
      }
    } catch (IOException e) {
      err.println("ycsb-coordinator: cannot read " + table + ": " + e.getMessage());
    }
    if (m.release() != null && m.release().startSpreadMs() != null) {
      out.printf("start spread across %d clients: %.1f ms (clock error up to %.1f ms)%n", m.clients().size(),
          m.release().startSpreadMs(), m.release().startSpreadErrorMs());
    }
    out.println("result: " + bundle.dir().resolve(Bundle.MANIFEST));
    out.println("report: " + bundle.merged().resolve("report.html"));
  }
}
