# shellcheck shell=bash
# Sourced by build.sh and scripts/install-test-prereqs.sh so both agree on
# which Go toolchain counts as usable.
#
# FerretDB v1.24.0 needs Go >= 1.22. Debian 12's own golang-go is 1.19, so a
# plain `go` on PATH may be too old while a newer one sits in /usr/local/go
# (upstream tarball) or /usr/lib/go-1.NN (bookworm-backports packages).

FERRETDB_MIN_GO_MINOR=22

# go_minor_version GO: prints the minor version (22 for go1.22.6), or nothing.
go_minor_version() {
  GOTOOLCHAIN=local "$1" env GOVERSION 2>/dev/null | sed -n 's/^go1\.\([0-9][0-9]*\).*/\1/p'
}

# find_go: prints the path of the first Go >= 1.22, honouring $GO first.
find_go() {
  local candidate minor
  for candidate in ${GO:-} "$(command -v go 2>/dev/null)" /usr/local/go/bin/go \
      $(printf '%s\n' /usr/lib/go-1.*/bin/go | sort -t. -k2,2nr); do
    # an unmatched glob stays literal and fails -x
    if [ -z "$candidate" ] || [ ! -x "$candidate" ]; then continue; fi
    minor=$(go_minor_version "$candidate")
    if [ -n "$minor" ] && [ "$minor" -ge "$FERRETDB_MIN_GO_MINOR" ]; then
      printf '%s\n' "$candidate"
      return 0
    fi
  done
  return 1
}
