package dev.ycsbpack.aggregate.result;

import dev.ycsbpack.common.telemetry.OpcounterCheck;
import dev.ycsbpack.common.telemetry.Series;
import java.util.List;
import java.util.Optional;

/**
 * What the server and the machines did during the merged run, as sampled beside the clients: the series that meet
 * the merged window, each with the opcounter self-check where it is a server's, and what could not be used.
 *
 * @param series the series kept, in the order read
 * @param notes one line per series left out or file unreadable, in the words shown to the user
 */
public record Telemetry(List<Sampled> series, List<String> notes) {
  /** A merge of folders without {@code telemetry/}: no section in any output. */
  public static final Telemetry NONE = new Telemetry(List.of(), List.of());

  public Telemetry {
    series = List.copyOf(series);
    notes = List.copyOf(notes);
  }

  /**
   * One series and where it came from.
   *
   * @param client the client folder that sampled it ({@code bin/ycsb --out}), or empty for a bundle's own series
   *        (sampled by the coordinator for the whole run)
   * @param series the series as read
   * @param check the server's opcounters against the clients' operations, for a {@code server} series; empty for
   *        the others
   * @param checkedClients the clients whose operations the check counted: those whose logged span meets the series'
   */
  public record Sampled(String client, Series series, Optional<OpcounterCheck> check, List<String> checkedClients) {
    public Sampled {
      checkedClients = List.copyOf(checkedClients);
    }

    /** The series' name as every output shows it: its source, and the client that sampled it when one did. */
    public String label() {
      return client.isEmpty() ? series.source() : series.source() + " (client " + client + ")";
    }
  }

  /** True when the merged folders held no telemetry at all. */
  public boolean isEmpty() {
    return series.isEmpty() && notes.isEmpty();
  }
}
