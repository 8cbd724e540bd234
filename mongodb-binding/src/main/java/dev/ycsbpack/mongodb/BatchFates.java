package dev.ycsbpack.mongodb;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.client.MongoCollection;
import dev.ycsbpack.mongodb.wire.Documents;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import site.ycsb.Status;

/**
 * What became of each document of a failed batch: the server stored it, refused it, or its fate is unknown.
 *
 * <p>An unordered {@code insertMany} that fails with per-document write errors
 * ({@link MongoBulkWriteException#getWriteErrors()}, each naming the index of its document in the batch) stored every
 * other document. Any other failure (socket error, timeout, server gone, write concern not satisfied) says nothing
 * per document: each may or may not have been stored, so each is {@link Kind#UNKNOWN} and must be sent again.
 *
 * <p>Sending again is safe because {@code _id} is the YCSB key: a document that was stored is refused with a
 * duplicate-key error the second time. That error alone does not prove the document is ours (another writer may have
 * stored the same key), so for a document sent before with an unknown fate the stored document is read back and
 * compared field by field: equal means the earlier send stored it ({@link Kind#STORED}); different means the key
 * was taken by someone else ({@link Kind#REFUSED}); a failed read leaves it {@link Kind#UNKNOWN}. YCSB's field
 * values are random bytes, so an equal document written by someone else is not a case to plan for.
 */
final class BatchFates {
  /** The three outcomes a document of a sent batch can have. */
  enum Kind {
    STORED, REFUSED, UNKNOWN
  }

  /** One document's outcome; {@code refusal} is the status its insert would get when refused, else null. */
  record Fate(Kind kind, Status refusal) {
    static final Fate STORED = new Fate(Kind.STORED, null);
    static final Fate UNKNOWN = new Fate(Kind.UNKNOWN, null);
  }

  private BatchFates() {
  }

  /** Every document stored: the batch succeeded. */
  static List<Fate> allStored(int size) {
    return filled(size, Fate.STORED);
  }

  /**
   * The fates of the documents of {@code batch}, which failed with {@code failure}.
   *
   * @param sentBefore ids of documents sent before with an unknown fate
   * @param collection where the batch went, to read back documents refused as duplicates of an earlier send
   */
  static List<Fate> of(Exception failure, List<BsonDocument> batch, Predicate<BsonValue> sentBefore,
      MongoCollection<BsonDocument> collection) {
    if (!(failure instanceof MongoBulkWriteException bulk)) {
      return filled(batch.size(), Fate.UNKNOWN);
    }
    // Without a write concern error the documents without a write error are stored; with one they were applied on
    // the primary but not confirmed, which is no better than unknown.
    Fate withoutError = bulk.getWriteConcernError() == null ? Fate.STORED : Fate.UNKNOWN;
    List<Fate> fates = filled(batch.size(), withoutError);
    Map<BsonValue, Integer> duplicatesOfEarlierSends = new HashMap<>();
    for (BulkWriteError error : bulk.getWriteErrors()) {
      int i = error.getIndex();
      if (i < 0 || i >= batch.size()) {
        return filled(batch.size(), Fate.UNKNOWN); // a reply we cannot map onto the batch proves nothing
      }
      boolean duplicate = error.getCategory() == ErrorCategory.DUPLICATE_KEY;
      BsonValue id = batch.get(i).get(Documents.ID);
      if (duplicate && sentBefore.test(id)) {
        duplicatesOfEarlierSends.put(id, i);
        fates.set(i, Fate.UNKNOWN);
      } else {
        fates.set(i, new Fate(Kind.REFUSED, duplicate ? Failures.DUPLICATE_KEY : Status.ERROR));
      }
    }
    if (!duplicatesOfEarlierSends.isEmpty()) {
      compareStored(batch, duplicatesOfEarlierSends, collection, fates);
    }
    return fates;
  }

  /** Reads back the documents whose key was taken, and says whose they are. */
  private static void compareStored(List<BsonDocument> batch, Map<BsonValue, Integer> byId,
      MongoCollection<BsonDocument> collection, List<Fate> fates) {
    List<BsonDocument> stored = new ArrayList<>();
    try {
      collection.find(new BsonDocument(Documents.ID, new BsonDocument("$in", new BsonArray(new ArrayList<>(
          byId.keySet()))))).into(stored);
    } catch (RuntimeException e) {
      return; // still unknown: they are sent (and compared) again
    }
    for (BsonDocument found : stored) {
      Integer i = byId.get(found.get(Documents.ID));
      if (i != null) {
        fates.set(i, found.equals(batch.get(i)) ? Fate.STORED : new Fate(Kind.REFUSED, Failures.DUPLICATE_KEY));
      }
    }
  }

  private static List<Fate> filled(int size, Fate fate) {
    Fate[] all = new Fate[size];
    Arrays.fill(all, fate);
    return new ArrayList<>(Arrays.asList(all));
  }
}
