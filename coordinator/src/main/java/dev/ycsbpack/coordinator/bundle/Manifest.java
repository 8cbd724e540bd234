package dev.ycsbpack.coordinator.bundle;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ycsbpack.common.RunStatus;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;
import java.util.Map;

/**
 * {@code manifest.json}: what a coordinated run was, how it ended, and everything needed to reproduce it, secrets
 * masked. Written when the run starts ({@code RUNNING}) and again when it ends ({@code COMPLETE} or
 * {@code FAILED}), so a bundle left by a killed coordinator never looks complete.
 *
 * @param note       first, so a reader sees it first: what the numbers are not (e.g. not measured on MongoDB); may
 *                   be null
 * @param status     {@code RUNNING}, {@code COMPLETE} or {@code FAILED}; {@code INCOMPLETE} after
 *                   {@code bin/ycsb-coordinator recover} made a killed coordinator's bundle a result from what its
 *                   clients kept
 * @param reason     why it failed, naming host, client and cause, then any note of the server's opcounter
 *                   self-check ({@code note: ...}); for a complete run that note alone, or null
 * @param command    the coordinator's command line, secrets masked
 * @param phase      {@code load} or {@code run}
 * @param runId      this run's id (also the remote working folder's name)
 * @param packVersion the pack's version
 * @param startedAt  ISO-8601 UTC
 * @param endedAt    ISO-8601 UTC, null while running
 * @param server     what the server said it is ({@code server.*} facts from the clients)
 * @param release    the synchronised start
 * @param hosts      each host, its Java and clock offset from the coordinator
 * @param clients    each client, its host and share
 * @param merged     the merge of the client folders (null when not merged)
 * @param properties the properties every client started from (before its share), secrets masked
 * @param notes      things the user should know about the split
 * @param lead       second, when any operation failed or found nothing: the counts and rates of the clients' summed
 *                   {@code Return=} counts ({@code ERRORS: ...; NOT FOUND: ...}, the rule of {@code ErrorBudget}); null
 *                   when every operation succeeded
 * @param count      the server's document count checked against what the clients stored; null when not checked
 * @param byHost     the clients grouped by host, failed and slowest first ({@link ClientOverview}); empty while running
 * @param phasesMs   how long each step took on the coordinator's clock, in order: {@code check}, {@code stage},
 *                   {@code start} (launch to release: JVMs, connections, warm-up), {@code run} (release to the last
 *                   client's end), {@code collect}, {@code clean}, {@code merge}; the steps a failed run reached only
 */
@JsonPropertyOrder({"note", "lead", "status", "reason"})
@JsonInclude(JsonInclude.Include.NON_NULL)
@RecordBuilder
public record Manifest(String note, String status, String reason, String command, String phase, String runId,
    String packVersion, String startedAt, String endedAt, Map<String, String> server,
    Release release, List<HostEntry> hosts, List<ClientEntry> clients, Merged merged,
    Map<String, String> properties, List<String> notes, String lead, Count count,
    List<HostGroup> byHost, Map<String, Long> phasesMs) {
  /** This manifest marked FAILED with {@code reason} at {@code endedAt}, everything else as it was. */
  public Manifest failed(String reason, String endedAt) {
    return toBuilder().status(RunStatus.FAILED.label()).reason(reason).endedAt(endedAt).build();
  }

  /** A builder of a manifest, every part unset (null, absent from the JSON) until set. */
  public static ManifestBuilder builder() {
    return ManifestBuilder.builder();
  }

  /** A builder holding every part of this one, to change some. */
  public ManifestBuilder toBuilder() {
    return ManifestBuilder.builder(this);
  }

  /**
   * One host's clients, one line each, failed and slowest first.
   *
   * @param host    as given
   * @param clients how many ran there
   * @param failed  how many of them failed
   * @param lines   {@code NAME VERDICT[: reason][, ops/s]}
   */
  public record HostGroup(String host, int clients, int failed, List<String> lines) {
  }

  /**
   * The start gate.
   *
   * @param releasedAt            when the coordinator released the clients (ISO-8601 UTC)
   * @param afterCommandStartMs   ms from the command's start to the release (JVM start, staging, connecting, warm-up)
   * @param startSpreadMs         latest minus earliest first measured operation, clock offsets applied
   * @param startSpreadErrorMs    bound on that spread's error from the clock offsets' own error
   * @param slowestClientReadyMs  the slowest client's time from process start to ready (JVM, connect, warm-up,
   *                              JIT settling)
   * @param coordinatorOverheadMs the rest of {@code afterCommandStartMs}: the coordinator's own start-up, host
   *                              checks, staging and uploads
   * @param crowding              the machines that ran more client JVMs than they have CPUs, or null
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Release(String releasedAt, Long afterCommandStartMs, Double startSpreadMs, Double startSpreadErrorMs,
      Long slowestClientReadyMs, Long coordinatorOverheadMs, String crowding) {
  }

  /**
   * One host.
   *
   * @param host          as given ({@code local} or {@code [user@]host[:port]})
   * @param kind          how it was reached: {@code local} (this machine), {@code ssh} or {@code rsh}; absent in
   *                      manifests written before it was recorded
   * @param java          its {@code java -version} line
   * @param clockOffsetMs its clock minus the coordinator's
   * @param clockErrorMs  bound on the offset's error
   * @param problems      what was wrong with it
   */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  public record HostEntry(String host, String kind, String java, double clockOffsetMs, double clockErrorMs,
      List<String> problems) {
  }

  /**
   * One client.
   *
   * @param name                  its folder under {@code clients/}
   * @param host                  where it ran
   * @param threads               its threads
   * @param target                its ops/s target, 0 for none
   * @param operations            operations it was to attempt
   * @param keys                  its keys, in words
   * @param insertstart           its insertstart (load)
   * @param insertcount           its insertcount (load)
   * @param verdict               RUNNING until the run ends; then COMPLETE / FAILED from its own folder, or MISSING
   * @param reason                why it failed
   * @param exitStatus            its process's exit status
   * @param firstOperationMs      its first measured operation, coordinator clock (epoch ms)
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @RecordBuilder
  public record ClientEntry(String name, String host, long threads, long target, long operations, String keys,
      Long insertstart, Long insertcount, String verdict, String reason, Integer exitStatus,
      Long firstOperationMs) {
    /** A builder of a client's entry, every part unset (null, absent from the JSON; 0 for a count) until set. */
    public static ManifestClientEntryBuilder builder() {
      return ManifestClientEntryBuilder.builder();
    }

    /** A builder holding every part of this one, to change some. */
    public ManifestClientEntryBuilder toBuilder() {
      return ManifestClientEntryBuilder.builder(this);
    }
  }

  /**
   * The merged result.
   *
   * @param folder     relative folder of aggregate's outputs
   * @param report     relative path of the HTML report
   * @param summary    aggregate's own figures on coverage, as it reported them
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Merged(String folder, String report, Map<String, Object> summary) {
  }

  /**
   * The self-check of the phase: the collection's documents counted by the server against those expected.
   *
   * @param collection {@code database.collection}
   * @param before     documents before the phase
   * @param stored     new documents the clients stored and the server acknowledged
   * @param expected   {@code before + stored}
   * @param counted    documents the server counted after the last client's phase
   * @param verdict    {@code COMPLETE}, or {@code SHORTFALL} when fewer were counted than expected
   * @param text       the line the summary shows, e.g. {@code 1,000 loaded, 1,000 counted in ycsb.usertable}
   */
  public record Count(String collection, long before, long stored, long expected, long counted, String verdict,
      String text) {
  }
}
