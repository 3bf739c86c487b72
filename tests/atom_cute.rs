//! The atoms and GMMA helpers against NVIDIA's CuTe C++ (`tests/data/atoms_cute/cute_host.txt`,
//! printed by `probes/cute_host.cu` from the CuTe headers; generator `probes/gen_cute_host.py`):
//!
//! * every atom's layouts (`atom` and `copy` lines) as CuTe's `MMA_Traits` / `Copy_Traits` print
//!   them, where CuTe's are layouts (one known exception, [`CUTE_NOT_A_LAYOUT`]);
//! * `ss_smem_selector` and `ss_op_selector` on a grid of element types and tiles, at compile
//!   time: `selectors.rs` (generated from the same file by `gen_selectors.py`, and checked here
//!   to say what the file says) expands into one type assertion per case, and each case CuTe
//!   refuses (its `static_assert`s) must not be implemented;
//! * `get_nonswizzle_portion` of the GMMA layout atoms tiled to a few shapes.
//!
//! The hardware data (`tests/atom_hardware.rs`) is the authority on the atoms; this file also
//! covers `AutoVectorizingCopyWithAssumedAlignment`, whose traits describe no instruction.

use std::collections::BTreeSet;

use cute_layout::atom::*;
use cute_layout::typenum::*;
use static_assertions::{assert_not_impl_any, assert_type_eq_all};

const CUTE: &str = include_str!("data/atoms_cute/cute_host.txt");
const SELECTORS: &str = include_str!("data/atoms_cute/selectors.rs");

/// CuTe's print without the `_` of its static integers (the crate's Display).
fn plain(s: &str) -> String {
    s.replace('_', "")
}

/// The same layout: CuTe's text and the crate's have the same shape, written alike, and the
/// same offset at every coordinate (a size-1 mode's stride, which no coordinate reads, may
/// differ: CuTe's `Layout<_1>` has stride 0, the crate's `Layout![1]` stride 1). A shape
/// triple `(M,N,K)` is compared as text.
fn same(cute: &str, ours: &str) -> bool {
    if cute == ours {
        return true;
    }
    let (Ok(c), Ok(o)) = (
        cute.parse::<cute_layout::DynLayout>(),
        ours.parse::<cute_layout::DynLayout>(),
    ) else {
        return false;
    };
    c.shape().to_string() == o.shape().to_string() && (0..c.size()).all(|i| c.eval(i) == o.eval(i))
}

/// `KEY VALUE | KEY VALUE ...` after the name: the pairs.
fn fields(rest: &str) -> Vec<(String, String)> {
    rest.split(" | ")
        .map(|f| {
            let (k, v) = f.split_once(' ').expect("KEY VALUE");
            (k.to_string(), plain(v))
        })
        .collect()
}

/// Where CuTe C++ is wrong, with CuTe's text; the recorded hardware data confirms the crate's
/// layouts (`tests/atom_hardware.rs`), and the tests below show CuTe's are not the atoms'.
///
/// * `MMA_Traits<SM80_16x8x128_S32U1U1S32_TN_XORPOPC>::ALayout` (which the ANDPOPC traits
///   inherit) has the value shape `(_32,_2)` but the stride `((_16,_8))`, a one-element tuple:
///   no layout (evaluating it fails CuTe's own `static_assert` "Mismatched Ranks"). The crate's
///   `((4,8),(32,2)):((512,1),(16,8))` is the PTX ISA's fragment: register `r` holds row
///   `group + 8·r`, bit `i` column `32·tig + i`.
/// * `MMA_Traits<SM80_16x8x32_S32S4S4S32_TN>::BLayout` (and the S4U4, U4S4, U4U4 and
///   `_SATURATE` traits, which inherit it) is `((_4,_8),(_8)):((_32,_1),(_8))`: the lanes'
///   `tig` stride 32 (k = 4·tig + i) where a register holds 8 nibbles, so k = 8·tig + i, stride
///   64 (the crate's, as for `m8n8k32`); CuTe's maps 256 (thread, value) pairs onto 160 offsets.
fn cute_is_wrong() -> Vec<(String, &'static str, &'static str)> {
    let mut v = Vec::new();
    for op in ["AND", "XOR"] {
        v.push((
            format!("SM80_16x8x128_S32U1U1S32_TN_{op}POPC"),
            "ALayout",
            B1_ALAYOUT,
        ));
    }
    for ab in ["S4S4", "S4U4", "U4S4", "U4U4"] {
        for sat in ["", "_SATURATE"] {
            v.push((
                format!("SM80_16x8x32_S32{ab}S32_TN{sat}"),
                "BLayout",
                S4_BLAYOUT,
            ));
        }
    }
    v
}
const B1_ALAYOUT: &str = "((4,8),(32,2)):((512,1),((16,8)))";
const S4_BLAYOUT: &str = "((4,8),(8)):((32,1),(8))";

