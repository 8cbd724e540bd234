package dev.ycsbpack.experiment.wc;

import com.mongodb.WriteConcern;
import dev.ycsbpack.aggregate.experiment.WcMatrix;
import dev.ycsbpack.common.Text;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * One cell of a write-concern matrix: settings joined by {@code +} ({@code w=majority+j=true},
 * {@code w=tag:multiDC+wtimeout=5000}), given to the binding as its own {@code mongodb.w}, {@code mongodb.j} and
 * {@code mongodb.wtimeout} properties (the binding's {@code WriteConcernOptions}; the experiment does not depend on the
 * binding), and to the probe as the driver's {@link WriteConcern}.
 *
 * @param label    the cell as given, normalised ({@code w=2+j=true})
 * @param w        {@code 0}, {@code 1}, ..., {@code majority} or {@code tag:NAME}; null leaves it to the server
 * @param j        the journal flag, or null
 * @param wtimeout milliseconds, or null
 */
public record WriteConcernCell(String label, String w, Boolean j, Long wtimeout) {
  /** The study's classic list (issue 23, research experiments.md §1.1). */
  public static final String DEFAULT = "w=0,w=1,j=true,w=2,w=3,majority";
  /** The cell every other one is compared with. */
  public static final String BASELINE = WcMatrix.BASELINE;
  private static final String ACCEPTED = "expected cells joined by commas, each settings joined by +: w=0, w=1, w=N,"
      + " w=majority (or majority), w=tag:NAME, j=true|false, wtimeout=MS; or a Java driver constant's name (SAFE, "
      + "JOURNALED, ...: docs/experiments.md); e.g. --write-concerns w=1,w=majority+j=true";
  private static final int MAX_CELLS = 32;

  /** The binding's properties for this cell (only the settings it names: the rest stay the binding's defaults). */
  public Map<String, String> properties() {
    Map<String, String> p = new LinkedHashMap<>();
    if (w != null) {
      p.put("mongodb.w", w);
    }
    if (j != null) {
      p.put("mongodb.j", j.toString());
    }
    if (wtimeout != null) {
      p.put("mongodb.wtimeout", wtimeout.toString());
    }
    return p;
  }

  /** The driver's write concern, as the binding builds it from {@link #properties()}. */
  public WriteConcern writeConcern() {
    WriteConcern wc = w == null ? WriteConcern.ACKNOWLEDGED : w.matches("[0-9]+")
        ? new WriteConcern(Integer.parseInt(w)) : new WriteConcern(w.startsWith("tag:") ? w.substring(4) : w);
    if (j != null) {
      wc = wc.withJournal(j);
    }
    if (wtimeout != null) {
      wc = wc.withWTimeout(wtimeout, TimeUnit.MILLISECONDS);
    }
    return wc;
  }

  /** Whether the server acknowledges writes under it (w=0 does not: it can report no refusal). */
  public boolean acknowledged() {
    return !"0".equals(w);
  }

  /** A folder-safe name: {@code w=tag:multiDC+wtimeout=5000} becomes {@code w-tag-multiDC+wtimeout-5000}. */
  public String folderName() {
    return label.replaceAll("[^A-Za-z0-9+._-]", "-");
  }

