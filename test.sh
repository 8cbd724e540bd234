#!/usr/bin/env bash
# The whole test suite, FerretDB legs included. On a fresh Debian 12 machine with a JDK it first installs
# what the suite needs (Go, PostgreSQL server binaries, OpenSSH; see scripts/install-test-prereqs.sh) and builds the
# FerretDB wrapper; the tests then start their own servers: mongo-java-server in process, FerretDB on SQLite
# and on a private PostgreSQL. Set MONGODB_URL to also run the server suites against a real MongoDB.
#
# Extra arguments go to Maven, e.g.: ./test.sh -pl mongodb-binding -am
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$root/scripts/install-test-prereqs.sh"
# The FerretDB legs must run, never skip, when this script runs the suite.
export REQUIRE_FERRETDB=true
exec "$root/mvnw" -B -ntp -f "$root/pom.xml" -Dpack.build="$("$root/scripts/build-id.sh")" verify "$@"
