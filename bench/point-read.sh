#!/usr/bin/env bash
# The point-read path: the binding's hand-built find through runCommand against the driver's find().first(),
# side by side against one server (bench/PointReadPaths.java runs the arms in turn in one JVM):
#   command     PointRead.command + runCommand + PointRead.ReplyCodec (what MongoDbClient.read sent before)
#   driver      MongoCollection<Fields>.find(reused BsonDocument filter).first(), FieldsCodec as the decoder
#   driver-raw  MongoCollection<RawBsonDocument>.find(...).first(), fields then read from the raw bytes
#   update-command / update-driver  the update paths: CommandUpdates (the hand-built update command through
#               runCommand, what MongoDbClient.update sends) / the driver's updateOne; reads as "command"
# PATHS=SelectionPaths runs bench/SelectionPaths.java instead: the binding's read and update, each arm its own client
# (binding, direct = directConnection=true, threshold0 = localThresholdMS=0, plain = without the binding's selector,
# pinned = one connection per thread checked out once through driver internals: no selection, no pool per operation;
# selected = the server selected once per thread, its pool's connection checked out per operation).
# Workloads (10 fields x 100 bytes, zipfian over RECORDS loaded once by bin/ycsb load): read100 (reads only),
# read95 (95% reads, 5% $set of one field), update50 (50/50), update100 (updates only). Ratios are against the
# first arm of ARMS.
# Each workload and thread count runs JVMS fresh JVMs; in each, after WARMUP unmeasured operations (the arms in
# turn), PAIRS rounds of one block of BLOCK operations (all threads together) for each arm, the order rotating. Per block:
#   worker_us_per_op   CPU of the client threads themselves (ThreadMXBean) / operations: the path's own cost
#   process_us_per_op  CPU of the whole JVM (JIT, GC and the driver's monitor threads included) / operations
#   ops_s              operations / wall time of the block
# Ratios are arm / first arm of the blocks of the same round (a few seconds apart, the same machine load).
#
# Usage: bench/point-read.sh    (env: JVMS=2 PAIRS=6 BLOCK=20000 WARMUP=120000 THREADS="4 16"
#        WORKLOADS="read100 read95" RECORDS=20000 ARMS="command,driver" OUT=file.csv SERVER_URL=mongodb://h:p
#        SKIP_BUILD=1 to use the distribution already built, PATHS=SelectionPaths)
set -euo pipefail

jvms="${JVMS:-2}"
pairs="${PAIRS:-6}"
block="${BLOCK:-20000}"
warmup="${WARMUP:-120000}"
threads_list="${THREADS:-4 16}"
workloads="${WORKLOADS:-read100 read95}"
records="${RECORDS:-20000}"
arms="${ARMS:-command,driver}"
paths="${PATHS:-PointReadPaths}"
case "$paths" in PointReadPaths|SelectionPaths) ;; *)
  echo "bench/point-read.sh: PATHS must be PointReadPaths or SelectionPaths, not '$paths'" >&2; exit 2 ;; esac
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[ -n "${SKIP_BUILD:-}" ] || "$root/mvnw" -q -B -ntp -DskipTests package
dist="$(dirname "$(dirname "$(compgen -G "$root/distribution/target/ycsb-mongodb-pack-*/ycsb-mongodb-pack/bin/ycsb" | head -n 1)")")"

work="$(mktemp -d)"
server_pid=""
trap '[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$work"' EXIT

javac -nowarn -d "$work/classes" -cp "$dist/lib/*" "$root/bench/PointReadPaths.java" "$root/bench/SelectionPaths.java"
cp="$work/classes:$dist/lib/*"

# shellcheck source=lib/server.sh
. "$root/bench/lib/server.sh"
bench_server "$dist" "$work"

"$dist/bin/ycsb" load mongodb -P "$dist/workloads/read95-update5" -p "mongodb.url=$url" -p table=pointread \
  -p recordcount="$records" -p mongodb.batchsize=100 -threads 4 >/dev/null 2>"$work/load.err" \
  || { cat "$work/load.err" >&2; exit 1; }

csv="${OUT:-$work/results.csv}"
echo "workload,threads,jvm,round,arm,ops,wall_ms,worker_cpu_ms,process_cpu_ms,jit_cpu_ms,worker_us_per_op,process_us_per_op,ops_s,load1" >"$csv"
for workload in $workloads; do
  case "$workload" in
    read100) proportion=1 ;; read95) proportion=0.95 ;; update50) proportion=0.5 ;; update100) proportion=0 ;;
    *) echo "bench/point-read.sh: unknown workload '$workload' (read100 read95 update50 update100)" >&2; exit 2 ;;
  esac
  for threads in $threads_list; do
    for jvm in $(seq 1 "$jvms"); do
      java -cp "$cp" "dev.ycsbpack.mongodb.wire.$paths" "$url" pointread "$arms" "$records" "$warmup" "$block" \
          "$pairs" "$threads" "$proportion" 2>"$work/err" \
        | while read -r arm round ops wall worker process jit; do
            read -r load1 _ </proc/loadavg
            awk -v w="$workload" -v t="$threads" -v j="$jvm" -v r="$round" -v a="$arm" -v o="$ops" -v wl="$wall" \
                -v c="$worker" -v p="$process" -v jit="$jit" -v l="$load1" 'BEGIN {
                printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%.1f,%.1f,%.0f,%s\n", w, t, j, r, a, o, wl, c, p, jit,
                c * 1000 / o, p * 1000 / o, o * 1000 / wl, l }'
          done | tee -a "$csv" || { cat "$work/err" >&2; exit 1; }
      [ ! -s "$work/err" ] || { cat "$work/err" >&2; exit 1; }
    done
  done
done

echo
echo "median (min-max) over $jvms JVMs x $pairs rounds; records=$records block=$block warmup=$warmup url=$url"
first_arm="${arms%%,*}"
echo "workload threads arm | worker_us_per_op | process_us_per_op | ops_s | worker cpu / $first_arm's | process cpu / $first_arm's | ops_s / $first_arm's"
tail -n +2 "$csv" | awk -F, -v first="$first_arm" '
  function stats(s, fmt,   a, n, m, i, j, v) { n = split(s, a, " ")
    for (i = 2; i <= n; i++) { v = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > v; j--) a[j + 1] = a[j]; a[j + 1] = v }
    m = (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2; return sprintf(fmt " (" fmt "-" fmt ")", m, a[1], a[n]) }
  { k = $1 " " $2 " " $5; if (!(k in w)) order[++nk] = k; w[k] = w[k] " " $11; p[k] = p[k] " " $12; o[k] = o[k] " " $13
    round = $1 " " $2 " " $3 " " $4; rw[round " " $5] = $11; rp[round " " $5] = $12; ro[round " " $5] = $13
    arm[k] = $5; wt[k] = $1 " " $2; rounds[$3 " " $4] = 1 }
  END { for (i = 1; i <= nk; i++) { k = order[i]; a = ""; b = ""; c = ""
      for (r in rounds) { base = wt[k] " " r " " first; mine = wt[k] " " r " " arm[k]
        if ((base in rw) && (mine in rw)) { a = a " " rw[mine] / rw[base]; b = b " " rp[mine] / rp[base]
          c = c " " ro[mine] / ro[base] } }
      print k " | " stats(w[k], "%.1f") " | " stats(p[k], "%.1f") " | " stats(o[k], "%.0f") " | " \
        stats(a, "%.3f") " | " stats(b, "%.3f") " | " stats(c, "%.3f") } }'
