package dev.ycsbpack.aggregate.cli;

import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.model.MergeOptions;
import dev.ycsbpack.aggregate.model.MergeResult;
import dev.ycsbpack.aggregate.model.Merger;
import dev.ycsbpack.aggregate.model.PartialResultException;
import dev.ycsbpack.aggregate.output.CsvWriter;
import dev.ycsbpack.aggregate.output.HtmlReportWriter;
import dev.ycsbpack.aggregate.output.JsonWriter;
import dev.ycsbpack.aggregate.output.MarkdownWriter;
import dev.ycsbpack.aggregate.output.OutputFiles;
import dev.ycsbpack.aggregate.output.ResultWriter;
import dev.ycsbpack.aggregate.output.TextSummaryWriter;
import dev.ycsbpack.aggregate.output.TimeSeriesCsvWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

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

  @Option(names = "--warmup", paramLabel = "SECONDS", description = "cut from the start of the common window")
  double warmup;

  @Option(names = "--cooldown", paramLabel = "SECONDS", description = "cut from the end of the common window")
  double cooldown;

  @Option(names = "--percentiles", split = ",", paramLabel = "P",
      description = "percentiles to report (default: 50,90,95,99,99.9,99.99; max is always reported)")
  List<Double> percentiles = MergeOptions.DEFAULT_PERCENTILES;

  @Option(names = "--bucket", paramLabel = "SECONDS",
      description = "time-series bucket (default: the clients' interval, i.e. status.interval)")
  double bucket;

  @Option(names = "--force", description = "merge clients whose workload configurations differ (reported)")
  boolean force;

  @Option(names = "--accept-partial",
      description = "merge the clients that finished when others failed; every output then starts with INCOMPLETE")
  boolean acceptPartial;

  @Option(names = "--allow-difference", paramLabel = "KEY",
      description = "a further property (glob) that may differ between clients, e.g. 'myhost.*'")
  List<String> allowed = new ArrayList<>();

  @Option(names = "--threads", paramLabel = "N", description = "worker threads (default: ${DEFAULT-VALUE})")
  int threads = Math.min(2, Runtime.getRuntime().availableProcessors());

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter stdout = spec.commandLine().getOut();
    List<ResultWriter> writers;
    MergeOptions options;
    try {
      writers = writers(formats);
      options = new MergeOptions(percentiles, warmup, cooldown, bucket, force, acceptPartial, allowed, threads);
    } catch (IllegalArgumentException e) {
      err.println("ycsb-aggregate merge: " + e.getMessage());
      return AggregateMain.USAGE;
    }
    MergeResult result;
    try {
      result = Merger.merge(folders, options);
    } catch (InputException e) {
      err.println("ycsb-aggregate merge: refused: " + e.getMessage());
      return AggregateMain.REFUSED;
    } catch (PartialResultException e) {
      err.println("ycsb-aggregate merge: incomplete: " + e.getMessage());
      return AggregateMain.INCOMPLETE;
    }
    try {
      List<Path> written = OutputFiles.write(out, result, writers);
      StringWriter md = new StringWriter();
      new MarkdownWriter().write(result, md);
      stdout.print(md);
      stdout.flush();
      for (Path p : written) {
        err.println("wrote " + p);
      }
    } catch (IOException e) {
      err.println("ycsb-aggregate merge: cannot write the results to " + out + " (" + e + "); nothing was written. "
          + "Fix: check the folder's permissions and free space.");
      return AggregateMain.WRITE_FAILED;
    }
    return AggregateMain.OK;
  }

  static List<ResultWriter> writers(List<String> formats) {
    Set<String> seen = new LinkedHashSet<>();
    for (String f : formats) {
      seen.add(f.trim().toLowerCase(Locale.ROOT));
    }
    List<ResultWriter> w = new ArrayList<>();
    for (String f : seen) {
      switch (f) {
        case "txt" -> w.add(new TextSummaryWriter());
        case "json" -> w.add(new JsonWriter());
        case "csv" -> {
          w.add(new CsvWriter());
          w.add(new TimeSeriesCsvWriter());
        }
        case "md" -> w.add(new MarkdownWriter());
        case "html" -> w.add(new HtmlReportWriter());
        default -> throw new IllegalArgumentException("unknown format '" + f + "' (known: txt, json, csv, md, html)");
      }
    }
    if (w.isEmpty()) {
      throw new IllegalArgumentException("no output format given");
    }
    return w;
  }
}
