#!/usr/bin/env bash
# Builds the FerretDB v1.24.0 wrapper to testkit/ferretdb/bin/ferretdb.
#
# Idempotent: does nothing (and prints nothing) when the binary is newer than
# every input. A cold build takes about a minute on 2 cores; a warm one ~2 s.
# Works on a machine with an empty module cache: go.sum is committed, so
# -mod=readonly lets Go fetch exactly those versions from the module proxy
# while refusing to silently change go.mod/go.sum.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out="$here/bin/ferretdb"
inputs=("$here/main.go" "$here/go.mod" "$here/go.sum" "$here/build.sh" "$here/find-go.sh")

if [ -x "$out" ] && [ -z "$(find "${inputs[@]}" -newer "$out" 2>/dev/null)" ]; then
  exit 0
fi

# shellcheck source=find-go.sh
. "$here/find-go.sh"
if ! go=$(find_go); then
  echo "build.sh: no Go toolchain >= 1.$FERRETDB_MIN_GO_MINOR found (looked at \$GO, PATH, /usr/local/go/bin, /usr/lib/go-1.*/bin)." >&2
  echo "build.sh: run scripts/install-test-prereqs.sh as root, or install Go >= 1.$FERRETDB_MIN_GO_MINOR and put it on PATH." >&2
  exit 1
fi

# Go refuses to run without a cache dir; CI environments sometimes lack HOME.
if [ -z "${HOME:-}" ] && [ -z "${XDG_CACHE_HOME:-}" ] && [ -z "${GOCACHE:-}" ]; then
  export GOCACHE="$here/../../.build/go-cache" GOPATH="$here/../../.build/go-path"
fi

echo "build.sh: building $out with $go ($("$go" env GOVERSION)); a cold build takes about a minute" >&2
mkdir -p "$here/bin"
tmp="$out.tmp.$$"
log="$out.build-log.$$"
trap 'rm -f "$tmp" "$log"' EXIT
# GOTOOLCHAIN=local: never download another toolchain; go.mod says go 1.22.
# CGO_ENABLED=0: FerretDB's SQLite is pure Go, so no C compiler is needed and
# the binary is static. -buildvcs=false: the repo may be owned by another user.
# Go's output (dozens of "go: downloading" lines on a cold cache) is kept in a
# log and shown only when the build fails.
if ! (cd "$here" && GOTOOLCHAIN=local CGO_ENABLED=0 GOFLAGS="-mod=readonly -buildvcs=false" \
    "$go" build -trimpath -ldflags='-s -w' -o "$tmp" .) >"$log" 2>&1; then
  cat "$log" >&2
  echo "build.sh: go build failed (output above)" >&2
  exit 1
fi
mv -f "$tmp" "$out"
echo "build.sh: built $out" >&2
