package dev.ycsbpack.common;

/**
 * The {@code [INSERT-DOCUMENTS]} section the MongoDB binding adds to YCSB's measurements when it batches inserts:
 * how many documents YCSB counted as inserted, and how many of them the server acknowledged. The launcher's verdict
 * reads it back, so a batch that failed after its documents were counted as {@code BATCHED_OK} fails the run.
 */
public final class InsertDocuments {
  /** The section name, {@code [INSERT-DOCUMENTS]}. */
  public static final String SECTION = "INSERT-DOCUMENTS";
  /** Inserts the binding returned {@code OK} or {@code BATCHED_OK} for: what YCSB counts as done. */
  public static final String COUNTED = "Counted";
  /** Documents the server acknowledged as stored (inserted; with upserts matched or upserted). */
  public static final String ACKNOWLEDGED = "Acknowledged";
  /** Documents buffered and sent (or left unsent) without the server acknowledging them. */
  public static final String NOT_ACKNOWLEDGED = "NotAcknowledged";
  /** Documents sent with {@code w=0}: the server acknowledges nothing, so they are neither of the above. */
  public static final String SENT_WITHOUT_ACKNOWLEDGEMENT = "SentWithW0";

  private InsertDocuments() {
  }
}
