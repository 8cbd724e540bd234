package dev.ycsbpack.experiment.reproduce;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Pack versions in order: {@code 0.2.0} is newer than {@code 0.1.9-SNAPSHOT}; what is no version is never newer. */
final class Versions {
  private static final Pattern NUMBERS = Pattern.compile("^(\\d+(?:\\.\\d+)*)");

  private Versions() {
  }

  /**
   * Whether {@code other} is a later release than {@code mine}, by their leading numbers; false when either has
   * none (a development build orders against nothing).
   */
  static boolean newer(String other, String mine) {
    List<Integer> a = numbers(other);
    List<Integer> b = numbers(mine);
    if (a.isEmpty() || b.isEmpty()) {
      return false;
    }
    for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
      int x = i < a.size() ? a.get(i) : 0;
      int y = i < b.size() ? b.get(i) : 0;
      if (x != y) {
        return x > y;
      }
    }
    return false;
  }

  private static List<Integer> numbers(String version) {
    List<Integer> out = new ArrayList<>();
    Matcher m = NUMBERS.matcher(version == null ? "" : version.strip());
    if (m.find()) {
      for (String part : m.group(1).split("\\.")) {
        try {
          out.add(Integer.parseInt(part));
        } catch (NumberFormatException tooLong) {
          return List.of();
        }
      }
    }
    return out;
  }
}
