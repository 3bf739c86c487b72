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
    cargo rustc --quiet --release -p cute-layout-benches --bench "$1" -- --emit asm -C codegen-units=1 >/dev/null 2>&1 \
        || cargo rustc --release -p cute-layout-benches --bench "$1" -- --emit asm -C codegen-units=1 >&2
    ls -t "${CARGO_TARGET_DIR:-target}"/release/deps/"$1"-*.s | head -1
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
SWZ=$(emit swizzle 2>/dev/null || true)
TENS=$(emit tensor 2>/dev/null || true)
FUNCS=("$@")
if [ ${#FUNCS[@]} -eq 0 ]; then
    FUNCS=(cute_static_eval_pow2 hand_eval_pow2 cute_static_eval_npow2 hand_eval_npow2
           cute_static_eval_swizzled hand_eval_swizzled)
    PAIRS=1
fi
get() {
    local file=$EVAL
    grep -q "^$1:" "$file" || file=$KERN
    grep -q "^$1:" "$file" || file=$SWZ
    grep -q "^$1:" "$file" || file=$TENS
    body "$file" "$1"
}
status=0
for f in "${FUNCS[@]}"; do
    # LLVM merges identical functions: `f = g` in the assembly.
    alias=$(awk -v f="$f" '$1 == f && $2 == "=" {print $3; exit}' "$EVAL" ${KERN:+"$KERN"} ${SWZ:+"$SWZ"} ${TENS:+"$TENS"} 2>/dev/null || true)
    if [ -n "$alias" ]; then
        echo "== $f: identical to $alias (merged by LLVM: \`$f = $alias\`)"
        continue
    fi
    b=$(get "$f")
    n=$(printf '%s\n' "$b" | grep -vc '^ret' || true)
    echo "== $f: $n instructions (excluding ret)"
    printf '%s\n' "$b" | sed 's/^/    /'
    # The evaluations must be straight-line code: no division, no branch.
    case $f in *eval*)
        if printf '%s\n' "$b" | grep -Eq '^(i?div)'; then echo "   !! contains a division"; status=1; fi
        if printf '%s\n' "$b" | grep -Eq '^j'; then echo "   !! contains a branch"; status=1; fi
        printf '%s\n' "$b" | grep -Eq '^(i?mul)' && echo "   (multiply-high present)"
        ;;
    esac
done
if [ "${PAIRS:-0}" = 1 ]; then
    # The generic kernels with static layouts against the hand-written loops: same code?
    norm() { get "$1" | sed -E 's/\.LBB[0-9_]+/L/g; s/_ZN[A-Za-z0-9_$.]+/SYM/g; s/\.Lanon\.[0-9a-f]+\.[0-9]+/ANON/g'; }
    for k in copy gemm; do
        a=$(norm "kernel_${k}_static"); h=$(norm "kernel_${k}_hand")
        na=$(printf '%s\n' "$a" | wc -l); nh=$(printf '%s\n' "$h" | wc -l)
        if [ "$a" = "$h" ]; then same="identical"; else same="different"; fi
        echo "== kernel $k: static $na lines, hand-written $nh lines: $same (labels and panic-location constants normalised)"
    done
    # Tensor indexing with a static layout: the hot path (up to the first ret) is the
    # coordinate check and the index arithmetic, as the hand-written access: no engine-length
    # comparison (the engine was checked once, at construction).
    hot() { get "$1" | awk '{print} /^ret/ {exit}'; }
    if [ -n "$TENS" ]; then
        tc=$(hot cute_tensor_get_static); th=$(hot hand_tensor_get_static)
        nc=$(printf '%s\n' "$tc" | grep -vc '^ret'); nh=$(printf '%s\n' "$th" | grep -vc '^ret')
        echo "== tensor get (8,16):(16,1): $nc instructions on the hot path, hand-written $nh"
        printf '%s\n' "$tc" | sed 's/^/    /'
        if [ "$nc" -gt "$nh" ]; then echo "   !! the tensor access does more than the hand-written one"; status=1; fi
    fi
fi
exit $status
