package dev.ycsbpack.mongodb;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;

/**
 * One client thread's pending inserts for batched loading.
 *
 * <p>YCSB has no batch API, so the binding buffers inserts and sends them as one unordered
 * {@code insertMany} when the buffer is full, when the table changes, and in {@code cleanup()} for the last
 * partial batch (upstream YCSB drops that remainder, losing up to batchsize-1 documents per thread).
 */
final class InsertBuffer {
  private final int capacity;
  private final List<BsonDocument> documents;
  private String table;

  InsertBuffer(int capacity) {
    this.capacity = capacity;
    this.documents = new ArrayList<>(capacity);
  }

  /** True when the caller must flush before adding a document for {@code forTable}. */
  boolean mustFlushBefore(String forTable) {
    return !documents.isEmpty() && !forTable.equals(table);
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
}
