#!/usr/bin/env bash
# Client CPU per operation and throughput, side by side in one interleaved run, against one server:
#   binding  bin/ycsb run|load mongodb (this build: binding + YCSB harness, mongodb-driver-sync 5.x)
#   before   the same from another build, if BEFORE_DIST names its distribution folder (for before/after)
#   binding-nocds  bin/ycsb with YCSB_CDS=off: no class-data sharing archive (the binding arm's archive is made by
#            the records' load and adopted by its unrecorded warm-up run, in this run's temporary folder)
#   binding-a ... binding-z  this build's bin/ycsb with what a user could set, per letter X: ARGS_X (bin/ycsb's
#            -jvm-args, e.g. ARGS_A="-XX:TieredStopAtLevel=1"), JAVA_HOME_X (another JDK, e.g. a JDK 25 with an AOT
#            cache: ARGS_B="-XX:AOTCache=FILE", trained beforehand, see docs/PERFORMANCE.md), CDS_X (off: no
#            class-data sharing archive), AOT_X=on (JDK 25+: an AOT cache in place of the archive, trained by the
#            arm's first unrecorded warm-up run, so on the first workload, thread count and length listed)
#   client   this build's binding launched as upstream launches it: java -cp 'lib/*' site.ycsb.Client -db ...
#            (no bin/ycsb preflight, so the first connect falls inside YCSB's clock, as in upstream's runs)
#   upstream upstream YCSB 0.17.0's own MongoDB binding (site.ycsb.db.MongoDbClient on mongo-java-driver 3.8.0),
#            launched with the classpath upstream's bin/ycsb builds (binding conf, lib/*, mongodb-binding/lib/*):
#            UPSTREAM_DIST names an unpacked ycsb-mongodb-binding-0.17.0 release (lib/ and mongodb-binding/lib/),
#            or UPSTREAM_SRC a YCSB source tree or git repository (tag UPSTREAM_REF, default 0.17.0) from which the
#            bench compiles the binding's two sources (and its logback.xml) into that layout, with the jars upstream's poms name
#            (core 0.17.0 and its own dependencies, mongo-java-driver 3.8.0, logback-classic 1.1.2, snappy-java
#            1.1.7.1) fetched by the Maven wrapper: the arm issue 19's goal is stated against
#   goycsb   go-ycsb (github.com/pingcap/go-ycsb, Go, the official mongo-go-driver), the lightest YCSB client for
#            MongoDB (issue 42): built by the Go toolchain (GO, default go on the PATH or /usr/local/go/bin/go) from the
#            Go module proxy at GO_YCSB_VERSION (default v1.0.3) into this run's temporary folder: a bench-only binary,
#            in no pom (GO_YCSB= a go-ycsb binary built beforehand skips the build). The run mixes only (its mongodb
#            binding inserts one document at a time; the insert workload skips it). go-ycsb hashes key numbers with
#            its own FNV variant (big-endian bytes), not YCSB's, so it reads the table "gobench", which our loader
#            fills with insertorder=ordered keys (user0, user1, ...) as both name them, RECORDS + 1 documents because
#            go-ycsb's scrambled zipfian draws from 0 to RECORDS inclusive (YCSB's skips a key past the last one):
#            documents of the same shape (10 fields x 100 bytes) as "bench". Every measured run is checked: a
#            READ_ERROR or UPDATE_ERROR line (a miss: "no documents in result") or an operation count other than
#            asked fails the bench, so its reads are reads of documents
#   driver5  bench/DriverLoop.java on mongodb-driver-sync 5.x (this build's lib/), decoding Document
#   driver3  the same source on the legacy mongo-java-driver 3.8.0 (upstream YCSB 0.17.0's driver), fetched
#            from Maven Central by the Maven wrapper into a temporary folder: a bench-only jar, in no pom
# Workloads (10 fields x 100 bytes, RECORDS documents loaded once for the first two):
#   read95   95% read by _id / 5% $set of one field, zipfian     (YCSB: -P workloads/read95-update5)
#   update50 50% read / 50% update, zipfian (workload A's mix)   (YCSB: -P workloads/read50-update50)
#   insert   INSERTS new documents, unordered batches of 100     (YCSB: load with mongodb.batchsize=100)
#
# Every arm is one fresh JVM per measurement. Per measurement it records:
#   cpu_us_per_op  (utime + stime) / operations of the client process, JVM start-up included, read from
#                  /proc (the cutime + cstime of the subshell that waited for it), 10 ms resolution
#   wall_ops_s     operations / wall time from exec to exit: the same clock for every arm
#   marginal_us_per_op  (cpu_ms - fixed_cpu_ms) / (operations - SMALL): the cost of one more operation, JVM
#                  start-up, connect and shutdown taken out; fixed_cpu_ms is the same arm's CPU for a run of
#                  SMALL operations (default 1000), measured right after it in the same round (SMALL=0: not
#                  measured, both columns empty; saves a JVM per measurement in long runs)
#   jit_cpu_ms     CPU of the JVM's JIT compiler threads ("C1/C2 CompilerThre" in /proc/PID/task/*/stat), polled
#                  every 100 ms by a watcher outside the measured process tree (so its own CPU is not counted),
#                  each thread's last value kept (compiler threads may end before the JVM does); it misses at most
#                  the last 100 ms of compiling, so it errs low
#   non_jit_us_per_op  (cpu_ms - jit_cpu_ms) / operations: the client's CPU per operation without compiling
#                  its code, which a long run pays once (the 5.x driver has more code to compile than 3.8.0)
#   load1          the machine's 1-minute load average when the measurement ended (/proc/loadavg): on a shared
#                  machine only ratios between arms of one round mean something
#   own_ops_s      what the arm reports: YCSB's [OVERALL] Throughput (with bin/ycsb its clock starts after
#                  the preflight has loaded the driver and pinged the server; with site.ycsb.Client the first
#                  connect is inside it, as upstream's binding connects in init()) or the loop's own timer
#                  (from creating the client to closing it)
#   wall_ms        exec to exit of the measured process (its wall_ops_s, as a time: what a short run costs a user)
#   peak_rss_mb    the measured process's peak resident memory (VmHWM in /proc/PID/status), read by the same watcher
#                  every 100 ms: it misses what the last 100 ms added. Unlike CPU time, not disturbed by the load
# Order: per workload, threads and run length (OPERATIONS may list several; inserts use INSERTS), an unrecorded
# warm-up of every arm first (WARMUP_OPERATIONS operations each, default the measured number), then ROUNDS rounds
# in which the order of the arms rotates.
# Summary: median and min-max over rounds per workload, threads, operations and arm; then each arm's ratio per round
# (CPU per op, marginal CPU per op, wall throughput) to REF (default: goycsb when it is an arm, else upstream when it
# is, else driver3, the legacy loop): above 1 is more CPU, below 1 less throughput than the reference.
# Two arms of the CSV compared with the pack's own statistics (ratio of medians with its bootstrap interval, Mann-
# Whitney, per-round ratios and a sign test): java -cp 'DIST/lib/*' bench/RoundRatios.java OUT.csv ARM REF [COLUMN];
# on this machine a few rounds cannot tell 5% apart, 30 can (docs/PERFORMANCE.md, issue 19, round 6).
#
# Usage: bench/client-cpu.sh                 (env: ROUNDS=4 THREADS="4 16" WORKLOADS="read95 update50 insert"
#        RECORDS=20000 OPERATIONS=300000 (or a list: "300000 1000000") WARMUP_OPERATIONS=... INSERTS=100000
#        SMALL=1000 BEFORE_DIST=... SERVER_URL=mongodb://host:port OUT=file.csv ARMS="binding driver5 driver3"
#        ARGS_X JAVA_HOME_X CDS_X AOT_X for an arm binding-x, DIST=<a distribution folder: measured as it is, no build>,
#        UPSTREAM_SRC or UPSTREAM_DIST (and UPSTREAM_REF) for the upstream arm, GO GO_YCSB_VERSION GO_YCSB for the
#        goycsb arm, REF=<the arm the ratios divide by>)
# Issue 42's table, against go-ycsb (the run mixes at 4 and 16 threads, 100,000 and 300,000 operations):
#   ROUNDS=3 OPERATIONS="100000 300000" WARMUP_OPERATIONS=100000 WORKLOADS="read95 update50" \
#     ARMS="binding goycsb" OUT=goycsb.csv bench/client-cpu.sh
# Issue 19's whole table on a quiet machine, against upstream 0.17.0's own binding, about 35 minutes (25 + 10; see
# docs/PERFORMANCE.md; Y= a clone of github.com/brianfrankcooper/YCSB, or UPSTREAM_DIST= an unpacked release):
#   ROUNDS=3 OPERATIONS="100000 300000" WARMUP_OPERATIONS=100000 WORKLOADS="update50 read95 insert" \
#     ARMS="binding upstream driver3" UPSTREAM_SRC=$Y OUT=table-300k.csv bench/client-cpu.sh
#   ROUNDS=1 OPERATIONS=1000000 WARMUP_OPERATIONS=100000 SMALL=0 WORKLOADS="update50 read95" \
#     ARMS="binding upstream driver3" UPSTREAM_SRC=$Y OUT=table-1m.csv DIST=<the distribution the first made> \
#     bench/client-cpu.sh
#   Before and after a change: add BEFORE_DIST=<the other build's distribution folder> and the arm "before".
#   The binding on a JDK 25 with its AOT cache beside them (issue 19, round 3): add to either command
#     ARMS="binding binding-c driver3" JAVA_HOME_C=/usr/lib/jvm/temurin-25-jdk-amd64 AOT_C=on
# Session 11's JDK 25 questions (docs/PERFORMANCE.md; J=/usr/lib/jvm/temurin-25-jdk-amd64, THREADS=4
# WORKLOADS=update50 SMALL=0): what recording costs the recorded run, OPERATIONS=100000 ROUNDS=5
#   ARMS="binding-a binding-b binding-d" JAVA_HOME_A=$J CDS_A=off JAVA_HOME_B=$J CDS_B=off
#   ARGS_B="-XX:AOTMode=record -XX:AOTConfiguration=/tmp/b.aotconf" JAVA_HOME_D=$J CDS_D=off
#   ARGS_D="-XX:DumpLoadedClassList=/tmp/d.classlist"
# and what each archive saves, OPERATIONS="100000 300000" WARMUP_OPERATIONS=100000 ROUNDS=3, with S.jsa dumped from
# /tmp/d.classlist by java -Xshare:dump -XX:SharedClassListFile=... (L.jsa the same plus -XX:+AOTClassLinking):
#   ARMS="binding-c binding-e binding-f" JAVA_HOME_C=$J CDS_C=off ARGS_C="-XX:SharedArchiveFile=S.jsa -Xlog:cds*=off"
#   JAVA_HOME_E=$J CDS_E=off ARGS_E="-XX:SharedArchiveFile=L.jsa -Xlog:cds*=off -Xlog:aot*=off" JAVA_HOME_F=$J AOT_F=on
# Without SERVER_URL it starts bin/embedded-mongo (mongo-java-server, its own JVM) on a free port.
set -euo pipefail

