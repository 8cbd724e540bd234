#!/usr/bin/env bash
# Merge time and peak memory of `ycsb-aggregate merge` for 1, 16 and 64 synthetic clients, each with one-second
# intervals over an hour (3,600 intervals) and five operations (READ, UPDATE, INSERT, SCAN, READ-MODIFY-WRITE), and a
# memory row: 16 clients over four hours (14,400 intervals) with the same heap.
#
# Usage: bench/aggregate-merge.sh [WORKDIR]          (default WORKDIR: /tmp/aggregate-bench)
#   CLIENTS="1 16 64"  INTERVALS=3600  LONG=14400  HEAP=256m  FORMATS=txt,json,csv,md,html  REPEAT=3  can be overridden
#   (LONG= skips the memory row).
# Needs: a JDK 17, GNU time (/usr/bin/time; Debian package "time"). Inputs take about 9 MB per client-hour (measured);
# they are generated once (SyntheticClients, seeded: the same arguments give the same bytes) and kept in WORKDIR.
#
# Every merge runs the command line's own main class with a fixed maximum heap (HEAP): finishing at all shows the
# memory bound; the peak RSS of the JVM and the wall and CPU (user+sys) times are measured with /usr/bin/time -v
# around the whole JVM (start-up included); each merge runs REPEAT times and the table shows the median wall time
# with its min-max, the median CPU time, and the largest peak RSS (the machine's load average is printed: other work
# inflates wall times).
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-/tmp/aggregate-bench}"
clients_list="${CLIENTS:-1 16 64}"
intervals="${INTERVALS:-3600}"
long="${LONG-14400}"
heap="${HEAP:-256m}"
formats="${FORMATS:-txt,json,csv,md,html}"
repeat="${REPEAT:-3}"

if [ ! -x /usr/bin/time ]; then
  echo "bench: /usr/bin/time is missing; install it (Debian: apt-get install time)" >&2
  exit 1
fi

mkdir -p "$work"
cd "$here"
# the reactor resolves common from this checkout (no install into ~/.m2)
./mvnw -B -ntp -q -pl aggregate -am -DskipTests package dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$work/classpath.txt" >/dev/null
# a copy of the classes, so a build in this checkout while the bench runs cannot change what is measured
rm -rf "$work/classes"
mkdir -p "$work/classes"
cp -r "$here/aggregate/target/classes" "$work/classes/main"
cp -r "$here/aggregate/target/test-classes" "$work/classes/test"
cp "$here/common/target/common-"*[0-9T].jar "$work/classes/common.jar"
cp="$work/classes/main:$work/classes/test:$work/classes/common.jar:$(tr ':' '\n' <"$work/classpath.txt" \
  | grep -v '/common/target/' | paste -sd:)"

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

run() { # clients intervals
  local n="$1" k="$2" in="$work/in-$1x$2" out="$work/out-$1x$2"
  if [ ! -f "$in/.complete" ]; then
    rm -rf "$in"
    java -cp "$cp" dev.ycsbpack.aggregate.synthetic.SyntheticClients "$in" "$n" "$k"
    touch "$in/.complete"
  fi
  local size walls="" cpus="" max_rss=0 _
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
    walls="$walls$wall"$'\n'
    cpus="$cpus$cpu"$'\n'
    if [ "$rss" -gt "$max_rss" ]; then max_rss="$rss"; fi
  done
  local wmed wmin wmax cmed
  wmed="$(printf '%s' "$walls" | median)"
  wmin="$(printf '%s' "$walls" | sort -g | head -1)"
  wmax="$(printf '%s' "$walls" | sort -g | tail -1)"
  cmed="$(printf '%s' "$cpus" | median)"
  printf '| %d | %d | %d | %d | %.2f (%.2f–%.2f) | %.2f | %d |\n' "$n" "$k" "$((n * k * 5))" "$size" \
    "$wmed" "$wmin" "$wmax" "$cmed" "$((max_rss / 1024))"
}

echo "java: $(java -version 2>&1 | head -1); cpus: $(nproc); heap limit: $heap; formats: $formats; runs each: $repeat"
if git -C "$here" rev-parse --git-dir >/dev/null 2>&1; then
  echo "commit: $(git -C "$here" rev-parse --short HEAD)$(git -C "$here" diff --quiet HEAD -- aggregate common \
    || echo ' (modified)')"
fi
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| Clients | Intervals | Interval histograms | Input (MB) | Wall time (s), median (min–max) | CPU time (s) | Peak RSS (MB) |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
for n in $clients_list; do
  run "$n" "$intervals"
done
if [ -n "$long" ]; then
  run 16 "$long"
fi
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
