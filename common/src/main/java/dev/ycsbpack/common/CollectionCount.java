package dev.ycsbpack.common;

import java.util.Map;
import java.util.Optional;

/**
 * What one client's binding counted in the measured collection, recorded in its folder's
 * {@code environment.properties}: the documents before its phase (counted before YCSB starts), the new documents it
 * stored and the server acknowledged, and the documents after its phase (counted once all its threads finished).
 * A coordinated run checks the clients' counts together ({@code collection.documents.*}).
 *
 * @param collection {@code database.collection}
 * @param before     documents in the collection before the phase
 * @param inserted   new documents this client stored, acknowledged by the server
 * @param after      documents in the collection after this client's phase
 */
public record CollectionCount(String collection, long before, long inserted, long after) {
  public static final String COLLECTION = "collection";
  public static final String BEFORE = "collection.documents.before";
  public static final String INSERTED = "collection.documents.inserted";
  public static final String AFTER = "collection.documents.after";

  /** The counts of an environment record, empty when it lacks any of them (another binding, upserts, a failure). */
  public static Optional<CollectionCount> of(Map<String, String> environment) {
    try {
      String collection = environment.get(COLLECTION);
      String before = environment.get(BEFORE);
      String inserted = environment.get(INSERTED);
      String after = environment.get(AFTER);
      if (collection == null || before == null || inserted == null || after == null) {
        return Optional.empty();
      }
      return Optional.of(new CollectionCount(collection, Long.parseLong(before.trim()), Long.parseLong(inserted.trim()),
          Long.parseLong(after.trim())));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