rounds="${ROUNDS:-4}"
threads_list="${THREADS:-4 16}"
workloads="${WORKLOADS:-read95 update50 insert}"
records="${RECORDS:-20000}"
operations_list="${OPERATIONS:-300000}"   # issue 19's runs; 100000 shows mostly start-up and JIT
warmup_operations="${WARMUP_OPERATIONS:-}"
inserts="${INSERTS:-100000}"
small="${SMALL:-1000}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -n "${DIST:-}" ]; then
  dist="$(cd "$DIST" && pwd)"   # a distribution copied aside, so rebuilding this tree cannot change it mid-run
else
  "$root/mvnw" -q -B -ntp -DskipTests package
  dist="$(dirname "$(dirname "$(compgen -G "$root/distribution/target/ycsb-mongodb-pack-*/ycsb-mongodb-pack/bin/ycsb" | head -n 1)")")"
fi
arms="${ARMS:-binding${BEFORE_DIST:+ before} client driver5 driver3}"

work="$(mktemp -d)"
server_pid=""
trap '[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$work"' EXIT
# bin/ycsb's class-data sharing archive: made afresh by the load of the records below (left pending), adopted by the
# binding arm's unrecorded warm-up run, used by every recorded one
export YCSB_CDS_DIR="$work/cds"

