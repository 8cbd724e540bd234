package dev.ycsbpack.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
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
    Path urlFile = dir.resolve("url");
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
      // the file is written just before the line is printed: wait (bounded) for the line too
      String ready = "embedded mongo-java-server ready at " + url;
      long lineDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!read(out).contains(ready) && System.nanoTime() < lineDeadline) {
        Thread.sleep(50);
      }
      assertTrue(read(out).contains(ready), read(out));
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

  private static EmbeddedMongoServer.Exit refused(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    return assertThrows(EmbeddedMongoServer.Exit.class, () -> {
      EmbeddedMongoServer.Started s = EmbeddedMongoServer.startFromCommandLine(args,
          new PrintStream(out, true, StandardCharsets.UTF_8));
      s.server().close();
    });
  }

  @Test
  void helpSaysItIsAnInMemoryFakeItsDefaultPortHowToStopItAndItsOptions() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    EmbeddedMongoServer.Exit e = assertThrows(EmbeddedMongoServer.Exit.class,
        () -> EmbeddedMongoServer.startFromCommandLine(new String[] {"--help"},
            new PrintStream(out, true, StandardCharsets.UTF_8)));
    assertEquals(0, e.code);
    String help = out.toString(StandardCharsets.UTF_8);
    for (String needed : List.of("usage: bin/embedded-mongo [--port N] [--url-file FILE]", "mongo-java-server",
        "in-memory", "NOT MongoDB", "default 0: any free port", "Ctrl-C", "kill PID", "--url-file FILE", "--port N")) {
      assertTrue(help.contains(needed), needed + " in:\n" + help);
    }
  }

  /** The README: "Every tool's --version shows it" (the pack's version and build). */
  @Test
  void versionIsThePacksAsEveryToolsIs() {
    for (String flag : List.of("--version", "-V")) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      EmbeddedMongoServer.Exit e = assertThrows(EmbeddedMongoServer.Exit.class,
          () -> EmbeddedMongoServer.startFromCommandLine(new String[] {flag},
              new PrintStream(out, true, StandardCharsets.UTF_8)));
      assertEquals(0, e.code);
      assertEquals("embedded-mongo " + dev.ycsbpack.common.PackVersion.current().shown() + System.lineSeparator(),
          out.toString(StandardCharsets.UTF_8));
    }
  }

  @Test
  void aPortInUseIsOneLineAndNothingKeepsRunning() throws IOException {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      EmbeddedMongoServer.Exit e = refused("--port", String.valueOf(port));
      assertEquals(1, e.code);
      assertTrue(e.getMessage().startsWith("cannot listen on 127.0.0.1:" + port + ": "), e.getMessage());
      assertTrue(e.getMessage().contains("pick another --port"), e.getMessage());
    }
  }

  @Test
  void aUrlFileInAMissingFolderOrNamingAFolderIsRefusedBeforeBinding(@TempDir Path dir) {
    EmbeddedMongoServer.Exit missing = refused("--url-file", dir.resolve("no/such/url").toString());
    assertEquals(2, missing.code);
    assertTrue(missing.getMessage().contains("folder " + dir.resolve("no/such") + " does not exist"),
        missing.getMessage());
    EmbeddedMongoServer.Exit folder = refused("--url-file", dir.toString());
    assertEquals(2, folder.code);
    assertTrue(folder.getMessage().contains(dir + " is a directory"), folder.getMessage());
    assertEquals(2, refused("--port", "70000").code);
    assertEquals(2, refused("--port").code);
    assertEquals(2, refused("--verbose").code);
    assertTrue(refused("--url-file").getMessage().startsWith("--url-file needs a path"));
  }

  @Test
  void theProcessExitsWithOneLineInsteadOfHangingWhenItCannotStart(@TempDir Path dir) throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      String java = ProcessHandle.current().info().command().orElse("java");
      Path err = dir.resolve("stderr");
      Process process = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
          EmbeddedMongoServer.class.getName(), "--port", String.valueOf(taken.getLocalPort()), "--url-file",
          dir.resolve("url").toString()))
          .redirectError(err.toFile()).redirectOutput(dir.resolve("stdout").toFile()).start();
      try {
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "hangs when the port is taken");
        assertEquals(1, process.exitValue());
        List<String> lines = Files.readAllLines(err).stream().filter(l -> !l.isBlank()).toList();
        assertEquals(1, lines.size(), lines::toString);
        assertTrue(lines.get(0).startsWith("embedded-mongo: error: cannot listen on 127.0.0.1:"), lines.get(0));
        assertFalse(Files.exists(dir.resolve("url")), "no url file for a server that did not start");
      } finally {
        process.destroyForcibly();
      }
    }
  }

  private static String read(Path file) throws IOException {
    return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
  }
}
