package dev.ycsbpack.mongodb.wire;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoDatabase;
import com.mongodb.connection.ConnectionDescription;
import com.mongodb.connection.ServerDescription;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/**
 * The most one write command may carry, as the server announces it in its {@code hello} reply: documents
 * ({@code maxWriteBatchSize}) and bytes of one BSON document, the command itself included
 * ({@code maxBsonObjectSize}). The driver splits its own batches by these; a batch the binding sends as one
 * {@link InsertCommand} must fit them, or go to the driver's insertMany, which splits it.
 *
 * <p>Why announced and not fixed: MongoDB from 3.6 announces 100,000 documents and 16 MiB, but servers that speak its
 * protocol may announce less (mongo-java-server announces 1,000 documents), and a command over the limit is refused
 * where the driver's split batches would have gone through.
 *
 * @param maxDocuments    documents in one write command
 * @param maxCommandBytes bytes of one command document
 */
public record WriteLimits(int maxDocuments, int maxCommandBytes) {
  /** What the driver assumes of a server that announces no limits (512 documents, 16 MiB), and so does the binding. */
  public static final WriteLimits UNANNOUNCED = new WriteLimits(ConnectionDescription.getDefaultMaxWriteBatchSize(),
      ServerDescription.getDefaultMaxDocumentSize());

  /**
   * The server's announcement: {@code hello}, or {@code isMaster} for a server before 4.4.2 that has no hello; on a
   * sharded cluster one mongos's, taken for all (MongoDB's are the same everywhere). When neither answers, what the
   * driver assumes: null here, {@link #UNANNOUNCED} for the caller to use (a batch over it then takes the driver's
   * path, which is slower, not wrong), and to say so.
   */
  public static WriteLimits of(MongoDatabase admin) {
    BsonDocument hello;
    try {
      hello = admin.runCommand(new BsonDocument("hello", new BsonInt32(1)), BsonDocument.class);
    } catch (MongoCommandException e) {
      try {
        hello = admin.runCommand(new BsonDocument("isMaster", new BsonInt32(1)), BsonDocument.class);
      } catch (RuntimeException refused) {
        return null;
      }
    } catch (RuntimeException e) {
      return null; // as EffectiveConcerns: what the server would not say is not a reason to stop the run
    }
    return from(hello);
  }

  /** The limits a {@code hello} reply announces; one it leaves out (or gives as no positive number) as unannounced. */
  static WriteLimits from(BsonDocument hello) {
    return new WriteLimits(positive(hello, "maxWriteBatchSize", UNANNOUNCED.maxDocuments),
        positive(hello, "maxBsonObjectSize", UNANNOUNCED.maxCommandBytes));
  }

  private static int positive(BsonDocument hello, String field, int otherwise) {
    if (!hello.isNumber(field)) {
      return otherwise;
    }
    long value = hello.getNumber(field).longValue();
    return value > 0 ? (int) Math.min(value, Integer.MAX_VALUE) : otherwise;
  }
}
