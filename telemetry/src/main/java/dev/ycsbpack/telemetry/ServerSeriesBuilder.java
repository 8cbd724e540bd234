package dev.ycsbpack.telemetry;

import dev.ycsbpack.common.telemetry.Column;
import dev.ycsbpack.common.telemetry.Sample;
import dev.ycsbpack.common.telemetry.Series;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A server's readings gathered instant by instant, made into a {@link Series}: the cumulative figures as reported,
 * a rate beside each counter (between consecutive samples, null on the first and across a counter that went back,
 * e.g. a restart), each replica set member's state and lag, and a "not reported by this server" note for every
 * figure the server never reported. Thread-safe: the sampler's thread adds while a stop may build.
 */
final class ServerSeriesBuilder {
  /** What a sample of a figure the server did not report says, after the figure's name. */
  static final String NOT_REPORTED = ": not reported by this server";

  private record Instant(long epochMillis, ServerStatusReader.Reading status, List<ReplSetStatusReader.Member> repl) {
  }

  private final List<Instant> instants = new ArrayList<>();
  private final Set<String> members = new LinkedHashSet<>();
  private final Map<String, String> identity = new LinkedHashMap<>();
  private final List<String> notes = new ArrayList<>();

  /**
   * One sampling instant: {@code status} null when serverStatus gave nothing then (refused or failed: a note says
   * why), {@code repl} empty when the server is no replica set member or did not answer.
   */
  synchronized void add(long epochMillis, ServerStatusReader.Reading status, List<ReplSetStatusReader.Member> repl) {
    instants.add(new Instant(epochMillis, status, List.copyOf(repl)));
    repl.forEach(m -> members.add(m.name()));
    if (status != null) {
      status.identity().forEach(identity::putIfAbsent);
    }
  }

  /** A note, once however often it is given. */
  synchronized void note(String note) {
    if (!notes.contains(note)) {
      notes.add(note);
    }
  }

  synchronized int size() {
    return instants.size();
  }

  /** The series so far, its identity the server's followed by {@code more} (the sampler's cost). */
  synchronized Series build(String source, Map<String, String> more) {
    List<Column> columns = new ArrayList<>();
    for (ServerFigure f : ServerFigure.ALL) {
      columns.add(new Column(f.name(), f.unit()));
      if (f.rateUnit() != null) {
        columns.add(new Column(f.rateName(), f.rateUnit()));
      }
    }
    for (String m : members) {
      columns.add(new Column("repl." + m + ".state", "state"));
      columns.add(new Column("repl." + m + ".lagMs", "ms"));
    }
    List<Sample> samples = new ArrayList<>();
    for (int i = 0; i < instants.size(); i++) {
      samples.add(new Sample(instants.get(i).epochMillis(), values(i)));
    }
    Map<String, String> id = new LinkedHashMap<>(identity);
    id.putAll(more);
    List<String> allNotes = new ArrayList<>(notes);
    allNotes.addAll(notReported());
    return new Series(source, id, columns, samples, allNotes);
  }

  private List<Double> values(int i) {
    Instant now = instants.get(i);
    Instant before = i == 0 ? null : instants.get(i - 1);
    List<Double> v = new ArrayList<>();
    for (ServerFigure f : ServerFigure.ALL) {
      Double x = now.status() == null ? null : now.status().value(f.name());
      v.add(x);
      if (f.rateUnit() != null) {
        Double was = before == null || before.status() == null ? null : before.status().value(f.name());
        long ms = before == null ? 0 : now.epochMillis() - before.epochMillis();
        v.add(x == null || was == null || ms <= 0 || x < was ? null : (x - was) * 1000.0 / ms);
      }
    }
    for (String m : members) {
      ReplSetStatusReader.Member member = now.repl().stream().filter(r -> r.name().equals(m)).findFirst()
          .orElse(null);
      v.add(member == null ? null : (double) member.state());
      v.add(member == null || member.lagMs() == null ? null : (double) member.lagMs());
    }
    return v;
  }

  /**
   * A note per group of figures none of which the server reported, else per figure; none when no serverStatus reply
   * came at all (a refusal's note says why).
   */
  private List<String> notReported() {
    if (instants.stream().allMatch(i -> i.status() == null)) {
      return List.of();
    }
    Map<String, List<ServerFigure>> groups = new LinkedHashMap<>();
    ServerFigure.ALL.forEach(f -> groups.computeIfAbsent(f.group(), g -> new ArrayList<>()).add(f));
    List<String> out = new ArrayList<>();
    groups.forEach((group, figures) -> {
      List<ServerFigure> missing = figures.stream().filter(this::neverReported).toList();
      if (missing.size() == figures.size()) {
        out.add(group + NOT_REPORTED);
      } else {
        missing.forEach(f -> out.add(f.name() + NOT_REPORTED));
      }
    });
    return out;
  }

  private boolean neverReported(ServerFigure f) {
    return instants.stream().allMatch(i -> i.status() == null || i.status().value(f.name()) == null);
  }
}
