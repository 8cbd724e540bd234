package dev.ycsbpack.aggregate.cli;

import dev.ycsbpack.aggregate.publish.PublishException;
import dev.ycsbpack.aggregate.publish.Publisher;
import dev.ycsbpack.common.Text;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code publish --out SITE BUNDLE_OR_FOLDER...}: a static results site from any set of bundles. */
@Command(name = "publish", mixinStandardHelpOptions = true,
    description = {"Builds a static site from result bundles (experiment folders, coordinator bundles, client "
        + "folders, or folders holding them): an index with one row per bundle or experiment, sortable and "
        + "filterable; each bundle's report; each experiment's page linking its steps; "
        + "comparisons of bundles that ran the same workload. Rebuilt from the bundles' raw data; nothing is "
        + "run again. Opens from a plain folder: nothing is fetched from anywhere."},
    // every line under 80 columns: picocli wraps a longer one wherever column 80 falls, mid-word
    footer = {"", "Examples:",
        "  # every bundle under results/ (searched 4 folders deep) into a new folder",
        "  ycsb-aggregate publish --out site results/",
        "  # some bundles, named one by one",
        "  ycsb-aggregate publish --out site results/load results/run-1 results/run-2",
        "",
        "Exit status: 0 written, 2 the command cannot be run (not a bundle, no bundle,",
        "an output folder that is not new or empty, two bundles of the same name),",
        "4 the site could not be written. Nothing is written unless all of it is."})
final class PublishCommand implements Callable<Integer> {
  @Option(names = {"-o", "--out"}, paramLabel = "SITE", description = "a new or empty folder for the site")
  Path out;

  /** How a page shows the recording machine's paths. */
  enum Paths {
    relative, absolute
  }

  @Option(names = "--paths", paramLabel = "relative|absolute", defaultValue = "relative",
      description = "how pages show the recording machine's paths (a command's folders, the workload's path): "
          + "relative to the bundle or by file name (the default), or absolute as recorded")
  Paths paths = Paths.relative;

  @Parameters(paramLabel = "BUNDLE_OR_FOLDER", arity = "0..*",
      description = "a bundle, or a folder holding bundles (searched up to 4 folders deep)")
  List<Path> inputs = new ArrayList<>();

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    try {
      Path index = Publisher.publish(out, inputs, paths == Paths.absolute);
      err.println("wrote " + index);
      return AggregateMain.OK;
    } catch (PublishException e) {
      err.println("ycsb-aggregate publish: " + e.getMessage());
      return AggregateMain.USAGE;
    } catch (IOException e) {
      err.println("ycsb-aggregate publish: the site could not be written (nothing was left behind): "
          + Text.shown(String.valueOf(e.getMessage()), 1000));
      return AggregateMain.WRITE_FAILED;
    }
  }
}
