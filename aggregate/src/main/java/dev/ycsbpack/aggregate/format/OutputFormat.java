package dev.ycsbpack.aggregate.format;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The outputs a merge can write (as JMH's ResultFormatType): each names its writers and files. */
public enum OutputFormat {
  /** {@code merged.txt}: YCSB's own text format, so scripts that read YCSB output keep working. */
  TXT,
  /** {@code merged.json}: everything, the schema {@code compare} reads. */
  JSON,
  /** {@code merged.csv} (per operation) and {@code timeseries.csv} (per time bucket). */
  CSV,
  /** {@code merged.md}: Markdown tables, ready to paste. */
  MD,
  /** {@code report.html}: one self-contained page with charts. */
  HTML;

  /** The writers of this format. */
  public List<ResultWriter> writers() {
    return writers(Map.of(), new JsonText());
  }

  /**
   * The writers of this format, the report's "What was run" adding {@code given} ({@link HtmlReportWriter}), the JSON
   * taken from {@code json}: pass one to every format of a merge and merged.json and the report share one build.
   */
  public List<ResultWriter> writers(Map<String, String> given, JsonText json) {
    return switch (this) {
      case TXT -> List.of(ResultWriter.named("merged.txt", new TextSummaryWriter()));
      case JSON -> List.of(ResultWriter.named("merged.json", new JsonWriter(json)));
      case CSV -> List.of(ResultWriter.named("merged.csv", new CsvWriter()),
          ResultWriter.named("timeseries.csv", new TimeSeriesCsvWriter()));
      case MD -> List.of(ResultWriter.named("merged.md", new MarkdownWriter()));
      case HTML -> List.of(ResultWriter.named("report.html", new HtmlReportWriter(given, json)));
    };
  }

  /** The name on the command line ({@code txt}, {@code json}, ...). */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses a name given on the command line. */
  public static OutputFormat of(String s) {
    for (OutputFormat f : values()) {
      if (f.label().equals(s.trim().toLowerCase(Locale.ROOT))) {
        return f;
      }
    }
    throw new IllegalArgumentException("unknown format '" + s + "' (known: txt, json, csv, md, html)");
  }

  /** Every file name a merge may write: an output folder holding anything else is not replaced. */
  public static List<String> allFileNames() {
    return java.util.Arrays.stream(values()).flatMap(f -> f.writers().stream()).map(ResultWriter::fileName).toList();
  }
}
