package dev.ycsbpack.aggregate.publish;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A headless Chromium (Debian's {@code chromium}) driven over the DevTools protocol on loopback: opens pages, records
 * every console message, exception, log entry (CSP violations among them) and network request, evaluates script and
 * takes screenshots. Every wait is bounded.
 */
final class HeadlessChromium implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  private final Process process;
  private final Path profile;
  private final WebSocket socket;
  private final AtomicInteger ids = new AtomicInteger();
  private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
  private final String session;
  private volatile CompletableFuture<Void> loaded = new CompletableFuture<>();
  /** Console errors and warnings, uncaught exceptions, error log entries: each one line. */
  final List<String> problems = new CopyOnWriteArrayList<>();
  /** Every URL the page asked for. */
  final List<String> requests = new CopyOnWriteArrayList<>();

  /** The browser binary, or null when none is installed (scripts/install-test-prereqs.sh installs it). */
  static String binary() {
    for (String b : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")) {
      if (Files.isExecutable(Path.of(b))) {
        return b;
      }
    }
    return null;
  }

  HeadlessChromium() throws IOException, InterruptedException {
    profile = Files.createTempDirectory("chromium-profile");
    process = new ProcessBuilder(binary(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-extensions", "--disable-background-networking", "--remote-debugging-address=127.0.0.1",
        "--remote-debugging-port=0", "--user-data-dir=" + profile, "about:blank")
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    Path port = profile.resolve("DevToolsActivePort");
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    List<String> lines = List.of();
    while (System.nanoTime() < deadline) {
      if (Files.exists(port)) {
        lines = Files.readAllLines(port);
        if (lines.size() >= 2) {
          break;
        }
      }
      if (!process.isAlive()) {
        throw new IOException("chromium exited with status " + process.exitValue());
      }
      Thread.sleep(50);
    }
    if (lines.size() < 2) {
      process.destroyForcibly();
      throw new IOException("chromium wrote no DevToolsActivePort within " + TIMEOUT);
    }
    try {
      socket = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(TIMEOUT)
          .buildAsync(URI.create("ws://127.0.0.1:" + lines.get(0) + lines.get(1)), new Listener())
          .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      process.destroyForcibly();
      throw new IOException("cannot connect to chromium's DevTools", e);
    }
    String target = call(null, "Target.createTarget", Map.of("url", "about:blank")).path("targetId").asText();
    session = call(null, "Target.attachToTarget", Map.of("targetId", target, "flatten", true))
        .path("sessionId").asText();
    for (String domain : List.of("Page", "Runtime", "Log", "Network")) {
      call(domain + ".enable", Map.of());
    }
  }

  /** A browser with a desktop window (1280 x 900) showing {@code page}; closed again if the page does not open. */
  static HeadlessChromium showing(Path page) throws IOException, InterruptedException {
    HeadlessChromium chrome = new HeadlessChromium();
    try {
      chrome.viewport(1280, 900, false);
      chrome.open(page.toUri().toString());
      return chrome;
    } catch (IOException | RuntimeException e) {
      chrome.close();
      throw e;
    }
  }

  /** Sets the viewport: a desktop or a phone. */
  void viewport(int width, int height, boolean mobile) throws IOException {
    call("Emulation.setDeviceMetricsOverride", Map.of("width", width, "height", height, "deviceScaleFactor", 1,
        "mobile", mobile));
  }

  /** Opens {@code url} and waits for its load event. */
  void open(String url) throws IOException {
    loaded = new CompletableFuture<>();
    call("Page.navigate", Map.of("url", url));
    try {
      loaded.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IOException("no load event for " + url + " within " + TIMEOUT, e);
    }
  }

  /** The value of a script expression (JSON-able), evaluated in the page. */
  JsonNode eval(String expression) throws IOException {
    JsonNode r = call("Runtime.evaluate", Map.of("expression", expression, "returnByValue", true));
    if (r.has("exceptionDetails")) {
      throw new IOException("script failed: " + r.path("exceptionDetails"));
    }
    return r.path("result").path("value");
  }

  /** A PNG of the whole page. */
  byte[] screenshot() throws IOException {
    String data = call("Page.captureScreenshot", Map.of("format", "png", "captureBeyondViewport", true))
        .path("data").asText();
    return Base64.getDecoder().decode(data);
  }

  private JsonNode call(String method, Map<String, Object> params) throws IOException {
    return call(session, method, params);
  }

  private JsonNode call(String sessionId, String method, Map<String, Object> params) throws IOException {
    int id = ids.incrementAndGet();
    ObjectNode msg = JSON.createObjectNode();
    msg.put("id", id);
    msg.put("method", method);
    msg.set("params", JSON.valueToTree(params));
    if (sessionId != null) {
      msg.put("sessionId", sessionId);
    }
    CompletableFuture<JsonNode> f = new CompletableFuture<>();
    pending.put(id, f);
    socket.sendText(msg.toString(), true);
    try {
      JsonNode reply = f.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      if (reply.has("error")) {
        throw new IOException(method + ": " + reply.path("error"));
      }
      return reply.path("result");
    } catch (IOException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException(method + " got no answer within " + TIMEOUT, e);
    } finally {
      pending.remove(id);
    }
  }

  private void event(JsonNode m) {
    JsonNode p = m.path("params");
    switch (m.path("method").asText()) {
      case "Page.loadEventFired" -> loaded.complete(null);
      case "Runtime.consoleAPICalled" -> {
        String type = p.path("type").asText();
        if (type.equals("error") || type.equals("warning") || type.equals("assert")) {
          problems.add("console." + type + ": " + p.path("args"));
        }
      }
      case "Runtime.exceptionThrown" -> problems.add("exception: " + p.path("exceptionDetails"));
      case "Log.entryAdded" -> {
        String level = p.path("entry").path("level").asText();
        if (level.equals("error") || level.equals("warning")) {
          problems.add("log." + level + ": " + p.path("entry").path("text").asText() + " "
              + p.path("entry").path("url").asText());
        }
      }
      case "Network.requestWillBeSent" -> requests.add(p.path("request").path("url").asText());
      default -> {
      }
    }
  }

  private final class Listener implements WebSocket.Listener {
    private final StringBuilder buffer = new StringBuilder();

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      buffer.append(data);
      if (last) {
        try {
          JsonNode m = JSON.readTree(buffer.toString());
          if (m.has("id")) {
            CompletableFuture<JsonNode> f = pending.get(m.path("id").asInt());
            if (f != null) {
              f.complete(m);
            }
          } else {
            event(m);
          }
        } catch (IOException e) {
          problems.add("unreadable DevTools message: " + e);
        }
        buffer.setLength(0);
      }
      ws.request(1);
      return null;
    }
  }

  @Override
  public void close() throws IOException {
    if (socket != null) {
      socket.abort();
    }
    // chromium's helpers (renderer, network service) outlive its main process for a moment and keep writing into
    // the profile: each is stopped and waited for before the folder goes
    List<ProcessHandle> helpers = process.descendants().toList();
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
      for (ProcessHandle h : helpers) {
        h.destroy();
      }
      for (ProcessHandle h : helpers) {
        try {
          h.onExit().get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
          h.destroyForcibly();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    for (int attempt = 0; attempt < 3 && Files.exists(profile); attempt++) {
      try (var s = Files.walk(profile)) {
        for (Path p : (Iterable<Path>) s.sorted(java.util.Comparator.reverseOrder())::iterator) {
          Files.deleteIfExists(p);
        }
      } catch (IOException | java.io.UncheckedIOException e) {
        // a file that went while the folder was walked: walk it again (bounded; it is a temporary folder)
      }
    }
  }

  /** The problems and requests recorded so far, then cleared (one page at a time). */
  List<String> drainProblems() {
    List<String> out = new ArrayList<>(problems);
    problems.clear();
    return out;
  }

  List<String> drainRequests() {
    List<String> out = new ArrayList<>(requests);
    requests.clear();
    return out;
  }
}
