package dev.ycsbpack.launcher;

import dev.ycsbpack.common.ErrorBudget;
import java.util.Set;

/** {@code bin/ycsb --help}, {@code -h} or {@code help}: the usage, printed to stdout with exit status 0. */
final class Help {
  private static final Set<String> REQUESTS = Set.of("--help", "-h", "help");
  /** Flags whose next argument is a value, which may itself be spelled like a flag. */
  private static final Set<String> TAKES_VALUE = Set.of("-P", "-p", "-l", "-threads", "-target");

  static final String TEXT = String.join("\n",
      "usage: bin/ycsb load|run BINDING [options]",
      "       bin/ycsb --help | --version",
      "",
      "Runs YCSB 0.17.0's client unchanged, checks every option before it starts, and exits",
      "0 for a complete run, 1 for a failed one (the last stderr line says why), 2 for a command line",
      "that cannot be run (one stderr line naming the option; see docs/refusals.md).",
      "",
      "BINDING: mongodb, or basic (YCSB's no-op binding, to check a workload without a server)",
      "",
      "options (as in upstream YCSB):",
      "  -P FILE          workload/property file; may be repeated, later files override earlier ones",
      "                   (workloads/workloada ... workloadf are upstream's core workloads)",
      "  -p NAME=VALUE    property; overrides every -P file",
      "  -threads N       client threads (property threadcount)",
      "  -target N        total operations per second to aim for (property target)",
      "  -s               print status every status.interval seconds to stderr",
      "  -l LABEL         label for status lines",
      "  -load | -t       phase; normally given by the load/run command",
      "  -jvm-args ARGS   extra JVM arguments, each starting with '-', e.g. -jvm-args '-Xmx2g' or",
      "                   -jvm-args='-Xmx2g' (read by bin/ycsb)",
      "  -cp PATH         extra classpath entries (read by bin/ycsb)",
      "",
      "pack options:",
      "  --out DIR        write a client folder: outputs, client.properties (secrets masked), environment",
      "                   (host, JVM, driver, server facts), HdrHistogram logs and verdict.properties, ready for",
      "                   bin/ycsb-aggregate merge; DIR must be new or empty; with the mongodb binding also",
      "                   telemetry/server.csv and .json: the server's serverStatus every status.interval",
      "                   (default 10 s) on a connection of its own, and a note when its opcounters differ",
      "                   from the operations the run counted",
      "  --no-telemetry   with --out: sample nothing from the server",
      "  --control stdin  used by bin/ycsb-coordinator: after every thread is connected and warmed up, wait for GO",
      "                   on stdin; stop when stdin closes or no heartbeat arrives for --control-timeout seconds",
      "                   (default " + LaunchArguments.DEFAULT_CONTROL_TIMEOUT + ")",
      "  --check          used by bin/ycsb-coordinator: run every check (binding options included), contact no",
      "                   server, write nothing, exit 0 or 2",
      "",
      "A property nothing in the run reads (a typo: recordcont) is refused with the nearest known name; list",
      "your own properties to keep them: -p " + KnownProperties.ALLOW + "=NAME,PREFIX*",
      "  -p ycsbpack.stalltimeout=SECONDS",
      "                   stop the run, FAILED (exit 1), when no operation has succeeded this long; default the",
      "                   larger of 60 and twice the driver's longest wait (30 s server selection and socket",
      "                   timeouts by default), a quarter of a maxexecutiontime window (at least 5)",
      "",
      "error budget (-p NAME=VALUE, percentages from 0 to 100; past either the run is FAILED, exit 1):",
      "  ycsbpack.maxerrorrate     failed operations (any Return= status but OK, BATCHED_OK, NOT_FOUND) allowed,",
      "                            in % of all (default " + (long) ErrorBudget.DEFAULT_MAX_ERROR_PERCENT + ")",
      "  ycsbpack.maxnotfoundrate  NOT_FOUND allowed, in % of any one operation's calls (default "
          + (long) ErrorBudget.DEFAULT_MAX_NOT_FOUND_PERCENT + ")",
      "                            below both, any failed or not-found operation is stated after the run",
      "",
      "mongodb binding options (-p NAME=VALUE or a -P file line; each overrides the same setting in mongodb.url):",
      "  mongodb.url                  connection string, default mongodb://localhost:27017; its password is",
      "                               never printed; other driver options (serverSelectionTimeoutMS, tls, ...) go here",
      "  mongodb.database             database when the URL path names none or /admin (default ycsb)",
      "  mongodb.w                    write concern w: 0, 1, 2, ..., majority, tag:<name>",
      "  mongodb.j                    true: wait for the journal",
      "  mongodb.wtimeout             milliseconds to wait for the write concern",
      "  mongodb.writeConcern         upstream's names: unacknowledged, acknowledged, journaled,",
      "                               replica_acknowledged, majority",
      "  mongodb.readPreference       primary, primaryPreferred, secondary, secondaryPreferred, nearest",
      "  mongodb.readPreferenceTags   tag sets tried in order, e.g. dc:ny,rack:1;dc:sf;",
      "  mongodb.maxStalenessSeconds  maximum replication lag of a secondary read from (90 or more)",
      "  mongodb.readConcern          local, available, majority, linearizable, snapshot",
      "  mongodb.batchsize            inserts per unordered insertMany (default 1; upstream's batchsize works too)",
      "                               (the output's [INSERT-DOCUMENTS] section says how many batched documents the",
      "                               server acknowledged; any not acknowledged fails the run)",
      "  mongodb.upsert               true: inserts become upserts",
      "  mongodb.maxPoolSize          connection pool size (default: threadcount; upstream's mongodb.maxconnections)",
      "  mongodb.compressors          wire compression: zlib (snappy, zstd with their jars in lib/)",
      "  mongodb.retryWrites          retryable writes (driver default true)",
      "  mongodb.retryReads           retryable reads (driver default true)",
      "  mongodb.warmup               unmeasured inserts per thread before measuring (default 0)",
      "  mongodb.fastPath             false: the driver's find, updateOne, insertMany only (default true)",
      "  mongodb.allowEmpty           true: run even when the collection is empty (default: refuse a run",
      "                               that reads, updates or scans a collection that was never loaded)",
      "  mongodb.dropOnLoad           true: a load drops the collection first (refused in a run)",
      "  mongodb.tls.caFile           PEM CA certificates to trust (turns TLS on; the URL's tlsCAFile works too)",
      "  mongodb.tls.certificateKeyFile  PEM client certificate + key (PKCS#8, encrypted PKCS#8, PKCS#1 RSA);",
      "                               mongodb.tls.certificateKeyFilePassword for an encrypted key",
      "  mongodb.tls.trustStore       JKS/PKCS12 trust store (+ mongodb.tls.trustStorePassword, ...Type)",
      "  mongodb.tls.keyStore         JKS/PKCS12 key store (+ mongodb.tls.keyStorePassword, ...Type)",
      "",
      "examples:",
      "  bin/ycsb load mongodb -P workloads/workloada -p mongodb.url=mongodb://db1:27017/ycsb -threads 16 \\",
      "      -p mongodb.batchsize=100",
      "  bin/ycsb run mongodb -P workloads/workloada -p mongodb.url=mongodb://db1:27017/ycsb -threads 16 -s \\",
      "      -p mongodb.w=majority -p mongodb.j=true -p mongodb.wtimeout=5000",
      "  HdrHistogram logs, one file per operation (the folder must exist; the path is a file name prefix):",
      "  bin/ycsb run mongodb -P workloads/workloadb -p mongodb.url=mongodb://db1:27017/ycsb -s \\",
      "      -p hdrhistogram.fileoutput=true -p hdrhistogram.output.path=out/host1-    (writes out/host1-READ.hdr)",
      "",
      "see also:",
      "  bin/ycsb-aggregate     merges several clients' outputs and .hdr logs into true percentiles",
      "  bin/ycsb-coordinator   runs one workload from many client hosts and merges the results",
      "  bin/embedded-mongo     an in-memory fake server (mongo-java-server) to try the pack; not MongoDB",
      "  README.md, workloads/README.md, docs/refusals.md",
      "");

  private Help() {
  }

  /** True for {@code --help}, {@code -h} or {@code help} first, or {@code --help}/{@code -h} as a flag later. */
  static boolean isRequest(String[] args) {
    if (args.length == 0) {
      return false;
    }
    if (REQUESTS.contains(args[0])) {
      return true;
    }
    for (int i = 1; i < args.length; i++) {
      if (TAKES_VALUE.contains(args[i])) {
        i++;
      } else if (args[i].equals("--help") || args[i].equals("-h")) {
        return true;
      }
    }
    return false;
  }
}
