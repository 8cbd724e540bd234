package dev.ycsbpack.aggregate.cli;

import dev.ycsbpack.aggregate.Aggregate;
import dev.ycsbpack.aggregate.format.OutputFormat;
import dev.ycsbpack.aggregate.input.BundleLayout;
import dev.ycsbpack.aggregate.input.ClientFolders;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.merge.PartialResultException;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.WindowKind;
import dev.ycsbpack.common.Text;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code merge}: the correct merge of many clients' results. */
@Command(name = "merge", mixinStandardHelpOptions = true,
    description = {"Merges YCSB client folders (or folders of client folders) into one result.",
        "Each client folder holds output.txt or output.json, client.properties and the <prefix><OP>.hdr interval "
            + "logs (see docs/aggregate.md)."})
final class MergeCommand implements Callable<Integer> {
  @Parameters(arity = "1..*", paramLabel = "FOLDER", description = "client folders, or folders holding them")
  List<Path> folders;

  @Option(names = {"-o", "--out"}, required = true, paramLabel = "DIR",
      description = "folder for the results (created; files in it are replaced only when all are written)")
  Path out;

  @Option(names = "--format", split = ",", paramLabel = "FORMAT",
      description = "outputs to write, among txt, json, csv, md, html (default: all); csv also writes timeseries.csv")
  List<String> formats = List.of("txt", "json", "csv", "md", "html");

  @Option(names = "--window", paramLabel = "KIND",
      description = "common (default): only while every client ran, for steady-state latency and throughput; "
          + "union: from the first client's start to the last one's end, to count every operation (e.g. a load)")
  String window = "common";

  @Option(names = "--warmup", paramLabel = "SECONDS", description = "cut from the start of the window")
  double warmup;

  @Option(names = "--cooldown", paramLabel = "SECONDS", description = "cut from the end of the window")
  double cooldown;

  @Option(names = "--percentiles", split = ",", paramLabel = "P",
      description = "percentiles to report (default: 50,90,95,99,99.9,99.99; max is always reported)")
  List<Double> percentiles = MergeOptions.DEFAULT_PERCENTILES;

  @Option(names = "--bucket", paramLabel = "SECONDS",
      description = "time-series bucket, above 0 (default: the clients' interval, i.e. status.interval)")
  Double bucket;

  @Option(names = "--force", description = "merge clients whose workload configurations differ (reported)")
  boolean force;

  @Option(names = "--accept-partial",
      description = "merge the clients that finished when others failed; every output then starts with INCOMPLETE")
  boolean acceptPartial;

  @Option(names = "--allow-difference", paramLabel = "KEY",
      description = "a further property (glob) that may differ between clients, e.g. 'myhost.*'")
  List<String> allowed = new ArrayList<>();

  @Option(names = "--host", paramLabel = "CLIENT=HOST",
      description = "the machine a client ran on (default: host.name from its environment.properties)")
  Map<String, String> hosts = new LinkedHashMap<>();

  @Option(names = "--threads", paramLabel = "N", description = "worker threads (default: ${DEFAULT-VALUE})")
  int threads = Math.min(2, Runtime.getRuntime().availableProcessors());

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  /**
   * Null for seconds the option accepts, else the one line refusing them: a finite number, 0 or more for a cut,
   * above 0 for a bucket (a bucket of 0 was once taken as "the clients' interval" without a word).
   */
  private static String seconds(String option, double value, boolean zeroAccepted) {
    if (Double.isFinite(value) && (zeroAccepted ? value >= 0 : value > 0)) {
      return null;
    }
    String shown = value == Math.rint(value) && Double.isFinite(value) ? Long.toString((long) value)
        : Double.toString(value);
    return option + " " + shown + ": expected seconds, " + (zeroAccepted ? "0 or more" : "above 0 (leave "
        + option + " out for the clients' own interval)");
  }

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter stdout = spec.commandLine().getOut();
    Set<OutputFormat> outputs = EnumSet.noneOf(OutputFormat.class);
    MergeOptions options;
    String refused = seconds("--warmup", warmup, true);
    refused = refused != null ? refused : seconds("--cooldown", cooldown, true);
    refused = refused != null ? refused : bucket == null ? null : seconds("--bucket", bucket, false);
    if (refused != null) {
      err.println("ycsb-aggregate: error: " + refused);
      return AggregateMain.USAGE;
    }
    try {
      for (String f : formats) {
        outputs.add(OutputFormat.of(f));
      }
      options = MergeOptions.builder().percentiles(percentiles).warmupSeconds(warmup).cooldownSeconds(cooldown)
          .bucketSeconds(bucket == null ? 0 : bucket).window(WindowKind.of(window)).force(force)
          .acceptPartial(acceptPartial)
          .allowedDifferences(allowed).hosts(hosts).threads(threads).build();
    } catch (IllegalArgumentException e) {
      err.println("ycsb-aggregate merge: " + Text.shown(e.getMessage(), InputException.MESSAGE_CAP));
      return AggregateMain.USAGE;
    }
    for (Path f : folders) {
      Optional<String> pointer = BundleLayout.pointerForMerge(f);
      if (pointer.isPresent()) {
        err.println("ycsb-aggregate merge: " + pointer.get());
        return AggregateMain.USAGE;
      }
      // its clients stopped early: merged with --accept-partial, but only recover marks the bundle itself
      BundleLayout.killedCoordinator(f).ifPresent(k -> err.println("ycsb-aggregate merge: note: " + k));
    }
    MergeResult result;
    try {
      result = Aggregate.merge(folders, options);
    } catch (InputException e) {
      err.println("ycsb-aggregate merge: refused: " + e.getMessage());
      return AggregateMain.REFUSED;
    } catch (PartialResultException e) {
      err.println("ycsb-aggregate merge: incomplete: " + e.getMessage());
      return AggregateMain.INCOMPLETE;
    }
    try {
      List<Path> written = Aggregate.write(result, out, outputs);
      StringWriter md = new StringWriter();
      Aggregate.markdown(result, md);
      stdout.print(md);
      stdout.flush();
      for (Path p : written) {
        err.println("wrote " + ClientFolders.shown(p));
      }
    } catch (IOException e) {
      err.println("ycsb-aggregate merge: cannot write the results to " + ClientFolders.shown(out) + " ("
          + Text.shown(String.valueOf(e.getMessage()), InputException.MESSAGE_CAP) + "); nothing was written or "
          + "replaced. Fix: check the folder, its permissions and free space.");
      return AggregateMain.WRITE_FAILED;
    }
    if (result.budgetFailure() != null) {
      err.println("ycsb-aggregate merge: FAILED: " + result.budgetFailure());
      return AggregateMain.OVER_BUDGET;
    }
    return AggregateMain.OK;
  }
}