(cd "$work" && "$root/mvnw" -q -B -ntp dependency:copy -Dartifact=org.mongodb:mongo-java-driver:3.8.0 \
  -DoutputDirectory="$work/legacy")
core="$(compgen -G "$dist/lib/core-*.jar" | head -n 1)"
mkdir -p "$work/loop5" "$work/loop3"
javac -nowarn -d "$work/loop5" -cp "$dist/lib/*" "$root/bench/DriverLoop.java"
javac -nowarn -d "$work/loop3" -cp "$work/legacy/mongo-java-driver-3.8.0.jar:$core" "$root/bench/DriverLoop.java"
cp5="$work/loop5:$dist/lib/*"
cp3="$work/loop3:$work/legacy/mongo-java-driver-3.8.0.jar:$core"

# go-ycsb at its pinned version from the Go module proxy: the module's source copied out of the module cache (its go.mod
# has a replace directive, so `go install module@version` refuses it) and its command built into this run's folder
goycsb=""
if [[ " $arms " == *" goycsb "* ]]; then
  if [ -n "${GO_YCSB:-}" ]; then
    goycsb="$(cd "$(dirname "$GO_YCSB")" && pwd)/$(basename "$GO_YCSB")"
  else
    go="${GO:-$(command -v go || echo /usr/local/go/bin/go)}"
    module="github.com/pingcap/go-ycsb@${GO_YCSB_VERSION:-v1.0.3}"
    src="$("$go" mod download -json "$module" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
    [ -n "$src" ] || { echo "bench/client-cpu.sh: go mod download $module gave no source folder" >&2; exit 1; }
    cp -r "$src" "$work/go-ycsb-src" && chmod -R u+w "$work/go-ycsb-src"
    (cd "$work/go-ycsb-src" && "$go" build -o "$work/go-ycsb" ./cmd/go-ycsb)
    goycsb="$work/go-ycsb"
  fi
  [ -x "$goycsb" ] || { echo "bench/client-cpu.sh: GO_YCSB=$goycsb: not an executable" >&2; exit 2; }
