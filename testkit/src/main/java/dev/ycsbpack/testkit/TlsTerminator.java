package dev.ycsbpack.testkit;

import dev.ycsbpack.common.Polling;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A TLS terminator in front of a plain server: {@code socat OPENSSL-LISTEN} decrypts and forwards each connection to
 * the backend, so tests can put TLS (and client-certificate checks) in front of mongo-java-server.
 *
 * <p>socat is a Debian package ({@code scripts/install-test-prereqs.sh} installs it). The process is stopped by
 * {@link #close()}; it never outlives the test.
 *
 * @param process the running socat
 * @param address the address the TLS side listens on
 * @param port the TLS side's port
 */
public record TlsTerminator(Process process, String address, int port) implements AutoCloseable {
  private static final int ATTEMPTS = 3;
  private static final long READY_LIMIT_MS = 10_000;

  /**
   * Listens on {@code address} (a free port) with {@code serverPem} (certificate then key) and forwards to
   * {@code backendHost:backendPort}.
   *
   * @param clientCa when not null, a client certificate signed by this CA is required (socat {@code verify=1})
   * @throws MissingPrerequisiteException when socat is not installed
   */
  public static TlsTerminator start(String address, Path serverPem, Path clientCa, String backendHost,
      int backendPort) throws IOException {
    Path socat = Executables.locate("socat").orElseThrow(() -> new MissingPrerequisiteException(
        "socat is not installed; " + Prerequisites.INSTALL_HINT));
    IOException last = null;
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      int port = FreePorts.pick();
      List<String> command = new ArrayList<>(List.of(socat.toString(), "-d", listen(address, port, serverPem, clientCa),
          "TCP:" + backendHost + ":" + backendPort));
      Process p = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      if (awaitListening(p, address, port)) {
        return new TlsTerminator(p, address, port);
      }
      p.destroyForcibly();
      last = new IOException("socat did not listen on " + address + ":" + port + " within " + READY_LIMIT_MS + " ms"
          + (p.isAlive() ? "" : " (it exited)"));
    }
    throw last;
  }

  /**
   * Inside a network namespace ({@code prefix}, e.g. {@link NetworkNamespace#command}), listening on
   * {@code address:port}; readiness is probed from inside the namespace too.
   */
  public static TlsTerminator startIn(List<String> prefix, String address, int port, Path serverPem, Path clientCa,
      String backendHost, int backendPort) throws IOException {
    Path socat = Executables.locate("socat").orElseThrow(() -> new MissingPrerequisiteException(
        "socat is not installed; " + Prerequisites.INSTALL_HINT));
    List<String> command = new ArrayList<>(prefix);
    command.addAll(List.of(socat.toString(), "-d", listen(address, port, serverPem, clientCa),
        "TCP:" + backendHost + ":" + backendPort));
    Process p = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_LIMIT_MS);
    while (System.nanoTime() < deadline && p.isAlive()) {
      List<String> probe = new ArrayList<>(prefix);
      probe.addAll(List.of("bash", "-c", "exec 3<>/dev/tcp/" + address + "/" + port));
      Process q = new ProcessBuilder(probe).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      try {
        if (q.waitFor(5, TimeUnit.SECONDS) && q.exitValue() == 0) {
          return new TlsTerminator(p, address, port);
        }
        q.destroyForcibly();
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    p.destroyForcibly();
    throw new IOException("socat did not listen on " + address + ":" + port + " in " + prefix);
  }

  private static String listen(String address, int port, Path serverPem, Path clientCa) {
    return "OPENSSL-LISTEN:" + port + ",bind=" + address + ",reuseaddr,fork,cert=" + serverPem
        + (clientCa == null ? ",verify=0" : ",verify=1,cafile=" + clientCa);
  }

  /** On 127.0.0.1. */
  public static TlsTerminator start(Path serverPem, Path clientCa, int backendPort) throws IOException {
    return start("127.0.0.1", serverPem, clientCa, "127.0.0.1", backendPort);
  }

  /** Whether {@code p} listens on {@code address:port} within the limit; false as soon as it exits. */
  private static boolean awaitListening(Process p, String address, int port) {
    // Boolean.FALSE, not false: a boolean operand would unbox the null of "not yet"
    Boolean listening = Polling.firstAnswer(READY_LIMIT_MS, 50,
        () -> p.isAlive() ? accepts(address, port) : Boolean.FALSE);
    return Boolean.TRUE.equals(listening);
  }

  /** {@link Boolean#TRUE} when a connection to {@code address:port} is accepted, null while it is not yet. */
  private static Boolean accepts(String address, int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(address, port), 500);
      return Boolean.TRUE;
    } catch (IOException notYet) {
      return null;
    }
  }

  /** {@code host:port} of the TLS side. */
  public String hostPort(String host) {
    return host + ":" + port;
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
