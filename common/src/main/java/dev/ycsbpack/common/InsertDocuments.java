package dev.ycsbpack.common;

/**
 * The {@code [INSERT-DOCUMENTS]} section the MongoDB binding adds to YCSB's measurements when it batches inserts:
 * how many documents YCSB counted as inserted, and what became of them (acknowledged, not acknowledged, fate unknown,
 * sent with w=0). The launcher's verdict reads it back, so a batch that failed after its documents were counted as
 * {@code BATCHED_OK} fails the run.
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
  /**
   * Documents YCSB counted as inserted that the server did not store (refused, or never sent):
   * {@code Counted = Acknowledged + NotAcknowledged + FateUnknown} (+ {@code SentWithW0}).
   */
  public static final String NOT_ACKNOWLEDGED = "NotAcknowledged";
  /**
   * Documents YCSB counted as inserted whose fate the run never learnt: sent in a batch that got no answer (a read
   * timeout, a lost connection) and not sent again, so the server may or may not have stored them. Written only when
   * not 0. Like the document of an insert YCSB counted as failed for such an error, each may still be stored.
   */
  public static final String FATE_UNKNOWN = "FateUnknown";
  /**
   * In status lines only: documents counted but not yet settled (buffered, or in a batch awaiting its answer); at the
   * end of the run any left are {@link #FATE_UNKNOWN}.
   */
  public static final String PENDING = "Pending";
  /** Documents sent with {@code w=0}: the server acknowledges nothing, so they are neither of the above. */
  public static final String SENT_WITHOUT_ACKNOWLEDGEMENT = "SentWithW0";

  private InsertDocuments() {
  }
}
