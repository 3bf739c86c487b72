//! TiledMMA and TiledCopy: the layouts against CuTe C++ itself (`tests/data/tiled/`, printed by
//! `gen_tiled.cpp` compiled with g++ against the CuTe headers: `tests/data/tiled/gen.sh`), and
//! by brute force against their postconditions: C's TV layout is a bijection onto the tile,
//! the partitions of all threads cover a tensor exactly once, a TiledCopy made for a TiledMMA
//! moves each thread's MMA elements, and the host copy moves every element of a tile.

use std::collections::{HashMap, HashSet};

use cute_layout::atom::*;
use cute_layout::tensor::Tensor;
use cute_layout::typenum::{U128, U16, U32, U8};
use cute_layout::{layout, AnyLayout, Layout};

/// CuTe's lines `name: layout` or `name: layout | offsets`, `_` of static integers removed.
fn oracle() -> HashMap<String, (String, Option<Vec<i64>>)> {
    let text = include_str!("data/tiled/cute_tiled.txt");
    let mut m = HashMap::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (name, rest) = line.split_once(": ").expect("name: value");
        let (layout, elems) = match rest.split_once(" |") {
            Some((l, e)) => (
                l,
                Some(e.split_whitespace().map(|x| x.parse().unwrap()).collect()),
            ),
            None => (rest, None),
        };
        m.insert(name.to_string(), (layout.replace('_', ""), elems));
    }
    m
}

fn want(o: &HashMap<String, (String, Option<Vec<i64>>)>, name: &str) -> String {
    o.get(name)
        .unwrap_or_else(|| panic!("no oracle line {name}"))
        .0
        .clone()
}

/// The offsets of a partition's elements in index order, and their count.
fn offsets<E, L>(t: &Tensor<E, L>) -> Vec<i64>
where
    E: cute_layout::tensor::HostEngine<Elem = i64>,
    L: cute_layout::TensorLayout,
    i64: cute_layout::tensor::TensorCoord<L>,
{
    (0..)
        .map_while(|i: i64| t.try_get(i).ok().copied())
        .collect()
}

type Mma1 = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2,2,1):(1,2,0)], (U32, U32, U16)>;
fn mma1() -> Mma1 {
    make_tiled_mma(
        SM80_16x8x16_F32F16F16F32_TN,
        layout!((2,2,1):(1,2,0)),
        (U32::new(), U32::new(), U16::new()),
    )
}
type Mma2 = TiledMma<SM80_16x8x8_F16F16F16F16_TN, Layout![(2,2,1):(2,1,0)], (Und, Und, Und)>;
type Und = cute_layout::ops::Underscore;
type Mma3 = TiledMma<
    SM80_8x8x4_F64F64F64F64_TN,
    Layout![(2,2,1):(1,2,0)],
    (Layout![(8,2,2):(1,16,8)], U16, U8),
>;
type Mma4 = TiledMma<SM80_16x8x8_F32TF32TF32F32_TN, Layout![(1,1,1):(0,0,0)], (Und, Und, Und)>;
type Mma5 = TiledMma<SM80_8x8x4_F64F64F64F64_TN, Layout![(4,1,1):(1,0,0)], (U32, U16, U8)>;

fn check_mma_layouts<M: TiledMmaLayouts>(tag: &str, m: M) {
    let o = oracle();
    assert_eq!(
        m.thr_layout_vmnk().to_string(),
        want(&o, &format!("{tag}.vmnk")),
        "{tag} vmnk"
    );
    let (a, b, c) = m.tile_size();
    assert_eq!(
        format!("({a},{b},{c})"),
        want(&o, &format!("{tag}.tile")),
        "{tag} tile"
    );
    assert_eq!(
        m.layout_c_tv().to_string(),
        want(&o, &format!("{tag}.C_TV")),
        "{tag} C"
    );
    assert_eq!(
        m.layout_a_tv().to_string(),
        want(&o, &format!("{tag}.A_TV")),
        "{tag} A"
    );
    assert_eq!(
        m.layout_b_tv().to_string(),
        want(&o, &format!("{tag}.B_TV")),
        "{tag} B"
    );
}