fi

# upstream YCSB 0.17.0's binding, laid out as its release unpacks; its classpath as upstream's bin/ycsb builds it
upstream_cp=""
if [[ " $arms " == *" upstream "* ]]; then
  if [ -n "${UPSTREAM_DIST:-}" ]; then
    up="$(cd "$UPSTREAM_DIST" && pwd)"
  elif [ -n "${UPSTREAM_SRC:-}" ]; then
    up="$work/upstream"; ref="${UPSTREAM_REF:-0.17.0}"
    mkdir -p "$up/src/site/ycsb/db" "$up/classes" "$up/lib" "$up/mongodb-binding/lib" "$up/deps"
    for f in MongoDbClient.java OptionsSupport.java; do
      if git -C "$UPSTREAM_SRC" rev-parse --git-dir >/dev/null 2>&1; then
        git -C "$UPSTREAM_SRC" show "$ref:mongodb/src/main/java/site/ycsb/db/$f" >"$up/src/site/ycsb/db/$f"
      else
        cp "$UPSTREAM_SRC/mongodb/src/main/java/site/ycsb/db/$f" "$up/src/site/ycsb/db/$f"
      fi
    done
    if git -C "$UPSTREAM_SRC" rev-parse --git-dir >/dev/null 2>&1; then
      git -C "$UPSTREAM_SRC" show "$ref:mongodb/src/main/resources/logback.xml" >"$up/classes/logback.xml"
    else
      cp "$UPSTREAM_SRC/mongodb/src/main/resources/logback.xml" "$up/classes/logback.xml"
    fi
    # the jars of upstream's release: core and its own dependencies in lib/, the binding's in mongodb-binding/lib/
    deps_pom() {   # a pom whose dependencies are the given groupId:artifactId:version triples
      echo '<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>'
      echo '<groupId>bench</groupId><artifactId>upstream-deps</artifactId><version>1</version><packaging>pom</packaging>'
      echo '<dependencies>'
      local g a v
      for gav in "$@"; do IFS=: read -r g a v <<<"$gav"
        echo "<dependency><groupId>$g</groupId><artifactId>$a</artifactId><version>$v</version></dependency>"; done
      echo '</dependencies></project>'
    }
    deps_pom site.ycsb:core:0.17.0 >"$up/deps/core.xml"
    deps_pom org.mongodb:mongo-java-driver:3.8.0 ch.qos.logback:logback-classic:1.1.2 \
      org.xerial.snappy:snappy-java:1.1.7.1 >"$up/deps/binding.xml"
    (cd "$up/deps" && "$root/mvnw" -q -B -ntp -f core.xml dependency:copy-dependencies -DincludeScope=runtime \
      -DoutputDirectory="$up/lib")
    (cd "$up/deps" && "$root/mvnw" -q -B -ntp -f binding.xml dependency:copy-dependencies -DincludeScope=runtime \
      -DoutputDirectory="$up/mongodb-binding/lib")
    javac -nowarn --release 8 -Xlint:-options -d "$up/classes" -cp "$up/lib/*:$up/mongodb-binding/lib/*" \
      "$up"/src/site/ycsb/db/*.java
    jar cf "$up/mongodb-binding/lib/mongodb-binding-$ref.jar" -C "$up/classes" .
  else
    echo "bench/client-cpu.sh: the upstream arm needs UPSTREAM_DIST (an unpacked ycsb-mongodb-binding-0.17.0 release)" \
      "or UPSTREAM_SRC (a YCSB source tree or git repository)" >&2
    exit 2
  fi
  if ! compgen -G "$up/mongodb-binding/lib/mongodb-binding-*.jar" >/dev/null \
     || ! compgen -G "$up/lib/core-*.jar" >/dev/null; then
    echo "bench/client-cpu.sh: UPSTREAM_DIST=$up: no lib/core-*.jar and mongodb-binding/lib/mongodb-binding-*.jar" >&2
    exit 2
  fi
  upstream_cp="$up/mongodb-binding/conf:$up/conf:$up/lib/*:$up/mongodb-binding/lib/*"
fi

# shellcheck source=lib/server.sh
. "$root/bench/lib/server.sh"
bench_server "$dist" "$work"
tick="$(getconf CLK_TCK)"

# bin/ycsb's command line for a workload; the run workloads share the table "bench", inserts go to "ins".
ycsb_command() {
  local d="$1" workload="$2" threads="$3"
  local run=(-p "mongodb.url=$url" -p recordcount="$records" -p operationcount="$operations"
             -p readallfields=true -p table=bench -threads "$threads")
  case "$workload" in
    read95) cmd=("$d/bin/ycsb" run mongodb -P "$d/workloads/read95-update5" "${run[@]}") ;;
    update50) cmd=("$d/bin/ycsb" run mongodb -P "$d/workloads/read50-update50" "${run[@]}") ;;
    insert) cmd=("$d/bin/ycsb" load mongodb -P "$d/workloads/read95-update5" -p "mongodb.url=$url" -p table=ins
                 -p recordcount="$inserts" -p mongodb.batchsize=100 -threads "$threads") ;;
  esac
}

# Records the JIT compiler threads' CPU (ms) of the JVM whose pid appears in $work/pid, into $work/jit, and the
# process's peak resident memory (VmHWM, MB) into $work/rss, until it exits. Runs beside measure(), never inside its
# subshell, so its reads are not in the measured cutime.
jit_watch() {
  local pid="" f l comm tid rest sum key value
  declare -A ticks=()
  for _ in $(seq 1 400); do [ -s "$work/pid" ] && break; sleep 0.025; done
  pid="$(cat "$work/pid" 2>/dev/null)" || return 0
  while [ -d "/proc/$pid/task" ]; do
    for f in /proc/"$pid"/task/*/stat; do
      read -r l 2>/dev/null <"$f" || continue
      comm="${l#*(}"; comm="${comm%%)*}"
      case "$comm" in
        "C1 CompilerThre"|"C2 CompilerThre")
          tid="${f#/proc/"$pid"/task/}"; tid="${tid%/stat}"; rest="${l##*) }"
          # shellcheck disable=SC2086 # split into the stat fields on purpose
          set -- $rest
          ticks[$tid]=$(( ${12} + ${13} )) ;;
      esac
    done
    sum=0; for tid in "${!ticks[@]}"; do sum=$(( sum + ticks[$tid] )); done
    echo $(( sum * 1000 / tick )) >"$work/jit"
    # a high-water mark: its last reading is the peak, bar what the last 100 ms added
    while read -r key value _; do
      if [ "$key" = VmHWM: ]; then echo $(( value / 1024 )) >"$work/rss"; break; fi
    done 2>/dev/null <"/proc/$pid/status" || true # stderr first: a process just ended fails the < itself
    sleep 0.1
  done
}

