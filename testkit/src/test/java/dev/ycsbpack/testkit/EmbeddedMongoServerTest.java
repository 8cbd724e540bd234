package dev.ycsbpack.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedMongoServerTest {

  @Test
  void bindsLoopbackAndFreesThePortOnClose() {
    EmbeddedMongoServer server = EmbeddedMongoServer.start();
    int port = server.port();
    assertEquals("mongodb://127.0.0.1:" + port, server.connectionString());
    assertTrue(FreePorts.isListening(port));
    server.close();
    assertFalse(FreePorts.isListening(port));
  }

  @Test
  void mainWritesUrlFileAndStopsOnSigterm(@TempDir Path dir) throws Exception {
    Path urlFile = dir.resolve("sub/url");
    Path out = dir.resolve("stdout");
    String java = ProcessHandle.current().info().command().orElse("java");
    Process process = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
        EmbeddedMongoServer.class.getName(), "--url-file", urlFile.toString()))
        .redirectErrorStream(true)
        .redirectOutput(out.toFile())
        .start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (!Files.exists(urlFile) && process.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertTrue(Files.exists(urlFile), "no url file; output: " + read(out));
      String url = Files.readString(urlFile).strip();
      assertTrue(url.matches("mongodb://127\\.0\\.0\\.1:\\d+"), url);
      assertTrue(read(out).contains("embedded mongo-java-server ready at " + url), read(out));
      int port = Integer.parseInt(url.replaceAll(".*:", ""));
      assertTrue(FreePorts.isListening(port));

      process.destroy();
      assertTrue(process.waitFor(20, TimeUnit.SECONDS), "server JVM ignored SIGTERM");
      assertFalse(FreePorts.isListening(port));
      assertFalse(Files.exists(urlFile), "url file left behind after shutdown");
    } finally {
      process.destroyForcibly();
    }
  }

  private static String read(Path file) throws IOException {
    return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
  }
}