#[test]
fn tiled_mma_layouts_match_cute() {
    check_mma_layouts("mma1", mma1());
    check_mma_layouts("mma2", Mma2::default());
    check_mma_layouts("mma3", Mma3::default());
    check_mma_layouts("mma4", Mma4::default());
    check_mma_layouts("mma5", Mma5::default());
}

/// Every element of the (M,N) tile is held by exactly one (thread, value) of C; A and B cover
/// their tiles, each element held by the same number of (thread, value)s (the broadcast).
fn check_tv_postconditions<M: TiledMmaLayouts>(m: M)
where
    M::LayoutC_TV: AnyLayout,
    M::LayoutA_TV: AnyLayout,
    M::LayoutB_TV: AnyLayout,
    (i64, i64): cute_layout::LayoutCoord<M::LayoutC_TV>
        + cute_layout::LayoutCoord<M::LayoutA_TV>
        + cute_layout::LayoutCoord<M::LayoutB_TV>,
{
    let (tm, tn, tk) = m.tile_size();
    let threads = m.num_threads();
    fn counts<L: AnyLayout>(l: &L, threads: i64, n: i64) -> Vec<i64>
    where
        (i64, i64): cute_layout::LayoutCoord<L>,
    {
        let size: i64 = l.size().into();
        let vals = size / threads;
        assert_eq!(vals * threads, size);
        let mut c = vec![0; n as usize];
        for t in 0..threads {
            for v in 0..vals {
                let x = l.call((t, v));
                assert!((0..n).contains(&x), "offset {x} outside the tile of {n}");
                c[x as usize] += 1;
            }
        }
        c
    }
    assert!(counts(&m.layout_c_tv(), threads, tm * tn)
        .iter()
        .all(|&c| c == 1));
    for (c, n) in [
        (counts(&m.layout_a_tv(), threads, tm * tk), tm * tk),
        (counts(&m.layout_b_tv(), threads, tn * tk), tn * tk),
    ] {
        assert_eq!(c.len() as i64, n);
        assert!(
            c[0] >= 1 && c.iter().all(|&x| x == c[0]),
            "uneven operand cover {c:?}"
        );
    }
}

#[test]
fn tiled_mma_tv_postconditions() {
    check_tv_postconditions(mma1());
    check_tv_postconditions(Mma2::default());
    check_tv_postconditions(Mma3::default());
    check_tv_postconditions(Mma4::default());
    check_tv_postconditions(Mma5::default());
}

