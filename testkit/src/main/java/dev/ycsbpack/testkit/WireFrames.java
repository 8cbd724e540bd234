package dev.ycsbpack.testkit;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;

/**
 * MongoDB wire protocol framing for {@link WireProxy}: reads whole messages, decodes OP_MSG and OP_QUERY requests and
 * OP_MSG and OP_REPLY replies, and builds replacement replies.
 *
 * <p>Layout (all little-endian), from the MongoDB wire protocol reference: a 16-byte header (messageLength, requestID,
 * responseTo, opCode); OP_MSG then has flagBits (bit 0 checksumPresent, bit 1 moreToCome, bit 16 exhaustAllowed),
 * sections (kind 0: one BSON document; kind 1: int32 size, cstring identifier, BSON documents) and, with
 * checksumPresent, a CRC-32C. Replacement replies are written without a checksum (the flag is cleared), which is
 * valid and saves recomputing it.
 */
final class WireFrames {
  static final int OP_REPLY = 1;
  static final int OP_QUERY = 2004;
  static final int OP_MSG = 2013;
  static final int CHECKSUM_PRESENT = 1;
  static final int MORE_TO_COME = 1 << 1;
  private static final int HEADER = 16;
  /** Above MongoDB's maxMessageSizeBytes (48,000,000): anything longer is a broken stream, not a message. */
  private static final int MAX_LENGTH = 64 * 1024 * 1024;
  private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();

  private WireFrames() {
  }

  /** One whole message as read from the socket. */
  record Frame(byte[] bytes) {
    int requestId() {
      return intAt(bytes, 4);
    }

    int responseTo() {
      return intAt(bytes, 8);
    }

    int opCode() {
      return intAt(bytes, 12);
    }

    /** OP_MSG flagBits; 0 for other opcodes. */
    int flags() {
      return opCode() == OP_MSG ? intAt(bytes, HEADER) : 0;
    }

    boolean moreToCome() {
      return (flags() & MORE_TO_COME) != 0;
    }
  }

  /** The next message, or null at a clean end of stream before its first byte. */
  static Frame read(InputStream in) throws IOException {
    byte[] header = new byte[HEADER];
    int got = in.readNBytes(header, 0, 4);
    if (got == 0) {
      return null;
    }
    if (got < 4) {
      throw new EOFException("stream ended inside a message header");
    }
    int length = intAt(header, 0);
    if (length < HEADER || length > MAX_LENGTH) {
      throw new IOException("not a MongoDB wire message: length " + length);
    }
    byte[] bytes = new byte[length];
    System.arraycopy(header, 0, bytes, 0, 4);
    if (in.readNBytes(bytes, 4, length - 4) < length - 4) {
      throw new EOFException("stream ended inside a message of " + length + " bytes");
    }
    return new Frame(bytes);
  }

  /** Decodes a client message; opcodes other than OP_MSG and OP_QUERY get a name and an empty body. */
  static WireRequest request(int connection, Frame frame) {
    byte[] b = frame.bytes();
    return switch (frame.opCode()) {
      case OP_MSG -> {
        int end = b.length - ((frame.flags() & CHECKSUM_PRESENT) != 0 ? 4 : 0);
        BsonDocument body = new BsonDocument();
        Map<String, List<BsonDocument>> sequences = new LinkedHashMap<>();
        int pos = HEADER + 4;
        while (pos < end) {
          int kind = b[pos++];
          if (kind == 0) {
            int size = intAt(b, pos);
            body = document(b, pos, size);
            pos += size;
          } else if (kind == 1) {
            int size = intAt(b, pos);
            int sectionEnd = pos + size;
            int nameEnd = cstringEnd(b, pos + 4);
            String name = new String(b, pos + 4, nameEnd - pos - 4, StandardCharsets.UTF_8);
            List<BsonDocument> docs = new ArrayList<>();
            for (int p = nameEnd + 1; p < sectionEnd;) {
              int docSize = intAt(b, p);
              docs.add(document(b, p, docSize));
              p += docSize;
            }
            sequences.put(name, List.copyOf(docs));
            pos = sectionEnd;
          } else {
            throw new IllegalArgumentException("OP_MSG section kind " + kind + " is not 0 or 1");
          }
        }
        yield new WireRequest(connection, frame.requestId(), firstKey(body), body, sequences, false,
            frame.moreToCome());
      }
      case OP_QUERY -> {
        int pos = cstringEnd(b, HEADER + 4) + 1 + 8; // flags, fullCollectionName, numberToSkip, numberToReturn
        BsonDocument query = document(b, pos, intAt(b, pos));
        if (query.isDocument("$query")) {
          query = query.getDocument("$query");
        }
        yield new WireRequest(connection, frame.requestId(), firstKey(query), query, Map.of(), true, false);
      }
      default -> new WireRequest(connection, frame.requestId(), "opcode-" + frame.opCode(), new BsonDocument(),
          Map.of(), false, false);
    };
  }

