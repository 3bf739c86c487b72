//! Where TMA puts each element, two ways: [`TmaCopy::smem_to_gmem`] walks the derived
//! descriptor's boxes as the hardware does (box dimension 0 fastest, dense in shared memory,
//! the byte swizzle `Sw<B,4,3>` on top, gmem at `Σ coordᵢ·strideᵢ`, out of bounds when a
//! coordinate passes its global dimension), and this file's `by_layouts` reads the same tile
//! from the layouts alone: tile element `t` sits at smem offset `swizzle(S(t))` and is gmem
//! element `G(c)` for its tile coordinate `c` (absent when `c` is outside the tensor). They
//! must agree on every CuTe configuration of `tests/data/tma/cute_params.txt` and on random
//! GMMA-atom tiles (all element widths, swizzles, majors, padded leading dimensions, tensors
//! smaller than the tile, multicast).

use cute_layout::algebra::tile_to_shape;
use cute_layout::atom::tma::{
    make_tma_copy_op, parse_smem_layout, TmaCopy, TmaDataType, TmaOpKind,
};
use cute_layout::{DynComposedLayout, DynLayout, DynSwizzle, DynTuple, ErrorKind, SwizzleFn};

/// The tile at the origin read from the layouts: smem offset → gmem offset.
fn by_layouts(gmem: &DynLayout, smem: &DynComposedLayout, tile: &[i64]) -> Vec<Option<i64>> {
    let s = smem.layout_b();
    let sw = smem.layout_a();
    let n = s.cosize().max(s.size()) as usize;
    let mut out = vec![None; n];
    let size: i64 = tile.iter().product();
    assert_eq!(size, s.size());
    for t in 0..size {
        // Column-major tile coordinate, one integer per top-level gmem mode.
        let mut rem = t;
        let mut inside = true;
        let mut g = 0i64;
        for (i, &b) in tile.iter().enumerate() {
            let c = rem % b;
            rem /= b;
            let mode = gmem.mode(i).unwrap();
            if c >= mode.size() {
                inside = false;
            } else {
                g += mode.eval(c);
            }
        }
        let off = sw.apply(s.eval(t)) as usize;
        out[off] = inside.then_some(g);
    }
    out
}

fn check(t: &TmaCopy, gmem: &DynLayout, smem: &DynComposedLayout, tile: &[i64], ctx: &str) {
    let sim = t.smem_to_gmem().unwrap();
    let want = by_layouts(gmem, smem, tile);
    assert_eq!(sim.len(), want.len(), "{ctx}");
    for (i, (a, b)) in sim.iter().zip(&want).enumerate() {
        assert_eq!(
            a, b,
            "{ctx}: smem offset {i}: descriptor walk {a:?}, layouts {b:?}"
        );
    }
}

fn tile_of(tile: &DynTuple, rank: usize) -> Vec<i64> {
    let mut v: Vec<i64> = tile.elements().iter().map(|e| e.size().unwrap()).collect();
    v.resize(rank, 1);
    v
}

#[test]
fn cute_configurations_place_as_the_layouts_say() {
    let data = include_str!("data/tma/cute_params.txt");
    let lines: Vec<&str> = data.lines().filter(|l| !l.starts_with('#')).collect();
    let mut n = 0;
    for c in lines.chunks(5) {
        let get = |l: &'static str| l.split_once(':').unwrap().1.trim();
        let cfg = get(c[0]);
        let kv = |k: &str| {
            cfg.split_whitespace()
                .find_map(|t| t.strip_prefix(k).and_then(|r| r.strip_prefix('=')))
                .unwrap()
        };
        let bits: u32 = kv("elem_bits").parse().unwrap();
        let op = match kv("op") {
            "load" => TmaOpKind::Load,
            "load_multicast" => TmaOpKind::LoadMulticast,
            _ => TmaOpKind::Store,
        };
        let gmem: DynLayout = get(c[1]).parse().unwrap();
        let smem = parse_smem_layout(get(c[2]), bits).unwrap();
        let tile: DynTuple = get(c[3]).parse().unwrap();
        let t = make_tma_copy_op(
            op,
            TmaDataType::for_bits(bits).unwrap(),
            &gmem,
            &smem,
            &tile,
            kv("cluster").parse().unwrap(),
        )
        .unwrap();
        check(&t, &gmem, &smem, &tile_of(&tile, gmem.rank()), kv("id"));
        n += 1;
    }
    assert!(n >= 30);
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> i64 {
        (self.next() % n) as i64
    }
}

/// A GMMA layout atom (CuTe's `Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>`) in elements.
fn atom(k_major: bool, b: u32, bits: u32) -> (DynSwizzle, DynLayout, i64) {
    let eb = i64::from(bits / 8);
    let w = (16i64 << b) / eb; // elements of one swizzled row
    let m = 4 - eb.trailing_zeros() as i64;
    let sw = DynSwizzle::new(i64::from(b), m, 3).unwrap();
    let l = if k_major {
        DynLayout::new(DynTuple::ints([8, w]), DynTuple::ints([w, 1])).unwrap()
    } else {
        DynLayout::new(DynTuple::ints([w, 8]), DynTuple::ints([1, w])).unwrap()
    };
    (sw, l, w)
}

