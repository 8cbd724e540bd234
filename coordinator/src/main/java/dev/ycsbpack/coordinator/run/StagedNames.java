package dev.ycsbpack.coordinator.run;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The file the user gave for each staged copy a client was launched with (a client reads its CA from
 * {@code .staging/01-h1.caFile} here or from its run folder on its host, both gone when the run ends): a client's
 * refusal names the copy it read, and the coordinator's reasons name the user's file instead, the one to fix. The copy
 * holds the same bytes, so the refusal stays true of it.
 */
public final class StagedNames {
  public static final StagedNames NONE = new StagedNames(Map.of());

  /** Staged path, as a client or the coordinator names it, to the path the user gave; longest first. */
  private final Map<String, String> userPaths;

  private StagedNames(Map<String, String> userPaths) {
    List<String> staged = new ArrayList<>(userPaths.keySet());
    staged.sort(Comparator.comparingInt(String::length).reversed()); // a path that extends another is replaced whole
    Map<String, String> sorted = new LinkedHashMap<>();
    staged.forEach(s -> sorted.put(s, userPaths.get(s)));
    this.userPaths = sorted;
  }

  /** @param userPaths staged path to the path the user gave */
  static StagedNames of(Map<String, String> userPaths) {
    return userPaths.isEmpty() ? NONE : new StagedNames(userPaths);
  }

  /** {@code text} with every staged path replaced by the user's; null stays null. */
  String shown(String text) {
    if (text == null) {
      return null;
    }
    String out = text;
    for (Map.Entry<String, String> e : userPaths.entrySet()) {
      out = out.replace(e.getKey(), e.getValue());
    }
    return out;
  }
}
