//! `ss_op_selector` / `rs_op_selector` against CuTe C++ (`tests/data/atoms_cute/op_selectors.txt`,
//! printed by `probes/cute_op_selectors.cpp`; `sh probes/run_op_selectors.sh` regenerates it and
//! `op_selectors.rs`): the tf32, fp8 and 8-bit integer families (both operands K-major) and the
//! register-source selector of every family, every Tile_N a multiple of 8 up to 256. Each line
//! is a compile-time type equality; the refusals are named conditions (`ui-tests/
//! atom_op_selector_*`), and here checked to be refusals.

use cute_layout::atom::*;
use cute_layout::static_assertions::assert_not_impl_any;
use cute_layout::typenum::*;

macro_rules! u {
    ($n:literal) => {
        U<$n>
    };
}
// Each entry's selector (`@subject`) and CuTe's choice (`@expect`), no refusal (`@refusal`);
// `selectors!` (`tests/atom.rs`; the data file is one call of it) bounds each subject by its
// choice in one function's where-clause.
macro_rules! ss {
    (@subject tn $a:ident $b:ident $c:ident $m:tt $n:tt $k:tt $ma:ident $mb:ident => $Fam:ident $on:tt) => {
        SsOpSelectorOf<$a, $b, $c, (u!($m), u!($n), u!($k)), gmma::Major::$ma, gmma::Major::$mb>
    };
    (@expect tn $a:ident $b:ident $c:ident $m:tt $n:tt $k:tt $ma:ident $mb:ident => $Fam:ident $on:tt) => {
        $Fam<u!($on)>
    };
    (@refusal $($entry:tt)*) => {};
}
macro_rules! rs {
    (@subject $form:ident $a:ident $b:ident $c:ident $m:tt $n:tt $k:tt $ma:ident $mb:ident => $Fam:ident $on:tt) => {
        RsOpSelectorOf<$a, $b, $c, (u!($m), u!($n), u!($k)), gmma::Major::$ma, gmma::Major::$mb>
    };
    (@expect tn $a:ident $b:ident $c:ident $m:tt $n:tt $k:tt $ma:ident $mb:ident => $Fam:ident $on:tt) => {
        $Fam<u!($on)>
    };
    (@expect any $a:ident $b:ident $c:ident $m:tt $n:tt $k:tt $ma:ident $mb:ident => $Fam:ident $on:tt) => {
        $Fam<u!($on), gmma::Major::$ma, gmma::Major::$mb>
    };
    (@refusal $($entry:tt)*) => {};
}
include!("data/atoms_cute/op_selectors.rs");

// CuTe's static_asserts: MN-major operands of the K-major-only families, a register-source A
// that is MN-major, Tile_K not a multiple of the family's K (8 for tf32, 32 for 8-bit).
type Tile = (U64, U128, U64);
assert_not_impl_any!(tfloat32_t: SsOpSelector<tfloat32_t, f32, Tile, gmma::Major::MN, gmma::Major::K>);
assert_not_impl_any!(float_e4m3_t: SsOpSelector<float_e5m2_t, f32, Tile, gmma::Major::K, gmma::Major::MN>);
assert_not_impl_any!(i8: SsOpSelector<u8, i32, Tile, gmma::Major::MN, gmma::Major::MN>);
assert_not_impl_any!(u8: RsOpSelector<u8, i32, Tile, gmma::Major::K, gmma::Major::MN>);
assert_not_impl_any!(half_t: RsOpSelector<half_t, f32, Tile, gmma::Major::MN, gmma::Major::K>);
assert_not_impl_any!(bfloat16_t: RsOpSelector<bfloat16_t, f32, Tile, gmma::Major::MN, gmma::Major::MN>);
assert_not_impl_any!(tfloat32_t: SsOpSelector<tfloat32_t, f32, (U64, U128, U4), gmma::Major::K, gmma::Major::K>);
assert_not_impl_any!(i8: SsOpSelector<i8, i32, (U64, U128, U16), gmma::Major::K, gmma::Major::K>);
// No such family: fp8 with a bf16 accumulator, mixed 8-bit integer and fp8.
assert_not_impl_any!(float_e4m3_t: SsOpSelector<float_e4m3_t, bfloat16_t, Tile, gmma::Major::K, gmma::Major::K>);
assert_not_impl_any!(i8: SsOpSelector<float_e4m3_t, i32, Tile, gmma::Major::K, gmma::Major::K>);

/// `op_selectors.rs` says what CuTe's `op_selectors.txt` says, line for line (the generator
/// was run on this data).
#[test]
fn the_assertions_are_the_data() {
    let data = include_str!("data/atoms_cute/op_selectors.txt");
    let rs = include_str!("data/atoms_cute/op_selectors.rs");
    let ty = |t: &str| {
        match t {
            "float" => "f32",
            "int8_t" => "i8",
            "uint8_t" => "u8",
            "int32_t" => "i32",
            t => t,
        }
        .to_string()
    };
    let lines: Vec<&str> = data.lines().filter(|l| !l.starts_with('#')).collect();
    let macros: Vec<&str> = rs.lines().filter(|l| l.ends_with(");")).collect();
    assert_eq!(lines.len(), macros.len());
    assert!(lines.len() >= 1000, "{}", lines.len());
    for (l, m) in lines.iter().zip(&macros) {
        let (lhs, op) = l.split_once(" | ").unwrap();
        let f: Vec<&str> = lhs.split_whitespace().collect();
        // SM90_64x<N>x<K>_<types>_<SS|RS>[_TN] → family SM90_64xNx<K>_... and N.
        let rest = op.strip_prefix("SM90_64x").unwrap();
        let (n, tail) = rest.split_once('x').unwrap();
        let kind = if op.ends_with("_TN") { "tn" } else { "any" };
        let want = format!(
            "{}!({kind} {} {} {} {} {} {} {} {} => SM90_64xNx{tail} {n});",
            f[0],
            ty(f[1]),
            ty(f[2]),
            ty(f[3]),
            f[4],
            f[5],
            f[6],
            f[7],
            f[8]
        );
        assert_eq!(*m, want, "{l}");
    }
}
