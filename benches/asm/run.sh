#!/usr/bin/env bash
# Prints the x86-64 assembly of the evaluation and kernel functions that the benches mark
# `#[no_mangle]`, counts their instructions, and checks that the static power-of-two evaluation
# is branch-free with no division (and the non-power-of-two one uses multiply-high, no `div`,
# and one branch: the range check that sends an index below 2^32 to the 32-bit split). Then the
# timed loops of benches/eval.rs (`loop_*`), where the evaluation is inlined: one iteration's
# instructions (benches/asm/loop_path.py); with CUTE_VENV set, the same for CuTe C++'s
# functions and loops of benches/compare/cute_bench.cpp (`g++ -O2 -falign-loops=64 -S`).
# Loops are aligned to 64 bytes in both languages, as benches/compare/run.sh measures them.
# A function that is not in the assembly is reported as such (inlined into its callers or
# removed), never counted as empty.
#
#   benches/asm/run.sh            # all functions
#   benches/asm/run.sh FUNC...    # only these
set -euo pipefail
cd "$(dirname "$0")/../.."
ALIGN="-C llvm-args=-align-loops=64"
emit() {  # emit BENCH: the bench target's assembly, path printed on stdout
    cargo rustc --quiet --release -p cute-layout-benches --bench "$1" -- --emit asm -C codegen-units=1 $ALIGN >/dev/null 2>&1 \
        || cargo rustc --release -p cute-layout-benches --bench "$1" -- --emit asm -C codegen-units=1 $ALIGN >&2
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
where() {  # the assembly file that defines FUNC, if any
    local f
    for f in "$EVAL" ${KERN:+"$KERN"} ${SWZ:+"$SWZ"} ${TENS:+"$TENS"}; do
        if grep -q "^$1:" "$f"; then echo "$f"; return 0; fi
    done
    return 1
}
get() {
    local file
    file=$(where "$1") || return 0
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
    if ! where "$f" >/dev/null; then
        echo "== $f: not in the assembly: inlined into its callers (or removed); see the loops below"
        continue
    fi
    b=$(get "$f")
    n=$(printf '%s\n' "$b" | grep -vc '^ret' || true)
    # The path up to the first `ret` (the fall-through path: for a static non-power-of-two
    # evaluation, an index below 2^32).
    hot=$(python3 benches/asm/loop_path.py --entry "$(where "$f")" "$f")
    echo "== $f: $n instructions (excluding ret); $hot on the path from the entry to ret (conditional branches not taken, jumps followed)"
    printf '%s\n' "$b" | sed 's/^/    /'
    # The evaluations must be straight-line code: no division, no branch but the range check.
    case $f in *eval*)
        if printf '%s\n' "$b" | grep -Eq '^(i?div)'; then echo "   !! contains a division"; status=1; fi
        nb=$(printf '%s\n' "$b" | grep -Ec '^j' || true)
        nc=$(printf '%s\n' "$b" | grep -E '^j' | grep -vc '^jmp' || true)
        case $f in
            cute_static_eval_npow2)
                if [ "$nc" -gt 1 ]; then echo "   !! $nc conditional branches (expected one: the range check)"; status=1
                elif [ "$nc" -eq 1 ]; then echo "   ($nb branches: the range check i < 2^32 that selects the 32-bit quotient (taken: the 64-bit one)$( [ "$nb" -gt 1 ] && echo ', and the jump to the shared remainder and inner-product code'))"; fi ;;
            *)
                if [ "$nb" -gt 0 ]; then echo "   !! contains a branch"; status=1; fi ;;
        esac
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
if [ "${PAIRS:-0}" = 1 ]; then
    # The timed loops of benches/eval.rs, the evaluation inlined: one iteration.
    for l in loop_tp_static_pow2 loop_tp_hand_pow2 loop_lat_static_pow2 loop_lat_hand_pow2 \
             loop_tp_static_npow2 loop_tp_hand_npow2 loop_lat_static_npow2 loop_lat_hand_npow2; do
        alias=$(awk -v f="$l" '$1 == f && $2 == "=" {print $3; exit}' "$EVAL")
        if [ -n "$alias" ]; then
            echo "== loop $l (Rust): identical to $alias (merged by LLVM: \`$l = $alias\`)"
            continue
        fi
        echo "== loop $l (Rust)"
        python3 benches/asm/loop_path.py "$EVAL" "$l" || status=1
    done
    # CuTe C++ (unsigned index), when the headers are at hand.
    if [ -n "${CUTE_VENV:-}" ]; then
        SP=$(echo "$CUTE_VENV"/lib/python3*/site-packages)
        CXXS=${CARGO_TARGET_DIR:-target}/cute_bench.s
        g++ -std=c++17 -O2 -falign-loops=64 -I"$SP/cutlass_library/source/include" \
            -I"$SP/nvidia/cuda_cccl/include" -I"$SP/nvidia/cuda_runtime/include" \
            -I"$SP/nvidia/cuda_nvcc/include" -S benches/compare/cute_bench.cpp -o "$CXXS"
        for f in cute_static_eval_pow2 cute_static_eval_npow2 cute_static_eval_npow2_int; do
            b=$(body "$CXXS" "$f")
            echo "== $f (C++): $(printf '%s\n' "$b" | grep -vc '^ret') instructions (excluding ret)"
            printf '%s\n' "$b" | sed 's/^/    /'
        done
        for l in cxx_loop_tp_static_npow2 cxx_loop_lat_static_npow2; do
            echo "== loop $l (C++)"
            python3 benches/asm/loop_path.py "$CXXS" "$l" || status=1
        done
    fi
fi
exit $status
