package dev.ycsbpack.experiment.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class RunCommandTest {
  /** A recipe's words say its own values ("at 1 to 128 threads"): the banner says what the command line changed. */
  @Test
  void theBannerSaysWhichOfTheRecipesOptionsTheCommandLineChanged() {
    List<String> recipe = List.of("-threads", "1,2,4,8,16,32,64,128");
    assertEquals(" (the recipe's words; run with -threads 1,2)", RunCommand.overridden(recipe,
        List.of("--hosts", "local", "-threads", "1,2", "-p", "mongodb.url=mongodb://u:pw@h/db")));
    assertEquals("", RunCommand.overridden(recipe, List.of("--hosts", "local", "-p", "recordcount=5")));
    assertEquals("", RunCommand.overridden(List.of(), List.of("-threads", "4")));
  }
}
