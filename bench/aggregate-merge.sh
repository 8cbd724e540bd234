#!/usr/bin/env bash
# Merge time and peak memory of `ycsb-aggregate merge` for 1, 16 and 64 synthetic clients, each with one-second
# intervals over an hour (3,600 intervals) and five operations (READ, UPDATE, INSERT, SCAN, READ-MODIFY-WRITE), and a
# memory row: 16 clients over four hours (14,400 intervals) with the same heap.
#
# Usage: bench/aggregate-merge.sh [WORKDIR]          (default WORKDIR: /tmp/aggregate-bench)
#   CLIENTS="1 16 64"  INTERVALS=3600  LONG=14400  HEAP=256m  FORMATS=txt,json,csv,md,html  REPEAT=3  can be overridden
#   (LONG= skips the memory row).
#   BEFORE=<git revision>: also builds that revision's merge (from `git archive`, offline, in WORKDIR) and runs the two
#   side by side, interleaved (before/after, then after/before, ...), checking that every output file is identical.
#   SIDECARS=1 (default; 0 skips): a third arm, "sidecars": this checkout's merge of the same clients with each log's
#   counts sidecar beside it (<OP>.hdr.counts, written by SyntheticClients through bin/ycsb's own writer), so nothing
#   is inflated; its outputs must equal the other arms'. The generator prints the client-side cost (ms per client
#   for all its logs) and the bench the sidecars' extra bytes per client. The sidecar inputs are kept per version of
#   CountsSidecar.java (their folder is named after its git blob), so a changed format gets new ones.
#   With BEFORE and SIDECARS=1 a fourth arm, "before-sidecars": that revision's merge of the sidecars its own
#   SyntheticClients writes (its format), so each build is also measured at its best.
#   BIN=1 (default; 0 skips, as does SIDECARS=0): an arm "bin-sidecars", the sidecars merged by the command a user
#   runs, this checkout's distribution's bin/ycsb-aggregate (YCSB_AGGREGATE_JVM_ARGS=-Xmx<HEAP>), with the class-data
#   archive it makes for itself (made and adopted by two merges of a 1-client input before the timed runs; its own
#   cache in WORKDIR/cds). The other arms run java on class folders, which AppCDS cannot archive.
# Needs: a JDK 17, GNU time (/usr/bin/time; Debian package "time"). Inputs take about 9 MB per client-hour (measured);
# they are generated once (SyntheticClients, seeded: the same arguments give the same bytes) and kept in WORKDIR.
#
# Every merge runs the command line's own main class with a fixed maximum heap (HEAP): finishing at all shows the
# memory bound; the peak RSS of the JVM and the wall and CPU (user+sys) times are measured with /usr/bin/time -v
# around the whole JVM (start-up included); each merge runs REPEAT times and the table shows the median wall time
# with its min-max, the median CPU time (with BEFORE: median and min-max of both), and the largest peak RSS (the
# machine's load average is printed: other work inflates wall times, and on a shared machine CPU time too).
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-/tmp/aggregate-bench}"
clients_list="${CLIENTS:-1 16 64}"
intervals="${INTERVALS:-3600}"
long="${LONG-14400}"
heap="${HEAP:-256m}"
formats="${FORMATS:-txt,json,csv,md,html}"
repeat="${REPEAT:-3}"
before="${BEFORE:-}"
sidecars="${SIDECARS:-1}"
bin="${BIN:-1}"

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
if [ "$sidecars" = 1 ] && [ "$bin" = 1 ]; then
  # the distribution as a user installs it (a copy, for the same reason), with an empty archive cache
  ./mvnw -B -ntp -q -pl distribution -am -DskipTests package >/dev/null
  rm -rf "$work/dist" "$work/cds"
  cp -r "$here"/distribution/target/ycsb-mongodb-pack-*/ycsb-mongodb-pack "$work/dist"
