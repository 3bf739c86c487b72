#!/usr/bin/env python3
"""Writes probes/banks/configs.txt and cpasync_configs.txt: the shared-memory access
configurations the bank-conflict probe (banks.cu) measures on the GPU. See
probes/banks/README.md.

    python3 probes/banks/gen_configs.py              # writes configs.txt, cpasync_configs.txt
    python3 probes/banks/gen_configs.py --check      # exit 1 when either is stale

Standard library only; deterministic (fixed seed). Every line:

    <id> <instruction> <label> <a0> <a1> ... <a31>

id: 0, 1, 2, ... in file order; instruction: the PTX instruction (as in the issue); label: what
the pattern is (no spaces; a configuration generated under several names has them joined by
"=", e.g. the SM80 GEMM's warp 2 reads the same A rows as warp 0); a_l: lane l's shared-memory byte offset from the 1024-byte aligned
start of a 48 KB buffer (for ldmatrix/stmatrix: the row address lane l supplies; lanes the
instruction ignores -- x1: lanes 8..31, x2: lanes 16..31 -- are listed as well).
cpasync_configs.txt: see render_cpasync().
"""
import random
import sys

BUF = 48 * 1024
LANES = range(32)

LDST = [  # (instruction, access width in bytes)
    ("u16", 2),
    ("b32", 4),
    ("v2.b32", 8),
    ("v4.b32", 16),
]
MATRIX = []
for op in ("ldmatrix", "stmatrix"):
    for x in (1, 2, 4):
        for trans in ("", ".trans"):
            MATRIX.append(f"{op}.sync.aligned.m8n8.x{x}{trans}.shared.b16")

rng = random.Random(20260913)
configs = []  # (instruction, label, [32 addresses])
seen = {}  # (instruction, addresses) -> index in configs


def add(instr, label, addrs):
    addrs = [int(a) for a in addrs]
    assert len(addrs) == 32, (instr, label)
    assert " " not in label
    key = (instr, tuple(addrs))
    if key in seen:  # the same accesses under another name: measured once, both names kept
        i = seen[key]
        configs[i] = (instr, configs[i][1] + "=" + label, addrs)
        return
    seen[key] = len(configs)
    configs.append((instr, label, addrs))


def sw(o, b, m, s):
    """CuTe's Swizzle<B,M,S> applied to an element offset o."""
    return o ^ ((o & (((1 << b) - 1) << (m + s))) >> s)


def width_of(instr):
    if "matrix" in instr:
        return 16
    for suffix, w in LDST:
        if instr.endswith("." + suffix):
            return w
    raise ValueError(instr)


