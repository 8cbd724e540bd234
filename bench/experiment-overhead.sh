#!/usr/bin/env bash
# The experiment layer's own cost (issue 23, "Proof"): an experiment of STEPS steps (default 10) on one local host
# against bin/embedded-mongo, each step a coordinated run bounded by time (maxexecutiontime=STEP_SECONDS, default 5;
# 2 threads, a total target of 200 ops/s). It is `bin/ycsb-experiment repeat --repeat STEPS`: the same step loop and
# step runner as a sweep (SweepRun, StepRunner), without a sweep's early-stop rule, which on a machine this loaded
# stops a target sweep at its first step that falls behind its target (the figures would then be of one step),
# after a coordinated load of its own (not counted; not the sweep's --load, which maxexecutiontime would cut short). From the experiment's manifest and each step's merged.json:
#   start_to_window_ms  the step's start (the experiment starts its coordinated run) to the merged window's start
#                       (the clients' first measured operation): coordinator plan, client JVM start, connection, ...
#   window_s            the measured window the step's figures come from
#   end_to_next_ms      the window's end to the next step's start (the last step: to the experiment's end): clients
#                       stopping, collecting their folders, merging, the step's report, the experiment's manifest
# and a summary: the sweep's wall time (first step's start to the experiment's end) against the sum of its windows,
# the overhead per step, and that fixed per-step cost extrapolated to 60-second windows, overhead / (60 s + overhead).
# The extrapolation assumes the per-step cost does not grow with the window; merging HDR histograms is bounded in
# size, so it grows little, but the clients' folders (status lines every 10 s) grow with it.
# The machine's load average before and after is printed: the figures hold only for that load.
#
# Usage: STEPS=10 STEP_SECONDS=5 bench/experiment-overhead.sh     (SKIP_BUILD=1: use the built distribution;
#        KEEP=1: keep the work folder)
set -euo pipefail

steps="${STEPS:-10}"
secs="${STEP_SECONDS:-5}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[ -n "${SKIP_BUILD:-}" ] || "$root/mvnw" -q -B -DskipTests package
dist="$(dirname "$(dirname "$(compgen -G "$root/distribution/target/ycsb-mongodb-pack-*/ycsb-mongodb-pack/bin/ycsb" | head -n 1)")")"
work="$(mktemp -d)"
"$dist/bin/embedded-mongo" --port 0 --url-file "$work/url" >"$work/server.log" 2>&1 &
server_pid=$!
cleanup() {
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  [ -n "${KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq 1 300); do [ -s "$work/url" ] && break; sleep 0.1; done
[ -s "$work/url" ] || { echo "experiment-overhead: bin/embedded-mongo did not start; see $work/server.log" >&2; exit 1; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs"
common=(-P "$dist/workloads/read95-update5" -p "mongodb.url=$(cat "$work/url")" -p table=bench -p recordcount=1000
        --hosts local --quiet)
"$dist/bin/ycsb-coordinator" load mongodb "${common[@]}" --out "$work/load" >"$work/load.out" 2>&1 \
  || { KEEP=1; echo "experiment-overhead: the load failed; see $work/load.out" >&2; exit 1; }
status=0
"$dist/bin/ycsb-experiment" repeat mongodb "${common[@]}" -p operationcount=1000000000 -p maxexecutiontime="$secs" \
  -threads 2 -target 200 --repeat "$steps" --out "$work/exp" >"$work/exp.out" 2>&1 || status=$?
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$status" != 0 ]; then
  KEEP=1
  echo "experiment-overhead: the sweep exited $status; see $work/exp.out" >&2
  exit 1
fi
python3 - "$work/exp" "$steps" <<'PY'
import json, sys
from datetime import datetime

def ms(iso):
    # Java's Instant.toString: up to nanoseconds, 'Z'
    date, frac = (iso.rstrip("Z").split(".") + ["0"])[:2]
    t = datetime.strptime(date, "%Y-%m-%dT%H:%M:%S")
    return (t.replace(tzinfo=None) - datetime(1970, 1, 1)).total_seconds() * 1000 + float("0." + frac) * 1000

d, wanted = sys.argv[1], int(sys.argv[2])
m = json.load(open(d + "/manifest.json"))
steps = [s for s in m["steps"] if s["order"] > 0]
if m["status"] != "COMPLETE" or len(steps) != wanted:
    sys.exit(f"experiment-overhead: {m['status']} with {len(steps)} of {wanted} steps: {m.get('reason')}")
print("step,start_to_window_ms,window_s,end_to_next_ms")
windows = 0.0
for i, s in enumerate(steps):
    w = json.load(open(d + "/" + s["bundle"] + "/merged/merged.json"))["window"]
    nxt = ms(steps[i + 1]["startedAt"]) if i + 1 < len(steps) else ms(m["endedAt"])
    windows += (w["endEpochMs"] - w["startEpochMs"]) / 1000
    print(f"{s['name']},{w['startEpochMs'] - ms(s['startedAt']):.0f},"
          f"{(w['endEpochMs'] - w['startEpochMs']) / 1000:.1f},{nxt - w['endEpochMs']:.0f}")
wall = (ms(m["endedAt"]) - ms(steps[0]["startedAt"])) / 1000
per = (wall - windows) / len(steps)
print(f"wall_s={wall:.1f} windows_s={windows:.1f} overhead_s={wall - windows:.1f} ({100 * (wall - windows) / wall:.1f}%)"
      f" per_step_s={per:.2f} extrapolated_60s_windows={100 * per / (60 + per):.1f}%")
PY
