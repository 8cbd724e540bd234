#!/usr/bin/env bash
# What the server telemetry sampler costs the client it runs in (issue 40: "at most 1% of a client's CPU and one
# connection"), side by side in one interleaved run against one server. Three arms of the same bin/ycsb command
# (run mongodb, workloads/read95-update5, RECORDS documents, OPERATIONS operations, THREADS threads, --out DIR):
#   off   --no-telemetry: no sampler
#   t10   the default: the sampler asks serverStatus at the start, every status.interval (10 s) and at the end
#   t1    the same with -p status.interval=1 (YCSB's smallest): ten times the samples
# Every measurement is one fresh JVM; per measurement it records:
#   cpu_ms         (utime + stime) of the client process, JVM start-up included, from the OS accounting: the
#                  cutime + cstime of the subshell that waited for it, read from /proc as bench/client-cpu.sh does
#                  (10 ms resolution)
#   wall_ms        exec to exit; ops_s: YCSB's [OVERALL] Throughput
#   sampler_cpu_ms the sampler's own samplerCpuMs (the CPU time of its sampling thread, from the JVM) and
#   sampler_conns  its samplerConnections, both read from DIR/telemetry/server.json's identity (empty for off)
#   sampler_pct    sampler_cpu_ms / cpu_ms in %: the sampler's share of the client's CPU, measured inside the run
#   load1          the machine's 1-minute load average at the end (/proc/loadavg): on a shared machine only the
#                  ratios between arms of one round mean something
# Order: the records loaded once, one unrecorded warm-up of every arm (WARMUP_OPERATIONS, default 20000: bin/ycsb's
# class-data sharing archive is made then, in this run's temporary folder), then ROUNDS rounds in which the order of
# the arms rotates. Every run is checked: a failed bin/ycsb, or a verdict other than COMPLETE, stops the bench.
# Summary: per arm the median and min-max of cpu_ms, ops_s, sampler_cpu_ms and sampler_pct; then the per-round ratio
# of each arm's cpu_ms to the off arm's of the same round (median and min-max): the whole client's extra CPU, which
# on a loaded machine is noisier than the 1% it is held to (sampler_pct is the precise figure, the ratio its bound).
#
# Usage: bench/telemetry-cost.sh   (env: ROUNDS=5 THREADS=16 RECORDS=20000 OPERATIONS=400000 WARMUP_OPERATIONS=20000
#        ARMS="off t10 t1" SERVER_URL=mongodb://host:port OUT=file.csv DIST=<a distribution folder: no build>)
# Issue 40's measurement (docs/PERFORMANCE.md), about 25 minutes on a shared 2-core machine:
#   ROUNDS=5 OPERATIONS=400000 OUT=telemetry-cost.csv bench/telemetry-cost.sh
# Without SERVER_URL it starts bin/embedded-mongo (mongo-java-server, its own JVM) on a free port.
set -euo pipefail

rounds="${ROUNDS:-5}"
threads="${THREADS:-16}"
records="${RECORDS:-20000}"
operations="${OPERATIONS:-400000}"
warmup_operations="${WARMUP_OPERATIONS:-20000}"
read -r -a arms <<<"${ARMS:-off t10 t1}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -n "${DIST:-}" ]; then
  dist="$(cd "$DIST" && pwd)"
else
  "$root/mvnw" -q -B -ntp -DskipTests package
  dist="$(dirname "$(dirname "$(compgen -G "$root/distribution/target/ycsb-mongodb-pack-*/ycsb-mongodb-pack/bin/ycsb" \
    | head -n 1)")")"
fi
for arm in "${arms[@]}"; do
  case "$arm" in off|t10|t1) ;; *) echo "bench/telemetry-cost.sh: ARMS: unknown arm '$arm' (off, t10, t1)" >&2
    exit 2 ;; esac
done

work="$(mktemp -d)"
server_pid=""
trap '[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$work"' EXIT
export YCSB_CDS_DIR="$work/cds"
# shellcheck source=lib/server.sh
. "$root/bench/lib/server.sh"
bench_server "$dist" "$work"
tick="$(getconf CLK_TCK)"

