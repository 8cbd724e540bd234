package dev.ycsbpack.aggregate.compare;

import java.util.List;

/**
 * {@code compare}'s JSON ({@value #SCHEMA}), as the records Jackson writes; documented in docs/aggregate.md. A value
 * that is not defined (a metric one side lacks, a change from zero) is {@code null}, never NaN.
 *
 * @param schema      {@value #SCHEMA}
 * @param baseline    the baseline's name as given
 * @param contender   the contender's name as given
 * @param warnings    what must be read first (e.g. either side incomplete or not MongoDB)
 * @param differences how the two were run differently: configuration, environment, merge settings
 * @param metrics     per operation and metric, both values and the change
 */
public record ComparisonJson(String schema, String baseline, String contender, List<String> warnings,
                             List<Comparison.Difference> differences, List<Metric> metrics) {
  public static final String SCHEMA = "ycsb-aggregate/compare/v1";

  /** One compared metric; {@code changePercent} is (contender - baseline) / baseline in percent. */
  public record Metric(String operation, String metric, Double baseline, Double contender, Double changePercent,
                       String verdict) {
  }

  static ComparisonJson of(Comparison c) {
    List<Metric> metrics = c.rows().stream().map(r -> new Metric(r.operation(), r.metric(), num(r.baseline()),
        num(r.contender()), num(r.changePercent()), r.verdict())).toList();
    return new ComparisonJson(SCHEMA, c.baselineName(), c.contenderName(), c.warnings(), c.differences(), metrics);
  }

  private static Double num(double v) {
    return Double.isNaN(v) ? null : v;
  }
}
