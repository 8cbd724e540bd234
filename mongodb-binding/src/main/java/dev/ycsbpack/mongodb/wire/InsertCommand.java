package dev.ycsbpack.mongodb.wire;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoWriteConcernException;
import com.mongodb.ServerAddress;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.bulk.BulkWriteResult;
import com.mongodb.bulk.WriteConcernError;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.RawBsonDocument;
import org.bson.io.BasicOutputBuffer;

/**
 * A batch of inserts sent as the {@code insert} command the driver's unordered {@code insertMany} sends
 * ({@code {insert, ordered: false, writeConcern, txnNumber, documents: [...]}}), written as one block of BSON bytes
 * (the documents' bytes copied in as they are) and run with {@code runCommand}; its reply read by
 * {@link WriteReply.Codec}.
 *
 * <p>Why: the driver's insertMany builds a write request per document and writes each document field by field
 * through its checking writer inside its bulk-write machinery, whose code the JIT keeps compiling through a run. With
 * the command as one block the client's CPU per document of a batched load fell by 10-20% (docs/PERFORMANCE.md,
 * issue 19, round 5), most of it compilation.
 *
 * <p>What insertMany does and runCommand does not, the binding does: a batch too large for one command (more documents
 * or bytes than the server announces, {@link WriteLimits}; {@link #size}) goes to insertMany, which splits it;
 * retryable writes as for updates ({@link CommandWrites}); and per-document write errors and a write concern error in
 * an {@code ok: 1} reply become the driver's {@link MongoBulkWriteException}, as insertMany reports them, so the
 * batch's fates ({@link BatchFates}) and statuses are those of the driver's path.
 */
final class InsertCommand {
  /** Room for the command's own fields around the documents. */
  private static final int HEAD_ROOM = 512;

  /** What {@link #size} says of a batch one command cannot hold. */
  static final int DOES_NOT_FIT = -1;
  /**
   * Most documents {@link #size}'s 8 bytes per array element cover (type byte, index name up to 6 digits, NUL); no
   * server announces more than MongoDB's 100,000, and a batch over it would go to insertMany.
   */
  private static final int MAX_INDEXED = 999_999;

  /*
   * The command's element heads (type byte and name) as bytes, made once: the per-batch code is then copies, smaller
   * for the JIT to compile than writing each name character by character (a short load pays its compilation in full).
   */
  private static final byte[] INSERT = element(BsonType.STRING, "insert");
  /** {@code ordered: false}, value included (the byte added: 0, false). */
  private static final byte[] UNORDERED = withFalse(element(BsonType.BOOLEAN, "ordered"));
  private static final byte[] WRITE_CONCERN = element(BsonType.DOCUMENT, "writeConcern");
  private static final byte[] TXN_NUMBER = element(BsonType.INT64, "txnNumber");
  private static final byte[] DOCUMENTS = element(BsonType.ARRAY, "documents");
  /** The heads of the array's first elements, a document each named by its index: batches up to 1,000. */
  private static final byte[][] INDEXES = new byte[1_000][];

  static {
    for (int i = 0; i < INDEXES.length; i++) {
      INDEXES[i] = element(BsonType.DOCUMENT, Integer.toString(i));
    }
  }

  private InsertCommand() {
  }

  /**
   * The bytes the command for {@code documents} into {@code table} takes at most besides its write concern document
   * (which {@link #command} adds to it), or {@link #DOES_NOT_FIT} when they do not fit one command within the server's
   * {@code limits} (too many, too large in all, or one not yet in bytes): the caller then sends them with the driver's
   * insertMany, which splits them by the same limits. (The server takes a command up to 16 KiB over
   * maxBsonObjectSize, for what the driver adds: {@code $db}, {@code lsid}, {@code $clusterTime}, and a write concern.)
   */
  static int size(String table, List<? extends BsonDocument> documents, WriteLimits limits) {
    if (documents.size() > Math.min(limits.maxDocuments(), MAX_INDEXED)) {
      return DOES_NOT_FIT;
    }
    long bytes = HEAD_ROOM + table.length() * 3L;
    for (BsonDocument d : documents) {
      if (!(d instanceof RawBsonDocument raw)) {
        return DOES_NOT_FIT;
      }
      bytes += raw.getByteBuffer().remaining() + 8; // the element's type byte and its index as a name
      if (bytes > limits.maxCommandBytes()) {
        return DOES_NOT_FIT;
      }
    }
    return (int) bytes;
  }

