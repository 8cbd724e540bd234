package dev.ycsbpack.aggregate.cli;

import dev.ycsbpack.aggregate.compare.Comparison;
import dev.ycsbpack.aggregate.compare.ComparisonWriters;
import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.aggregate.input.BundleLayout;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.common.AtomicFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code compare BASELINE CONTENDER}: two merged results side by side. */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = {"Compares two merged results (merged.json, or the folders holding them): first the differences "
        + "in configuration, environment and merge settings, then every metric with its percentage change."})
final class CompareCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "BASELINE", description = "merged.json or its folder")
  Path baseline;

  @Parameters(index = "1", paramLabel = "CONTENDER", description = "merged.json or its folder")
  Path contender;

  @Option(names = {"-o", "--out"}, paramLabel = "FILE",
      description = "also write the comparison to FILE (format from --format, else from its extension); the "
          + "Markdown table always goes to standard output")
  Path out;

  @Option(names = "--format", paramLabel = "FORMAT", description = "format of --out: md, csv or json")
  String format;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter stdout = spec.commandLine().getOut();
    String fmt = format;
    if (fmt == null) {
      String name = out == null ? "x.md" : out.getFileName().toString();
      fmt = name.substring(name.lastIndexOf('.') + 1);
    }
    fmt = fmt.toLowerCase(Locale.ROOT);
    if (!fmt.equals("md") && !fmt.equals("csv") && !fmt.equals("json")) {
      err.println("ycsb-aggregate compare: unknown format '" + fmt + "' (known: md, csv, json)");
      return AggregateMain.USAGE;
    }
    for (Path p : List.of(baseline, contender)) {
      Optional<String> pointer = BundleLayout.pointerForCompare(p);
      if (pointer.isPresent()) {
        err.println("ycsb-aggregate compare: " + pointer.get());
        return AggregateMain.USAGE;
      }
    }
    Comparison c;
    try {
      MergedJson b = Comparison.read(baseline);
      MergedJson k = Comparison.read(contender);
      c = Comparison.of(baseline.toString(), b, contender.toString(), k);
    } catch (InputException e) {
      err.println("ycsb-aggregate compare: refused: " + e.getMessage());
      return AggregateMain.REFUSED;
    }
    final String f = fmt;
    AtomicFiles.Body body = w -> {
      switch (f) {
        case "csv" -> ComparisonWriters.csv(c, w);
        case "json" -> ComparisonWriters.json(c, w);
        default -> ComparisonWriters.markdown(c, w);
      }
    };
    try {
      ComparisonWriters.markdown(c, stdout);
      stdout.flush();
      if (out != null) {
        AtomicFiles.write(out, body, AtomicFiles.Mode.SHARED);
        err.println("wrote " + out);
      }
    } catch (IOException e) {
      err.println("ycsb-aggregate compare: cannot write " + out + " (" + e + "). Fix: check the folder.");
      return AggregateMain.WRITE_FAILED;
    }
    return AggregateMain.OK;
  }
}
