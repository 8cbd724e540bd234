package dev.ycsbpack.launcher;

import dev.ycsbpack.common.ClientShare;
import java.util.Properties;
import site.ycsb.WorkloadException;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's {@code CoreWorkload} for one of several clients run together (the coordinator sets it): run-phase inserts of
 * different clients get disjoint keys, and everything else is unchanged.
 *
 * <p>Why it is needed: YCSB 0.17 starts every process's run-phase insert sequence at {@code recordcount}
 * ({@code AcknowledgedCounterGenerator(recordcount)}), whatever {@code insertstart} says, so two clients insert the
 * same keys and collide. Here key numbers below {@code recordcount} (the loaded records, read by every client as by a
 * single one) map to themselves, and the n-th key number at or above it maps to
 * {@code recordcount + n * clients + index}: client {@code index} owns every {@code clients}-th new key. Each client's
 * key choosers keep working on its own dense sequence, so reads of recent inserts ({@code latest}, {@code zipfian}
 * with inserts) find the keys this client inserted and acknowledged, exactly as a single client would.
 *
 * <p>{@code zipfian} sizes its scrambled key space as {@code recordcount} plus twice the expected inserts, from
 * {@code operationcount}; the scramble ({@code hash(rank) % size}) moves every hot key when the size changes. Sized
 * from each client's share, clients with different shares would have different hot sets, all unlike a single
 * client's. So the key choosers are built from the run's total {@link #TOTAL_OPERATIONS}: every client has the hot
 * set a single client running the whole run would have.
 */
public class MultiClientWorkload extends CoreWorkload {
  /** This client's position among the clients of the run, from 0. */
  public static final String INDEX = ClientShare.INDEX;
  /** How many clients run together. */
  public static final String COUNT = ClientShare.COUNT;
  /** The whole run's {@code operationcount}, of which this client runs its share. */
  public static final String TOTAL_OPERATIONS = ClientShare.TOTAL_OPERATIONS;

  private long firstNewKey;
  private long clients;
  private long index;

  @Override
  public void init(Properties p) throws WorkloadException {
    super.init(withTotalOperations(p));
    try {
      clients = Long.parseLong(p.getProperty(COUNT, "1").trim());
      index = Long.parseLong(p.getProperty(INDEX, "0").trim());
    } catch (NumberFormatException e) {
      throw new WorkloadException(INDEX + " and " + COUNT + " must be whole numbers: " + e.getMessage());
    }
    if (clients < 1 || index < 0 || index >= clients) {
      throw new WorkloadException(INDEX + "=" + index + " must be from 0 to " + COUNT + "-1 (" + COUNT + "=" + clients
          + ")");
    }
    firstNewKey = recordcount;
  }

  /** {@code p} with {@code operationcount} the run's total, for the key choosers' sizes (see the class comment). */
  private static Properties withTotalOperations(Properties p) {
    String total = p.getProperty(TOTAL_OPERATIONS);
    if (total == null) {
      return p;
    }
    Properties whole = new Properties();
    for (String name : p.stringPropertyNames()) {
      whole.setProperty(name, p.getProperty(name));
    }
    whole.setProperty("operationcount", total);
    return whole;
  }

  @Override
  protected String buildKeyName(long keynum) {
    return super.buildKeyName(keynum < firstNewKey ? keynum : firstNewKey + (keynum - firstNewKey) * clients + index);
  }
}
