package dev.ycsbpack.experiment.recipe;

import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A recipe's {@code workloads} checked before anything is planned: a missing file, or one that is no YCSB workload,
 * is named with the recipe that names it. Left to the plan, it read "no workload given: pass -P", a flag the user
 * never gave.
 */
public final class RecipeWorkloads {
  private RecipeWorkloads() {
  }

  /**
   * Checks every workload file of {@code r} (relative to the pack's folder {@code home}) and that they, with the
   * recipe's defaults, name a workload class.
   *
   * @param shown the recipe as the user named it, e.g. {@code experiments/larger-than-ram}
   * @throws IllegalArgumentException one line: {@code recipe R: its workload FILE: what is wrong}
   */
  public static void check(Recipe r, String shown, Path home) {
    String head = "recipe " + Text.shown(shown) + ": its workload ";
    Map<String, String> merged = new HashMap<>();
    for (String w : r.workloads()) {
      Path f = home.resolve(w);
      String named = head + Text.shownPath(w) + ": ";
      if (Files.isDirectory(f)) {
        throw new IllegalArgumentException(named + "is a directory; expected a workload file (as in workloads/)");
      }
      if (!Files.isRegularFile(f)) {
        throw new IllegalArgumentException(named + "no such file (" + Text.shownPath(f.toString()) + "); expected "
            + "a workload file of the pack's workloads/ or a path to one");
      }
      Map<String, String> own;
      try {
        own = PropertiesFiles.read(f);
      } catch (IOException | IllegalArgumentException e) {
        throw new IllegalArgumentException(named + "cannot be read as a properties file (" + Text.shown(
            String.valueOf(e.getMessage()), 200) + ")");
      }
      merged.putAll(own);
    }
    merged.putAll(r.defaults());
    if (!merged.containsKey("workload")) {
      String why = "(a workload file names its class, e.g. workload=site.ycsb.workloads.CoreWorkload)";
      throw new IllegalArgumentException(r.workloads().size() == 1
          ? head + Text.shownPath(r.workloads().get(0)) + ": is not a YCSB workload file: it sets no workload= " + why
          : "recipe " + Text.shown(shown) + ": its workloads " + Text.shown(String.join(", ", r.workloads()))
              + ": none is a YCSB workload file, none sets workload= " + why);
    }
  }
}