# ---------------------------------------------------------------------------------------------
# 16/32/64/128-bit loads and stores
# ---------------------------------------------------------------------------------------------
def ldst(op, suffix, w, many):
    """Patterns for `op.shared.suffix` (w bytes). `many`: the load forms get more configs."""
    instr = f"{op}.shared.{suffix}"
    wide = w >= 8
    # contiguous (row-major sweep of a tile), at the start and at an offset crossing 128-byte lines
    add(instr, "contiguous", [l * w for l in LANES])
    add(instr, f"contiguous_base{3 * w + 64}", [3 * w + 64 + l * w for l in LANES])
    # strides in 32-bit words (lane l at l*s words); for wide accesses s must keep the alignment
    if suffix == "b32" and many:
        strides = list(range(1, 65))  # every stride 1..64 words
    elif many:
        strides = [1, 2, 3, 4, 6, 8, 12, 16, 17, 32, 33, 64]
    else:
        strides = [2, 3, 4, 8, 16, 33]
    for s in strides:
        if (s * 4) % w == 0:
            add(instr, f"stride_{s}w", [l * s * 4 for l in LANES])
    # 16-bit accesses: strides in halfwords (two lanes may share a 32-bit word)
    if w == 2:
        for s in ([3, 5, 33, 65] if many else [3, 65]):
            add(instr, f"stride_{s}h", [l * s * 2 for l in LANES])
    # vector accesses: strides in vectors
    if wide:
        for k in ([3, 5, 17] if many else [3]):
            add(instr, f"stride_{k}vec", [l * k * w for l in LANES])

    # tiles of f16/f32, column accesses (lane l reads row l's second vector), plain or padded
    for ename, e in (("f16", 2), ("f32", 4)):
        n = w // e  # elements per access
        if n == 0:
            continue
        pitches = {2: [64, 65, 72], 4: [32, 33, 36]}[e]
        for p in pitches[: (3 if many else 2)]:
            if (p * e) % w:
                continue  # rows of this pitch would misalign the access
            add(instr, f"{ename}_tile_pitch{p}_column{n}", [(l * p + n) * e for l in LANES])
        # 8x4 and 4x8 thread blocks over a tile (lane -> (row, vector))
        p = 64 if e == 2 else 32
        if many or e == 2:
            add(instr, f"{ename}_tile_pitch{p}_thr8x4colmajor",
                [((l % 8) * p + (l // 8) * n) * e for l in LANES])
        if many:
            add(instr, f"{ename}_tile_pitch{p}_thr4x8rowmajor",
                [((l // 8) * p + (l % 8) * n) * e for l in LANES])

    # swizzled tiles (element offsets swizzled by CuTe's Swizzle<B,M,S>, row-major R x C tile)
    swz = {2: [(3, 3, 3, 64), (2, 3, 3, 32), (2, 3, 3, 64)],
           4: [(3, 2, 3, 32), (2, 2, 3, 16), (2, 2, 3, 32)]}
    for ename, e in (("f16", 2), ("f32", 4)):
        n = w // e
        if n == 0 or (not many and e == 4):
            continue
        for (b, m, s, cols) in swz[e][: (3 if many else 1)]:
            if n > (1 << m):
                continue  # the swizzle would break the vector apart
            v = cols // n  # vectors per row
            lbl = f"{ename}_sw{b}{m}{s}_{cols}cols"
            # column sweep: lane l -> row l, vector 0
            add(instr, f"{lbl}_column0", [sw(l * cols, b, m, s) * e for l in LANES])
            # 8 rows x 4 vectors (lanes column-major), or the row-major sweep of the tile
            if v >= 4:
                add(instr, f"{lbl}_thr8x4colmajor",
                    [sw((l % 8) * cols + (l // 8) * n, b, m, s) * e for l in LANES])
            if many:
                add(instr, f"{lbl}_rowsweep",
                    [sw((l // v) * cols + (l % v) * n, b, m, s) * e for l in LANES])

    # broadcast
    add(instr, "broadcast_0", [0] * 32)
    if many:
        add(instr, f"broadcast_{4096 + 7 * w}", [4096 + 7 * w] * 32)

    # partial sharing: lane l -> slot g(l), slot j at address h(j)
    groups = {
        "pairs": lambda l: l // 2,
        "quads": lambda l: l // 4,
        "octets": lambda l: l // 8,
        "l_and_l+16": lambda l: l % 16,
        "l_and_l+8": lambda l: l % 8 + 8 * (l // 16),
        "mod8": lambda l: l % 8,
        "mod4": lambda l: l % 4,
        "pairs_revorder": lambda l: 15 - l // 2,
        "l_and_31-l": lambda l: min(l, 31 - l),
    }
    places = {
        "contig": lambda j: j * w,
        "stride128B": lambda j: j * 128,
        "stride2vec": lambda j: j * 2 * w,
    }
    if many and w == 16:
        combos = [(g, p) for g in groups for p in places]  # 27
    elif many and w == 8:
        combos = [(g, p) for g in ("pairs", "quads", "l_and_l+16", "l_and_l+8", "mod8",
                                   "l_and_31-l") for p in places]  # 18
    elif wide:
        combos = [(g, p) for g in ("pairs", "quads", "l_and_l+16", "l_and_l+8")
                  for p in ("contig", "stride2vec")]
    elif many:
        combos = [(g, p) for g in ("pairs", "l_and_l+16", "mod8") for p in ("contig",)]
    else:
        combos = [("pairs", "contig")]
    for g, p in combos:
        add(instr, f"share_{g}_{p}", [places[p](groups[g](l)) for l in LANES])
    # random groupings: 32 lanes onto k distinct slots (each slot used), slots contiguous or random
    if many and w == 16:
        ks = [2, 3, 4, 6, 8, 12, 16, 24]
    elif many and w == 8:
        ks = [4, 8, 16, 24]
    elif wide:
        ks = [8, 16]
    else:
        ks = [16] if many else []
    for k in ks:
        owner = list(range(k)) + [rng.randrange(k) for _ in range(32 - k)]
        rng.shuffle(owner)
        add(instr, f"share_random{k}_contig", [owner[l] * w for l in LANES])
        if wide:
            slots = rng.sample(range(BUF // w), k)
            add(instr, f"share_random{k}_anywhere", [slots[owner[l]] * w for l in LANES])

    # random permutation of a contiguous region; random aligned addresses anywhere
    perm = list(LANES)
    rng.shuffle(perm)
    add(instr, "permutation0", [perm[l] * w for l in LANES])
    for i in range(2 if many else 1):
        add(instr, f"random{i}", [rng.randrange(BUF // w) * w for _ in LANES])


for suffix, w in LDST:
    ldst("ld", suffix, w, many=True)
for suffix, w in LDST:
    ldst("st", suffix, w, many=False)


# ---------------------------------------------------------------------------------------------
# ldmatrix / stmatrix (row addresses, 16 bytes each)
# ---------------------------------------------------------------------------------------------
def active_lanes(instr):
    return {"x1": 8, "x2": 16, "x4": 32}[instr.split(".")[4]]


def matrix(instr, level):
    """level 2: ldmatrix x4 (the GEMM case); 1: other x4 forms; 0: x1/x2 forms."""
    # contiguous rows, rows of a tile with a given pitch (bytes)
    add(instr, "rows_contiguous", [16 * l for l in LANES])
    pitches = {2: [32, 64, 128, 144, 256, 80, 48], 1: [64, 128, 144], 0: [64, 128]}[level]
    for p in pitches:
        add(instr, f"row_pitch{p}B", [p * l for l in LANES])
    # the usual A-operand partition of a 16 x K f16 tile (lane l: row l%16, column 8*(l/16)),
    # plain and padded pitches (in f16 elements)
    for p in ([64, 72, 32, 40] if level == 2 else [64, 72] if level == 1 else [72]):
        add(instr, f"f16_tile_pitch{p}_lane16rows",
            [((l % 16) * p + 8 * (l // 16)) * 2 for l in LANES])
    # the other usual order: lane l -> row l%8 of matrix l/8, matrices along K
    if level >= 1:
        add(instr, "f16_tile_pitch64_lane8rows_matk", [((l % 8) * 64 + 8 * (l // 8)) * 2
                                                       for l in LANES])
    # swizzled f16 tiles (rows of `cols` elements), the same two partitions
    sws = {2: [(3, 3, 3, 64), (2, 3, 3, 32), (1, 3, 3, 16), (2, 3, 3, 64)],
           1: [(3, 3, 3, 64), (2, 3, 3, 64)], 0: [(3, 3, 3, 64)]}[level]
    for (b, m, s, cols) in sws:
        add(instr, f"f16_sw{b}{m}{s}_{cols}cols_lane16rows",
            [sw((l % 16) * cols + 8 * (l // 16), b, m, s) * 2 for l in LANES])
        if cols >= 32 and level == 2:
            add(instr, f"f16_sw{b}{m}{s}_{cols}cols_lane8rows_matk",
                [sw((l % 8) * cols + 8 * (l // 8), b, m, s) * 2 for l in LANES])
    # broadcast and sharing
    add(instr, "broadcast_0", [0] * 32)
    add(instr, "share_pairs", [16 * (l // 2) for l in LANES])
    if level >= 1:
        add(instr, "share_mod8_contig", [16 * (l % 8) for l in LANES])  # the same 8 rows x4
        add(instr, "share_l_and_l+8", [16 * (l % 8 + 8 * (l // 16)) for l in LANES])
    if level == 2:
        add(instr, "share_mod8_pitch128", [128 * (l % 8) for l in LANES])
        add(instr, "share_quads_pitch128", [128 * (l // 4) for l in LANES])
    # random permutation of 32 rows, random rows anywhere
    perm = list(LANES)
    rng.shuffle(perm)
    add(instr, "permutation0", [16 * perm[l] for l in LANES])
    add(instr, "random0", [16 * rng.randrange(BUF // 16) for _ in LANES])
    # ignored lanes: the used lanes conflict-free, the ignored lanes either on rows 128 bytes
    # apart (conflicting if they counted) or all on one row
    na = active_lanes(instr)
    if na < 32:
        add(instr, "ignored_lanes_conflicting",
            [16 * l if l < na else 128 * l for l in LANES])
        add(instr, "ignored_lanes_broadcast_0",
            [16 * l + 1024 if l < na else 0 for l in LANES])


for instr in MATRIX:
    x4 = ".x4" in instr
    matrix(instr, 2 if instr == "ldmatrix.sync.aligned.m8n8.x4.shared.b16" else 1 if x4 else 0)


# ---------------------------------------------------------------------------------------------
# The CuTe SM80 GEMM's ldmatrix partition of a Swizzle<3,3,3> half_t tile.
#
# Shared-memory A tile (bM, bK) = (128, 64) half_t, CuTe:
#   sA = tile_to_shape(composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{}),
#                      Shape<_128,_64>{})
# i.e. element (m, k) sits at element offset  Sw<3,3,3>((m % 8) * 64 + k + (m / 8) * 512)
# (the atom's 8 x 64 block is row-major; atoms stack along M at 512 elements each; the swizzle
# reads bits 6..8 and writes bits 3..5, so it sees only (m % 8) and k: applying it to the whole
# offset or to the in-atom offset is the same). Byte address = 2 * offset.
# (The brief said "(128,32)"; an (8,64) atom does not tile a 32-wide K, so this uses CuTe's
# sgemm_sm80 / default SM80 configuration bK = 64; k-block kb covers k in [16 kb, 16 kb + 16).)
#
# TiledMMA = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, Layout<Shape<_2,_2>>) (4 warps, warp
# w at M-block w % 2, N-block w / 2, tile Tile<_32,_32,_16>: a warp's 16-row atom repeats along
# M every 32 rows, mrep = 0..3). The atom's ALayout ((4,8),(2,2,2)):((32,1),(16,8,128)) over
# the 16 x 16 A block: thread t holds m = t/4 (+8 for value bit 1), k = 2(t%4) (+1, +8 for value
# bits 0 and 2). Register r (= values 2r, 2r+1) of all threads is one 8x8 matrix:
#   r0: rows 0..7, k 0..7   r1: rows 8..15, k 0..7   r2: rows 0..7, k 8..15   r3: rows 8..15, k 8..15
# make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, tiled_mma): ldmatrix.x4 loads matrix q
# (= destination register q) from the row addresses of lanes 8q..8q+7, lane 8q+i supplying
# row i. So lane l supplies the row of matrix q = l/8, row i = l%8:
#   m = i + 8 (q % 2) = l % 16,   k = 8 (q / 2) = 8 (l / 16)        (within the warp's block)
# and in the whole tile: m = 32 mrep + 16 (w % 2) + l % 16,  k = 16 kb + 8 (l / 16).
# ---------------------------------------------------------------------------------------------
def sm80_a_offset(m, k, swizzle=True):
    o = (m % 8) * 64 + k + (m // 8) * 512
    return sw(o, 3, 3, 3) if swizzle else o


def sm80_lane_rows(warp, mrep, kb, swizzle=True):
    return [2 * sm80_a_offset(32 * mrep + 16 * (warp % 2) + l % 16, 16 * kb + 8 * (l // 16),
                              swizzle) for l in LANES]


LDSM_X4 = "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
for warp in range(4):
    for mrep in ((0, 3) if warp == 0 else (0,)):
        for kb in range(4):
            add(LDSM_X4, f"cute_sm80_gemm_A_sw333_warp{warp}_mrep{mrep}_kblock{kb}",
                sm80_lane_rows(warp, mrep, kb))
for kb in range(4):
    add(LDSM_X4, f"cute_sm80_gemm_A_noswizzle_warp0_mrep0_kblock{kb}",
        sm80_lane_rows(0, 0, kb, swizzle=False))
for instr in ("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
              "stmatrix.sync.aligned.m8n8.x4.shared.b16",
              "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16"):
    for kb in (0, 1):
        add(instr, f"cute_sm80_gemm_A_sw333_warp1_mrep0_kblock{kb}", sm80_lane_rows(1, 0, kb))
    add(instr, "cute_sm80_gemm_A_noswizzle_warp1_mrep0_kblock0", sm80_lane_rows(1, 0, 0, False))


# ---------------------------------------------------------------------------------------------
# Round 2 (appended, so earlier ids stay): the cases the first 512 could not decide.
# - ldmatrix/stmatrix: do lanes of one 8-lane group that supply the same row share its
#   wavefront? Rows 128 bytes apart sit on the same four banks, so sharing changes the count.
# - v2/v4 loads: the pair-merging seen when EVERY pair (2k, 2k+1) shares an address: what if only
#   one half-warp's pairs share, only some pairs share, or pairs share at conflicting pitches?
# - stores with shared addresses at conflicting pitches.
# ---------------------------------------------------------------------------------------------
rng2 = random.Random(20261123)
for instr in MATRIX:
    add(instr, "r2_share_pairs_pitch128", [128 * (l // 2) for l in LANES])
    add(instr, "r2_share_quads_pitch128", [128 * (l // 4) for l in LANES])
    add(instr, "r2_share_first_pair_pitch128", [128 * max(l % 8, 1) + 1024 * (l // 8)
                                                 for l in LANES])
    add(instr, "r2_group_broadcast_pitch128", [128 * (l // 8) for l in LANES])
for op in ("ld", "st"):
    for suffix, w in LDST:
        instr = f"{op}.shared.{suffix}"
        for pitch in (128, 256):
            add(instr, f"r2_pairs_share_pitch{pitch}", [pitch * (l // 2) for l in LANES])
            add(instr, f"r2_first_half_pairs_share_pitch{pitch}",
                [pitch * (l // 2) if l < 16 else pitch * l for l in LANES])
            add(instr, f"r2_second_half_pairs_share_pitch{pitch}",
                [pitch * l if l < 16 else pitch * (l // 2) for l in LANES])
            add(instr, f"r2_pairs_share_but_pair0_pitch{pitch}",
                [pitch * (l // 2) if l >= 2 else pitch * (40 + l) for l in LANES])
            add(instr, f"r2_quads_share_pitch{pitch}", [pitch * (l // 4) for l in LANES])
            add(instr, f"r2_odd_pairs_share_pitch{pitch}",  # pairs (2k+1, 2k+2)
                [pitch * ((l + 1) // 2) for l in LANES])
        for r in range(4):
            addrs = []
            for k in range(16):
                a = 128 * rng2.randrange(BUF // 128 - 1) + w * rng2.randrange(128 // w)
                b = a if rng2.random() < 0.7 else \
                    128 * rng2.randrange(BUF // 128 - 1) + w * rng2.randrange(128 // w)
                addrs += [a, b]
            add(instr, f"r2_random_pairs{r}", addrs)


# ---------------------------------------------------------------------------------------------
# Round 3 (appended, so earlier ids stay): which lanes that share an address does a
# 64/128-bit access merge? Round 1/2 knew only "every pair (2k, 2k+1) equal". Each pattern is a
# lane -> class map (lanes of one class use one address), placed three ways:
#   c: class j at j*w (contiguous: conflict-free whenever a group holds <= 128/w classes),
#   s: class j at j*128 (all classes on the same banks: a group takes as many wavefronts as it
#      has distinct classes, so the count shows the lane groups directly),
#   r: class j at a random w-aligned address (mixed conflicts).
# Families: subgroup masks (lanes differing only in the bits of M share; M = {0} is the pairs,
# all bits the broadcast), xor pairings (l and l^m share, m = 1..31), partial pairings (only
# some pairs / some quarters or halves share), mixed partners per half/quarter, random perfect
# matchings (whole warp, within quads/octets/halves), rotated and odd groupings, random class
# maps. Instructions: ld/st.shared.v2.b32, .v4.b32 (all), .b32 (reference, fewer).
# Configurations already measured in rounds 1/2 are not repeated.
# ---------------------------------------------------------------------------------------------
ROUND3_FIRST = len(configs)
rng3 = random.Random(20261201)


def add3(instr, label, addrs):
    key = (instr, tuple(int(a) for a in addrs))
    if key in seen and seen[key] < ROUND3_FIRST:
        return  # measured in round 1/2
    add(instr, label, addrs)


def classes_to_slots(cls):
    """Class labels (any hashables) -> slot numbers 0, 1, ... in order of first lane."""
    order = {}
    for c in cls:
        order.setdefault(c, len(order))
    return [order[c] for c in cls]


def place(slots, how, w, r):
    n = max(slots) + 1
    if how == "c":
        return [s * w for s in slots]
    if how == "s":
        return [s * 128 for s in slots]
    pool = r.sample(range(BUF // w), n)
    return [pool[s] * w for s in slots]


def compress(l, keep_bits):
    """The bits of l at positions keep_bits, packed (for subgroup class numbers)."""
    return sum(((l >> b) & 1) << i for i, b in enumerate(keep_bits))


def r3_patterns(r):
    """[(name, class list)] for one instruction (r: its random generator)."""
    pats = []
    for mask in range(1, 32):  # subgroup: lanes equal outside the bits of mask share
        keep = [b for b in range(5) if not mask >> b & 1]
        pats.append((f"group_mask{mask}", [compress(l, keep) for l in LANES]))
    for m in range(1, 32):  # xor pairing: {l, l^m}
        pats.append((f"xor{m}", [min(l, l ^ m) for l in LANES]))

    def partial(partner, ks, name):  # pairs {l, partner(l)} share only where l // 2 in ks
        cls = []
        for l in LANES:
            p = partner(l)
            cls.append(("p", min(l, p)) if min(l, p) // 2 in ks or max(l, p) // 2 in ks
                       else ("u", l))
        pats.append((name, cls))
    x1 = lambda l: l ^ 1
    x2 = lambda l: l ^ 2
    allk = set(range(16))
    for name, ks in (("all_but_pair0", allk - {0}), ("all_but_pair5", allk - {5}),
                     ("all_but_pair15", allk - {15}), ("half0", set(range(8))),
                     ("half1", set(range(8, 16))), ("quarter0", set(range(4))),
                     ("quarters02", {0, 1, 4, 5}), ("quarters13", {2, 3, 6, 7}),
                     ("quarters012", set(range(12))), ("only_pair3", {3})):
        partial(x1, ks, f"pairs_{name}")
    # (a pair {l, l^2} counts as pair l // 2 or (l ^ 2) // 2, so "all_but_lanes0_2" -- meant
    # without lanes 0 and 2 -- is in fact every l^2 pair; kept so that the ids stay)
    for name, ks in (("all_but_lanes0_2", allk - {0}), ("half0", set(range(8))),
                     ("half1", set(range(8, 16)))):
        partial(x2, ks, f"xor2_{name}")
    for n in (8, 12, 14, 15):
        ks = set(r.sample(range(16), n))
        partial(x1, ks, f"pairs_random{n}of16")

    # mixed partners: each quarter (8 lanes) pairs its lanes by its own xor partner
    for name, ms in (("q_x1_x1_x2_x2", (1, 1, 2, 2)), ("q_x2_x2_x1_x1", (2, 2, 1, 1)),
                     ("q_x1_x2_x1_x2", (1, 2, 1, 2)), ("q_x1_x4_x1_x4", (1, 4, 1, 4)),
                     ("q_x3_x3_x3_x3", (3, 3, 3, 3)), ("q_x1_x1_x1_x3", (1, 1, 1, 3))):
        pats.append((f"mixed_{name}", [(l // 8, min(l, l ^ ms[l // 8])) for l in LANES]))
    pats.append(("mixed_half0_pairs_half1_broadcast",
                 [l // 2 if l < 16 else 99 for l in LANES]))
    pats.append(("mixed_half0_broadcast_half1_distinct",
                 [99 if l < 16 else l for l in LANES]))
    pats.append(("mixed_half0_broadcast_half1_pairs",
                 [99 if l < 16 else l // 2 for l in LANES]))
    pats.append(("all_but_lane31_broadcast", [0 if l < 31 else 1 for l in LANES]))
    pats.append(("all_but_lane0_broadcast", [0 if l > 0 else 1 for l in LANES]))
    pats.append(("lane0_and_1_share_rest_distinct", [max(l, 1) for l in LANES]))
    pats.append(("lane0_and_16_share_rest_distinct", [l % 16 if l in (0, 16) else l
                                                      for l in LANES]))
    pats.append(("triples", [l // 3 for l in LANES]))
    pats.append(("quads_offset2", [(l + 2) // 4 for l in LANES]))
    pats.append(("pairs_rotated_wrap", [((l + 1) % 32) // 2 for l in LANES]))
    pats.append(("octets_interleaved", [l % 4 + 4 * (l // 16) for l in LANES]))

    # random perfect matchings: whole warp, within quads / octets / halves
    def matching(block, tag, count):
        for i in range(count):
            cls = [None] * 32
            for b0 in range(0, 32, block):
                lanes = list(range(b0, b0 + block))
                r.shuffle(lanes)
                for j in range(0, block, 2):
                    cls[lanes[j]] = cls[lanes[j + 1]] = (b0, j)
            pats.append((f"matching_{tag}{i}", cls))
    matching(4, "quads", 3)
    matching(8, "octets", 3)
    matching(16, "halves", 3)
    matching(32, "warp", 4)
    # random class maps onto k classes
    for k in (2, 4, 8, 16, 24):
        owner = list(range(k)) + [r.randrange(k) for _ in range(32 - k)]
        r.shuffle(owner)
        pats.append((f"random_classes{k}", owner))
    # random: each pair (2k, 2k+1) shares with probability 1/2, otherwise distinct; and lanes
    # drawn from a pool of 6 addresses (many chance coincidences)
    for i in range(3):
        pats.append((f"random_pairs_half{i}", [("p", l // 2) if (l // 2) % 2 == 0 or
                                                r.random() < 0.5 else ("u", l) for l in LANES]))
    return pats


for op in ("ld", "st"):
    for suffix, w in (("v2.b32", 8), ("v4.b32", 16), ("b32", 4)):
        instr = f"{op}.shared.{suffix}"
        r = random.Random(f"{rng3.random()}")
        pats = r3_patterns(r)
        if suffix == "b32":  # reference: sharing within one group of 32, one placement
            keep = [p for p in pats if p[0].startswith(("group_mask", "xor", "matching"))]
            for name, cls in keep:
                add3(instr, f"r3_{name}_s", place(classes_to_slots(cls), "s", w, r))
            continue
        for name, cls in pats:
            slots = classes_to_slots(cls)
            for how in ("c", "s", "r"):
                add3(instr, f"r3_{name}_{how}", place(slots, how, w, r))
    # pool addresses: every lane picks one of 6 addresses on 2 bank groups, many coincidences
    for suffix, w in (("v2.b32", 8), ("v4.b32", 16)):
        instr = f"{op}.shared.{suffix}"
        r = random.Random(f"pool{op}{suffix}")
        for i in range(24):
            pool = [128 * r.randrange(64) + w * r.randrange(2) for _ in range(6)]
            add3(instr, f"r3_pool6_{i}", [r.choice(pool) for _ in LANES])


# ---------------------------------------------------------------------------------------------
# cp.async: the shared-memory side of `cp.async.{ca,cg}.shared.global` (SASS LDGSTS),
# written to cpasync_configs.txt. A line gives lane l's shared destination (byte offset in the
# 48 KB buffer) AND its global source (byte offset in a fresh 1 MB window of global memory:
# every launch reads lines no earlier launch touched). Sources are varied too, since a
# cp.async also reads: coalesced (lane l at l*size), the destination's pattern, one address
# for all lanes, one 128-byte line per lane, random.
#
# FlashAttention-2 (Dao-AILab/flash-attention, csrc/flash_attn/src/kernel_traits.h,
# Flash_fwd_kernel_traits, d = 128, half_t): the Q tile in shared memory is
#   SmemLayoutQ = tile_to_shape(composition(Swizzle<3,3,3>, (8,64):(64,1)), (kBlockM, 128))
# (kBlockKSmem = 64, kSwizzle = 3; kBlockM = 128). tile_to_shape stacks the 8x64 atom along M
# first (column-major over the (kBlockM/8, 2) atoms) and the composed layout's swizzle applies
# to the whole offset, so element (m, k) lies at element offset
#   Sw<3,3,3>((m % 8) * 64 + (m / 8) * 512 + (k % 64) + (k / 64) * 64 * kBlockM)
# (the two "pages" of columns 0-63 and 64-127; the swizzle reads offset bits 6..8 = m % 8 and
# XORs bits 3..5 = the 16-byte chunk of the row). GmemTiledCopyQKV =
# make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>>, (T/tpr, tpr):(tpr, 1),
# (1, 8)): thread t copies row t / tpr, 16-byte chunk t % tpr of a (T/tpr, 8 tpr) tile, which
# repeats over the (kBlockM, 128) tile. FA2 uses tpr = kBlockKSmem / 8 = 8; its comment says
# tpr = kBlockKGmem / 8 = 16 would be 6-10% slower "because of bank conflicts" (threads 0-7
# write page 0, threads 8-15 page 1, on the same banks). Both are recorded, T = 128 threads
# (4 warps), the global Q rows at a pitch of 256 bytes (one head) or 4096 bytes (16 heads):
# every warp instruction on its own, and the whole tile copy in one launch ("tile" lines:
# warps x iterations configurations, warp w issuing its iterations in order).
# ---------------------------------------------------------------------------------------------
CPASYNC = [("cp.async.ca.shared.global.4", 4), ("cp.async.ca.shared.global.8", 8),
           ("cp.async.ca.shared.global.16", 16), ("cp.async.cg.shared.global.16", 16)]
SRC_WINDOW = 1 << 20
cp_configs = []  # (instruction, label, [32 dst], [32 src]) or ("tile." + instr, label, warps, iters, ids)
cp_seen = {}


def cp_add(instr, label, dst, src):
    dst, src = [int(a) for a in dst], [int(a) for a in src]
    key = (instr, tuple(dst), tuple(src))
    if key in cp_seen:
        i = cp_seen[key]
        cp_configs[i] = (instr, cp_configs[i][1] + "=" + label, dst, src)
        return i
    cp_seen[key] = len(cp_configs)
    cp_configs.append((instr, label, dst, src))
    return len(cp_configs) - 1


def fa2_q_offset(m, k, block_m=128):
    """Element offset of Q(m, k) in FlashAttention-2's SmemLayoutQ (d = 128), see above."""
    return sw((m % 8) * 64 + (m // 8) * 512 + (k % 64) + (k // 64) * 64 * block_m, 3, 3, 3)


def fa2_copy(tpr, warp, it, pitch, threads=128):
    """(dst, src) byte offsets of warp `warp`'s `it`-th cp.async of the Q tile copy with `tpr`
    threads per row (iterations run over the tile's repeats, M first, then K)."""
    rows = threads // tpr  # rows of one copy tile
    reps_m = 128 // rows
    im, ik = it % reps_m, it // reps_m
    dst, src = [], []
    for l in LANES:
        t = 32 * warp + l
        m = im * rows + t // tpr
        k = ik * 8 * tpr + 8 * (t % tpr)
        dst.append(2 * fa2_q_offset(m, k))
        src.append(m * pitch + 2 * k)
    return dst, src


crng = random.Random(20261202)
for instr, w in CPASYNC:
    coal = [l * w for l in LANES]
    dsts = {
        "contiguous": coal,
        "stride2": [2 * w * l for l in LANES],
        "stride4": [4 * w * l for l in LANES],
        "stride128B": [128 * l for l in LANES],
        "broadcast": [0] * 32,
        "pairs": [w * (l // 2) for l in LANES],
        "pairs_stride128B": [128 * (l // 2) for l in LANES],
        "xor2_pairs": [w * (l & ~2) for l in LANES],
        "l_and_l+16": [w * (l % 16) for l in LANES],
        "quarters_same_banks": [w * (l % 8) + 1024 * (l // 8) for l in LANES],
        "halves_same_banks": [w * (l % 16) + 1024 * (l // 16) for l in LANES],
        "pages_like_fa2": [w * (l % 8) + 16384 * ((l // 8) % 2) + 128 * (l // 16)
                           for l in LANES],
        "octets_stride128B": [128 * (l // 8) for l in LANES],
    }
    for i in range(3):
        dsts[f"random{i}"] = [w * crng.randrange(BUF // w) for _ in LANES]
    for i in range(2):
        pool = [128 * crng.randrange(64) + w * crng.randrange(2) for _ in range(6)]
        dsts[f"pool6_{i}"] = [crng.choice(pool) for _ in LANES]
    for name, d in dsts.items():
        cp_add(instr, f"dst_{name}_src_coalesced", d, coal)
    for name in ("contiguous", "stride128B", "pairs", "quarters_same_banks", "halves_same_banks",
                 "broadcast", "random0"):
        d = dsts[name]
        srcs = {
            "same": d,
            "broadcast": [0] * 32,
            "stride128B": [128 * l for l in LANES],
            "random": [w * crng.randrange(SRC_WINDOW // w) for _ in LANES],
        }
        for sname, s in srcs.items():
            cp_add(instr, f"dst_{name}_src_{sname}", d, s)
    # scalar-width sharing structure at conflicting pitches (as the ld/st round 3, "s" placement)
    for mask in (1, 2, 3, 7, 15, 16):
        keep = [b for b in range(5) if not mask >> b & 1]
        d = [128 * compress(l, keep) for l in LANES]
        cp_add(instr, f"dst_group_mask{mask}_s_src_coalesced", d, coal)

tiles = []
for instr in ("cp.async.cg.shared.global.16", "cp.async.ca.shared.global.16"):
    short = instr.split(".")[2]
    for tpr in (8, 16):
        for pitch in (256, 4096):
            ids = []
            for warp in range(4):
                for it in range(16):
                    if pitch == 4096 and it not in (0, 1, 8, 9):
                        continue  # bank-wise the other iterations repeat these
                    dst, src = fa2_copy(tpr, warp, it, pitch)
                    ids.append(cp_add(instr, f"fa2_q_d128_tpr{tpr}_pitch{pitch}_warp{warp}_it{it}",
                                      dst, src))
            if pitch == 256:
                tiles.append((f"tile.{instr}", f"fa2_q_d128_tpr{tpr}_pitch{pitch}_{short}", 4, 16,
                              ids))
cp_configs.extend(tiles)


# ---------------------------------------------------------------------------------------------
# Round 4 (appended): round 3 showed a second merge -- every lane l sharing its
# address with lane l^2 -- besides "every lane with l^1". Tested here: near misses (one pair of
# either pairing broken, at each quarter), both pairings' classes at random addresses from a
# small pool (many conflicts and coincidences), l^2 sharing plus extra sharing, and for contrast
# the same near misses for stores.
# ---------------------------------------------------------------------------------------------
ROUND4_FIRST = len(configs)


def add4(instr, label, addrs):
    key = (instr, tuple(int(a) for a in addrs))
    if key in seen and seen[key] < ROUND4_FIRST:
        return  # measured before
    add(instr, label, addrs)


def pool_place(slots, w, r, banks_groups=3):
    """Class j at a random address from a pool on a few 128-byte bank groups (conflicts)."""
    n = max(slots) + 1
    pool = r.sample([128 * g + w * k for g in range(0, 128, 7)[:banks_groups * 4]
                     for k in range(128 // w)], n)
    return [pool[s] for s in slots]


for op in ("ld", "st"):
    for suffix, w in (("v2.b32", 8), ("v4.b32", 16)):
        instr = f"{op}.shared.{suffix}"
        r = random.Random(f"round4{op}{suffix}")
        pats = []
        for m in (1, 2):
            for broken in (0, 5, 18, 29):  # the pair {broken, broken ^ m} gets two addresses
                pats.append((f"xor{m}_all_but_lane{broken}",
                             [("u", l) if l == broken else min(l, l ^ m) for l in LANES]))
        # l^2 pairs, and quads equal in some quarters only
        pats.append(("xor2_quads_in_quarter0", [l & ~3 if l < 8 else l & ~2 for l in LANES]))
        pats.append(("xor2_quads_in_half1", [l & ~3 if l >= 16 else l & ~2 for l in LANES]))
        pats.append(("xor1_quads_in_quarter2", [l & ~3 if 16 <= l < 24 else l & ~1
                                                for l in LANES]))
        # l^2 pairs, classes in reversed / rotated order
        pats.append(("xor2_reversed", [31 - (l & ~2) for l in LANES]))
        for how in ("c", "s", "r"):
            for name, cls in pats:
                add4(instr, f"r4_{name}_{how}", place(classes_to_slots(cls), how, w, r))
        n_rand = 16 if op == "ld" else 6
        for m in (1, 2):
            for i in range(n_rand):  # every lane with l^m; classes on a few bank groups
                cls = [min(l, l ^ m) for l in LANES]
                add4(instr, f"r4_xor{m}_pool{i}",
                     pool_place(classes_to_slots(cls), w, r, 1 + i % 3))
        for i in range(n_rand):  # near miss: one random lane breaks the l^2 sharing
            b = r.randrange(32)
            cls = [("u", l) if l == b else min(l, l ^ 2) for l in LANES]
            add4(instr, f"r4_xor2_pool_but_lane{b}_{i}",
                 pool_place(classes_to_slots(cls), w, r, 1 + i % 3))
        for i in range(n_rand):  # a class map with both pairings (quads equal)
            cls = [l & ~3 for l in LANES]
            add4(instr, f"r4_quads_pool{i}", pool_place(classes_to_slots(cls), w, r, 1 + i % 2))


# cp.async, round 2 (appended to cpasync_configs.txt): which sources keep the destination rule
# exact? Each lane group (4 B: the warp, 8 B: halves, 16 B: quarters) reads a permutation of one
# 128-byte line, one distant line per group, two lines per group, or pairs of lanes one piece.
CP_ROUND2_FIRST = len(cp_configs)
crng2 = random.Random(20261203)
for instr, w in CPASYNC:
    if ".cg." in instr:
        continue
    gl = {4: 32, 8: 16, 16: 8}[w]
    dsts = {
        "contiguous": [l * w for l in LANES],
        "stride2": [2 * w * l for l in LANES],
        "stride128B": [128 * l for l in LANES],
        "pairs": [w * (l // 2) for l in LANES],
        "quarters_same_banks": [w * (l % 8) + 1024 * (l // 8) for l in LANES],
        "broadcast": [0] * 32,
        "random0": [w * crng2.randrange(BUF // w) for _ in LANES],
    }
    perm = []
    for g in range(0, 32, gl):
        p = list(range(gl))
        crng2.shuffle(p)
        perm += [g * w + w * p[l] for l in range(gl)]
    srcs = {
        "line_permuted": perm,
        "line_per_group_far": [(l // gl) * 37 * 128 + (l % gl) * w for l in LANES],
        "two_lines_per_group": [(l // gl) * 4096 + ((l % gl) // (gl // 2)) * 1024 +
                                (l % (gl // 2)) * w for l in LANES],
        "pairs_one_piece": [(l // 2) * w for l in LANES],
    }
    for dname, d in dsts.items():
        for sname, s in srcs.items():
            if (instr, tuple(d), tuple(s)) not in cp_seen:  # not measured before
                cp_add(instr, f"r2_dst_{dname}_src_{sname}", d, s)


# ---------------------------------------------------------------------------------------------
# Round 5 (appended): a blind test. Random configurations generated after the merge
# rule was derived from rounds 1-4 (every lane shares its address with lane l^1, or every lane
# with lane l^2), with the model's predictions committed before the measurement
# (round5_predictions.txt): random class maps that enforce l^1 pairs, l^2 pairs, or neither
# (pairs shared with probability 0.85, extra classes merged), placed on a few bank groups or
# contiguously; and cp.async.ca with random destinations and sources inside the exact domain
# (each lane group reads distinct pieces of one 128-byte line).
# ---------------------------------------------------------------------------------------------
ROUND5_FIRST = len(configs)
rng5 = random.Random(20261204)


def random_classes(r):
    kind = r.choice(["x1", "x2", "near"])
    cls = list(LANES)
    if kind in ("x1", "x2"):
        m = 1 if kind == "x1" else 2
        cls = [min(l, l ^ m) for l in LANES]
    else:  # each pair of a random pairing shares with probability 0.85
        m = r.choice([1, 2])
        for l in LANES:
            if l < l ^ m and r.random() < 0.85:
                cls[l ^ m] = cls[l]
    for _ in range(r.randrange(4)):  # merge two random classes
        a, b = r.sample(sorted(set(cls)), 2) if len(set(cls)) > 1 else (cls[0], cls[0])
        cls = [a if c == b else c for c in cls]
    return kind, cls


for op in ("ld", "st"):
    for suffix, w in (("v2.b32", 8), ("v4.b32", 16)):
        instr = f"{op}.shared.{suffix}"
        for i in range(40 if op == "ld" else 15):
            kind, cls = random_classes(rng5)
            slots = classes_to_slots(cls)
            how = rng5.choice(["pool", "c", "r"])
            addrs = (pool_place(slots, w, rng5, 1 + rng5.randrange(3)) if how == "pool"
                     else place(slots, how, w, rng5))
            add4(instr, f"r5_{kind}_{how}_{i}", addrs)

CP_ROUND5_FIRST = len(cp_configs)
for instr, w in CPASYNC:
    if ".cg." in instr:
        continue
    gl = {4: 32, 8: 16, 16: 8}[w]
    for i in range(20):
        if i % 2:
            pool = [128 * rng5.randrange(64) + w * rng5.randrange(128 // w) for _ in range(6)]
            dst = [rng5.choice(pool) for _ in LANES]
        else:
            dst = [w * rng5.randrange(BUF // w) for _ in LANES]
        src = []
        for g in range(0, 32, gl):
            line = rng5.randrange(SRC_WINDOW // 128)
            src += [line * 128 + w * p for p in rng5.sample(range(128 // w), gl)]
        cp_add(instr, f"r5_dst_{'pool' if i % 2 else 'random'}_src_line_permuted_{i}", dst, src)


# ---------------------------------------------------------------------------------------------
def render():
    out = [
        "# Shared-memory bank-conflict probe configurations (probes/banks/README.md).",
        "# Generated by probes/banks/gen_configs.py (seed 20260913); do not edit.",
        "# <id> <instruction> <label> <a0> ... <a31>: lane l's byte offset in a 48 KB,",
        "# 1024-byte aligned shared buffer (ldmatrix/stmatrix: lane l's row address; lanes the",
        "# instruction ignores are listed too).",
    ]
    for i, (instr, label, addrs) in enumerate(configs):
        w = width_of(instr)
        for a in addrs:
            assert 0 <= a and a + w <= BUF, (i, instr, label, a)
            assert a % w == 0, (i, instr, label, a)
        out.append(f"{i} {instr} {label} " + " ".join(map(str, addrs)))
    return "\n".join(out) + "\n"


def render_cpasync():
    out = [
        "# cp.async configurations of the shared-memory bank probe (probes/banks/README.md).",
        "# Generated by probes/banks/gen_configs.py; do not edit.",
        "# <id> <instruction> <label> <d0> ... <d31> <s0> ... <s31>: lane l copies <size> bytes",
        "# (the instruction's last field) from byte s_l of a fresh 1 MB global window to byte d_l",
        "# of the 48 KB, 1024-byte aligned shared buffer.",
        "# <id> tile.<instruction> <label> <warps> <iterations> <id_0> ...: one launch of",
        "# 32*warps threads; warp w issues configurations id_{w*iterations + i}, i = 0, 1, ...",
    ]
    for i, c in enumerate(cp_configs):
        if c[0].startswith("tile."):
            _, label, warps, iters, ids = c
            assert len(ids) == warps * iters and all(j < i for j in ids)
            out.append(f"{i} {c[0]} {label} {warps} {iters} " + " ".join(map(str, ids)))
            continue
        instr, label, dst, src = c
        w = int(instr.split(".")[-1])
        for a in dst:
            assert 0 <= a and a + w <= BUF and a % w == 0, (i, instr, label, a)
        for a in src:
            assert 0 <= a and a + w <= SRC_WINDOW and a % w == 0, (i, instr, label, a)
        out.append(f"{i} {instr} {label} " + " ".join(map(str, dst + src)))
    return "\n".join(out) + "\n"


def main():
    import os
    here = os.path.dirname(os.path.abspath(__file__))
    files = {"configs.txt": render(), "cpasync_configs.txt": render_cpasync()}
    if "--check" in sys.argv[1:]:
        stale = []
        for name, text in files.items():
            try:
                with open(os.path.join(here, name)) as f:
                    if f.read() != text:
                        stale.append(name)
            except FileNotFoundError:
                stale.append(name)
        if stale:
            print(f"{' '.join(stale)} stale: regenerate with gen_configs.py", file=sys.stderr)
            sys.exit(1)
        print(f"configs.txt, cpasync_configs.txt up to date ({len(configs)} + "
              f"{len(cp_configs)} configurations)")
        return
    for name, text in files.items():
        with open(os.path.join(here, name), "w") as f:
            f.write(text)
    counts = {}
    for c in configs + cp_configs:
        counts[c[0]] = counts.get(c[0], 0) + 1
    print(f"{len(configs)} + {len(cp_configs)} configurations: " +
          ", ".join(f"{k} {v}" for k, v in counts.items()), file=sys.stderr)


if __name__ == "__main__":
    main()
