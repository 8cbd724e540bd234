#!/usr/bin/env bash
# Builds the FerretDB v1.24.0 wrapper to testkit/ferretdb/bin/ferretdb, and FerretDB's own command to
# testkit/ferretdb/bin/ferretdb-auth (for the tests that need a server that authenticates).
#
# Idempotent: does nothing (and prints nothing) when the binary is newer than
# every input. A cold build takes about a minute on 2 cores; a warm one ~2 s.
# Works on a machine with an empty module cache: go.sum is committed, so
# -mod=readonly lets Go fetch exactly those versions from the module proxy
# while refusing to silently change go.mod/go.sum.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out="$here/bin/ferretdb"
auth_out="$here/bin/ferretdb-auth"
inputs=("$here/main.go" "$here/go.mod" "$here/go.sum" "$here/build.sh" "$here/find-go.sh")

if [ -x "$out" ] && [ -z "$(find "${inputs[@]}" -newer "$out" 2>/dev/null)" ] \
    && [ -x "$auth_out" ] && [ -z "$(find "${inputs[@]}" -newer "$auth_out" 2>/dev/null)" ]; then
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
src="$here/bin/.src.$$"
trap 'rm -f "$tmp" "$log"; chmod -R u+w "$src" 2>/dev/null; rm -rf "$src"' EXIT
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

# The embeddable package has no authentication options; FerretDB's own command has them (SCRAM-SHA-256 with
# --test-enable-new-auth and a --setup-username user). Built from a copy of the module's source with
# build/version/version.txt added: without it the command panics when it is the main module (see main.go).
# The copy's go.sum pins every dependency, so -mod=readonly holds here too.
if ! dir=$(cd "$here" && GOTOOLCHAIN=local GOFLAGS=-mod=readonly "$go" mod download -json \
    github.com/FerretDB/FerretDB@v1.24.0 2>"$log" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p') \
    || [ -z "$dir" ]; then
  cat "$log" >&2
  echo "build.sh: cannot find the FerretDB v1.24.0 module source (output above)" >&2
  exit 1
fi
mkdir -p "$src"
cp -R "$dir/." "$src"
chmod -R u+w "$src"
echo v1.24.0 > "$src/build/version/version.txt"
if ! (cd "$src" && GOTOOLCHAIN=local CGO_ENABLED=0 GOFLAGS="-mod=readonly -buildvcs=false" \
    "$go" build -trimpath -ldflags='-s -w' -o "$tmp" ./cmd/ferretdb) >"$log" 2>&1; then
  cat "$log" >&2
  echo "build.sh: go build of FerretDB's own command failed (output above)" >&2
  exit 1
fi
mv -f "$tmp" "$auth_out"
echo "build.sh: built $auth_out" >&2
