#!/usr/bin/env bash
# The coordinator's own costs (issue goals in brackets), measured with the assembled distribution:
#   1. start spread: latest minus earliest first measured operation across 8 local clients released together
#      by one GO [< 20 ms];
#   2. the coordinator's overhead: command start to release, minus the slowest client's JVM start, connect and
#      warm-up (both from manifest.json's "release");
#   3. staging when nothing changed: `bin/ycsb-coordinator check` on 2 SSH hosts whose pack is already staged
#      [< 1 s per host]. Needs root (the hosts are network namespaces with their own sshd, as in the tests);
#      skipped with a note otherwise.
# Each of ROUNDS rounds runs one coordinated run; min, median and max are printed.
#
# Usage: bench/coordinator.sh [ROUNDS=5] [CLIENTS=8]
set -euo pipefail

rounds="${1:-5}"; clients="${2:-8}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/mvnw" -q -B -DskipTests package
dist="$(dirname "$(dirname "$(compgen -G "$root/distribution/target/ycsb-mongodb-pack-*/ycsb-mongodb-pack/bin/ycsb" | head -n 1)")")"

work="$(mktemp -d)"
server_pid=""
rig_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null
  [ -n "$rig_pid" ] && { exec 3>&-; wait "$rig_pid" 2>/dev/null; }
  rm -rf "$work"
}
trap cleanup EXIT
"$dist/bin/embedded-mongo" --url-file "$work/url" >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 300); do [ -s "$work/url" ] && break; sleep 0.1; done
url="$(cat "$work/url")/ycsb"

hosts="local"
for _ in $(seq 2 "$clients"); do hosts="$hosts,local"; done
common=(-P "$dist/workloads/read95-update5" -p "mongodb.url=$url" -p table=bench -p recordcount=8000 -threads "$clients"
        --hosts "$hosts" --quiet)
"$dist/bin/ycsb-coordinator" load mongodb "${common[@]}" -p mongodb.batchsize=100 --out "$work/load" >/dev/null

field() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['release'][sys.argv[2]])" "$1" "$2"; }
stats() { sort -n | awk '{a[NR]=$1} END {printf "min %s, median %s, max %s (%d rounds)", a[1], a[int((NR+1)/2)], a[NR], NR}'; }

: >"$work/spread"; : >"$work/overhead"; : >"$work/ready"
for r in $(seq 1 "$rounds"); do
  "$dist/bin/ycsb-coordinator" run mongodb "${common[@]}" -p operationcount=16000 --out "$work/run$r" >/dev/null
  field "$work/run$r/manifest.json" startSpreadMs >>"$work/spread"
  field "$work/run$r/manifest.json" coordinatorOverheadMs >>"$work/overhead"
  field "$work/run$r/manifest.json" slowestClientReadyMs >>"$work/ready"
done
echo "start spread across $clients local clients (ms): $(stats <"$work/spread"); by round: $(paste -sd' ' "$work/spread")"
echo "coordinator overhead, command start to release minus the slowest client's start-up (ms): $(stats <"$work/overhead")"
echo "slowest client's JVM start + connect + warm-up (ms): $(stats <"$work/ready")"

if [ "$(id -u)" != 0 ]; then
  echo "staging when nothing changed: skipped (needs root for the network-namespace SSH hosts)"
  exit 0
fi
coproc RIG { java -cp "$dist/lib/*:$dist/lib/embedded/*" dev.ycsbpack.testkit.NetnsRigMain 2; }
# shellcheck disable=SC2153 # RIG_PID is set by coproc
rig_pid=$RIG_PID
rig_in="${RIG[1]}"
exec 3>&"$rig_in"
eval "exec $rig_in>&-"   # fd 3 is now the rig's only stdin: closing it (cleanup) tears the rig down
declare -A rig=()
for _ in 1 2 3 4 5; do
  IFS='=' read -r k v <&"${RIG[0]}"
  rig[$k]="$v"
done
check=(ip netns exec "${rig[coordinator_namespace]}" "$dist/bin/ycsb-coordinator" check --hosts "${rig[hosts]}"
       --ssh-config "${rig[ssh_config]}" --remote-dir "$work/remote")
"${check[@]}" >/dev/null   # the first check stages the pack
: >"$work/staging"
for r in $(seq 1 "$rounds"); do
  start=$(date +%s%N)
  "${check[@]}" >"$work/check.out"
  end=$(date +%s%N)
  grep -q "already staged" "$work/check.out"
  echo $(( (end - start) / 1000000 )) >>"$work/staging"
done
echo "staging when nothing changed: bin/ycsb-coordinator check on 2 hosts (checked in parallel; JVM start, ssh"
echo "  connect, Java check, digest compare and clock offset included) (ms): $(stats <"$work/staging")"