#[test]
fn atom_layouts_match_cute() {
    let mut seen = BTreeSet::new();
    let mut errors = Vec::new();
    let wrong = cute_is_wrong();
    let mut differed = 0;
    for (n, line) in CUTE.lines().enumerate() {
        let (kind, rest) = line.split_once(' ').unwrap_or(("", ""));
        if kind != "atom" && kind != "copy" {
            continue;
        }
        let (name, rest) = rest.split_once(" | ").unwrap();
        seen.insert(name.to_string());
        let Some(ours) = atom_layouts(name) else {
            errors.push(format!(
                "cute_host.txt:{}: no atom `{name}` in the crate",
                n + 1
            ));
            continue;
        };
        let ours: Vec<(String, String)> = match ours {
            AtomLayouts::Mma {
                thr_id,
                shape_mnk: (m, nn, k),
                a,
                b,
                c,
            } => vec![
                ("ThrID".into(), thr_id.to_string()),
                ("Shape_MNK".into(), format!("({m},{nn},{k})")),
                ("ALayout".into(), a.to_string()),
                ("BLayout".into(), b.to_string()),
                ("CLayout".into(), c.to_string()),
            ],
            AtomLayouts::Copy {
                thr_id,
                src,
                dst,
                ref_layout,
            } => vec![
                ("ThrID".into(), thr_id.to_string()),
                ("SrcLayout".into(), src.to_string()),
                ("DstLayout".into(), dst.to_string()),
                ("RefLayout".into(), ref_layout.to_string()),
            ],
        };
        for ((k, cute), (k2, mine)) in fields(rest).into_iter().zip(ours) {
            assert_eq!(k, k2);
            let exception = wrong
                .iter()
                .any(|(a, l, t)| a == name && *l == k && *t == cute);
            differed += usize::from(exception);
            if same(&cute, &mine) == exception {
                errors.push(format!(
                    "cute_host.txt:{}: {name} {k}: CuTe {cute}, the crate {mine}",
                    n + 1
                ));
            }
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    assert_eq!(differed, wrong.len(), "every listed CuTe error was seen");
    // Every atom of the table is in the file.
    let missing: Vec<_> = atom_names()
        .iter()
        .filter(|n| !seen.contains(**n))
        .collect();
    assert!(
        missing.is_empty(),
        "not printed by cute_host.cu: {missing:?}"
    );
}

/// CuTe's two wrong layouts: the b1 one is no layout (the parser refuses it as CuTe's
/// `crd2idx` does), the 4-bit one is not one-to-one onto the (N,K) = (8,32) tile.
#[test]
fn cutes_wrong_layouts_are_not_the_atoms() {
    assert!(B1_ALAYOUT.parse::<cute_layout::DynLayout>().is_err());
    let l: cute_layout::DynLayout = S4_BLAYOUT.parse().unwrap();
    let image: BTreeSet<i64> = (0..l.size()).map(|i| l.eval(i)).collect();
    assert_eq!((l.size(), image.len()), (256, 160));
    let ours = atom_layouts("SM80_16x8x32_S32S4S4S32_TN").unwrap();
    let AtomLayouts::Mma { b, .. } = ours else {
        unreachable!()
    };
    let image: BTreeSet<i64> = (0..b.size()).map(|i| b.eval(i)).collect();
    assert_eq!(image, (0..256).collect());
}

/// `selectors.rs` says what `cute_host.txt` says: the same cases, the same answers.
#[test]
fn the_selector_cases_are_cutes() {
    let from_cute: Vec<String> = CUTE
        .lines()
        .filter_map(|l| {
            let ty = |t: &str| {
                if t == "float" {
                    "f32".to_string()
                } else {
                    t.to_string()
                }
            };
            if let Some(r) = l.strip_prefix("smem ") {
                let (lhs, rhs) = r.split_once(" | ").unwrap();
                let v: Vec<&str> = lhs.split(' ').collect();
                let atom = if rhs == "refused" {
                    "refused".to_string()
                } else {
                    format!("Layout_{rhs}_Atom")
                };
                Some(format!(
                    "smem!({} {} {} {} => {atom});",
                    v[0],
                    ty(v[1]),
                    v[2],
                    v[3]
                ))
            } else if let Some(r) = l.strip_prefix("op ") {
                let (lhs, rhs) = r.split_once(" | ").unwrap();
                let v: Vec<String> = lhs.split(' ').map(ty).collect();
                let (n, fam) = rhs
                    .strip_prefix("SM90_64x")
                    .unwrap()
                    .split_once("x16_")
                    .unwrap();
                Some(format!("op!({} => SM90_64xNx16_{fam} {n});", v.join(" ")))
            } else {
                None
            }
        })
        .collect();
    let generated: Vec<String> = SELECTORS
        .lines()
        .filter(|l| l.ends_with(");"))
        .map(String::from)
        .collect();
    assert_eq!(from_cute.len(), 640 + 384);
    assert_eq!(generated, from_cute);
}

/// `get_nonswizzle_portion(tile_to_shape(atom, (rows, cols)))` as CuTe prints it (as the same
/// layout: the crate's `tile_to_shape` gives a trailing size-1 mode stride `size` where CuTe
/// gives 0).
#[test]
fn nonswizzle_portions_match_cute() {
    let mut n = 0;
    for line in CUTE.lines() {
        let Some(r) = line.strip_prefix("nonswizzle ") else {
            continue;
        };
        let (lhs, cute) = r.split_once(" | ").unwrap();
        let v: Vec<&str> = lhs.split(' ').collect();
        let (rows, cols): (i64, i64) = (v[2].parse().unwrap(), v[3].parse().unwrap());
        macro_rules! portion {
            ($A:ident) => {
                match v[1] {
                    "half_t" => tiled(
                        &gmma::$A::<half_t>::new()
                            .try_tile_to_shape((rows, cols))
                            .unwrap(),
                    ),
                    "float" => tiled(
                        &gmma::$A::<f32>::new()
                            .try_tile_to_shape((rows, cols))
                            .unwrap(),
                    ),
                    t => panic!("type {t}"),
                }
            };
        }
        let ours = match v[0] {
            "K_INTER" => portion!(Layout_K_INTER_Atom),
            "K_SW32" => portion!(Layout_K_SW32_Atom),
            "K_SW64" => portion!(Layout_K_SW64_Atom),
            "K_SW128" => portion!(Layout_K_SW128_Atom),
            "MN_INTER" => portion!(Layout_MN_INTER_Atom),
            "MN_SW32" => portion!(Layout_MN_SW32_Atom),
            "MN_SW64" => portion!(Layout_MN_SW64_Atom),
            "MN_SW128" => portion!(Layout_MN_SW128_Atom),
            a => panic!("atom {a}"),
        };
        assert!(same(&plain(cute), &ours), "{line}: the crate's {ours}");
        n += 1;
    }
    assert_eq!(n, 48);
}

/// `get_nonswizzle_portion(t)`, printed, after checking the postcondition on every coordinate
/// (the GMMA atoms have offset 0): `get_swizzle_portion(t)(portion(i)) = t(i)`.
fn tiled<L>(t: &L) -> String
where
    L: SwizzlePortions + cute_layout::AnyLayout,
    L::NonSwizzle: cute_layout::AnyLayout + std::fmt::Display,
    L::SwizzlePart: cute_layout::swizzle::SwizzleFn,
{
    use cute_layout::swizzle::SwizzleFn;
    use cute_layout::AnyLayout;
    let (p, sw) = (get_nonswizzle_portion(t), get_swizzle_portion(t));
    let n: i64 = t.size().into();
    assert_eq!(n, p.size().into());
    for i in 0..n {
        assert_eq!(sw.apply(p.eval(i)), t.eval(i), "{p} at {i}");
    }
    p.to_string()
}

// ---------------------------------------------------------------------------------------------
// The selectors at compile time, one bound per CuTe case (all in one where-clause: `selectors!`).

macro_rules! u {
    (8) => {
        U8
    };
    (16) => {
        U16
    };
    (24) => {
        U24
    };
    (32) => {
        U32
    };
    (40) => {
        U40
    };
    (48) => {
        U48
    };
    (56) => {
        U56
    };
    (64) => {
        U64
    };
    (72) => {
        U72
    };
    (80) => {
        U80
    };
    (88) => {
        U88
    };
    (96) => {
        U96
    };
    (104) => {
        U104
    };
    (112) => {
        U112
    };
    (120) => {
        U120
    };
    (128) => {
        U128
    };
    (136) => {
        U136
    };
    (144) => {
        U144
    };
    (152) => {
        U152
    };
    (160) => {
        U160
    };
    (168) => {
        U168
    };
    (176) => {
        U176
    };
    (184) => {
        U184
    };
    (192) => {
        U192
    };
    (200) => {
        U200
    };
    (208) => {
        U208
    };
    (216) => {
        U216
    };
    (224) => {
        U224
    };
    (232) => {
        U232
    };
    (240) => {
        U240
    };
    (248) => {
        U248
    };
    (256) => {
        U256
    };
}
// Each entry's selector (`@subject`), CuTe's choice (`@expect`) and, for a refused one, the
// refusal (`@refusal`); `selectors!` (`tests/atom.rs`; the data file is one call of it) bounds
// each subject by its choice in one function's where-clause (a refused entry's bound is
// `(): TypeIs<()>`).
macro_rules! smem {
    (@subject $mj:ident $t:ident $mn:tt $k:tt => refused) => { () };
    (@subject $mj:ident $t:ident $mn:tt $k:tt => $atom:ident) => {
        SsSmemSelectorOf<gmma::Major::$mj, $t, u!($mn), u!($k)>
    };
    (@expect $mj:ident $t:ident $mn:tt $k:tt => refused) => { () };
    (@expect $mj:ident $t:ident $mn:tt $k:tt => $atom:ident) => { gmma::$atom<$t> };
    (@refusal $mj:ident $t:ident $mn:tt $k:tt => refused) => {
        assert_not_impl_any!(gmma::Major::$mj: SsSmemSelector<$t, u!($mn), u!($k)>);
    };
    (@refusal $($entry:tt)*) => {};
}
macro_rules! op {
    (@subject $a:ident $b:ident $c:ident $m:tt $n:tt $k:tt $ma:ident $mb:ident => $Fam:ident $on:tt) => {
        SsOpSelectorOf<$a, $b, $c, (u!($m), u!($n), u!($k)), gmma::Major::$ma, gmma::Major::$mb>
    };
    (@expect $a:ident $b:ident $c:ident $m:tt $n:tt $k:tt $ma:ident $mb:ident => $Fam:ident $on:tt) => {
        $Fam<u!($on), gmma::Major::$ma, gmma::Major::$mb>
    };
    (@refusal $($entry:tt)*) => {};
}
include!("data/atoms_cute/selectors.rs");

// The selectors read `size<0>` of a hierarchical extent (CuTe: `BLK_MN0 = size<0>(BLK_MN)`).
assert_type_eq_all!(
    SsSmemSelectorOf<gmma::Major::MN, half_t, (U32, U4), U64>,
    gmma::Layout_MN_SW64_Atom<half_t>
);
// ss_op_selector's refusals, each a named condition: Tile_M, Tile_K, Tile_N, the types, an
// MN-major operand of a K-major-only family.
assert_not_impl_any!(half_t: SsOpSelector<half_t, f32, (U32, U64, U64), gmma::Major::K, gmma::Major::K>);
assert_not_impl_any!(half_t: SsOpSelector<half_t, f32, (U64, U64, U8), gmma::Major::K, gmma::Major::K>);
assert_not_impl_any!(half_t: SsOpSelector<half_t, f32, (U64, U12, U16), gmma::Major::K, gmma::Major::K>);
assert_not_impl_any!(bfloat16_t: SsOpSelector<bfloat16_t, half_t, (U64, U64, U16), gmma::Major::K, gmma::Major::K>);
assert_not_impl_any!(float_e4m3_t: SsOpSelector<float_e4m3_t, f32, (U64, U64, U32), gmma::Major::MN, gmma::Major::K>);