fi
deps="$(tr ':' '\n' <"$work/classpath.txt" | grep -v '/common/target/' | paste -sd:)"
cp="$work/classes/main:$work/classes/test:$work/classes/common.jar:$deps"
arms="after"
if [ -n "$before" ]; then
  # the older merge, built from the revision's own sources; the generator and the libraries are this checkout's
  rm -rf "$work/before-src" "$work/classes-before"
  mkdir -p "$work/before-src" "$work/classes-before"
  git -C "$here" archive "$before" | tar -x -C "$work/before-src"
  (cd "$work/before-src" && ./mvnw -B -ntp -q -o -pl aggregate -am -DskipTests package >/dev/null)
  cp -r "$work/before-src/aggregate/target/classes" "$work/classes-before/main"
  cp -r "$work/before-src/aggregate/target/test-classes" "$work/classes-before/test"
  cp "$work/before-src/common/target/common-"*[0-9T].jar "$work/classes-before/common.jar"
  arms="before after"
fi
if [ "$sidecars" = 1 ]; then
  arms="$arms sidecars"
  if [ -n "$before" ]; then arms="$arms before-sidecars"; fi
  if [ "$bin" = 1 ]; then arms="$arms bin-sidecars"; fi
fi

arm_cp() { # arm
  case "$1" in
    before | before-sidecars) echo "$work/classes-before/main:$work/classes-before/test:$work/classes-before/common.jar:$deps" ;;
    *) echo "$cp" ;;
  esac
}

sidecar_source=common/src/main/java/dev/ycsbpack/common/hdr/CountsSidecar.java
# the sidecars' format, named by the git blob of the writer's source (taken now: the checkout may change while the
# bench runs, the copied classes do not): inputs are regenerated when it changes
sidecar_tag="$(git -C "$here" hash-object "$here/$sidecar_source" | cut -c1-10)"
if [ -n "$before" ]; then before_sidecar_tag="$(git -C "$here" rev-parse --short=10 "$before:$sidecar_source")"; fi
sidecar_tag() { # arm
  if [ "$1" = before-sidecars ]; then echo "$before_sidecar_tag"; else echo "$sidecar_tag"; fi
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
spread() { # values on stdin -> "median (min-max)"
  local v
  v="$(cat)"
  printf '%.2f (%.2f–%.2f)' "$(printf '%s' "$v" | median)" "$(printf '%s' "$v" | sort -g | head -1)" \
    "$(printf '%s' "$v" | sort -g | tail -1)"
}

declare -A walls cpus rss

input_dir() { # arm clients intervals
  case "$1" in
    sidecars | before-sidecars | bin-sidecars) echo "$work/in-$2x$3-sidecars-$(sidecar_tag "$1")" ;;
    *) echo "$work/in-$2x$3" ;;
  esac
}

merge_once() { # arm clients intervals
  local arm="$1" n="$2" k="$3" in out="$work/out-$1-$2x$3" t="$work/time-$1-$2-$3.txt"
  in="$(input_dir "$1" "$2" "$3")"
  rm -rf "$out"
  if [ "$arm" = bin-sidecars ]; then
    YCSB_CDS_DIR="$work/cds" YCSB_AGGREGATE_JVM_ARGS="-Xmx$heap" /usr/bin/time -v -o "$t" "$work/dist/bin/ycsb-aggregate" \
      merge "$in" -o "$out" --format "$formats" >/dev/null 2>"$work/stderr-$arm-$n-$k.txt"
  else
    /usr/bin/time -v -o "$t" java -Xmx"$heap" -cp "$(arm_cp "$arm")" dev.ycsbpack.aggregate.cli.AggregateMain merge \
      "$in" -o "$out" --format "$formats" >/dev/null 2>"$work/stderr-$arm-$n-$k.txt"
  fi
  walls[$arm]+="$(grep 'Elapsed (wall clock)' "$t" | awk '{print $NF}' \
    | awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }')"$'\n'
  cpus[$arm]+="$(awk -F': ' '/User time|System time/ { s += $2 } END { print s }' "$t")"$'\n'
  local r
  r="$(grep 'Maximum resident set size' "$t" | awk '{print $NF}')"
  if [ "$r" -gt "${rss[$arm]:-0}" ]; then rss[$arm]="$r"; fi
}

