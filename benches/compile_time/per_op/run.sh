#!/usr/bin/env bash
# The type-checking cost of one type-level operation: `cargo check` of a crate naming N1 and then
# N2 distinct results of the operation (gen.py), the cute-layout library already checked, no
# incremental cache; the user-CPU difference over the N2 − N1 extra items is the cost of one
# (milliseconds). Medians of REPEATS alternating runs. Where the kernels (../kernels) say how
# long a whole configuration takes, this says which steps it is made of cost what.
#
#   benches/compile_time/per_op/run.sh [REPEATS] [KIND ...]    (default 3; every kind of gen.py)
#   CUTE_REPO=<checkout>   the cute-layout checked against (default this one), for before/after
#   N1=10 N2=40            the two sizes
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
R=${1:-3}
shift || true
KINDS=("$@")
[ ${#KINDS[@]} -gt 0 ] || read -r -a KINDS < <(python3 -c "
import importlib.util
s = importlib.util.spec_from_file_location('g', '$HERE/gen.py'); m = importlib.util.module_from_spec(s)
s.loader.exec_module(m); print(' '.join(k for k in m.KINDS if k != 'none'))")
REPO=${CUTE_REPO:-$ROOT}
N1=${N1:-10}
N2=${N2:-40}
TD=${CARGO_TARGET_DIR:-$ROOT/target}/compile-per-op
export CARGO_INCREMENTAL=0
mkdir -p "$TD"
user_s() {  # user_s KIND N: the user CPU seconds of `cargo check` of a fresh crate
    local d=$TD/crate
    python3 "$HERE/gen.py" "$1" "$2" "$d" --repo "$REPO"
    /usr/bin/time -f "%U" -o "$TD/time.txt" \
        cargo check --quiet --manifest-path "$d/Cargo.toml" --target-dir "$TD/target" >/dev/null 2>"$TD/err.txt" || {
        cat "$TD/err.txt" >&2; echo "# $1 does not check" >&2; exit 1; }
    cat "$TD/time.txt"
}
user_s none 1 >/dev/null  # the library, once
echo "# type-checking cost per operation: cargo check of $N2 vs $N1 items, median of $R; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $(rustc --version)"
printf '%-20s %10s\n' kind ms/op
for k in "${KINDS[@]}"; do
    d=()
    for _ in $(seq "$R"); do
        a=$(user_s "$k" "$N1"); b=$(user_s "$k" "$N2")
        d+=("$(python3 -c "print(1000 * ($b - $a) / ($N2 - $N1))")")
    done
    printf '%-20s %10.1f\n' "$k" "$(python3 -c 'import statistics, sys; print(statistics.median(map(float, sys.argv[1:])))' "${d[@]}")"
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
