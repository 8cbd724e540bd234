package dev.ycsbpack.experiment.wc;

import com.mongodb.MongoException;
import com.mongodb.MongoServerException;
import com.mongodb.MongoWriteConcernException;
import com.mongodb.WriteConcern;
import com.mongodb.bulk.WriteConcernError;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import dev.ycsbpack.common.Polling;
import dev.ycsbpack.experiment.run.RecordCount;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.bson.types.ObjectId;

/**
 * One write under a cell's write concern before the cell runs, into a scratch collection dropped after (a refused
 * {@code ok:1} write is still applied on the primary, research experiments.md §2), never the measured one. The
 * server's refusal (code 100 UnsatisfiableWriteConcern, 79 UnknownReplWriteConcern, 2 BadValue, 64 a timeout) is the
 * cell's "not run" reason, quoted with its code and name.
 */
public final class WriteConcernProbe {
  /** The scratch collection, in the binding's database. */
  public static final String COLLECTION = "ycsb_experiment_wc_probe";
  /** A cell without its own wtimeout is probed with this one, so an unreachable w never makes the probe wait. */
  static final long PROBE_WTIMEOUT_MS = 5_000;
  /** How long an unacknowledged probe write may take to become visible. */
  private static final long UNACKNOWLEDGED_WAIT_MS = 5_000;

  private WriteConcernProbe() {
  }

  /**
   * Why the deployment at {@code properties}' URL cannot run {@code cell}, or empty when the probe write succeeded
   * (for w=0, when it became visible to an acknowledged read: a w=0 write gets no answer, refused or not).
   */
  public static Optional<String> notRun(Map<String, String> properties, WriteConcernCell cell) {
    WriteConcern wc = cell.writeConcern();
    if (cell.acknowledged() && cell.wtimeout() == null) {
      wc = wc.withWTimeout(PROBE_WTIMEOUT_MS, TimeUnit.MILLISECONDS);
    }
    try (MongoClient client = RecordCount.client(properties)) {
      MongoCollection<Document> probe = client.getDatabase(RecordCount.database(properties)).getCollection(COLLECTION)
          .withWriteConcern(WriteConcern.W1);
      ObjectId id = new ObjectId();
      try {
        probe.withWriteConcern(wc).insertOne(new Document("_id", id).append("writeConcern", cell.label()));
        if (!cell.acknowledged() && !visible(probe, id)) {
          return Optional.of("the server gave no answer (w=0 is never answered) and the probe write was not there "
              + UNACKNOWLEDGED_WAIT_MS / 1000 + " s later: this deployment does not apply unacknowledged writes");
        }
        return Optional.empty();
      } catch (MongoWriteConcernException e) {
        WriteConcernError w = e.getWriteConcernError();
        return Optional.of(refused(w.getCode(), w.getCodeName(), w.getMessage()));
      } catch (MongoServerException e) {
        return Optional.of(refused(e.getCode(), e.getErrorCodeName(), e.getMessage()));
      } catch (MongoException e) {
        return Optional.of("the probe write failed without a server answer (" + e.getClass().getSimpleName() + "): "
            + e.getMessage());
      } finally {
        drop(probe);
      }
    }
  }

  private static String refused(int code, String codeName, String message) {
    return "the server refused the probe write: code " + code + (codeName == null || codeName.isEmpty() ? ""
        : " " + codeName) + ": " + message;
  }

  private static boolean visible(MongoCollection<Document> probe, ObjectId id) {
    return Polling.holds(UNACKNOWLEDGED_WAIT_MS, 100, () -> probe.countDocuments(Filters.eq("_id", id)) > 0);
  }

  private static void drop(MongoCollection<Document> probe) {
    try {
      probe.drop();
    } catch (MongoException e) {
      // the probe's answer stands; a scratch collection left behind holds one small document per probe
    }
  }
}
