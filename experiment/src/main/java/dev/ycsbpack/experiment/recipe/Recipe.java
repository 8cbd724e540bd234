package dev.ycsbpack.experiment.recipe;

import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.Text;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A ready study in {@code experiments/}: a properties file (the format of {@code workloads/}) that says what it
 * measures and which seed design it follows, and which experiments it runs, each one {@code sweep} or
 * {@code wc-matrix} command line made of the recipe's defaults, that experiment's own settings and the user's
 * options. Only the keys below are accepted, so a misspelt key is refused rather than silently ignored.
 *
 * @param name        the file's name
 * @param sha256      the digest of the file's bytes (recorded in every experiment's manifest)
 * @param text        the file as read
 * @param title       one line
 * @param measures    what it measures and answers
 * @param seed        the seed design it follows, with its source
 * @param command     {@code sweep} or {@code wc-matrix}: what every experiment of the recipe runs
 * @param workloads   the {@code -P} files, relative to the pack's folder
 * @param options     the command's options (blank-separated; the user's options given later win)
 * @param defaults    {@code -p} defaults for every experiment (the user's {@code -p} wins)
 * @param experiments in the order they run
 * @param question    the seed study's question the recipe's answer table answers (key {@code question}; by default
 *                    what it measures)
 * @param table       how the answer table is laid out (key {@code table}): {@code cases} (each experiment one case,
 *                    side by side, each as a ratio to the first), {@code sweep} (each experiment's steps, with its
 *                    knees) or {@code write-concerns} (each cell, as a ratio to w=1); by default {@code sweep} for a
 *                    sweep and {@code write-concerns} for a wc-matrix
 */
public record Recipe(String name, String sha256, String text, String title, String measures, String seed,
    String command, List<String> workloads, List<String> options, Map<String, String> defaults,
    List<Experiment> experiments, String question, String table) {
  /** The commands a recipe may run. */
  public static final List<String> COMMANDS = List.of("sweep", "wc-matrix");
  /** The layouts of a recipe's answer table. */
  public static final List<String> TABLES = List.of("cases", "sweep", "write-concerns");
  private static final String ACCEPTED = "accepted keys: title, measures, seed, question, command, table, workloads, "
      + "options, experiments, p.NAME, experiment.NAME.about, experiment.NAME.load, experiment.NAME.data-per-ram, "
      + "experiment.NAME.p.NAME (docs/experiments.md#recipes)";
  private static final Set<String> TOP = Set.of("title", "measures", "seed", "question", "command", "table",
      "workloads", "options", "experiments");

  /**
   * One experiment of the recipe: its own folder {@code DIR/NAME/}.
   *
   * @param name       its folder's name
   * @param about      what it is, one line
   * @param load       whether it loads its records first ({@code --load})
   * @param fixed      its own {@code -p} settings: what sets it apart from the recipe's other experiments, so the
   *                   user cannot override them
   * @param dataPerRam when set, its {@code recordcount} is this many times the RAM size the user states
   *                   ({@code --ram}) over the document's payload ({@code fieldcount} x {@code fieldlength})
   */
  public record Experiment(String name, String about, boolean load, Map<String, String> fixed, Double dataPerRam) {
  }

  /** Whether any experiment sizes its data from {@code --ram}. */
  public boolean sizedByRam() {
    return experiments.stream().anyMatch(e -> e.dataPerRam() != null);
  }

  /**
   * Reads and checks a recipe.
   *
   * @throws IllegalArgumentException one line naming the file, the key or value, and what is accepted
   */
  public static Recipe read(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    String text = new String(bytes, StandardCharsets.UTF_8);
    String head = "recipe " + Text.shown(file.toString()) + ": ";
    Map<String, String> keys = new TreeMap<>(PropertiesFiles.parse(text));
    for (String k : List.of("title", "measures", "seed", "command", "experiments")) {
      if (keys.getOrDefault(k, "").isBlank()) {
        throw new IllegalArgumentException(head + "no " + k + "; " + ACCEPTED);
      }
    }
    String command = keys.get("command").strip();
    if (!COMMANDS.contains(command)) {
      throw new IllegalArgumentException(head + "command=" + Text.shown(command) + ": expected sweep or wc-matrix");
    }
    String table = table(keys, command, head);
    Set<String> names = names(keys.get("experiments"), head);
    Map<String, String> defaults = new TreeMap<>();
    List<Experiment> experiments = experiments(keys, names, defaults, head);
    return new Recipe(file.getFileName().toString(), sha256(bytes), text, keys.get("title").strip(),
        keys.get("measures").strip(), keys.get("seed").strip(), command, split(keys.getOrDefault("workloads", ""),
            ","),
        split(keys.getOrDefault("options", ""), "\\s+"), Map.copyOf(defaults), List.copyOf(experiments),
        keys.getOrDefault("question", keys.get("measures")).strip(), table);
  }

  /** The table the study makes: {@code table=}, checked against the command, by default the command's own. */
  private static String table(Map<String, String> keys, String command, String head) {
    String table = keys.getOrDefault("table", command.equals("sweep") ? "sweep" : "write-concerns").strip();
    if (!TABLES.contains(table) || table.equals("write-concerns") != command.equals("wc-matrix")) {
      throw new IllegalArgumentException(head + "table=" + Text.shown(table) + ": expected " + (command.equals("sweep")
          ? "cases or sweep for a sweep recipe" : "write-concerns for a wc-matrix recipe"));
    }
    return table;
  }

  /** The experiments' names from {@code experiments=}, in order: distinct folder names. */
  private static Set<String> names(String experiments, String head) {
    Set<String> names = new LinkedHashSet<>();
    for (String n : experiments.split(",", -1)) {
      String s = n.strip();
      if (!s.matches("[a-z0-9][a-z0-9-]{0,39}") || !names.add(s)) {
        throw new IllegalArgumentException(head + "experiments=" + Text.shown(experiments) + ": "
            + Text.shown(s) + (names.contains(s) ? " is listed twice" : " is not a folder name")
            + "; expected distinct names of lower-case letters, digits and '-', separated by commas");
      }
    }
    return names;
  }

  /**
   * Each named experiment from its {@code experiment.NAME.*} keys, in the order named; the {@code p.*} keys every
   * experiment shares go into {@code defaults}.
   */
  private static List<Experiment> experiments(Map<String, String> keys, Set<String> names,
      Map<String, String> defaults, String head) {
    Map<String, Map<String, String>> fixed = new LinkedHashMap<>();
    Map<String, String> about = new TreeMap<>();
    Map<String, Boolean> load = new TreeMap<>();
    Map<String, Double> perRam = new TreeMap<>();
    names.forEach(n -> fixed.put(n, new TreeMap<>()));
    for (Map.Entry<String, String> e : keys.entrySet()) {
      String k = e.getKey();
      String v = e.getValue().strip();
      if (TOP.contains(k)) {
        continue;
      }
      if (k.startsWith("p.") && k.length() > 2) {
        defaults.put(k.substring(2), v);
        continue;
      }
      String exp = k.startsWith("experiment.") ? k.substring("experiment.".length()) : null;
      int dot = exp == null ? -1 : exp.indexOf('.');
      String n = dot < 0 ? null : exp.substring(0, dot);
      String what = dot < 0 ? null : exp.substring(dot + 1);
      if (n == null || !names.contains(n) || what.isEmpty()) {
        throw new IllegalArgumentException(head + "unknown key " + Text.shown(k) + (n != null && !names.contains(n)
            ? " (" + Text.shown(n) + " is not in experiments=" + String.join(",", names) + ")" : "") + "; "
            + ACCEPTED);
      }
      switch (what) {
        case "about" -> about.put(n, v);
        case "load" -> {
          if (!v.equals("true") && !v.equals("false")) {
            throw new IllegalArgumentException(head + k + "=" + Text.shown(v) + ": expected true or false");
          }
          load.put(n, Boolean.parseBoolean(v));
        }
        case "data-per-ram" -> perRam.put(n, dataPerRam(head + k, v));
        default -> {
          if (!what.startsWith("p.") || what.length() == 2) {
            throw new IllegalArgumentException(head + "unknown key " + Text.shown(k) + "; " + ACCEPTED);
          }
          fixed.get(n).put(what.substring(2), v);
        }
      }
    }
    List<Experiment> experiments = new ArrayList<>();
    for (String n : names) {
      experiments.add(new Experiment(n, about.getOrDefault(n, n), load.getOrDefault(n, false),
          Map.copyOf(fixed.get(n)), perRam.get(n)));
    }
    return experiments;
  }

  /** A {@code data-per-ram} value: above 0 and at most 1000. */
  private static double dataPerRam(String key, String v) {
    double d;
    try {
      d = Double.parseDouble(v);
    } catch (NumberFormatException ex) {
      d = Double.NaN;
    }
    if (!(d > 0 && d <= 1000)) {
      throw new IllegalArgumentException(key + "=" + Text.shown(v) + ": expected a number above 0 and at "
          + "most 1000 (the data's size as a multiple of the RAM)");
    }
    return d;
  }

  private static List<String> split(String value, String by) {
    List<String> out = new ArrayList<>();
    for (String s : value.strip().split(by)) {
      if (!s.isBlank()) {
        out.add(s.strip());
      }
    }
    return List.copyOf(out);
  }

  static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }
}