# measure() runs in a command substitution, where its exit ends only that subshell: it leaves $work/abort behind and
# the caller stops the bench on it
stop_if_aborted() { if [ -e "$work/abort" ]; then echo "bench/client-cpu.sh: stopped (see above)" >&2; exit 1; fi; }

# Fails the bench unless go-ycsb's run (in $work/out) did the operations asked, none of them an error: its mongodb
# binding counts a read of a missing key as READ_ERROR ("no documents in result"), a cheaper operation than a read.
goycsb_check() {
  local asked="$1" counted errors
  # the summary after "Run finished" (go-ycsb also prints running totals every 10 s, in the same format)
  sed -n '/^Run finished/,$p' "$work/out" >"$work/summary"
  counted=$(awk '/^(READ|UPDATE) +- / {
                for (i = 1; i < NF; i++) if ($i == "Count:") { sub(",", "", $(i + 1)); n += $(i + 1) } }
              END { print n + 0 }' "$work/summary")
  errors=$(grep -c '^[A-Z_]*_ERROR ' "$work/summary" || true)
  if [ "$errors" -gt 0 ] || [ "$counted" -ne "$asked" ]; then
    echo "bench/client-cpu.sh: go-ycsb did $counted of the $asked reads and updates asked; error lines: $errors" >&2
    grep -E '^[A-Z_]+ +- ' "$work/summary" >&2
    touch "$work/abort"; exit 1
  fi
}

