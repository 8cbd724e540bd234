# shellcheck shell=bash
# The server a bench measures against, for the bench scripts that source this file.

# bench_server DIST WORK: sets url to SERVER_URL's ycsb database, else starts DIST's bin/embedded-mongo
# (mongo-java-server, its own JVM) on a free port, its log in WORK, sets server_pid (the caller's EXIT trap stops it)
# and url to its ycsb database.
bench_server() {
  local dist="$1" work="$2"
  if [ -n "${SERVER_URL:-}" ]; then
    url="${SERVER_URL%/}/ycsb"
  else
    "$dist/bin/embedded-mongo" --url-file "$work/url" >"$work/server.log" 2>&1 &
    server_pid=$!
    for _ in $(seq 1 300); do [ -s "$work/url" ] && break; sleep 0.1; done
    url="$(cat "$work/url")/ycsb"
  fi
}
