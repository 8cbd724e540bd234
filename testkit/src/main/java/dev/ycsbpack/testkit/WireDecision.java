package dev.ycsbpack.testkit;

import java.util.Objects;
import org.bson.BsonDocument;

/**
 * What {@link WireProxy} does with one client message or one server reply.
 *
 * <p>One type serves both directions because the three choices mean the same thing in each: pass it on, let the
 * client see this document instead, or break the connection the way a crashed server or a middlebox does.
 */
public sealed interface WireDecision {

  /** Pass the message on unchanged, byte for byte. */
  static WireDecision forward() {
    return Forward.INSTANCE;
  }

  /**
   * For a client message: answer it with {@code document} and never send it to the server. For a server reply: send
   * {@code document} to the client in its place (same request id, same reply flags, no checksum).
   */
  static WireDecision reply(BsonDocument document) {
    return new Reply(document);
  }

  /** Reset the connection (RST: {@code SO_LINGER} 0, then close) on both sides; nothing more is passed on. */
  static WireDecision reset() {
    return Reset.INSTANCE;
  }

  /** See {@link #forward()}. */
  enum Forward implements WireDecision {
    INSTANCE
  }

  /** See {@link #reply(BsonDocument)}. */
  record Reply(BsonDocument document) implements WireDecision {
    public Reply {
      Objects.requireNonNull(document, "document");
    }
  }

  /** See {@link #reset()}. */
  enum Reset implements WireDecision {
    INSTANCE
  }
}