  /** The reply document of an OP_MSG (section kind 0) or OP_REPLY (first document); null for anything else. */
  static BsonDocument replyBody(Frame frame) {
    byte[] b = frame.bytes();
    return switch (frame.opCode()) {
      case OP_MSG -> {
        int end = b.length - ((frame.flags() & CHECKSUM_PRESENT) != 0 ? 4 : 0);
        int pos = HEADER + 4;
        while (pos < end) {
          int kind = b[pos++];
          int size = intAt(b, pos);
          if (kind == 0) {
            yield document(b, pos, size);
          }
          pos += size;
        }
        yield null;
      }
      // responseFlags int32, cursorID int64, startingFrom int32, numberReturned int32, then the documents
      case OP_REPLY -> intAt(b, HEADER + 16) > 0 ? document(b, HEADER + 20, intAt(b, HEADER + 20)) : null;
      default -> null;
    };
  }

  /** {@code document} in place of the reply {@code original}: same ids, same flags except the checksum. */
  static byte[] replaced(Frame original, BsonDocument document) {
    if (original.opCode() == OP_REPLY) {
      return opReply(original.requestId(), original.responseTo(), intAt(original.bytes(), HEADER), document);
    }
    return opMsg(original.requestId(), original.responseTo(), original.flags() & ~CHECKSUM_PRESENT, document);
  }

  /** A reply to {@code request} in the form the client expects for it (OP_REPLY for OP_QUERY, else OP_MSG). */
  static byte[] answer(Frame request, int requestId, BsonDocument document) {
    return request.opCode() == OP_QUERY ? opReply(requestId, request.requestId(), 0, document)
        : opMsg(requestId, request.requestId(), 0, document);
  }

  private static byte[] opMsg(int requestId, int responseTo, int flags, BsonDocument document) {
    byte[] doc = bson(document);
    ByteBuffer out = header(HEADER + 4 + 1 + doc.length, requestId, responseTo, OP_MSG);
    out.putInt(flags).put((byte) 0).put(doc);
    return out.array();
  }

  private static byte[] opReply(int requestId, int responseTo, int responseFlags, BsonDocument document) {
    byte[] doc = bson(document);
    ByteBuffer out = header(HEADER + 20 + doc.length, requestId, responseTo, OP_REPLY);
    out.putInt(responseFlags).putLong(0L).putInt(0).putInt(1).put(doc);
    return out.array();
  }

  private static ByteBuffer header(int length, int requestId, int responseTo, int opCode) {
    return ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN)
        .putInt(length).putInt(requestId).putInt(responseTo).putInt(opCode);
  }

  private static byte[] bson(BsonDocument document) {
    BasicOutputBuffer buffer = new BasicOutputBuffer();
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      CODEC.encode(writer, document, EncoderContext.builder().build());
    }
    return buffer.toByteArray();
  }

  private static BsonDocument document(byte[] b, int offset, int size) {
    return new RawBsonDocument(b, offset, size).decode(CODEC);
  }

  private static String firstKey(BsonDocument body) {
    return body.isEmpty() ? "" : body.getFirstKey();
  }

  private static int cstringEnd(byte[] b, int from) {
    for (int i = from; i < b.length; i++) {
      if (b[i] == 0) {
        return i;
      }
    }
    throw new IllegalArgumentException("unterminated cstring in a wire message");
  }

  static int intAt(byte[] b, int offset) {
    return (b[offset] & 0xff) | (b[offset + 1] & 0xff) << 8 | (b[offset + 2] & 0xff) << 16
        | (b[offset + 3] & 0xff) << 24;
  }
}