# Runs one arm; prints "ops wall_ms cpu_ms own_ops_s jit_ms". CPU: the subshell's cutime+cstime after waiting.
# A fourth argument "small" runs it with SMALL operations (inserts) instead, "warmup" with WARMUP_OPERATIONS.
measure() {
  local arm="$1" workload="$2" threads="$3" ops cmd=()
  local operations="$operations" inserts="$inserts"   # seen by ycsb_command
  if [ "${4:-}" = small ]; then operations="$small"; inserts="$small"; fi
  if [ "${4:-}" = warmup ] && [ -n "$warmup_operations" ]; then operations="$warmup_operations"
    inserts="$warmup_operations"; fi
  if [ "$workload" = insert ]; then ops="$inserts"; else ops="$operations"; fi
  case "$arm" in
    binding|before)
      local d="$dist"; [ "$arm" = before ] && d="$BEFORE_DIST"
      ycsb_command "$d" "$workload" "$threads" ;;
    binding-nocds)
      ycsb_command "$dist" "$workload" "$threads"
      cmd=(env YCSB_CDS=off "${cmd[@]}") ;;
    binding-[a-z])
      local letter="${arm#binding-}" args jdk cds
      letter="${letter^^}"
      args="$(printenv "ARGS_$letter" || true)"; jdk="$(printenv "JAVA_HOME_$letter" || true)"
      cds="$(printenv "CDS_$letter" || true)"
      if [ -n "$(printenv "AOT_$letter" || true)" ]; then
        # a JDK 25 AOT cache (classes linked, method profiles) in place of the class-data archive: trained by the
        # arm's first unrecorded warm-up run, used by every later run
        local aot="$work/aot-$letter.aot"
        if [ "${4:-}" = warmup ] && [ ! -f "$aot" ]; then args+=" -XX:AOTCacheOutput=$aot"
        elif [ -f "$aot" ]; then args+=" -XX:AOTCache=$aot"
        else echo "bench/client-cpu.sh: $arm: its warm-up run made no AOT cache (AOT_$letter needs a JDK 25 or newer)" >&2
          exit 1; fi
        cds=off
      fi
      ycsb_command "$dist" "$workload" "$threads"
      [ -z "$args" ] || cmd+=(-jvm-args "$args")
      # another JDK keeps its archive in a folder of its own: adopting an archive deletes the folder's others (one
      # per build), so arms on two JDKs sharing one folder would each delete the other's and archive anew
      local envs=(YCSB_CDS="${cds:-on}")
      [ -z "$jdk" ] || envs+=(JAVA_HOME="$jdk" YCSB_CDS_DIR="$work/cds-$letter")
      cmd=(env "${envs[@]}" "${cmd[@]}") ;;
    client)
      # the same command line, run by YCSB's own main class as upstream's bin/ycsb does
      ycsb_command "$dist" "$workload" "$threads"
      local verb="-t"; [ "${cmd[1]}" = load ] && verb="-load"
      cmd=(java -cp "$dist/lib/*" site.ycsb.Client "$verb" -db dev.ycsbpack.mongodb.MongoDbClient "${cmd[@]:3}") ;;
    upstream)
      # the same YCSB command line; upstream reads its batch size from "batchsize", not "mongodb.batchsize"
      ycsb_command "$dist" "$workload" "$threads"
      local verb="-t"; [ "${cmd[1]}" = load ] && verb="-load"
      cmd=(java -cp "$upstream_cp" site.ycsb.Client "$verb" -db site.ycsb.db.MongoDbClient "${cmd[@]:3}")
      [ "$workload" = insert ] && cmd+=(-p batchsize=100) ;;
    goycsb)
      # YCSB's property files name a Java workload class; go-ycsb's own is "core". Its pprof listener (on :6060 by
      # default) on a free loopback port; status every 10 s as YCSB's
      local mix=read95-update5; [ "$workload" = update50 ] && mix=read50-update50
      cmd=("$goycsb" run mongodb -P "$dist/workloads/$mix" -p workload=core -p "mongodb.url=$url" -p table=gobench
           -p insertorder=ordered -p recordcount="$records" -p operationcount="$ops" -p readallfields=true
           -p threadcount="$threads" -p debug.pprof=127.0.0.1:0) ;;
    driver5|driver3)
      local cp="$cp5"; [ "$arm" = driver3 ] && cp="$cp3"
      case "$workload" in
        read95) cmd=(java -cp "$cp" DriverLoop "$url" bench run "$records" "$ops" "$threads" 0.95 1) ;;
        update50) cmd=(java -cp "$cp" DriverLoop "$url" bench run "$records" "$ops" "$threads" 0.5 1) ;;
        insert) cmd=(java -cp "$cp" DriverLoop "$url" ins load "$records" "$ops" "$threads" 0 100) ;;
      esac ;;
  esac
  local start end stat watcher
  rm -f "$work/pid"; echo 0 >"$work/jit"; echo 0 >"$work/rss"
  jit_watch & watcher=$!
  start=$(date +%s%N)
  # bin/ycsb (and env) exec the JVM, so the pid of the command is the JVM's
  stat=$( { "${cmd[@]}" >"$work/out" 2>"$work/err" & echo $! >"$work/pid"; wait $! || echo FAILED >"$work/failed"; }
          cat "/proc/$BASHPID/stat" )
  end=$(date +%s%N)
  wait "$watcher" || true
  if [ -e "$work/failed" ]; then
    rm -f "$work/failed"; echo "FAILED: ${cmd[*]}" >&2; tail -n 20 "$work/err" >&2; touch "$work/abort"; exit 1
  fi
  local cpu_ms own
  cpu_ms=$(echo "$stat" | sed 's/^.*) //' | awk -v t="$tick" '{ print ($14 + $15) * 1000 / t }')
  own=$(sed -n 's/^.*Throughput(ops\/sec), \([0-9.]*\).*$/\1/p' "$work/out" | tail -n 1)
  if [ "$arm" = goycsb ]; then
    own=$(sed -n 's/^TOTAL .* OPS: \([0-9.]*\),.*$/\1/p' "$work/out" | tail -n 1)
    goycsb_check "$ops"
  fi
  if [ "$workload" = insert ]; then
    java -cp "$cp5" DriverLoop "$url" ins drop >/dev/null 2>&1
  fi
  echo "$ops $(( (end - start) / 1000000 )) $cpu_ms ${own:-0} $(cat "$work/jit") $(cat "$work/rss")"
}

