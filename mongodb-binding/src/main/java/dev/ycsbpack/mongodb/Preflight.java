package dev.ycsbpack.mongodb;

import com.mongodb.MongoSecurityException;
import com.mongodb.ServerAddress;
import com.mongodb.client.MongoClient;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.bson.Document;
import site.ycsb.DBException;

/**
 * The first command of a run ({@code ping}), and the one clear line when it fails: cause first for a TLS certificate
 * the client rejects or a failed authentication (decided on the first heartbeat, see {@link FirstContact}), or TLS
 * on one side only (asked of a server that has not answered within a second, see {@link ProtocolProbe}), else
 * "cannot reach the server" with the driver's description. The driver's full text stays in the exception's cause,
 * which {@code bin/ycsb} writes into the client folder's stderr.
 */
final class Preflight {
  /** How long the first ping may take before the servers are asked whether they speak the other protocol. */
  static final long PROBE_AFTER_MS = 1000;

  private Preflight() {
  }

  /** Pings the server; returns when it answered. */
  static void ping(MongoClient client, FirstContact contact) throws DBException {
    BindingOptions options = contact.options();
    CompletableFuture<Void> ping = new CompletableFuture<>();
    Thread t = new Thread(() -> {
      try {
        client.getDatabase("admin").runCommand(new Document("ping", 1));
        ping.complete(null);
      } catch (RuntimeException failure) {
        ping.completeExceptionally(failure);
      }
    }, "mongodb-binding-preflight");
    t.setDaemon(true);
    t.start();
    // a first contact that is slow may be a protocol mismatch, which the driver only reports as a timeout
    Thread probe = new Thread(() -> {
      try {
        ping.get(PROBE_AFTER_MS, TimeUnit.MILLISECONDS);
      } catch (TimeoutException slow) {
        contact.probeProtocols();
      } catch (InterruptedException | ExecutionException | java.util.concurrent.CancellationException done) {
        // answered, failed or abandoned: nothing to probe
      }
    }, "mongodb-binding-protocol-probe");
    probe.setDaemon(true);
    probe.start();
    try {
      CompletableFuture.anyOf(ping, contact.decided()).get();
    } catch (ExecutionException failed) {
      // the ping failed: explained below
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new DBException("mongodb binding: interrupted while connecting to " + options.redactedUrl());
    }
    if (ping.isDone() && !ping.isCompletedExceptionally()) {
      return;
    }
    String decided = contact.decided().getNow(null);
    Throwable failure = ping.isDone() ? cause(ping) : null;
    if (decided != null) {
      throw failure(options, decided, failure != null ? failure : new IllegalStateException(
          "decided on the first contact: " + decided + "; the driver's view: " + contact.lastDescription()));
    }
    ServerAddress first = options.firstServer();
    if (failure instanceof MongoSecurityException) {
      throw failure(options, ConnectFailures.of(failure, first, options.connectContext()).orElseThrow().sentence(),
          failure);
    }
    String likely = contact.likelyCause();
    // the driver's text is in the line itself here, so no separate report (it would say it twice)
    throw failure(options, (likely != null ? likely + "; " : "") + "cannot reach the server at "
        + options.redactedUrl() + ": " + String.valueOf(failure.getMessage())
        + ". Check that the server runs and that mongodb.url (host, port, credentials, TLS options) is right;"
        + " add serverSelectionTimeoutMS=<ms> to the URL to fail faster.", null);
  }

  private static DBException failure(BindingOptions options, String sentence, Throwable cause) {
    String line = "mongodb binding: " + options.redactor().redact(sentence);
    return cause == null ? new DBException(line) : new DBException(line, cause);
  }

  private static Throwable cause(CompletableFuture<Void> ping) {
    try {
      ping.get();
      return null;
    } catch (ExecutionException e) {
      return e.getCause();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return e;
    }
  }
}
