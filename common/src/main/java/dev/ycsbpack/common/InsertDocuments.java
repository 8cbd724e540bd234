package dev.ycsbpack.common;

/**
 * The {@code [INSERT-DOCUMENTS]} section the MongoDB binding adds to YCSB's measurements when it batches inserts:
 * how many documents YCSB counted as inserted, and how many of them the server acknowledged. The launcher's verdict
 * reads it back, so a batch that failed after its documents were counted as {@code BATCHED_OK} fails the run.
 */
public final class InsertDocuments {
  /** The section name, {@code [INSERT-DOCUMENTS]}. */
  public static final String SECTION = "INSERT-DOCUMENTS";
  /**
   * The latency section of the batches themselves ({@code [INSERT-BATCH]}, one value per {@code insertMany}). It
   * is a measurement beside YCSB's operations, not one of them: the documents are counted under {@code INSERT}, so
   * totals of operations and throughput must leave it out.
   */
  public static final String BATCH_SECTION = "INSERT-BATCH";
  /** Inserts the binding returned {@code OK} or {@code BATCHED_OK} for: what YCSB counts as done. */
  public static final String COUNTED = "Counted";
  /** Documents the server acknowledged as stored (inserted; with upserts matched or upserted). */
  public static final String ACKNOWLEDGED = "Acknowledged";
  /** Documents YCSB counted as inserted that the server did not store: {@code Counted = Acknowledged + NotAcknowledged}. */
  public static final String NOT_ACKNOWLEDGED = "NotAcknowledged";
  /** Documents sent with {@code w=0}: the server acknowledges nothing, so they are neither of the above. */
  public static final String SENT_WITHOUT_ACKNOWLEDGEMENT = "SentWithW0";

  private InsertDocuments() {
  }
}