run() { # clients intervals
  local n="$1" k="$2" in="$work/in-$1x$2"
  if [ ! -f "$in/.complete" ]; then
    rm -rf "$in"
    java -cp "$cp" dev.ycsbpack.aggregate.synthetic.SyntheticClients "$in" "$n" "$k"
    touch "$in/.complete"
  fi
  local arm sc
  if [ "$sidecars" = 1 ]; then
    for arm in $arms; do
      case "$arm" in sidecars | before-sidecars) ;; *) continue ;; esac  # bin-sidecars: the sidecars arm's
      sc="$(input_dir "$arm" "$n" "$k")"
      if [ ! -f "$sc/.complete" ]; then
        rm -rf "$sc"
        java -cp "$(arm_cp "$arm")" dev.ycsbpack.aggregate.synthetic.SyntheticClients "$sc" "$n" "$k" sidecars \
          2>"$work/$arm-$n-$k.txt"
        touch "$sc/.complete"
      fi
      # the generator's line is there only when this arm generated the inputs (an arm whose format another arm or
      # an earlier run already generated reuses them)
      echo "$arm: $n clients x $k intervals: $(cat "$work/$arm-$n-$k.txt" 2>/dev/null \
        || echo "inputs generated earlier, for the same format"); sidecar bytes per client:" \
        "$(find "$sc" -name '*.hdr.counts' -printf '%s\n' | awk -v n="$n" '{ s += $1 } END { printf "%.1f MB", s / n / 1e6 }')," \
        "logs per client: $(find "$in" -name '*.hdr' -printf '%s\n' | awk -v n="$n" '{ s += $1 } END { printf "%.1f MB", s / n / 1e6 }')" >&2
    done
  fi
  local size i order
  size="$(du -smL "$in" | cut -f1)"
  walls=() cpus=() rss=()
  for i in $(seq "$repeat"); do
    order="$arms"
    if [ $((i % 2)) -eq 0 ]; then order="$(printf '%s\n' "$arms" | tr ' ' '\n' | tac | paste -sd' ')"; fi
    for arm in $order; do
      merge_once "$arm" "$n" "$k"
    done
  done
  for arm in $arms; do
    # the input folder's path is in the outputs: compared with it written as @IN@
    if [ "$arm" != after ] && ! diff <(cd "$work/out-$arm-${n}x$k" && grep -r . | sed "s#$(input_dir "$arm" "$n" "$k")#@IN@#g") \
        <(cd "$work/out-after-${n}x$k" && grep -r . | sed "s#$(input_dir after "$n" "$k")#@IN@#g") >/dev/null; then
      echo "bench: the outputs of arms $arm and after differ for $n clients x $k intervals" >&2
      exit 1
    fi
    printf '| %d | %d | %d | %d | %s | %s | %s | %d |\n' "$n" "$k" "$((n * k * 5))" "$size" "$arm" \
      "$(printf '%s' "${cpus[$arm]}" | spread)" "$(printf '%s' "${walls[$arm]}" | spread)" "$((rss[$arm] / 1024))"
  done
}

echo "java: $(java -version 2>&1 | head -1); cpus: $(nproc); heap limit: $heap; formats: $formats; runs each: $repeat"
if [ -n "$before" ]; then echo "before: $(git -C "$here" rev-parse --short "$before")"; fi
if git -C "$here" rev-parse --git-dir >/dev/null 2>&1; then
  echo "commit: $(git -C "$here" rev-parse --short HEAD)$(git -C "$here" diff --quiet HEAD -- aggregate common \
    || echo ' (modified)')"
fi
if [[ " $arms " == *" bin-sidecars "* ]]; then
  # bin/ycsb-aggregate's archive: the first complete merge leaves it pending, the second adopts it
  tiny="$work/in-1x10-sidecars"
  if [ ! -f "$tiny/.complete" ]; then
    rm -rf "$tiny"
    java -cp "$cp" dev.ycsbpack.aggregate.synthetic.SyntheticClients "$tiny" 1 10 sidecars 2>/dev/null
    touch "$tiny/.complete"
  fi
  for i in 1 2; do
    YCSB_CDS_DIR="$work/cds" "$work/dist/bin/ycsb-aggregate" merge "$tiny" -o "$work/out-archive" >/dev/null 2>&1
  done
  echo "bin/ycsb-aggregate's archive: $(find "$work/cds" -name 'aggregate-*.jsa' -printf '%f %s bytes\n')"
fi
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| Clients | Intervals | Interval histograms | Input (MB) | Arm | CPU (s), median (min–max) | Wall (s), median (min–max) | Peak RSS (MB) |"
echo "|---:|---:|---:|---:|---|---:|---:|---:|"
for n in $clients_list; do
  run "$n" "$intervals"
done
if [ -n "$long" ]; then
  run 16 "$long"
fi
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
