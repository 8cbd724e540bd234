#!/usr/bin/env bash
# The build identifier stamped into the pack (PackVersion): the git commit it is built from, "-modified" when the
# work tree has uncommitted changes to tracked files, "unknown" outside a git work tree. Never a guess.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if commit="$(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null)"; then
  if git -C "$root" diff --quiet HEAD -- 2>/dev/null; then
    echo "$commit"
  else
    echo "$commit-modified"
  fi
else
  echo unknown
fi
