#!/usr/bin/env bash
# Prints issue 39's table of habits, measured on this tree (main code = */src/main/java, tests = */src/test/java):
#
#   scripts/habits.sh            the table; exit 0
#   scripts/habits.sh --check    the same; exit 1 when a measure with a bound is over it
#
# A row without a bound is for reading (its aim is in issue 39). Methods and records are found by reading the
# sources as text (python3): a method's length runs from its declaration line to its closing brace, as Checkstyle's
# MethodLength counts in the habits profile (on in every build unless -DskipHabits), which the build enforces.
# The duplicates row needs the `duplicates` command (not in CI); without it the row says so.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

check=""
case "${1:-}" in
  --check) check=yes ;;
  "") ;;
  *) echo "scripts/habits.sh: unknown argument '$1'; accepted: --check (or nothing)" >&2; exit 2 ;;
esac

main_java() { find . -path ./bench -prune -o -path '*/src/main/java/*' -name '*.java' -print | sort; }
test_java() { find . -path ./bench -prune -o -path '*/src/test/java/*' -name '*.java' -print | sort; }

over=0
row() { # measure, value, bound ("" when none)
  local mark=""
  if [ -n "$3" ] && [ "$2" -gt "$3" ]; then
    mark="  OVER"
    over=1
  fi
  printf '| %-64s | %6s | %5s |%s\n' "$1" "$2" "${3:--}" "$mark"
}
count() { grep -c . || true; }

printf '| %-64s | %6s | %5s |\n' "measure" "now" "bound"
printf '|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..66})" "--------" "-------"

row "status values written as string literals in main code" "$(main_java | xargs grep -hE \
  '"(COMPLETE|FAILED|PARTIAL|INCOMPLETE|NOT RUN|NOT_RUN|RUNNING|MISSING)"' | count)" ""

# methods of 80+ lines and records of 10+ components, main code
read -r long_methods wide_records < <(main_java | python3 -c '
import re, sys
decl = re.compile(r"^\s*(public|private|protected|static|final|synchronized|abstract|default|<)[^;=]*\)\s*"
                  r"(throws [^{]*)?\{\s*$|^\s*[A-Za-z<][\w<>\[\], .?]*\s+\w+\([^;]*\)\s*(throws [^{]*)?\{\s*$")
control = re.compile(r"^(if|for|while|switch|try|catch|else|return|new)\b")
kinds = re.compile(r"\b(class|record|enum|interface) ")
record = re.compile(r"\brecord\s+\w+\s*(<[^>]*>)?\s*\(")
methods = records = 0
for path in sys.stdin.read().split():
    text = open(path, encoding="utf-8", errors="replace").read()
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if decl.match(line) and not control.match(line.strip()) and not kinds.search(line):
            depth, j = 0, i
            while j < len(lines):
                depth += lines[j].count("{") - lines[j].count("}")
                if depth <= 0:
                    break
                j += 1
            if j - i + 1 >= 80:
                methods += 1
                i = j
        i += 1
    for m in record.finditer(text):
        depth, k, commas = 1, m.end(), 0
        while k < len(text) and depth > 0:
            c = text[k]
            depth += (c in "(<") - (c in ")>")
            commas += c == "," and depth == 1
            k += 1
        components = 0 if text[m.end():k - 1].strip() == "" else commas + 1
        records += components >= 10
print(methods, records)
')
row "methods of 80+ lines (main)" "$long_methods" 0
row "records with 10+ components (main)" "$wide_records" ""

row "main files importing com.mongodb.internal.* (one class allowed)" "$(main_java | xargs grep -l \
  '^import com\.mongodb\.internal\.' | count)" 1
row "experiment imports of coordinator.cli" "$(find experiment/src/main/java -name '*.java' -print0 \
  | xargs -0 grep -h '^import dev\.ycsbpack\.coordinator\.cli\.' | count)" 0
row "lines over 120 columns (main Java)" "$(main_java | xargs awk 'length > 120' | count)" 0
row "lines over 120 columns (test Java)" "$(test_java | xargs awk 'length > 120' | count)" 0

if command -v duplicates >/dev/null 2>&1; then
  # a pair is main code's when both places are under src/main, a test's when either is under src/test
  pairs="$(duplicates --most 200 --seconds 120 | grep -E '^D[0-9]+ ' || true)"
  row "duplicates pairs, main code" "$(grep -vE 'src/test/' <<<"$pairs" | grep -cE \
    '^D[0-9]+ [^ ]*src/main/[^ ]* ~ [^ ]*src/main/' || true)" 15
  row "duplicates pairs, tests" "$(grep -cE 'src/test/' <<<"$pairs" || true)" 25
else
  printf '| %-64s | %6s | %5s |\n' "duplicates pairs (no duplicates command here)" "-" "-"
fi

if [ -n "$check" ] && [ "$over" -ne 0 ]; then
  echo "scripts/habits.sh: a measure is over its bound (marked OVER)" >&2
  exit 1
fi