"$dist/bin/ycsb" load mongodb -P "$dist/workloads/read95-update5" -p "mongodb.url=$url" -p table=bench \
  -p recordcount="$records" -p mongodb.batchsize=100 -threads 4 >/dev/null 2>"$work/load.err" \
  || { cat "$work/load.err" >&2; exit 1; }
java -cp "$cp5" DriverLoop "$url" ins drop >/dev/null 2>&1
if [ -n "$goycsb" ]; then
  "$dist/bin/ycsb" load mongodb -P "$dist/workloads/read95-update5" -p "mongodb.url=$url" -p table=gobench \
    -p insertorder=ordered -p recordcount=$(( records + 1 )) -p mongodb.batchsize=100 -threads 4 >/dev/null \
    2>"$work/load.err" || { cat "$work/load.err" >&2; exit 1; }
fi

csv="${OUT:-$work/results.csv}"
echo "workload,threads,round,position,arm,ops,wall_ms,cpu_ms,cpu_us_per_op,wall_ops_s,own_ops_s,fixed_cpu_ms,marginal_us_per_op,jit_cpu_ms,non_jit_us_per_op,load1,peak_rss_mb" >"$csv"
for workload in $workloads; do
  read -r -a arm_list <<<"$arms"
  if [ "$workload" = insert ] && [ -n "$goycsb" ]; then   # go-ycsb's mongodb binding has no batched insert
    read -r -a arm_list <<<"$(echo " $arms " | sed 's/ goycsb / /')"
    echo "bench/client-cpu.sh: the insert workload runs without the goycsb arm (one document per insert there)" >&2
  fi
  n=${#arm_list[@]}
  lengths="$operations_list"; [ "$workload" = insert ] && lengths="$inserts"   # inserts: one length
  for threads in $threads_list; do
    for length in $lengths; do
      operations="$length"; [ "$workload" = insert ] && operations="${operations_list%% *}"
      for arm in "${arm_list[@]}"; do
        measure "$arm" "$workload" "$threads" warmup >/dev/null; stop_if_aborted
      done
      for round in $(seq 1 "$rounds"); do
        for i in $(seq 0 $((n - 1))); do
          arm="${arm_list[$(( (i + round) % n ))]}"
          read -r ops wall cpu own jit rss <<<"$(measure "$arm" "$workload" "$threads")"; stop_if_aborted
          sops=""; scpu=""
          if [ "$small" -gt 0 ]; then read -r sops _ scpu _ <<<"$(measure "$arm" "$workload" "$threads" small)"
            stop_if_aborted; fi
          awk -v w="$workload" -v t="$threads" -v r="$round" -v p="$i" -v a="$arm" -v o="$ops" -v wl="$wall" \
              -v c="$cpu" -v own="$own" -v so="$sops" -v sc="$scpu" -v j="$jit" -v l="$(cut -d' ' -f1 /proc/loadavg)" \
              -v m="$rss" \
              'BEGIN {
              marginal = sc == "" ? "" : sprintf("%.1f", (c - sc) * 1000 / (o - so))
              printf "%s,%s,%s,%s,%s,%s,%s,%s,%.1f,%.0f,%.0f,%s,%s,%s,%.1f,%s,%s\n",
              w, t, r, p + 1, a, o, wl, c, c * 1000 / o, o * 1000 / wl, own, sc, marginal,
              j, (c - j) * 1000 / o, l, m }' \
            | tee -a "$csv"
        done
      done
    done
  done
