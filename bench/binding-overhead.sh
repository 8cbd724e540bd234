#!/usr/bin/env bash
# Binding overhead: operations per second through bin/ycsb (binding + YCSB harness) versus a plain driver
# loop (bench/PlainDriverLoop.java) doing the same 95/5 reads and updates with uniform keys, against the
# same embedded server (bin/embedded-mongo, its own JVM), with the same threads. The two alternate, round by
# round, in one run, so machine noise hits both; the result is the median of the per-round ratios. One pair
# is run first and not recorded (the server JVM's JIT warms up there), and the side that goes first alternates
# from round to round, so neither side always meets the server first.
#
# Usage: bench/binding-overhead.sh [ROUNDS=5] [OPERATIONS=60000] [THREADS=4] [RECORDS=10000]
set -euo pipefail

rounds="${1:-5}"; operations="${2:-60000}"; threads="${3:-4}"; records="${4:-10000}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/mvnw" -q -B -DskipTests package
dist="$(dirname "$(dirname "$(compgen -G "$root/distribution/target/ycsb-mongodb-pack-*/ycsb-mongodb-pack/bin/ycsb" | head -n 1)")")"

work="$(mktemp -d)"
server_pid=""
trap '[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$work"' EXIT
"$dist/bin/embedded-mongo" --url-file "$work/url" >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 300); do [ -s "$work/url" ] && break; sleep 0.1; done
url="$(cat "$work/url")/ycsb"

common=(-P "$dist/workloads/read95-update5" -p "mongodb.url=$url" -p table=bench -p recordcount="$records"
        -p operationcount="$operations" -p requestdistribution=uniform -p readallfields=true -threads "$threads")
"$dist/bin/ycsb" load mongodb "${common[@]}" -p mongodb.batchsize=100 >/dev/null 2>"$work/load.err" \
  || { cat "$work/load.err" >&2; exit 1; }

throughput() { sed -n 's/^.*Throughput(ops\/sec), \([0-9.]*\).*$/\1/p' | tail -n 1; }
run_ycsb() {
  "$dist/bin/ycsb" run mongodb "${common[@]}" 2>"$work/run.err" | throughput || { cat "$work/run.err" >&2; exit 1; }
}
run_plain() {
  java -cp "$dist/lib/*" "$root/bench/PlainDriverLoop.java" "$url" bench "$records" "$operations" "$threads" | throughput
}

run_ycsb >/dev/null
run_plain >/dev/null
echo "round,first,ycsb_ops_per_sec,plain_ops_per_sec,ratio"
ratios=()
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then
    first=ycsb; ycsb=$(run_ycsb); plain=$(run_plain)
  else
    first=plain; plain=$(run_plain); ycsb=$(run_ycsb)
  fi
  ratio=$(awk -v a="$ycsb" -v b="$plain" 'BEGIN { printf "%.3f", a / b }')
  ratios+=("$ratio")
  echo "$round,$first,$ycsb,$plain,$ratio"
done
median=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
echo "median ratio (bin/ycsb / plain driver): $median  (rounds=$rounds operations=$operations threads=$threads records=$records)"