# One arm's run into $work/out-DIR; prints "wall_ms cpu_ms ops_s sampler_cpu_ms sampler_conns". CPU: the
# subshell's cutime + cstime once it has waited for bin/ycsb (which execs the JVM), as bench/client-cpu.sh reads it.
measure() {
  local arm="$1" ops="$2" out="$work/out" cmd start end stat
  rm -rf "$out"
  cmd=("$dist/bin/ycsb" run mongodb -P "$dist/workloads/read95-update5" -p "mongodb.url=$url" -p table=bench
       -p recordcount="$records" -p operationcount="$ops" -p readallfields=true -threads "$threads" --out "$out")
  case "$arm" in
    off) cmd+=(--no-telemetry) ;;
    t1) cmd+=(-p status.interval=1) ;;
  esac
  start=$(date +%s%N)
  stat=$( { "${cmd[@]}" >"$work/stdout" 2>"$work/stderr" || echo FAILED >"$work/failed"; } ; cat "/proc/$BASHPID/stat" )
  end=$(date +%s%N)
  if [ -e "$work/failed" ] || ! grep -q '^status=COMPLETE$' "$out/verdict.properties" 2>/dev/null; then
    echo "bench/telemetry-cost.sh: $arm failed: ${cmd[*]}" >&2; tail -n 20 "$work/stderr" >&2
    touch "$work/abort"; exit 1
  fi
  local cpu_ms ops_s scpu="" sconns=""
  cpu_ms=$(echo "$stat" | sed 's/^.*) //' | awk -v t="$tick" '{ print ($14 + $15) * 1000 / t }')
  ops_s=$(sed -n 's/^\[OVERALL\], Throughput(ops\/sec), \([0-9.]*\).*$/\1/p' "$work/stdout" | tail -n 1)
  if [ "$arm" != off ]; then
    scpu=$(sed -n 's/.*"samplerCpuMs": "\([0-9a-z]*\)".*/\1/p' "$out/telemetry/server.json")
    sconns=$(sed -n 's/.*"samplerConnections": "\([0-9]*\)".*/\1/p' "$out/telemetry/server.json")
  elif [ -e "$out/telemetry" ]; then
    echo "bench/telemetry-cost.sh: --no-telemetry wrote $out/telemetry" >&2; touch "$work/abort"; exit 1
  fi
  echo "$(( (end - start) / 1000000 )) $cpu_ms ${ops_s:-0} ${scpu:--} ${sconns:--}"
}
stop_if_aborted() { if [ -e "$work/abort" ]; then echo "bench/telemetry-cost.sh: stopped (see above)" >&2; exit 1; fi; }

"$dist/bin/ycsb" load mongodb -P "$dist/workloads/read95-update5" -p "mongodb.url=$url" -p table=bench \
  -p recordcount="$records" -p mongodb.batchsize=100 -threads 4 >/dev/null 2>"$work/load.err" \
  || { cat "$work/load.err" >&2; exit 1; }
for arm in "${arms[@]}"; do measure "$arm" "$warmup_operations" >/dev/null; stop_if_aborted; done

csv="${OUT:-$work/results.csv}"
echo "round,position,arm,ops,wall_ms,cpu_ms,ops_s,sampler_cpu_ms,sampler_conns,sampler_pct,load1" >"$csv"
n=${#arms[@]}
for round in $(seq 1 "$rounds"); do
  for i in $(seq 0 $((n - 1))); do
    arm="${arms[$(( (i + round) % n ))]}"
    read -r wall cpu ops_s scpu sconns <<<"$(measure "$arm" "$operations")"; stop_if_aborted
    pct=""; [ "$scpu" = - ] || pct=$(awk -v s="$scpu" -v c="$cpu" 'BEGIN { printf "%.3f", 100 * s / c }')
    [ "$scpu" = - ] && scpu=""; [ "$sconns" = - ] && sconns=""
    line="$round,$i,$arm,$operations,$wall,$cpu,$ops_s,$scpu,$sconns,$pct,$(cut -d' ' -f1 /proc/loadavg)"
    echo "$line" >>"$csv"; echo "$line" >&2
  done
done

# median (min-max) of the numbers on stdin, one a line ("-" for none)
spread() {
  sort -g | awk '{ v[++n] = $1 } END { if (n == 0) { print "-"; exit }
    m = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
    f = v[n] >= 1000 ? "%.0f (%.0f-%.0f)" : "%.4g (%.4g-%.4g)"; printf f, m, v[1], v[n] }'
}
column() { awk -F, -v a="$1" -v c="$2" 'NR > 1 && $3 == a && $c != "" { print $c }' "$csv"; }
echo
echo "$threads threads, $operations operations, $rounds rounds, load1 $(column "${arms[0]}" 11 | spread) ($url)"
echo "median (min-max) per arm"
printf '%-5s %-26s %-26s %-22s %-24s %s\n' arm cpu_ms ops_s sampler_cpu_ms sampler_pct sampler_conns
for arm in "${arms[@]}"; do
  printf '%-5s %-26s %-26s %-22s %-24s %s\n' "$arm" "$(column "$arm" 6 | spread)" "$(column "$arm" 7 | spread)" \
    "$(column "$arm" 8 | spread)" "$(column "$arm" 10 | spread)" "$(column "$arm" 9 | sort -u | paste -sd/)"
done
if [[ " ${arms[*]} " == *" off "* ]]; then
  echo "client cpu_ms / the off arm's of the same round: median (min-max)"
  for arm in "${arms[@]}"; do
    [ "$arm" = off ] && continue
    echo "$arm   $(awk -F, -v a="$arm" 'NR > 1 { cpu[$1, $3] = $6; r[$1] = 1 }
      END { for (k in r) if ((k, a) in cpu && (k, "off") in cpu) printf "%.5f\n", cpu[k, a] / cpu[k, "off"] }' "$csv" \
      | spread)"
  done
fi
echo "rows: $csv"
