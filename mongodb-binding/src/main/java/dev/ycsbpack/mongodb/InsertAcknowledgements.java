package dev.ycsbpack.mongodb;

import dev.ycsbpack.common.InsertDocuments;
import java.io.IOException;
import java.lang.reflect.Field;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * The run's batched-insert document counts, exported by YCSB's own exporter as the {@code [INSERT-DOCUMENTS]}
 * section ({@code [INSERT-DOCUMENTS], Acknowledged, 4400}), in the text output, the export file and the JSON alike.
 *
 * <p>YCSB 0.17.0 has no API for a custom measurement, so the section is registered in the measurement singleton's
 * map by reflection; its own {@code exportMeasurements} walks that map, and no latency histogram (nor HdrHistogram
 * log) is made for it.
 */
final class InsertAcknowledgements extends OneMeasurement {
  private final AtomicLong counted = new AtomicLong();
  private final AtomicLong acknowledged = new AtomicLong();
  private final AtomicLong notAcknowledged = new AtomicLong();
  private final AtomicLong sentWithW0 = new AtomicLong();

  private InsertAcknowledgements() {
    super(InsertDocuments.SECTION);
  }

  /**
   * The section of the current measurement singleton, registered on first use.
   *
   * @throws IllegalStateException when YCSB's measurements cannot take it (another YCSB version)
   */
  @SuppressWarnings("unchecked")
  static InsertAcknowledgements of(Measurements measurements) {
    try {
      Field f = Measurements.class.getDeclaredField("opToMesurementMap");
      f.setAccessible(true);
      ConcurrentHashMap<String, OneMeasurement> map = (ConcurrentHashMap<String, OneMeasurement>) f.get(measurements);
      OneMeasurement m = map.computeIfAbsent(InsertDocuments.SECTION, k -> new InsertAcknowledgements());
      if (m instanceof InsertAcknowledgements) {
        return (InsertAcknowledgements) m;
      }
      throw new IllegalStateException("the measurement " + InsertDocuments.SECTION + " is already taken");
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalStateException("cannot add the " + InsertDocuments.SECTION + " section to YCSB's measurements ("
          + e + ")", e);
    }
  }

  void counted() {
    counted.incrementAndGet();
  }

  void acknowledged(long n) {
    acknowledged.addAndGet(n);
  }

  void notAcknowledged(long n) {
    notAcknowledged.addAndGet(n);
  }

  void sentWithW0(long n) {
    sentWithW0.addAndGet(n);
  }

  long acknowledged() {
    return acknowledged.get();
  }

  long notAcknowledged() {
    return notAcknowledged.get();
  }

  long countedValue() {
    return counted.get();
  }

  /**
   * Documents counted but not settled: while the run goes on, buffered or in a batch awaiting its answer; once every
   * client thread has cleaned up, those whose fate is unknown ({@link InsertDocuments#FATE_UNKNOWN}). The counters are
   * read one by one, so a status line taken mid-flush may be off by that flush; never below 0.
   */
  long unsettled() {
    return Math.max(0, counted.get() - acknowledged.get() - notAcknowledged.get() - sentWithW0.get());
  }

  @Override
  public void measure(int latency) {
    // counts only: no latency
  }

  @Override
  public String getSummary() {
    return "[" + InsertDocuments.SECTION + ": " + InsertDocuments.ACKNOWLEDGED + "=" + acknowledged.get() + " "
        + InsertDocuments.NOT_ACKNOWLEDGED + "=" + notAcknowledged.get() + " " + InsertDocuments.PENDING + "="
        + unsettled() + "]";
  }

  @Override
  public void exportMeasurements(MeasurementsExporter exporter) throws IOException {
    exporter.write(getName(), InsertDocuments.COUNTED, counted.get());
    exporter.write(getName(), InsertDocuments.ACKNOWLEDGED, acknowledged.get());
    exporter.write(getName(), InsertDocuments.NOT_ACKNOWLEDGED, notAcknowledged.get());
    if (sentWithW0.get() > 0) {
      exporter.write(getName(), InsertDocuments.SENT_WITHOUT_ACKNOWLEDGEMENT, sentWithW0.get());
    }
    // YCSB exports after every client thread has cleaned up: what is still unsettled now will never be
    long unknown = unsettled();
    if (unknown > 0) {
      exporter.write(getName(), InsertDocuments.FATE_UNKNOWN, unknown);
    }
  }
}
