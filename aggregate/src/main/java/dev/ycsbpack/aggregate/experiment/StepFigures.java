package dev.ycsbpack.aggregate.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * The headline figures of one finished step, read back from its bundle by the experiment module's
 * {@code run.StepFiguresReader}: aggregate's {@code merged.json} and the clients' environment records.
 *
 * @param throughput      merged ops/s of the window
 * @param errorRate       failed / attempted operations
 * @param latencyUs       per operation, percentile label ({@code p50} ...) to microseconds: intended latency when the
 *                        step ran under a target (what a user waiting for the operation saw), else service time
 * @param serviceUs       under a target, the service-time percentiles beside it; else null
 * @param hostCpu         per client host name, the share of its CPUs its client JVMs used (0..1) over their lifetime;
 *                        absent when the clients did not record their CPU time
 * @param clientSaturated whether a client host used at least {@link #SATURATED} of its CPUs
 * @param rangeUs         per operation, the mean, min and max of the same latency as {@code latencyUs}
 * @param writeConcern    the write concern the step's clients sent, as they recorded it (the binding's effective
 *                        concern, {@code server.writeConcern} of the step's bundle); null when none recorded it
 * @param server          the server's memory and cache figures around the step ({@code serverStatus}); null when the
 *                        binding has no server (basic)
 * @param telemetry       what the server did during the step, from the series sampled during it; null when the step
 *                        has no server series
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepFigures(double throughput, double errorRate, Map<String, Map<String, Long>> latencyUs,
    Map<String, Map<String, Long>> serviceUs, Map<String, Double> hostCpu,
    boolean clientSaturated, Map<String, Range> rangeUs, String writeConcern,
    ServerMemory server, StepTelemetry telemetry) {

  /** Figures without the server's memory figures. */
  public StepFigures(double throughput, double errorRate, Map<String, Map<String, Long>> latencyUs,
      Map<String, Map<String, Long>> serviceUs, Map<String, Double> hostCpu, boolean clientSaturated,
      Map<String, Range> rangeUs, String writeConcern) {
    this(throughput, errorRate, latencyUs, serviceUs, hostCpu, clientSaturated, rangeUs, writeConcern, null, null);
  }

  /** Figures with the server's memory figures, without telemetry. */
  public StepFigures(double throughput, double errorRate, Map<String, Map<String, Long>> latencyUs,
      Map<String, Map<String, Long>> serviceUs, Map<String, Double> hostCpu, boolean clientSaturated,
      Map<String, Range> rangeUs, String writeConcern, ServerMemory server) {
    this(throughput, errorRate, latencyUs, serviceUs, hostCpu, clientSaturated, rangeUs, writeConcern, server, null);
  }

  /** These figures with the server's memory and cache figures around the step. */
  public StepFigures withServer(ServerMemory memory) {
    return new StepFigures(throughput, errorRate, latencyUs, serviceUs, hostCpu, clientSaturated, rangeUs,
        writeConcern, memory, telemetry);
  }

  /** These figures with what the server did during the step ({@code null}: no server series). */
  public StepFigures withTelemetry(StepTelemetry during) {
    return new StepFigures(throughput, errorRate, latencyUs, serviceUs, hostCpu, clientSaturated, rangeUs,
        writeConcern, server, during);
  }

  /** One operation's mean, min and max latency (microseconds). */
  public record Range(Double avg, long min, long max) {
  }
  /** A client machine this busy was the limit, or close to it. */
  public static final double SATURATED = 0.9;
}
