package dev.ycsbpack.mongodb;

import dev.ycsbpack.mongodb.wire.Documents;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * One client thread's pending inserts for batched loading, and what it must remember to send a failed batch again.
 *
 * <p>YCSB has no batch API, so the binding buffers inserts and sends them as one unordered
 * {@code insertMany} when the buffer is full, when the table changes, and in {@code cleanup()} for the last
 * partial batch (upstream YCSB drops that remainder, losing up to batchsize-1 documents per thread).
 *
 * <p>After a failed batch, its documents whose fate is unknown ({@link BatchFates}) go back into the buffer and are
 * sent with the next batch; their ids are remembered as <em>unsure</em>, so a duplicate-key error on the re-send is
 * checked against the stored document instead of being counted as a failure. The insert that sent the batch is
 * YCSB's to retry, not the buffer's: its document is kept aside, because YCSB retries with the same field iterators,
 * which the first attempt has already read to the end.
 */
final class InsertBuffer {
  private final int capacity;
  private final List<BsonDocument> documents;
  private final Set<BsonValue> unsure = new HashSet<>();
  private String table;
  /** The document of the last insert whose batch failed with an unknown fate, for YCSB's retry of that insert. */
  private BsonDocument unsureTrigger;

  InsertBuffer(int capacity) {
    this.capacity = capacity;
    this.documents = new ArrayList<>(capacity);
  }

  /** True when the caller must flush before adding a document for {@code forTable}. */
  boolean mustFlushBefore(String forTable) {
    return !documents.isEmpty() && !forTable.equals(table);
  }

  /**
   * The document to insert for {@code key}: the one sent before when this is YCSB retrying the insert whose batch
   * failed with an unknown fate, else null (build it from the values). Any other key ends that retry.
   */
  BsonDocument retried(String key) {
    BsonDocument trigger = unsureTrigger;
    if (trigger == null) {
      return null;
    }
    unsureTrigger = null;
    if (trigger.getString(Documents.ID).getValue().equals(key)) {
      return trigger;
    }
    unsure.remove(trigger.get(Documents.ID));
    return null;
  }

  /** Adds the document; returns true when the buffer is now full and must be flushed. */
  boolean add(String forTable, BsonDocument document) {
    table = forTable;
    documents.add(document);
    return documents.size() >= capacity;
  }

  boolean isEmpty() {
    return documents.isEmpty();
  }

  String table() {
    return table;
  }

  /** Hands the pending documents over and empties the buffer. */
  List<BsonDocument> drain() {
    List<BsonDocument> batch = new ArrayList<>(documents);
    documents.clear();
    return batch;
  }

  /** True when a document with this id was sent before and its fate is unknown. */
  boolean isUnsure(BsonValue id) {
    return unsure.contains(id);
  }

  /** The document was sent and its fate is unknown: it goes back into the buffer, to be sent again. */
  void sendAgain(String forTable, BsonDocument document) {
    unsure.add(document.get(Documents.ID));
    table = forTable;
    documents.add(document);
  }

  /**
   * Takes out of the buffer the documents sent before whose fate is unknown (they stay unsure), for a thread that may
   * not send them again: the buffer keeps only documents never sent.
   *
   * @return how many were taken out
   */
  int setAsideUnsure() {
    if (unsure.isEmpty()) {
      return 0;
    }
    int before = documents.size();
    documents.removeIf(d -> unsure.contains(d.get(Documents.ID)));
    return before - documents.size();
  }

  /** The insert that sent the batch failed with an unknown fate: its document waits for YCSB's retry. */
  void awaitRetry(BsonDocument document) {
    unsure.add(document.get(Documents.ID));
    unsureTrigger = document;
  }

  /**
   * The document's fate is known now. Its id is read only while some document is unsure (after a failed batch):
   * finding {@code _id} in a {@link org.bson.RawBsonDocument} parses its bytes, 4% of a batched load's client CPU
   * when done for every stored document (JFR, docs/PERFORMANCE.md).
   */
  void settled(BsonDocument document) {
    if (!unsure.isEmpty()) {
      unsure.remove(document.get(Documents.ID));
    }
  }
}