#[test]
fn random_gmma_tiles_place_as_the_layouts_say() {
    let cases: u64 = std::env::var("TMA_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(160);
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    for case in 0..cases {
        let bits = [8u32, 16, 32][r.below(3) as usize];
        let eb = i64::from(bits / 8);
        let k_major = r.below(2) == 0;
        let b = r.below(4) as u32;
        let (sw, a, w) = atom(k_major, b, bits);
        let (bm, bk) = if k_major {
            (8 * (1 + r.below(8)), w * (1 + r.below(3)))
        } else {
            (w * (1 + r.below(3)), 8 * (1 + r.below(4)))
        };
        let s = tile_to_shape(&a, &DynTuple::ints([bm, bk]));
        let smem = DynComposedLayout::try_new(sw, cute_layout::DynInt::dynamic(0), s).unwrap();
        // Extents from below the tile to twice it; the leading dimension padded in 16 B steps.
        let m = 1 + r.below(2 * bm as u64);
        let k = 1 + r.below(2 * bk as u64);
        let g16 = 16 / eb;
        let (inner, outer) = if k_major { (k, m) } else { (m, k) };
        let ld = (inner + g16 - 1) / g16 * g16 + g16 * r.below(3);
        let gmem = if k_major {
            DynLayout::new(DynTuple::ints([outer, inner]), DynTuple::ints([ld, 1])).unwrap()
        } else {
            DynLayout::new(DynTuple::ints([inner, outer]), DynTuple::ints([1, ld])).unwrap()
        };
        let (op, mc) = match r.below(4) {
            0 => (TmaOpKind::Store, 1),
            1 => (TmaOpKind::LoadMulticast, 2),
            _ => (TmaOpKind::Load, 1),
        };
        let tile = DynTuple::ints([bm, bk]);
        let ctx =
            format!("case {case}: {bits}-bit gmem {gmem} smem {smem} tile {tile} {op:?} x{mc}");
        let dt = TmaDataType::for_bits(bits).unwrap();
        let t = match make_tma_copy_op(op, dt, &gmem, &smem, &tile, mc) {
            Ok(t) => t,
            // A multicast slice of a small box may start off the 128 B grid: then the whole
            // box is aligned (the copy without multicast works) and half of it is not.
            Err(e) if mc > 1 && e.kind() == ErrorKind::MisalignedAddress => {
                let t1 = make_tma_copy_op(TmaOpKind::Load, dt, &gmem, &smem, &tile, 1)
                    .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                assert_ne!(t1.params().box_bytes() / 2 % 128, 0, "{ctx}: {e}");
                t1
            }
            // A store past an innermost extent that does not end on 16 B would overwrite
            // memory outside the tensor (whole 16 B chunks are written): refused.
            Err(e) if op == TmaOpKind::Store && e.kind() == ErrorKind::NotDivisible => {
                assert_ne!(inner * eb % 16, 0, "{ctx}: {e}");
                make_tma_copy_op(TmaOpKind::Load, dt, &gmem, &smem, &tile, 1)
                    .unwrap_or_else(|e| panic!("{ctx}: {e}"))
            }
            Err(e) => panic!("{ctx}: {e}"),
        };
        check(&t, &gmem, &smem, &[bm, bk], &ctx);
    }
}

/// A smem vector longer than 256 along one gmem mode (CuTe asserts `box ≤ 256`): the crate
/// splits the box and issues more instructions; the placement is still the layouts'.
#[test]
fn long_vectors_split_into_boxes_of_at_most_256() {
    let gmem: DynLayout = "(64,1024):(1024,1)".parse().unwrap();
    let smem = parse_smem_layout("(4,512):(512,1)", 8).unwrap();
    let tile: DynTuple = "(4,512)".parse().unwrap();
    let t = make_tma_copy_op(TmaOpKind::Load, TmaDataType::Uint8, &gmem, &smem, &tile, 1).unwrap();
    assert_eq!(t.params().box_dims(), [256, 1]);
    assert_eq!(t.instructions(), 8);
    check(&t, &gmem, &smem, &[4, 512], "u8 (4,512)");
}

/// A box dimension must not run past a gmem mode into memory outside the tensor. CuTe's
/// `coalesce_256` merges box modes on strides alone: for a (1,25) MN-major tensor with
/// leading dimension 8 and a 16x24 tile it merges M (box 8 > extent 1) into K, and the box
/// then reads (and a store writes) the 7 padding elements of every column. The crate keeps
/// M and K apart, so out-of-bounds rows stay out of bounds (a store of it is refused
/// anyway: its innermost extent, 2 B, does not end on 16 B).
#[test]
fn no_merge_past_a_gmem_extent() {
    let gmem: DynLayout = "(1,25):(1,8)".parse().unwrap();
    let smem = parse_smem_layout("((8,2),(8,3)):((1,64),(8,128))", 16).unwrap();
    let tile: DynTuple = "(16,24)".parse().unwrap();
    let t = make_tma_copy_op(
        TmaOpKind::Load,
        TmaDataType::Float16,
        &gmem,
        &smem,
        &tile,
        1,
    )
    .unwrap();
    assert_eq!(t.params().global_dims(), [1, 25]);
    assert_eq!(t.params().box_dims(), [8, 8]);
    let m = t.smem_to_gmem().unwrap();
    assert_eq!(&m[..3], [Some(0), None, None]);
    check(&t, &gmem, &smem, &[16, 24], "(1,25):(1,8)");
}
