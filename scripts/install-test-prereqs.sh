#!/usr/bin/env bash
# Makes a Debian 12 machine ready for the full test suite (run as root):
#   - a Go toolchain >= 1.22, to build the FerretDB v1.24.0 wrapper;
#   - PostgreSQL server binaries (initdb, pg_ctl, createdb), for the ferretdb-postgresql target;
#   - the wrapper itself, testkit/ferretdb/bin/ferretdb, and FerretDB's own command (it authenticates),
#     testkit/ferretdb/bin/ferretdb-auth;
#   - OpenSSH server and client (sshd, ssh, ssh-keygen), for the multi-host tests that run one
#     sshd per network namespace (testkit NetnsHosts). The system sshd is kept off;
#   - socat, the TLS terminator the TLS tests put in front of the embedded server (testkit TlsTerminator);
#   - iptables, to drop every packet of a network namespace (ServerFaultsIT's silent partition).
# Idempotent and silent when everything is already there; it says what it installs.
# Only Debian packages and the Go module proxy are used, so it works where nothing else is reachable.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=../testkit/ferretdb/find-go.sh
. "$repo/testkit/ferretdb/find-go.sh"

say() { echo "install-test-prereqs: $*" >&2; }

apt_updated=0
apt_log=$(mktemp)
temp_policy_rc_d=""
cleanup() {
  rm -f "$apt_log"
  if [ -n "$temp_policy_rc_d" ]; then
    rm -f "$temp_policy_rc_d"
  fi
}
trap cleanup EXIT

require_root() {
  if [ "$(id -u)" != 0 ]; then
    say "missing: $1. Re-run this script as root (it installs Debian packages), or install it yourself."
    exit 1
  fi
}

# Refreshes package lists at most once, and only when something must be installed.
apt_update_once() {
  if [ "$apt_updated" = 0 ]; then
    say "running apt-get update"
    if ! apt-get update -qq >"$apt_log" 2>&1; then
      cat "$apt_log" >&2
      exit 1
    fi
    apt_updated=1
  fi
}

apt_install() {
  apt_update_once
  say "installing Debian package(s): $*"
  # No recommends: the wrapper builds with CGO_ENABLED=0, so Go's gcc/libc6-dev are not needed.
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >"$apt_log" 2>&1; then
    cat "$apt_log" >&2
    exit 1
  fi
}

