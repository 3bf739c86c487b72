#!/usr/bin/env bash
# A cold `cargo test` (the README's test command) as issue 26 point 5 measures it: a fresh clone
# of a commit and an empty target directory (dependencies downloaded but not built, incremental
# on as a contributor has it), `cargo test --no-run --timings` then `cargo test`. Prints each
# phase's wall time and CPU time (user + system, every process Cargo ran) and the lower bound
# the CPU time puts on the wall time on this machine's cores; then the longest units of the build.
#
#   benches/test_suite/cold.sh [REV] [DIR]     (REV: default HEAD; DIR: default a new temp dir)
#
# Run nothing else meanwhile: the figures are the machine's. Compare two commits only by runs
# made back to back (benches/HISTORY.md §22-§27).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
rev=${1:-HEAD}
dir=${2:-$(mktemp -d)}
git clone -q "$repo" "$dir/src"
git -C "$dir/src" checkout -q "$(git -C "$repo" rev-parse "$rev")"
cd "$dir/src"
cores=$(nproc)
# One phase, timed by bash's `time`: wall, user and system time (the last two summed over every
# process the command ran and waited for).
phase() {
  local name=$1; shift
  local out="$dir/$name.log"
  local usage
  usage=$( { TIMEFORMAT='%R %U %S'; time "$@" >"$out" 2>&1; } 2>&1 ) || {
    echo "$name failed: see $out" >&2; exit 1; }
  awk -v n="$name" -v u="$usage" -v c="$cores" 'BEGIN {
    split(u, x, " "); cpu = x[2] + x[3];
    printf "%-6s wall %6.1f s   cpu %6.1f s (user %.1f, sys %.1f)   cpu/%d cores %6.1f s\n",
      n, x[1], cpu, x[2], x[3], c, cpu / c }'
}
echo "cold cargo test at $(git rev-parse --short HEAD) on $cores cores ($(rustc --version))"
phase build cargo test --no-run --timings
phase test cargo test
grep '^test result:' "$dir/test.log" | awk '{ p += $4; f += $6 } END { printf "tests: %d passed, %d failed\n", p, f }'
grep 'merged doctests compilation took' "$dir/test.log" || true
# The build's units over 5 s, in the order they started (Cargo's order among test binaries is
# random from run to run: the end of the build depends on which heavy binary starts last).
if command -v python3 >/dev/null; then
  python3 - "$(ls -t target/cargo-timings/cargo-timing-*.html | head -1)" <<'PYEOF'
import json, re, sys
units = json.loads(re.search(r'const UNIT_DATA = (\[.*?\]);', open(sys.argv[1]).read(), re.S).group(1))
for u in sorted(units, key=lambda u: u['start']):
    if u['duration'] > 5:
        name = u['target'].split()[0] if u['target'].strip() else u['name']
        print(f"  {name:<22} start {u['start']:6.1f} s  took {u['duration']:5.1f} s")
PYEOF
fi
echo "logs: $dir"
