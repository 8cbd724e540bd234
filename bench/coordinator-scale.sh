#!/usr/bin/env bash
# The coordinator's own cost as the number of hosts grows (issue 18, "Flat cost in the number of hosts"): for each
# size N, a lab of N hosts (network namespaces, each with its own sshd, as in the tests; needs root), K small client
# JVMs per host (-jvm-args: -Xmx64m, C1 only), a load of 50 records per client and a run of 100 operations per
# client, against bin/embedded-mongo in the lab's server namespace. The hosts are reached over ssh (TRANSPORT=ssh,
# each namespace's own sshd) or through the remote-shell template --rsh 'ip netns exec {host}' (TRANSPORT=netns).
# While each phase runs, the coordinator JVM's threads, open descriptors, peak resident memory (VmHWM) and CPU time
# (utime + stime) are sampled from /proc every 0.2 s (the CPU time of its last 0.2 s is missed). Each phase must end
# COMPLETE; a phase that does not keeps its folder and says where.
# Each line also splits the coordinator's wall time by step, from the manifest's phasesMs (its own clock): check,
# stage, start (launch to release: JVMs, connections, warm-up), run (release to the last client's end), collect,
# clean, merge. The load stages a new pack into a fresh remote folder; the run then finds it staged (nothing to
# send). The lab's hosts share this machine's file system, so a new pack is sent by whichever hosts probe before the
# first copy is complete: the load's stage time is an upper bound on a real new-pack staging only per host.
#
# Usage: SIZES="1 8 32 64" TRANSPORT=ssh|netns CLIENTS_PER_HOST=1 bench/coordinator-scale.sh
#        (prints one CSV line per size and phase)
set -euo pipefail

sizes="${SIZES:-1 8 32 64}"
transport="${TRANSPORT:-ssh}"
per_host="${CLIENTS_PER_HOST:-1}"
case "$transport" in ssh|netns) ;; *) echo "coordinator-scale: TRANSPORT=$transport: expected ssh or netns" >&2; exit 2 ;; esac
case "$per_host" in [1-9]|[1-9][0-9]) ;; *) echo "coordinator-scale: CLIENTS_PER_HOST=$per_host: expected 1 to 99" >&2; exit 2 ;; esac
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ "$(id -u)" != 0 ]; then
  echo "coordinator-scale: needs root (network namespaces)" >&2
  exit 2
fi
[ -n "${SKIP_BUILD:-}" ] || "$root/mvnw" -q -B -DskipTests package
dist="$(dirname "$(dirname "$(compgen -G "$root/distribution/target/ycsb-mongodb-pack-*/ycsb-mongodb-pack/bin/ycsb" | head -n 1)")")"

steps=(check stage start run collect clean merge)
echo "transport,hosts,clients,phase,status,wall_s,coordinator_cpu_s,peak_threads,peak_fds,peak_rss_mb,start_spread_ms,release_after_start_ms,$(printf '%s_s,' "${steps[@]}" | sed 's/,$//')"
for n in $sizes; do
  work="$(mktemp -d)"
  coproc RIG { java -cp "$dist/lib/*:$dist/lib/embedded/*" dev.ycsbpack.testkit.NetnsRigMain "$n"; }
  # shellcheck disable=SC2153 # RIG_PID is set by coproc
  rig_pid=$RIG_PID
  declare -A rig=()
  for _ in 1 2 3 4 5 6; do
    IFS='=' read -r k v <&"${RIG[0]}"
    rig[$k]="$v"
  done
  ip netns exec "${rig[server_namespace]}" "$dist/bin/embedded-mongo" --bind 0.0.0.0 --port 27017 \
    --url-file "$work/url" >"$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 300); do [ -s "$work/url" ] && break; sleep 0.1; done
  clients=$((n * per_host))
  common=(-P "$dist/workloads/read95-update5" -p "mongodb.url=mongodb://${rig[server_address]}:27017/ycsb"
          -p table=bench -p recordcount=$((50 * clients)) -threads "$clients" --clients-per-host "$per_host"
          -jvm-args "-Xmx64m -Xss512k -XX:+UseSerialGC -XX:TieredStopAtLevel=1"
          --remote-dir "$work/remote" --quiet)
  if [ "$transport" = ssh ]; then
    common+=(--hosts "${rig[hosts]}" --ssh-config "${rig[ssh_config]}")
  else
    common+=(--hosts "${rig[namespaces]}" --rsh 'ip netns exec {host}')
  fi
  for phase in load run; do
    extra=()
    [ "$phase" = run ] && extra=(-p operationcount=$((100 * clients)) -p readproportion=0.5 -p updateproportion=0.2
                                 -p insertproportion=0.3)
    : >"$work/samples"
    start=$(date +%s%N)
    ip netns exec "${rig[coordinator_namespace]}" "$dist/bin/ycsb-coordinator" "$phase" mongodb "${common[@]}" \
      ${extra[@]+"${extra[@]}"} --out "$work/$phase" >"$work/$phase.out" 2>&1 &
    pid=$!   # ip netns exec and bin/ycsb-coordinator both exec: this is the coordinator's JVM
    while kill -0 "$pid" 2>/dev/null; do
      t=$(awk '/^Threads:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
      r=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
      c=$(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || true)
      f=$( (find "/proc/$pid/fd" -mindepth 1 -maxdepth 1 2>/dev/null || true) | wc -l)
      if [ -n "$t" ] && [ -n "$r" ] && [ -n "$c" ]; then  # empty once the process has gone
        echo "$t $f $r $c" >>"$work/samples"
      fi
      sleep 0.2
    done
    wait "$pid" || true
    end=$(date +%s%N)
    status=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['status'])" "$work/$phase/manifest.json")
    ticks=$(getconf CLK_TCK)
    release=$(python3 -c "
import json,sys
r=json.load(open(sys.argv[1])).get('release') or {}
print(r.get('startSpreadMs',''), r.get('afterCommandStartMs',''))" "$work/$phase/manifest.json")
    # the steps the manifest timed, in seconds, empty for a step the run did not reach
    steps_s=$(python3 -c "
import json,sys
p=json.load(open(sys.argv[1])).get('phasesMs') or {}
print(','.join('' if p.get(s) is None else '%.1f' % (p[s] / 1000) for s in sys.argv[2:]))" "$work/$phase/manifest.json" "${steps[@]}")
    awk -v tr="$transport" -v n="$n" -v k="$clients" -v ph="$phase" -v st="$status" -v wall="$(( (end - start) / 1000000 ))" \
        -v ticks="$ticks" -v rel="$release" -v steps_s="$steps_s" '
      { if ($1 > t) t = $1; if ($2 > f) f = $2; if ($3 > r) r = $3; cpu = $4 }
      END { split(rel, x, " "); printf "%s,%d,%d,%s,%s,%.1f,%.1f,%d,%d,%.0f,%s,%s,%s\n", tr, n, k, ph, st, wall / 1000,
            cpu / ticks, t, f, r / 1024, x[1], x[2], steps_s }' "$work/samples"
    [ "$status" = COMPLETE ] || { echo "coordinator-scale: $phase at $n hosts: $status; see $work/$phase" >&2; keep=1; }
  done
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  eval "exec ${RIG[1]}>&-"   # the rig tears itself down when its stdin closes
  wait "$rig_pid" 2>/dev/null || true
  [ -n "${keep:-}" ] || rm -rf "$work"
done
