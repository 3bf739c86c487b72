"""The instructions of one iteration of the (single) loop of a function in an assembly file
(`.s`, AT&T syntax, from rustc `--emit asm` or `g++ -S`): the path from the loop head (the
label after the `.p2align 6` that loop alignment puts before it) back to it, every
conditional branch falling through except one that goes back to the loop head (so the hot
path of a range check laid out as `je head` is the taken one; the listing shows the path so
that this can be checked by eye). Prints the path and its count.

    python3 loop_path.py FILE.s FUNCTION
    python3 loop_path.py --entry FILE.s FUNCTION   # the path from the entry to the first
        # `ret`, conditional branches falling through, unconditional jumps followed (for the
        # straight-line evaluations: the path of an index below 2^32)
"""
import re
import sys


def body(path, func):
    out, on = [], False
    for line in open(path):
        if not on:
            on = re.match(rf"^{re.escape(func)}:", line) is not None
            continue
        if ".cfi_endproc" in line or line.startswith(".Lfunc_end"):
            break
        s = line.strip()
        if not s or s.startswith("#") or s.startswith("//"):
            continue
        m = re.match(r"^([.\w$]+):", s)
        if m:
            out.append(("label", m.group(1)))
        elif s.startswith(".p2align 6") or s.startswith(".p2align\t6"):
            out.append(("align", s))
        elif not s.startswith("."):
            out.append(("insn", re.sub(r"\s+", " ", s)))
    return out


def main():
    args = sys.argv[1:]
    entry = args[0] == "--entry"
    if entry:
        args = args[1:]
    items = body(args[0], args[1])
    if not items:
        print(f"   (no function {args[1]} in {args[0]})")
        return 1
    labels = {it[1]: k for k, it in enumerate(items) if it[0] == "label"}
    if entry:
        k, path = 0, []
        while k < len(items) and len(path) < 400:
            kind, text = items[k]
            k += 1
            if kind != "insn":
                continue
            op, _, arg = text.partition(" ")
            if op.startswith("ret"):
                break
            path.append(text)
            if op == "jmp":
                k = labels.get(arg.strip(), len(items))
        print(len(path))
        return 0
    head = next((items[k + 1][1] for k, it in enumerate(items[:-1])
                 if it[0] == "align" and items[k + 1][0] == "label"), None)
    if head is None:
        print("   (no aligned loop head found)")
        return 1
    k, path = labels[head] + 1, []
    while k < len(items) and len(path) < 400:
        kind, text = items[k]
        if kind != "insn":
            k += 1
            continue
        path.append(text)
        op, _, arg = text.partition(" ")
        if op.startswith("j"):
            target = arg.strip()
            if target == head:
                break
            if op == "jmp":
                k = labels.get(target, len(items))
                continue
        if op.startswith("ret"):
            break
        k += 1
    for t in path:
        print("    " + t)
    print(f"   loop iteration: {len(path)} instructions (head {head}, back edge included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