  /**
   * The command for {@code documents} into {@code table}, {@code size} their {@link #size} (not {@link #DOES_NOT_FIT});
   * {@code writeConcern} null for the server's default (the driver then sends none), {@code txnNumber} null when the
   * write is not retryable.
   */
  static RawBsonDocument command(String table, List<? extends BsonDocument> documents, int size,
      RawBsonDocument writeConcern, Long txnNumber) {
    int concern = writeConcern == null ? 0 : writeConcern.getByteBuffer().remaining();
    BasicOutputBuffer out = new BasicOutputBuffer(size + concern);
    out.writeInt32(0); // the length, known at the end
    out.writeBytes(INSERT);
    out.writeString(table);
    out.writeBytes(UNORDERED);
    if (writeConcern != null) {
      out.writeBytes(WRITE_CONCERN);
      copy(writeConcern, out);
    }
    if (txnNumber != null) {
      out.writeBytes(TXN_NUMBER);
      out.writeInt64(txnNumber);
    }
    out.writeBytes(DOCUMENTS);
    int array = out.getPosition();
    out.writeInt32(0);
    for (int i = 0; i < documents.size(); i++) {
      out.writeBytes(i < INDEXES.length ? INDEXES[i] : element(BsonType.DOCUMENT, Integer.toString(i)));
      copy((RawBsonDocument) documents.get(i), out);
    }
    out.writeByte(0);
    out.writeInt32(array, out.getPosition() - array);
    out.writeByte(0);
    out.writeInt32(0, out.getPosition());
    return new RawBsonDocument(out.getInternalBuffer(), 0, out.getPosition());
  }

  private static byte[] withFalse(byte[] head) {
    return Arrays.copyOf(head, head.length + 1);
  }

  private static byte[] element(BsonType type, String name) {
    BasicOutputBuffer out = new BasicOutputBuffer(name.length() + 2);
    out.writeByte(type.getValue());
    out.writeCString(name);
    return out.toByteArray();
  }

  private static void copy(RawBsonDocument document, BasicOutputBuffer out) {
    ByteBuffer bytes = document.getByteBuffer().asNIO();
    out.write(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
  }

  /**
   * The driver's exception for a reply that is not {@link WriteReply#clean() clean}, as its insertMany throws it: a
   * {@link MongoBulkWriteException} with every write error (index, code, message, details) and the write concern
   * error; its inserted count is the reply's {@code n}. {@code server}: where the reply came from, as far as known.
   */
  static MongoBulkWriteException failure(WriteReply reply, ServerAddress server) {
    List<BulkWriteError> errors = new ArrayList<>(reply.writeErrors().size());
    for (BsonDocument e : reply.writeErrors()) {
      int index = e.isNumber("index") ? e.getNumber("index").intValue() : -1;
      errors.add(new BulkWriteError(WriteReply.code(e), WriteReply.text(e, "errmsg"),
          e.getDocument("errInfo", new BsonDocument()), index));
    }
    WriteConcernError concern = null;
    Set<String> labels = new HashSet<>(reply.labels());
    if (reply.writeConcernError() != null) {
      MongoWriteConcernException asDriver = reply.writeConcernFailure(server);
      concern = asDriver.getWriteConcernError();
      labels.addAll(asDriver.getErrorLabels());
    }
    BulkWriteResult result = BulkWriteResult.acknowledged(Math.max(0, reply.n()), 0, 0, 0, List.of(), List.of());
    return new MongoBulkWriteException(result, errors, concern, server, labels);
  }
}