#[test]
fn tiled_mma_partitions_match_cute() {
    let o = oracle();
    let m = mma1();
    let data: Vec<i64> = (0..128 * 128).collect();
    for t in [0, 5, 127] {
        let s = m.get_slice(t);
        let c = s.partition_c(Tensor::try_new(&data[..], layout!((128,128):(1,128))).unwrap());
        let a = s.partition_a(Tensor::try_new(&data[..], layout!((128,32):(32,1))).unwrap());
        let b = s.partition_b(Tensor::try_new(&data[..], layout!((128,32):(32,1))).unwrap());
        for (name, l, e) in [
            ("partition_C", c.layout().to_string(), offsets(&c)),
            ("partition_A", a.layout().to_string(), offsets(&a)),
            ("partition_B", b.layout().to_string(), offsets(&b)),
        ] {
            let (wl, we) = &o[&format!("mma1.{name}({t})")];
            assert_eq!(&l, wl, "mma1.{name}({t})");
            assert_eq!(&e, we.as_ref().unwrap(), "mma1.{name}({t}) elements");
        }
    }
    let a3 = m
        .get_slice(37)
        .partition_a(Tensor::try_new(&data[..], layout!((128,32,3):(32,1,4096))).unwrap());
    let (wl, we) = &o["mma1.partition_A3(37)"];
    assert_eq!(
        (&a3.layout().to_string(), &offsets(&a3)),
        (wl, we.as_ref().unwrap())
    );
    // Fragments: the layout of the partition, of the atom's element type.
    let tc = Tensor::try_new(&data[..], layout!((128,128):(1,128))).unwrap();
    let ta = Tensor::try_new(&data[..], layout!((128,32):(32,1))).unwrap();
    let fc = m.get_slice(0).partition_fragment_c(&tc);
    let fa = m.get_slice(0).partition_fragment_a(&ta);
    let fb = m.get_slice(0).partition_fragment_b(&ta);
    assert_eq!(
        fc.layout().to_string(),
        want(&o, "mma1.partition_fragment_C")
    );
    // CuTe's make_fragment_like: mode 0 column major, modes 1.. ordered by the partition's
    // strides (tensor::make_fragment_like does the same): the whole layouts agree.
    assert_eq!(
        fa.layout().to_string(),
        want(&o, "mma1.partition_fragment_A")
    );
    assert_eq!(
        fb.layout().to_string(),
        want(&o, "mma1.partition_fragment_B")
    );
    let _: &[f32] = fc.engine().as_slice();
    let _: &[half_t] = fa.engine().as_slice();
    assert_eq!(fc.engine().len(), 128);

    let m2 = Mma2::default();
    for t in [0, 33, 100] {
        let s = m2.get_slice(t);
        let c = s.partition_c(Tensor::try_new(&data[..], layout!((64,32):(1,64))).unwrap());
        let a = s.partition_a(Tensor::try_new(&data[..], layout!((64,16):(1,64))).unwrap());
        let b = s.partition_b(Tensor::try_new(&data[..], layout!((32,16):(1,32))).unwrap());
        for (name, l, e) in [
            ("partition_C", c.layout().to_string(), offsets(&c)),
            ("partition_A", a.layout().to_string(), offsets(&a)),
            ("partition_B", b.layout().to_string(), offsets(&b)),
        ] {
            let (wl, we) = &o[&format!("mma2.{name}({t})")];
            assert_eq!(&l, wl, "mma2.{name}({t})");
            assert_eq!(&e, we.as_ref().unwrap(), "mma2.{name}({t}) elements");
        }
    }
    let s = m2.get_slice(0);
    let tc2 = Tensor::try_new(&data[..], layout!((64,32):(1,64))).unwrap();
    let ta2 = Tensor::try_new(&data[..], layout!((64,16):(1,64))).unwrap();
    let tb2 = Tensor::try_new(&data[..], layout!((32,16):(1,32))).unwrap();
    for (name, l) in [
        ("C", s.partition_fragment_c(&tc2).layout().to_string()),
        ("A", s.partition_fragment_a(&ta2).layout().to_string()),
        ("B", s.partition_fragment_b(&tb2).layout().to_string()),
    ] {
        assert_eq!(
            l,
            want(&o, &format!("mma2.partition_fragment_{name}")),
            "mma2 {name}"
        );
    }
}

/// `retile_D` of the MMA's A fragment by the ldmatrix copy made for the MMA: CuTe's layout,
/// and the same fragment offsets in the same order.
#[test]
fn retile_matches_cute() {
    let o = oracle();
    let m = mma1();
    let ld = make_tiled_copy_a(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new(), m);
    let data: Vec<i64> = (0..1 << 16).collect();
    for t in [0, 5, 127] {
        let frag = m
            .get_slice(t)
            .partition_fragment_a(&Tensor::try_new(&data[..], s_a()).unwrap());
        let fl = Tensor::try_new(&data[..], *frag.layout()).unwrap();
        let r = ld.get_slice(t).retile(fl);
        let (wl, we) = &o[&format!("ldA.retile_D({t})")];
        assert_eq!(&r.layout().to_string(), wl, "ldA.retile_D({t})");
        assert_eq!(
            &offsets(&r),
            we.as_ref().unwrap(),
            "ldA.retile_D({t}) elements"
        );
        let d = ld
            .get_slice(t)
            .try_retile_d(Tensor::try_new(&data[..], *frag.layout()).unwrap());
        assert_eq!(d.unwrap().layout(), r.layout());
    }
    // Each retiled value v of copy call (m, k) is the fragment element the ldmatrix writes:
    // D_TV(t, v + 8·rest) for the copy, A_TV for the MMA. Cover: a bijection onto the fragment.
    let frag = layout!(((2,2,2),4,2):((1,2,4),16,8)).to_dyn();
    let (r, off) = try_retile_layout(&ld, &frag).unwrap();
    assert_eq!(off, 0);
    let mut seen: Vec<i64> = (0..r.size()).map(|i| r.eval(i)).collect();
    seen.sort();
    assert_eq!(seen, (0..64).collect::<Vec<_>>());
}

