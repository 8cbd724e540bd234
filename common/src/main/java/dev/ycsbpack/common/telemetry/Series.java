package dev.ycsbpack.common.telemetry;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one source did during a run, sampled over time: the database server's {@code serverStatus}, or one machine's
 * {@code /proc}. The unit of telemetry the samplers produce, the folders store ({@link TelemetryFiles}) and the
 * report charts.
 *
 * @param source the source's name, also its file name in {@code telemetry/}: {@code server} (the deployment, as the
 *        run's URL reaches it), {@code server-HOST_PORT} (one of several mongos or members sampled apart), {@code
 *        host-NAME} (a machine's /proc, as named by {@code --server-host} or {@code --hosts}); letters, digits,
 *        {@code . _ -} only
 * @param identity what the source is, as it said: e.g. {@code host}, {@code version}, {@code process} of a server;
 *        {@code role} ({@code server} or {@code client}), {@code kernel}, {@code clockOffsetMs} of a machine
 * @param columns the figures, in order
 * @param samples the instants, in time order, each with one value per column
 * @param notes one line each for what is missing and why (a figure this server does not report, a command refused
 *        for want of a role, a host that stopped answering), in the words shown to the user
 */
public record Series(String source, Map<String, String> identity, List<Column> columns, List<Sample> samples,
    List<String> notes) {
  public Series {
    if (!source.matches("[A-Za-z0-9._-]+")) {
      throw new IllegalArgumentException("a series' source is letters, digits, '.', '_' and '-' only: " + source);
    }
    identity = Collections.unmodifiableMap(new LinkedHashMap<>(identity));
    columns = List.copyOf(columns);
    samples = List.copyOf(samples);
    notes = List.copyOf(notes);
    for (Sample s : samples) {
      if (s.values().size() != columns.size()) {
        throw new IllegalArgumentException("sample at " + s.epochMillis() + " has " + s.values().size()
            + " values for " + columns.size() + " columns in " + source);
      }
    }
  }

  /** This series with {@code key} set to {@code value} in its identity (after the entries it has). */
  public Series withIdentity(String key, String value) {
    Map<String, String> more = new LinkedHashMap<>(identity);
    more.put(key, value);
    return new Series(source, more, columns, samples, notes);
  }

  /** The index of the column named {@code name}, if the series has it. */
  public Optional<Integer> indexOf(String name) {
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).name().equals(name)) {
        return Optional.of(i);
      }
    }
    return Optional.empty();
  }

  /** The values of column {@code name} in time order (null where not reported); empty when the series lacks it. */
  public List<Double> values(String name) {
    Optional<Integer> index = indexOf(name);
    if (index.isEmpty()) {
      return List.of();
    }
    List<Double> out = new ArrayList<>(samples.size());
    for (Sample s : samples) {
      out.add(s.value(index.get()));
    }
    return Collections.unmodifiableList(out);
  }

  /** A source name made of {@code prefix} and any text, with every other character replaced by '_'. */
  public static String sourceName(String prefix, String text) {
    return prefix + "-" + text.replaceAll("[^A-Za-z0-9._-]", "_");
  }
}