apt_has_candidate() {
  # Not `apt-cache ... | grep -q`: with pipefail, grep quitting early makes apt-cache die of
  # SIGPIPE and the check fail at random.
  local policy
  policy=$(apt-cache policy "$1" 2>/dev/null) || return 1
  [[ "$policy" == *"Candidate: "[^\(]* ]]
}

# Debian 12's golang-go is 1.19; newer Go for bookworm only ships in bookworm-backports.
enable_bookworm_backports() {
  local codename
  # shellcheck source=/dev/null  # the host's file, not part of this repo
  codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
  [ "$codename" = bookworm ] || return 0
  if grep -rqs 'bookworm-backports' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    return 0
  fi
  say "adding Debian bookworm-backports to /etc/apt/sources.list.d/ycsbpack-bookworm-backports.sources"
  cat >/etc/apt/sources.list.d/ycsbpack-bookworm-backports.sources <<'SOURCES'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
  apt_updated=0
}

ensure_go() {
  if find_go >/dev/null; then
    return 0
  fi
  require_root "Go >= 1.$FERRETDB_MIN_GO_MINOR"
  enable_bookworm_backports
  apt_update_once
  local pkg
  # Versioned packages install to /usr/lib/go-1.NN, where find_go looks; a golang-go new enough
  # (Debian 13 and later) is the fallback.
  for pkg in golang-1.24-go golang-1.23-go golang-1.22-go golang-go; do
    if apt_has_candidate "$pkg"; then
      apt_install "$pkg"
      if find_go >/dev/null; then
        say "Go ready: $(find_go)"
        return 0
      fi
    fi
  done
  say "could not install Go >= 1.$FERRETDB_MIN_GO_MINOR from Debian packages; install it and put it on PATH (or set GO=/path/to/go)"
  exit 1
}

postgres_present() {
  local dir
  for dir in /usr/lib/postgresql/*/bin $(echo "${PATH:-}" | tr ':' ' '); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/createdb" ]; then
      return 0
    fi
  done
  return 1
}

ensure_postgres() {
  if postgres_present; then
    return 0
  fi
  require_root "PostgreSQL server binaries (initdb, pg_ctl, createdb)"
  # Tests run their own private cluster (testkit PrivatePostgres); the package's system cluster
  # is neither used nor needed.
  apt_install postgresql
  if ! postgres_present; then
    say "package postgresql installed, but initdb/pg_ctl/createdb are still not in /usr/lib/postgresql/*/bin"
    exit 1
  fi
}

ssh_present() {
  [ -x /usr/sbin/sshd ] && command -v ssh >/dev/null && command -v ssh-keygen >/dev/null
}

# Tests start their own sshd processes, each with its own config, inside network namespaces.
# The package's system sshd would listen on port 22 of the real machine, so it must never run:
#   - /etc/ssh/sshd_not_to_be_run is Debian's switch, read by both the init script and the
#     systemd units (ConditionPathExists), so it also holds after a reboot; it does not affect
#     sshd processes started by hand.
#   - a policy-rc.d that answers 101 ("action forbidden") stops the postinst from even trying
#     to start the service; an existing one (Docker images ship one) is left alone.
ensure_ssh() {
  if ssh_present; then
    return 0
  fi
  require_root "OpenSSH (sshd, ssh, ssh-keygen)"
  local system_sshd_was_installed=0
  if [ -x /usr/sbin/sshd ]; then
    system_sshd_was_installed=1
  fi
  if [ "$system_sshd_was_installed" = 0 ]; then
    mkdir -p /etc/ssh
    touch /etc/ssh/sshd_not_to_be_run
    if [ ! -e /usr/sbin/policy-rc.d ]; then
      temp_policy_rc_d=/usr/sbin/policy-rc.d
      printf '#!/bin/sh\n# Temporary, from install-test-prereqs.sh: no service starts during this install.\nexit 101\n' \
        >"$temp_policy_rc_d"
      chmod 755 "$temp_policy_rc_d"
    fi
  fi
  apt_install openssh-server openssh-client
  if [ -n "$temp_policy_rc_d" ]; then
    rm -f "$temp_policy_rc_d"
    temp_policy_rc_d=""
  fi
  if [ "$system_sshd_was_installed" = 0 ]; then
    stop_system_sshd
    say "the system sshd stays off (/etc/ssh/sshd_not_to_be_run); tests run their own"
  fi
  if ! ssh_present; then
    say "packages openssh-server/openssh-client installed, but /usr/sbin/sshd, ssh or ssh-keygen is still missing"
    exit 1
  fi
}

# In case an init system started it anyway.
stop_system_sshd() {
  if [ -d /run/systemd/system ]; then
    systemctl stop ssh.service ssh.socket >/dev/null 2>&1 || true
  fi
  local pid
  pid=$(cat /run/sshd.pid 2>/dev/null || true)
  if [ -n "$pid" ] && [ "$(readlink "/proc/$pid/exe" 2>/dev/null || true)" = /usr/sbin/sshd ]; then
    kill "$pid" 2>/dev/null || true
  fi
}

# The end-to-end tests run shellcheck over bin/ (YcsbCommandIT; skipped without it unless CI is set).
ensure_shellcheck() {
  if command -v shellcheck >/dev/null 2>&1; then
    return 0
  fi
  if [ "$(id -u)" != 0 ]; then
    say "shellcheck not installed (not root): the shellcheck test will be skipped"
    return 0
  fi
  apt_install shellcheck
}

# The TLS tests terminate TLS with socat (OPENSSL-LISTEN) in front of mongo-java-server; openssl makes their CA.
ensure_socat() {
  if command -v socat >/dev/null 2>&1 && command -v openssl >/dev/null 2>&1; then
    return 0
  fi
  require_root "socat and openssl (the TLS tests' terminator and test CA)"
  apt_install socat openssl
}

# ServerFaultsIT partitions the embedded server's network namespace silently (iptables DROP, no RST or ICMP).
ensure_iptables() {
  if command -v iptables >/dev/null 2>&1 || [ -x /usr/sbin/iptables ]; then
    return 0
  fi
  require_root "iptables (the silent network partition of ServerFaultsIT)"
  apt_install iptables
}

# The published site's tests open every page in headless Chromium (SiteInBrowserTest).
ensure_chromium() {
  if command -v chromium >/dev/null 2>&1; then
    return 0
  fi
  require_root "chromium (the published site's browser tests)"
  apt_install chromium
}

ensure_go
ensure_postgres
ensure_ssh
ensure_shellcheck
ensure_socat
ensure_iptables
ensure_chromium
GO=$(find_go) bash "$repo/testkit/ferretdb/build.sh"