done

echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) (per measurement: the load1 column of $csv)"
echo "median (min-max) over $rounds rounds; records=$records operations=$operations_list inserts=$inserts url=$url"
echo "workload threads operations arm | cpu_us_per_op | marginal_us_per_op | fixed_cpu_ms | wall_ops_s | own_ops_s | jit_cpu_ms | non_jit_us_per_op | wall_ms | peak_rss_mb"
tail -n +2 "$csv" | sort -t, -k1,1 -k2,2n -k6,6n -k5,5 | awk -F, '
  function stats(s,   a, n, m, i, j, v) { n = split(s, a, " "); if (n == 0) return "-"
    for (i = 2; i <= n; i++) { v = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > v; j--) a[j + 1] = a[j]; a[j + 1] = v }
    m = (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2; return sprintf("%.0f (%.0f-%.0f)", m, a[1], a[n]) }
  { k = $1 " " $2 " " $6 " " $5; if (!(k in cpu)) order[++nk] = k; cpu[k] = cpu[k] " " $9; wall[k] = wall[k] " " $10
    wallms[k] = wallms[k] " " $7
    own[k] = own[k] " " $11; fixed[k] = fixed[k] " " $12; marg[k] = marg[k] " " $13; jit[k] = jit[k] " " $14
    nonjit[k] = nonjit[k] " " $15; rss[k] = rss[k] " " $17 }
  END { for (i = 1; i <= nk; i++) { k = order[i]
    print k " | " stats(cpu[k]) " | " stats(marg[k]) " | " stats(fixed[k]) " | " stats(wall[k]) " | " stats(own[k]) \
      " | " stats(jit[k]) " | " stats(nonjit[k]) " | " stats(wallms[k]) " | " stats(rss[k]) } }'
ref="${REF:-}"
if [ -z "$ref" ]; then
  if [[ " $arms " == *" goycsb "* ]]; then ref=goycsb
  elif [[ " $arms " == *" upstream "* ]]; then ref=upstream; else ref=driver3; fi
fi
if grep -q ",$ref," "$csv"; then
  echo
  case "$ref" in
    goycsb) what="go-ycsb ${GO_YCSB_VERSION:-v1.0.3} on the mongo-go-driver" ;;
    upstream) what="upstream YCSB 0.17.0's binding on the legacy 3.8.0 driver" ;;
    driver3) what="the legacy 3.8.0 loop" ;;
    *) what="the $ref arm" ;;
  esac
  echo "per round, arm ÷ $ref ($what): CPU per op / marginal CPU per op / wall ops/s (throughput) / exec-to-exit wall time"
  tail -n +2 "$csv" | awk -F, -v ref="$ref" '
    { k = $1 " " $2 " " $6; c = k SUBSEP $3
      if ($5 == ref) { dcpu[c] = $9; dmarg[c] = $13; dwall[c] = $10; dms[c] = $7 }
      else { if (!((k SUBSEP $5) in seen)) { seen[k SUBSEP $5] = 1; order[++n] = k SUBSEP $5 }
             cpu[c SUBSEP $5] = $9; marg[c SUBSEP $5] = $13; wall[c SUBSEP $5] = $10; ms[c SUBSEP $5] = $7
             rounds[$3] = 1 } }
    function ratio(a, b) { return (a == "" || b == "" || b + 0 == 0) ? "-" : sprintf("%.2f", a / b) }
    END { for (i = 1; i <= n; i++) { split(order[i], ka, SUBSEP); line = ka[1] " " ka[2] ":"; paired = 0
            for (r = 1; (r "") in rounds; r++) { c = ka[1] SUBSEP r
              if (!((c SUBSEP ka[2]) in cpu) || !(c in dcpu)) continue
              line = line "  r" r " " ratio(cpu[c SUBSEP ka[2]], dcpu[c]) " / " ratio(marg[c SUBSEP ka[2]], dmarg[c]) \
                " / " ratio(wall[c SUBSEP ka[2]], dwall[c]) " / " ratio(ms[c SUBSEP ka[2]], dms[c]); paired++ }
            if (paired) print line } }'   # a cell the reference did not run (go-ycsb: inserts) has no ratios
fi