/// partition_C of all threads covers a tensor exactly once, and on a one-tile tensor thread
/// `t`'s value `v` is the element `LayoutC_TV(t, v)`.
#[test]
fn partition_c_covers_once() {
    let m = mma1();
    let data: Vec<i64> = (0..128 * 96).collect();
    let mut seen = vec![0u8; data.len()];
    for t in 0..m.num_threads() {
        let p = m
            .get_slice(t)
            .partition_c(Tensor::try_new(&data[..], layout!((128,96):(1,128))).unwrap());
        for x in offsets(&p) {
            seen[x as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&c| c == 1));
    let tv = m.layout_c_tv();
    for t in 0..m.num_threads() {
        let p = m
            .get_slice(t)
            .partition_c(Tensor::try_new(&data[..], layout!((32,32):(1,32))).unwrap());
        let e = offsets(&p);
        assert_eq!(e.len(), 8);
        for (v, x) in e.iter().enumerate() {
            assert_eq!(*x, tv.call((t, v as i64)), "thread {t} value {v}");
        }
    }
    // A (M,K) tensor: every element is read by the ThrN thread groups that share it (2).
    let mut seen = vec![0u8; 128 * 32];
    for t in 0..m.num_threads() {
        let p = m
            .get_slice(t)
            .partition_a(Tensor::try_new(&data[..], layout!((128,32):(1,128))).unwrap());
        for x in offsets(&p) {
            seen[x as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&c| c == 2));
}

#[test]
fn bad_inputs_are_errors() {
    let m = mma1();
    assert!(m.try_get_slice(128).is_err());
    assert!(m.try_get_slice(-1).is_err());
    let data = vec![0i64; 100];
    // 100 elements cannot hold a 32x32 tensor: refused at construction; a tensor whose shape the
    // tile does not divide is refused by the partition.
    let t = Tensor::try_new(&data[..], layout!((10,10):(1,10))).unwrap();
    assert!(m.get_slice(0).try_partition_c(t).is_err());
}

fn check_copy_layouts<TC: TiledCopyLayouts>(tag: &str, tc: TC) {
    let o = oracle();
    assert_eq!(
        tc.tiled_layout_tv().to_string(),
        want(&o, &format!("{tag}.TiledLayout_TV")),
        "{tag} TV"
    );
    assert_eq!(
        tc.layout_s_tv().to_string(),
        want(&o, &format!("{tag}.S_TV")),
        "{tag} S"
    );
    assert_eq!(
        tc.layout_d_tv().to_string(),
        want(&o, &format!("{tag}.D_TV")),
        "{tag} D"
    );
}

type Cp1 = TiledCopy<
    CopyAtom<SM80_CP_ASYNC_CACHEALWAYS<U128>, half_t>,
    MakeTiledCopyTv<Layout![(32,4):(4,1)], Layout![(1,8):(1,1)]>,
    MakeTiledCopyTiler<Layout![(32,4):(4,1)], Layout![(1,8):(1,1)]>,
>;
fn cp1() -> Cp1 {
    make_tiled_copy(
        CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<U128>, half_t>::new(),
        layout!((32,4):(4,1)),
        layout!((1,8):(1,1)),
    )
}

#[test]
fn tiled_copy_layouts_match_cute() {
    check_copy_layouts("cp1", cp1());
    let cp2 = make_tiled_copy(
        CopyAtom::<UniversalCopy<U32>, half_t>::new(),
        layout!((8,4):(1,8)),
        layout!((2,1):(1,2)),
    );
    check_copy_layouts("cp2", cp2);
    check_copy_layouts(
        "ldA",
        make_tiled_copy_a(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new(), mma1()),
    );
    check_copy_layouts(
        "ldB",
        make_tiled_copy_b(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new(), mma1()),
    );
    check_copy_layouts(
        "stC",
        make_tiled_copy_c(CopyAtom::<UniversalCopy<U32>, f32>::new(), mma1()),
    );
}

/// The swizzled shared-memory tile of the oracle: `Sw<3,3,3> ∘ (8,32):(32,1)` tiled to 128x32.
type SA = cute_layout::ops::TileToShapeOf<Layout![Sw<3,3,3> o 0 o (8,32):(32,1)], (U128, U32)>;
fn s_a() -> SA {
    layout!(Sw<3,3,3> o 0 o (8,32):(32,1)).tile_to_shape((U128::new(), U32::new()))
}

#[test]
fn tiled_copy_partitions_match_cute() {
    let o = oracle();
    let data: Vec<i64> = (0..1 << 16).collect();
    assert_eq!(s_a().to_string(), want(&o, "sA"));
    for t in [0, 5, 127] {
        let s = cp1().get_slice(t);
        let ps = s.partition_s(Tensor::try_new(&data[..], layout!((128,32):(32,1))).unwrap());
        let pd = s.partition_d(Tensor::try_new(&data[..], s_a()).unwrap());
        for (name, l, e) in [
            ("partition_S", ps.layout().to_string(), offsets(&ps)),
            ("partition_D", pd.layout().to_string(), offsets(&pd)),
        ] {
            let (wl, we) = &o[&format!("cp1.{name}({t})")];
            if name == "partition_S" {
                assert_eq!(&l, wl, "cp1.{name}({t})");
            }
            assert_eq!(&e, we.as_ref().unwrap(), "cp1.{name}({t}) elements");
        }
    }
    let ld = make_tiled_copy_a(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new(), mma1());
    for t in [0, 5, 127] {
        let ps = ld
            .get_slice(t)
            .partition_s(Tensor::try_new(&data[..], s_a()).unwrap());
        let (_, we) = &o[&format!("ldA.partition_S({t})")];
        assert_eq!(
            &offsets(&ps),
            we.as_ref().unwrap(),
            "ldA.partition_S({t}) elements"
        );
    }
}

/// A TiledCopy made for a TiledMMA gives each thread the MMA's elements: D_TV (ldmatrix writes
/// registers) is A_TV as a function.
#[test]
fn tiled_copy_for_mma_moves_the_mma_elements() {
    let m = mma1();
    let ld = make_tiled_copy_a(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new(), m);
    let (d, a) = (ld.layout_d_tv(), m.layout_a_tv());
    for t in 0..128 {
        for v in 0..8 {
            assert_eq!(d.call((t, v)), a.call((t, v)));
        }
    }
}

/// The host copy over all threads' partitions moves every element of a K-major global tile
/// into the swizzled shared tile at the place the swizzled layout names.
#[test]
fn host_copy_fills_the_swizzled_tile() {
    let g: Vec<u32> = (0..128 * 32).map(|x| x * 7 + 1).collect();
    let mut smem = vec![0u32; 128 * 32];
    let cp = cp1();
    for t in 0..cp.num_threads() {
        let s = cp.get_slice(t);
        let src = s.partition_s(Tensor::try_new(&g[..], layout!((128,32):(32,1))).unwrap());
        let mut dst = s.partition_d(Tensor::try_new(&mut smem[..], s_a()).unwrap());
        copy(&cp, &src, &mut dst);
    }
    let sa = s_a();
    let mut hit = HashSet::new();
    for m in 0..128 {
        for k in 0..32 {
            let off = sa.call((m, k));
            assert!(hit.insert(off));
            assert_eq!(smem[off as usize], g[(m * 32 + k) as usize], "({m},{k})");
        }
    }
}
