#!/usr/bin/env bash
# Quick start: builds the pack if needed, starts an embedded MongoDB-wire server (mongo-java-server, in its
# own JVM), then runs a coordinated benchmark with two local clients: a load, then the 95/5 read/update
# workload; prints one summary line per phase and where the result bundles and the HTML report are (under
# results/), and stops the server. Needs only a JDK 17+.
#
# The embedded server is an in-memory fake: these numbers measure the pack on this machine, NOT MongoDB.
#
# Extra arguments go to both bin/ycsb-coordinator commands, e.g.: ./quickstart.sh -threads 8 -p recordcount=50000
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

dist_home() {
  compgen -G "$root/distribution/target/ycsb-mongodb-pack-*/ycsb-mongodb-pack/bin/ycsb" | head -n 1 | xargs -r dirname | xargs -r dirname
}

# Written after each successful build: the assembly keeps the sources' timestamps, so the built files cannot
# tell how old the build is.
stamp="$root/distribution/target/.quickstart-built"

needs_build() {
  [ -z "$(dist_home)" ] && return 0
  [ ! -f "$stamp" ] && return 0
  # Any source, pom, script or workload newer than the last build means the build is stale.
  [ -n "$(find "$root" \( -name target -o -name .git -o -path '*/ferretdb/bin' \) -prune -o \
      \( -name '*.java' -o -name pom.xml -o -path '*/src/bin/*' -o -path "$root/workloads/*" \) \
      -newer "$stamp" -print -quit)" ]
}

if needs_build; then
  echo "quickstart: building the distribution (the first build downloads Maven and the dependencies)..." >&2
  "$root/mvnw" -q -B -DskipTests -Dpack.build="$("$root/scripts/build-id.sh")" package
  touch "$stamp"
fi
dist="$(dist_home)"

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

"$dist/bin/embedded-mongo" --url-file "$work/url" >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 300); do
  [ -s "$work/url" ] && break
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "quickstart: the embedded server failed to start:" >&2
    cat "$work/server.log" >&2
    exit 1
  fi
  sleep 0.1
done
if [ ! -s "$work/url" ]; then
  echo "quickstart: the embedded server did not start within 30 s; its log:" >&2
  cat "$work/server.log" >&2
  exit 1
fi
url="$(cat "$work/url")/ycsb"

results="$root/results/quickstart-$(date +%Y%m%d-%H%M%S)"
cat >&2 <<NOTE
quickstart: embedded mongo-java-server at $url
quickstart: NOTE: this server is an in-memory fake in a JVM on this machine. The numbers below show the
quickstart: pack works; they are not MongoDB numbers. Point -p mongodb.url at a real MongoDB for those.
NOTE

common=(-P "$dist/workloads/read95-update5" -p "mongodb.url=$url" -p recordcount=10000 -p operationcount=50000
        -p "hdrhistogram.percentiles=50,90,95,99,99.9" -threads 4 --hosts "local,local" --quiet)

echo "quickstart: loading 10,000 documents from 2 local clients, in batches of 100 ..." >&2
"$dist/bin/ycsb-coordinator" load mongodb "${common[@]}" -p mongodb.batchsize=100 --out "$results/load" "$@"
echo "quickstart: running 50,000 operations from 2 local clients, 95% reads / 5% updates, zipfian ..." >&2
"$dist/bin/ycsb-coordinator" run mongodb "${common[@]}" --out "$results/run" "$@"
echo "quickstart: next: open the report above; run bin/ycsb-coordinator --help for more hosts, and point" \
  "-p mongodb.url at your MongoDB ($dist)" >&2
