package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.testkit.NetnsHosts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** bin/embedded-mongo in a rig's server namespace, where the rig's hosts reach it, and its count of a collection. */
final class LabServer implements AutoCloseable {
  static final int PORT = 27017;

  private final NetnsHosts rig;
  private final Process process;

  private LabServer(NetnsHosts rig, Process process) {
    this.rig = rig;
    this.process = process;
  }

  /** Starts it and waits (bounded) until it listens; {@code dir} holds its URL file. */
  static LabServer start(NetnsHosts rig, Path dir) throws Exception {
    Path urlFile = dir.resolve("url");
    Process p = rig.server().processBuilder(YcsbRun.home().resolve("bin/embedded-mongo").toString(), "--bind",
        "0.0.0.0", "--port", Integer.toString(PORT), "--url-file", urlFile.toString())
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    assertTrue(Coordinator.waitFor(() -> Files.exists(urlFile), 60), "the embedded server did not start");
    return new LabServer(rig, p);
  }

  String url() {
    return "mongodb://" + rig.serverAddress() + ":" + PORT;
  }

  /** The documents of {@code table}, counted by the server, asked from the coordinator's namespace. */
  long count(String table) throws IOException, InterruptedException {
    Path home = YcsbRun.home();
    Process p = rig.coordinator().processBuilder("java", "-cp", home.resolve("lib") + "/*:" + home.resolve(
        "lib/embedded") + "/*", "dev.ycsbpack.testkit.CollectionCount", url(), Servers.DATABASE, table)
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    return Long.parseLong(out);
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    process.waitFor(10, TimeUnit.SECONDS);
  }
}
