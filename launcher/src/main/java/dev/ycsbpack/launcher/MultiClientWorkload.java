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
 * ({@code AcknowledgedCounterGenerator(recordcount)}), whatever {@code insertstart} says, so two clients insert the same
 * keys and collide. Here key numbers below {@code recordcount} (the loaded records, read by every client as by a
 * single one) map to themselves, and the n-th key number at or above it maps to
 * {@code recordcount + n * clients + index}: client {@code index} owns every {@code clients}-th new key. Each client's
 * key choosers keep working on its own dense sequence, so reads of recent inserts ({@code latest}, {@code zipfian}
 * with inserts) find the keys this client inserted and acknowledged, exactly as a single client would.
 */
public class MultiClientWorkload extends CoreWorkload {
  /** This client's position among the clients of the run, from 0. */
  public static final String INDEX = ClientShare.INDEX;
  /** How many clients run together. */
  public static final String COUNT = ClientShare.COUNT;

  private long firstNewKey;
  private long clients;
  private long index;

  @Override
  public void init(Properties p) throws WorkloadException {
    super.init(p);
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

  @Override
  protected String buildKeyName(long keynum) {
    return super.buildKeyName(keynum < firstNewKey ? keynum : firstNewKey + (keynum - firstNewKey) * clients + index);
  }
}
