#!/usr/bin/env bash
# Instructions per operation under callgrind (load-independent), for every case of
# benches/counts.rs: (Ir(N) - Ir(0)) / N, and allocations (incl. reallocations) per operation.
# Usage: benches/counts.sh [N] (default 2000).
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-2000}
# COUNTS_BIN: an already built harness (e.g. a copy of the one built before a change).
if [ -z "${COUNTS_BIN:-}" ]; then
  cargo bench -p cute-layout-benches --bench counts --no-run 2>/dev/null
  COUNTS_BIN=$(ls -t "${CARGO_TARGET_DIR:-target}"/release/deps/counts-* | grep -v '\.d$' | head -1)
fi
BIN=$COUNTS_BIN
ir() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BIN" "$1" "$2" 2>&1 \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '%-24s %12s %10s\n' case instructions allocations
for c in $("$BIN" list); do
  a=$(ir "$c" 0); b=$(ir "$c" "$N")
  allocs=$("$BIN" "$c" 100 2>&1 | sed -n 's/allocations\/op //p')
  printf '%-24s %12s %10s\n' "$c" $(( (b - a) / N )) "$allocs"
done
