package dev.ycsbpack.testkit;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A mongo-java-server of its own for each test with a {@link WireProxy} in front of it, closed after the test (the
 * proxy first, the server even if that fails); a test's own {@code @AfterEach} runs before: {@code @RegisterExtension
 * final ProxiedServer proxied = new ProxiedServer();}.
 */
public final class ProxiedServer implements BeforeEachCallback, AfterEachCallback {
  private EmbeddedMongoServer server;
  private WireProxy proxy;

  @Override
  public void beforeEach(ExtensionContext context) {
    server = EmbeddedMongoServer.start();
    proxy = WireProxy.start(server.port());
  }

  @Override
  public void afterEach(ExtensionContext context) {
    try {
      proxy.close();
    } finally {
      server.close();
    }
  }

  /** The server, behind the proxy. */
  public EmbeddedMongoServer server() {
    return server;
  }

  /** The proxy clients connect to. */
  public WireProxy proxy() {
    return proxy;
  }

  /** A new proxy in front of the server in place of one the test closed itself: the one closed after the test. */
  public WireProxy restartProxy() {
    proxy = WireProxy.start(server.port());
    return proxy;
  }
}
