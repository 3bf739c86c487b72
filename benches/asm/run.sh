#!/usr/bin/env bash
# Prints the x86-64 assembly of the evaluation and kernel functions that the benches mark
# `#[no_mangle]`, counts their instructions, and checks that the static power-of-two evaluation
# is branch-free with no division (and the non-power-of-two one uses multiply-high, no `div`).
#
#   benches/asm/run.sh            # all functions
#   benches/asm/run.sh FUNC...    # only these
set -euo pipefail
cd "$(dirname "$0")/../.."
emit() {  # emit BENCH: the bench target's assembly, path printed on stdout
    cargo rustc --quiet --release --bench "$1" -- --emit asm -C codegen-units=1 >/dev/null 2>&1 \
        || cargo rustc --release --bench "$1" -- --emit asm -C codegen-units=1 >&2
    ls -t target/release/deps/"$1"-*.s | head -1
}
body() {  # body FILE FUNC: the instructions of FUNC (no labels, directives or comments)
    awk -v f="$2" '
        $0 ~ "^"f":" {on=1; next}
        on && /\.cfi_endproc/ {exit}
        on && /^[[:space:]]*[a-z]/ && !/^[[:space:]]*\./ {sub(/^[[:space:]]+/, ""); print}
    ' "$1"
}
EVAL=$(emit eval)
KERN=$(emit kernels 2>/dev/null || true)
FUNCS=("$@")
if [ ${#FUNCS[@]} -eq 0 ]; then
    FUNCS=(cute_static_eval_pow2 hand_eval_pow2 cute_static_eval_npow2 hand_eval_npow2)
fi
status=0
for f in "${FUNCS[@]}"; do
    file=$EVAL
    grep -q "^$f:" "$file" || file=$KERN
    b=$(body "$file" "$f")
    n=$(printf '%s\n' "$b" | grep -vc '^ret' || true)
    echo "== $f: $n instructions (excluding ret)"
    printf '%s\n' "$b" | sed 's/^/    /'
    if printf '%s\n' "$b" | grep -Eq '^(i?div)'; then echo "   !! contains a division"; status=1; fi
    if printf '%s\n' "$b" | grep -Eq '^j'; then echo "   !! contains a branch"; status=1; fi
done
exit $status