  /**
   * The cells of {@code value} in order.
   *
   * @throws IllegalArgumentException one line naming the option, the value and what is accepted
   */
  public static List<WriteConcernCell> parseList(String option, String value) {
    String head = option + " " + Text.shown(String.valueOf(value)) + ": ";
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(head + "the list is empty; " + ACCEPTED);
    }
    List<WriteConcernCell> cells = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (String part : value.split(",", -1)) {
      WriteConcernCell c = parse(head, part.strip());
      if (!seen.add(c.label())) {
        throw new IllegalArgumentException(head + Text.shown(c.label()) + " is listed twice; " + ACCEPTED);
      }
      cells.add(c);
    }
    if (cells.size() > MAX_CELLS) {
      throw new IllegalArgumentException(head + cells.size() + " cells, at most " + MAX_CELLS + "; " + ACCEPTED);
    }
    return cells;
  }

  private static WriteConcernCell parse(String head, String cell) {
    if (cell.isEmpty()) {
      throw new IllegalArgumentException(head + "an empty cell; " + ACCEPTED);
    }
    Optional<DriverConstant> constant = DriverConstant.named(cell);
    if (constant.isPresent()) {
      // labelled by the constant's name, sent as what it means
      WriteConcernCell c = parse(head, constant.get().settings());
      return new WriteConcernCell(constant.get().name(), c.w(), c.j(), c.wtimeout());
    }
    String w = null;
    Boolean j = null;
    Long wtimeout = null;
    Set<String> keys = new HashSet<>();
    for (String setting : cell.split("\\+", -1)) {
      String s = setting.strip();
      if (s.equalsIgnoreCase("majority")) {
        s = "w=majority";
      }
      int eq = s.indexOf('=');
      String key = eq < 0 ? s : s.substring(0, eq).strip();
      String v = eq < 0 ? "" : s.substring(eq + 1).strip();
      String bad = head + "cell " + Text.shown(cell) + ": ";
      if (eq < 0 || v.isEmpty()) {
        throw new IllegalArgumentException(bad + Text.shown(s) + " is not a setting=value; " + ACCEPTED);
      }
      if (!keys.add(key)) {
        throw new IllegalArgumentException(bad + key + " is set twice; " + ACCEPTED);
      }
      switch (key) {
        case "w" -> w = wValue(bad, v);
        case "j" -> j = jValue(bad, v);
        case "wtimeout" -> wtimeout = wtimeoutValue(bad, v);
        default -> throw new IllegalArgumentException(bad + Text.shown(key) + " is not a write-concern setting; "
            + ACCEPTED);
      }
    }
    if ("0".equals(w) && Boolean.TRUE.equals(j)) {
      // the driver refuses it before sending anything: an unacknowledged write cannot wait for the journal
      throw new IllegalArgumentException(head + "cell " + Text.shown(cell) + ": w=0 cannot be combined with j=true "
          + "(an unacknowledged write cannot wait for the journal; the driver refuses it); use w=1+j=true or w=0");
    }
    if ("0".equals(w) && wtimeout != null && wtimeout > 0) {
      throw new IllegalArgumentException(head + "cell " + Text.shown(cell) + ": wtimeout has no effect with w=0 (the "
          + "binding refuses it); drop wtimeout or use w=1 or higher");
    }
    return new WriteConcernCell(label(w, j, wtimeout), w, j, wtimeout);
  }

  /** A {@code w=} value: 0, a number of members, majority or tag:NAME. */
  private static String wValue(String bad, String v) {
    if (v.equalsIgnoreCase("majority")) {
      return "majority";
    } else if (v.matches("[0-9]{1,3}")) {
      return String.valueOf(Integer.parseInt(v));
    } else if (v.startsWith("tag:") && v.length() > 4 && !v.substring(4).isBlank()) {
      return "tag:" + v.substring(4).strip();
    }
    throw new IllegalArgumentException(bad + "w=" + Text.shown(v) + " is not 0, a number of members, majority"
        + " or tag:NAME; " + ACCEPTED);
  }

  /** A {@code j=} value: true or false. */
  private static boolean jValue(String bad, String v) {
    if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(bad + "j=" + Text.shown(v) + " is not true or false; " + ACCEPTED);
    }
    return Boolean.parseBoolean(v.toLowerCase(Locale.ROOT));
  }

  /** A {@code wtimeout=} value: milliseconds that fit an int. */
  private static long wtimeoutValue(String bad, String v) {
    if (!v.matches("[0-9]{1,10}") || Long.parseLong(v) > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(bad + "wtimeout=" + Text.shown(v) + " is not milliseconds from 0 to "
          + Integer.MAX_VALUE + "; " + ACCEPTED);
    }
    return Long.parseLong(v);
  }

  /** The cell's label: its settings in a fixed order, {@code w=1+j=true+wtimeout=500}. */
  private static String label(String w, Boolean j, Long wtimeout) {
    List<String> parts = new ArrayList<>();
    if (w != null) {
      parts.add("w=" + w);
    }
    if (j != null) {
      parts.add("j=" + j);
    }
    if (wtimeout != null) {
      parts.add("wtimeout=" + wtimeout);
    }
    return String.join("+", parts);
  }
}
