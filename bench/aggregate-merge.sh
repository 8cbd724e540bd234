#!/usr/bin/env bash
# Merge time and peak memory of `ycsb-aggregate merge` for 1, 4, 16 and 64 synthetic clients, each with one-second
# intervals over an hour (3,600 intervals) and five operations (READ, UPDATE, INSERT, SCAN, READ-MODIFY-WRITE).
#
# Usage: bench/aggregate-merge.sh [WORKDIR]          (default WORKDIR: /tmp/aggregate-bench)
#   CLIENTS="1 4 16 64"  INTERVALS=3600  HEAP=256m  FORMATS=txt,json,csv,md,html  REPEAT=3  can be overridden.
# Needs: a JDK 17, GNU time (/usr/bin/time; Debian package "time"). Inputs take about 9 MB per client (measured).
#
# Every merge runs with a fixed maximum heap (HEAP): finishing at all shows the memory bound; the peak RSS of the JVM
# and the wall and CPU (user+sys) times are measured with /usr/bin/time -v; each merge runs REPEAT times and the table
# shows the fastest wall time and the largest peak RSS (the machine's load average is printed: other work inflates
# wall times). A last run merges 16 clients with 600 intervals instead of
# 3,600 at the same heap, to show memory does not grow with the number of intervals.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-/tmp/aggregate-bench}"
clients_list="${CLIENTS:-1 4 16 64}"
intervals="${INTERVALS:-3600}"
heap="${HEAP:-256m}"
formats="${FORMATS:-txt,json,csv,md,html}"
repeat="${REPEAT:-3}"

if [ ! -x /usr/bin/time ]; then
  echo "bench: /usr/bin/time is missing; install it (Debian: apt-get install time)" >&2
  exit 1
fi

cd "$here"
./mvnw -q -pl aggregate -am install -DskipTests
./mvnw -q -f aggregate/pom.xml dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$work/classpath.txt" >/dev/null
cp="$here/aggregate/target/classes:$here/aggregate/target/test-classes:$(cat "$work/classpath.txt")"

run() { # clients intervals
  local n="$1" k="$2" in="$work/in-$1x$2" out="$work/out-$1x$2"
  if [ ! -f "$in/.complete" ]; then
    rm -rf "$in"
    java -cp "$cp" dev.ycsbpack.aggregate.synthetic.SyntheticClients "$in" "$n" "$k"
    touch "$in/.complete"
  fi
  local size best_wall="" best_cpu="" max_rss=0 _
  size="$(du -sm "$in" | cut -f1)"
  for _ in $(seq "$repeat"); do
    rm -rf "$out"
    /usr/bin/time -v -o "$work/time-$n-$k.txt" \
      java -Xmx"$heap" -cp "$cp" dev.ycsbpack.aggregate.cli.AggregateMain merge "$in" -o "$out" \
      --format "$formats" >/dev/null 2>"$work/stderr-$n-$k.txt"
    local wall cpu rss
    wall="$(grep 'Elapsed (wall clock)' "$work/time-$n-$k.txt" | awk '{print $NF}' \
      | awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }')"
    cpu="$(awk -F': ' '/User time|System time/ { s += $2 } END { print s }' "$work/time-$n-$k.txt")"
    rss="$(grep 'Maximum resident set size' "$work/time-$n-$k.txt" | awk '{print $NF}')"
    if [ -z "$best_wall" ] || awk "BEGIN { exit !($wall < $best_wall) }"; then best_wall="$wall"; best_cpu="$cpu"; fi
    if [ "$rss" -gt "$max_rss" ]; then max_rss="$rss"; fi
  done
  printf '| %d | %d | %d | %d | %.2f | %.2f | %d |\n' "$n" "$k" "$((n * k * 5))" "$size" "$best_wall" "$best_cpu" \
    "$((max_rss / 1024))"
}

mkdir -p "$work"
echo "java: $(java -version 2>&1 | head -1); cpus: $(nproc); heap limit: $heap; formats: $formats; runs each: $repeat"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| Clients | Intervals | Interval histograms | Input (MB) | Wall time (s) | CPU time (s) | Peak RSS (MB) |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
for n in $clients_list; do
  run "$n" "$intervals"
done
run 16 600
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
