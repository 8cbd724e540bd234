package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.testkit.NetnsHosts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A coordinator test lab: a {@link NetnsHosts} rig (client hosts h1..hN, a coordinator namespace) with the embedded
 * server listening in its server namespace, where every host reaches it. Needs root: call
 * {@link NetnsHosts#requireOrSkip()} first.
 */
final class NetnsLab implements AutoCloseable {
  static final int PORT = 27017;

  private final NetnsHosts rig;
  private final Process server;

  private NetnsLab(NetnsHosts rig, Process server) {
    this.rig = rig;
    this.server = server;
  }

  static NetnsLab start(int hosts) throws IOException, InterruptedException {
    NetnsHosts rig = NetnsHosts.start(hosts);
    Path urlFile = Files.createTempDirectory("coordinator-lab").resolve("url");
    Process server = rig.server().processBuilder(YcsbRun.home().resolve("bin/embedded-mongo").toString(), "--bind",
        "0.0.0.0", "--port", Integer.toString(PORT), "--url-file", urlFile.toString())
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    NetnsLab lab = new NetnsLab(rig, server);
    if (!Coordinator.waitFor(() -> Files.exists(urlFile), 60)) {
      lab.close();
      throw new IllegalStateException("the embedded server did not start");
    }
    return lab;
  }

  NetnsHosts rig() {
    return rig;
  }

  /** The server as the hosts reach it. */
  String url() {
    return "mongodb://" + rig.serverAddress() + ":" + PORT;
  }

  /** The server's count of {@code table}, asked from the coordinator's namespace. */
  long count(String table) throws Exception {
    Path home = YcsbRun.home();
    Process p = rig.coordinator().processBuilder("java", "-cp", home.resolve("lib") + "/*:" + home.resolve(
        "lib/embedded") + "/*", "dev.ycsbpack.testkit.CollectionCount", url(), Servers.DATABASE, table)
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    return Long.parseLong(out);
  }

  @Override
  public void close() {
    // the namespaces are torn down even when the wait for the server is interrupted
    server.destroy();
    try {
      server.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    rig.close();
  }

  /**
   * The lab as a test class's fixture ({@code @RegisterExtension static final}): started before the class's first
   * test, or the class skipped with the reason where there are no netns hosts (see
   * {@link NetnsHosts#requireOrSkip()}), and closed after its last test.
   */
  static final class PerClass implements BeforeAllCallback, AfterAllCallback {
    private final int hosts;
    private NetnsLab lab;

    PerClass(int hosts) {
      this.hosts = hosts;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
      NetnsHosts.requireOrSkip();
      lab = NetnsLab.start(hosts);
    }

    @Override
    public void afterAll(ExtensionContext context) {
      if (lab != null) {
        lab.close();
        lab = null;
      }
    }

    NetnsHosts rig() {
      return lab.rig();
    }

    /** The server as the hosts reach it. */
    String url() {
      return lab.url();
    }

    /** The server's count of {@code table}, asked from the coordinator's namespace. */
    long count(String table) throws Exception {
      return lab.count(table);
    }

    /**
     * The start of a coordinated {@code phase} of the shipped read95-update5 workload into {@code table} on the lab's
     * server; the test adds its record count, hosts and options.
     */
    List<String> phaseArgs(String phase, String table) {
      return new ArrayList<>(List.of(phase, "mongodb", "-P", YcsbRun.readMostly()
          .toString(), "-p", "mongodb.url=" + url(), "-p", "mongodb.database=" + Servers.DATABASE, "-p",
          "table=" + table));
    }
  }
}
