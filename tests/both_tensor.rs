//! Tensors (`cute_layout::tensor`) on every layout kind: indexing against `data[L(c)]`
//! computed here from the flat modes, static / mixed / `DynLayout` tensors agreeing, slicing
//! against the full coordinate, `local_tile` and `local_partition` covering every element
//! exactly once over all tiles / threads, CuTe's worked examples (`tensor_impl.hpp`), the
//! construction checks, and the algorithms against naive loops.

use crate::common;

use common::{dl, v};
use cute_layout::algebra::DynSliceCoord;
use cute_layout::ops::Underscore as X;
use cute_layout::swizzle::SwizzleFn;
use cute_layout::tensor::{
    copy, gemm, make_coord_tensor, make_fragment_like, make_identity_tensor, make_tensor,
    try_axpby, try_copy, try_gemm, try_make_identity_tensor, Engine, HostEngine, MakeLayoutLike,
};
use cute_layout::typenum::{U1, U16, U2, U3, U32, U4, U6, U64, U8};
use cute_layout::{
    layout, make_identity_layout, try_make_identity_layout, DynLayout, DynTuple, ErrorKind, Tensor,
    TensorLayout,
};
use proptest::prelude::*;
use std::collections::BTreeMap;

/// `L(i)` from the flat modes `(s, d)`: the colexicographic digits of `i` times the strides.
fn oracle(flat: &[(i64, i64)], i: i64) -> i64 {
    let mut rest = i;
    let mut off = 0;
    for (k, &(s, d)) in flat.iter().enumerate() {
        let c = if k + 1 == flat.len() { rest } else { rest % s };
        rest /= s;
        off += c * d;
    }
    off
}

/// The engine positions a tensor visits, by integral coordinate.
fn positions<E: HostEngine, L: TensorLayout>(t: &Tensor<E, L>, base: *const E::Elem) -> Vec<usize>
where
    i64: cute_layout::tensor::TensorCoord<L>,
{
    let n: i64 = t.size().into();
    (0..n)
        .map(|i| {
            let p: *const E::Elem = t.get(i);
            (p as usize - base as usize) / core::mem::size_of::<E::Elem>().max(1)
        })
        .collect()
}

/// How many times each position occurs.
fn counts(ps: impl IntoIterator<Item = usize>) -> BTreeMap<usize, usize> {
    let mut m = BTreeMap::new();
    for p in ps {
        *m.entry(p).or_insert(0) += 1;
    }
    m
}

fn all_once(ps: impl IntoIterator<Item = usize>, n: usize) {
    let c = counts(ps);
    assert_eq!(c.len(), n, "every element is visited");
    assert!(c.values().all(|&k| k == 1), "no element twice: {c:?}");
    assert_eq!(
        c.keys().copied().collect::<Vec<_>>(),
        (0..n).collect::<Vec<_>>()
    );
}

// ---------------------------------------------------------------------------------------------
// Indexing

#[test]
fn static_mixed_dyn_tensors_agree_with_the_flat_oracle() {
    let data: Vec<i64> = (0..100).map(|x| 1000 + x).collect();
    let flat = [(4, 1), (2, 4), (3, 8)];
    let s = Tensor::try_new(&data[..], layout!((4,(2,3)):(1,(4,8)))).unwrap();
    let m = Tensor::try_new(&data[..], layout!((4,({v(2)},3)):(1,({v(4)},8))).unwrap()).unwrap();
    let d = Tensor::try_new(&data[..], dl("(4,(2,3)):(1,(4,8))")).unwrap();
    for i in 0..24i64 {
        let want = data[oracle(&flat, i) as usize];
        assert_eq!((s[i], m[i], d[i]), (want, want, want), "integral {i}");
        let (r, c) = (i % 4, i / 4);
        assert_eq!(
            (s[(r, c)], m[(r, c)], d[(r, c)]),
            (want, want, want),
            "rank-2 {i}"
        );
        let nat = (r, (c % 2, c / 2));
        assert_eq!((s[nat], m[nat], d[nat]), (want, want, want), "natural {i}");
        let dt: DynTuple = format!("({r},({},{}))", c % 2, c / 2).parse().unwrap();
        assert_eq!(d[&dt], want);
    }
    // Outside the shape: errors, not other elements.
    for c in [(4, 0), (0, 6), (-1, 0)] {
        assert_eq!(s.try_get(c).unwrap_err().kind(), ErrorKind::BadCoordinate);
        assert_eq!(m.try_get(c).unwrap_err().kind(), ErrorKind::BadCoordinate);
        assert_eq!(d.try_get(c).unwrap_err().kind(), ErrorKind::BadCoordinate);
    }
    assert!(s.try_get((0, (2, 0))).is_err()); // 2 outside a mode of size 2
    assert!(d.try_get(24usize).is_err());
    assert!(s.try_get(usize::MAX).is_err());
    let bad: DynTuple = "(1,2,3)".parse().unwrap();
    assert!(d.try_get(&bad).is_err());
}

#[test]
fn writes_through_every_engine() {
    let mut buf = [0i32; 12];
    {
        let mut t = Tensor::try_new(&mut buf[..], layout!((3,4):(4,1))).unwrap();
        for i in 0..3 {
            for j in 0..4 {
                t[(i, j)] = 10 * i + j;
            }
        }
        *t.get_mut((2, 3)) += 100;
    }
    assert_eq!(buf, [0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 123]);
    let mut f = make_tensor::<i32, _>(layout!((3,4):(4,1)));
    for i in 0..3 {
        for j in 0..4 {
            f[(i, j)] = 10 * i + j;
        }
    }
    assert_eq!(
        &f.engine()[..],
        &[0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23]
    );
    assert_eq!(f.engine().len(), 12);
}

#[test]
fn negative_strides_index_from_the_base() {
    let data: Vec<i32> = (0..20).collect();
    // (4,5):(-5,1): offsets -15 ..= 4; base 15.
    let t = Tensor::try_with_offset(&data[..], 15, layout!((4,5):(-5,1))).unwrap();
    for i in 0..4i64 {
        for j in 0..5i64 {
            assert_eq!(t[(i, j)] as i64, 15 - 5 * i + j);
        }
    }
    assert!(Tensor::try_with_offset(&data[..], 14, layout!((4,5):(-5,1))).is_err());
    assert!(Tensor::try_with_offset(&data[..16], 15, layout!((4,5):(-5,1))).is_err());
    // A fragment of a negative-stride layout starts at −min offset.
    let mut f = make_tensor::<i32, _>(layout!((2,3):(-3,1)));
    assert_eq!(f.engine().len(), 6);
    f[(1, 0)] = 7;
    assert_eq!(f.engine()[0], 7);
    f[(0, 2)] = 9;
    assert_eq!(f.engine()[5], 9);
}

#[test]
fn construction_checks_the_engine_once() {
    let data = [0u8; 32];
    let e = Tensor::try_new(&data[..31], layout!((4,8):(1,4))).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert!(Tensor::try_new(&data[..], layout!((4,8):(1,4))).is_ok());
    assert!(Tensor::try_new(&data[..], layout!((4,8):(8,1))).is_ok()); // max 3·8 + 7 = 31
    assert!(Tensor::try_new(&data[..], layout!((4,8):(9,1))).is_err()); // max 3·9 + 7 = 34
    assert!(Tensor::try_new(&data[..], dl("(4,8):(1,5)")).is_err()); // 3 + 35 = 38
    assert!(Tensor::try_new(&data[..0], dl("1:0")).is_err()); // an empty engine holds nothing
    assert!(Tensor::try_with_offset(&data[..], usize::MAX, layout!(1:0)).is_err());
    assert!(Tensor::try_new(&data[..], dl("4:-1")).is_err()); // offsets below 0
}

#[test]
fn swizzled_tensors_index_through_the_swizzle() {
    let data: Vec<u32> = (0..512).collect();
    let l = layout!(Sw<3,4,3> o 0 o (8,64):(64,1));
    let t = Tensor::try_new(&data[..], l).unwrap();
    let mut seen = vec![0; 512];
    for r in 0..8i64 {
        for c in 0..64i64 {
            let x = r * 64 + c;
            let want = x ^ ((x & (0b111 << 7)) >> 3); // CuTe Swizzle<3,4,3>
            assert_eq!(t[(r, c)] as i64, want);
            seen[want as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&k| k == 1));
    assert_eq!(l.layout_a().apply(144), 144 ^ 16);
    assert!(Tensor::try_new(&data[..511], l).is_err()); // the cosize bound is 512
    let d: cute_layout::DynComposedLayout = "Sw<3,4,3> o 0 o (8,64):(64,1)".parse().unwrap();
    let td = Tensor::try_new(&data[..], d.clone()).unwrap();
    assert_eq!(td[(2, 17)], t[(2, 17)]);
    // Slices and tiles of a swizzled tensor: the offset moves inside the swizzle.
    let row = t.slice((2, X));
    assert_eq!(row.layout().to_string(), "Sw<3,4,3> o 128 o (64):(1)");
    assert!((0..64i64).all(|c| row[c] == t[(2, c)]));
    let td2 = Tensor::try_new(&data[..], d.clone()).unwrap();
    assert!((0..64i64).all(|c| td2.slice((2, X))[c] == t[(2, c)]));
    let tile = t.local_tile((U4::new(), U16::new()), (1, 2));
    assert_eq!(tile.layout().to_string(), "Sw<3,4,3> o 288 o (4,16):(64,1)");
    for i in 0..4i64 {
        for j in 0..16i64 {
            assert_eq!(tile[(i, j)], t[(4 + i, 32 + j)]);
        }
    }
    let part = Tensor::try_new(&data[..], l)
        .unwrap()
        .local_partition(&layout!((2,8):(8,1)), 9);
    for i in 0..4i64 {
        for j in 0..8i64 {
            assert_eq!(part[(i, j)], t[(1 + 2 * i, 1 + 8 * j)]);
        }
    }
    // A swizzle over negative offsets has no range: refused.
    let neg: cute_layout::DynComposedLayout = "Sw<1,0,1> o 0 o 4:-1".parse().unwrap();
    assert!(Tensor::try_with_offset(&data[..], 3, neg).is_err());
}

// ---------------------------------------------------------------------------------------------
// Slicing

#[test]
fn slicing_columns_and_rows_covers_each_element_once() {
    let data: Vec<i32> = (0..40).collect();
    let t = Tensor::try_new(&data[..], layout!((8,5):(1,8))).unwrap();
    let d = Tensor::try_new(&data[..], dl("(8,5):(1,8)")).unwrap();
    let base = data.as_ptr();
    let mut cols = Vec::new();
    for j in 0..5 {
        let c = t.slice((X, j));
        assert_eq!(c.layout().to_string(), "(8):(1)");
        let cd = d.slice((X, j));
        assert_eq!(cd.layout().to_string(), "(8):(1)");
        for i in 0..8i64 {
            assert_eq!(c[i], t[(i, j)]);
            assert_eq!(cd[i], t[(i, j)]);
        }
        cols.extend(positions(&c, base));
    }
    all_once(cols, 40);
    let rows = (0..8).flat_map(|i| positions(&t.slice((i, X)), base));
    all_once(rows, 40);
    assert_eq!(
        t.try_slice((X, 5)).unwrap_err().kind(),
        ErrorKind::BadCoordinate
    );
    assert_eq!(
        d.try_slice((X, 5)).unwrap_err().kind(),
        ErrorKind::BadCoordinate
    );
    assert!(d.try_slice((X, 1, 2)).is_err()); // rank 3 for a rank-2 shape
                                              // `_` alone keeps everything; integers everywhere keep one element, rank 0.
    assert_eq!(t.slice(X).layout().to_string(), "(8,5):(1,8)");
    let one = t.slice((3, 2));
    assert_eq!(one.layout().to_string(), "():()");
    assert_eq!(*one.get(()), t[(3, 2)]);
}

#[test]
fn nested_slices_flatten_one_level_as_cute() {
    // CuTe: slice((_, (3, _)), (M, (N, K))) = (M, K).
    let data: Vec<i32> = (0..120).collect();
    let t = Tensor::try_new(&data[..], layout!((4,(5,6)):(1,(4,20)))).unwrap();
    let s = t.slice((X, (3, X)));
    assert_eq!(s.layout().to_string(), "(4,6):(1,20)");
    let d = Tensor::try_new(&data[..], dl("(4,(5,6)):(1,(4,20))")).unwrap();
    assert_eq!(d.slice((X, (3, X))).layout().to_string(), "(4,6):(1,20)");
    for i in 0..4 {
        for k in 0..6 {
            assert_eq!(s[(i, k)], t[(i, (3, k))]);
        }
    }
    // An integer for a nested mode indexes it as a whole.
    let r = t.slice((2, X));
    assert_eq!(r.layout().to_string(), "((5,6)):((4,20))");
    assert_eq!(r[(7i64,)], t[(2, 7)]);
}

fn flat_layout() -> impl Strategy<Value = Vec<(i64, i64)>> {
    prop::collection::vec((1i64..5, 0i64..7), 1..5)
}

proptest! {
    /// Indexing a `DynLayout` tensor is `data[L(i)]` with `L(i)` from the flat modes, and
    /// `try_get` refuses exactly the coordinates outside `[0, size)`.
    #[test]
    fn indexing_is_data_at_layout(modes in flat_layout(), extra in 0usize..3) {
        let shape = DynTuple::ints(modes.iter().map(|m| m.0));
        let stride = DynTuple::ints(modes.iter().map(|m| m.1));
        let l = DynLayout::new(shape, stride).unwrap();
        let len = (l.cosize() as usize) + extra;
        let data: Vec<u64> = (0..len as u64).map(|x| x * 7 + 1).collect();
        let t = Tensor::try_new(&data[..], l.clone()).unwrap();
        for i in 0..l.size() {
            prop_assert_eq!(t[i], data[oracle(&modes, i) as usize]);
        }
        prop_assert!(t.try_get(l.size()).is_err());
        prop_assert!(t.try_get(-1i64).is_err());
        // One element short of the largest offset: refused.
        let max = (0..l.size()).map(|i| oracle(&modes, i)).max().unwrap() as usize;
        prop_assert!(Tensor::try_new(&data[..max], l).is_err());
    }

    /// A slice's element `i` is the full tensor's element at the coordinate that puts the
    /// colexicographic digits of `i` into the kept modes and the fixed entries elsewhere.
    #[test]
    fn slice_is_the_tensor_at_the_filled_coordinate(
        modes in flat_layout(),
        picks in prop::collection::vec(prop::option::of(0i64..4), 5),
    ) {
        let shape = DynTuple::ints(modes.iter().map(|m| m.0));
        let stride = DynTuple::ints(modes.iter().map(|m| m.1));
        let l = DynLayout::new(shape, stride).unwrap();
        let data: Vec<u32> = (0..l.cosize() as u32).collect();
        let t = Tensor::try_new(&data[..], l.clone()).unwrap();
        let coord: Vec<Option<i64>> =
            modes.iter().zip(&picks).map(|(m, p)| p.map(|x| x % m.0)).collect();
        let sc = DynSliceCoord::Tuple(coord.iter().map(|c| match c {
            Some(x) => DynSliceCoord::Int(*x),
            None => DynSliceCoord::Skip,
        }).collect());
        let s = t.slice(sc);
        let kept: Vec<i64> =
            modes.iter().zip(&coord).filter(|(_, c)| c.is_none()).map(|(m, _)| m.0).collect();
        prop_assert_eq!(s.layout().rank(), kept.len());
        let n: i64 = kept.iter().product();
        prop_assert_eq!(s.layout().size(), n);
        for i in 0..n {
            let mut rest = i;
            let full: Vec<i64> = coord.iter().zip(&modes).map(|(c, m)| match c {
                Some(x) => *x,
                None => { let d = rest % m.0; rest /= m.0; d }
            }).collect();
            let ft = DynTuple::ints(full);
            prop_assert!(std::ptr::eq(&s[i], &t[&ft]));
        }
        // Out of range entries are refused.
        let bad = DynSliceCoord::Tuple(modes.iter().map(|m| DynSliceCoord::Int(m.0)).collect());
        prop_assert_eq!(t.try_slice(bad).unwrap_err().kind(), ErrorKind::BadCoordinate);
    }

    /// `local_tile` over every tile coordinate visits each element exactly once, on mixed and
    /// `DynLayout` tensors alike, column- and row-major; tile `(m, n)` holds rows
    /// `tm·m + i` and columns `tn·n + j`.
    #[test]
    fn local_tile_covers_each_element_once(
        a in 1i64..4, b in 1i64..4, tm in 1i64..5, tn in 1i64..5, row_major in any::<bool>(),
    ) {
        let (m, n) = (a * tm, b * tn);
        let data: Vec<u32> = (0..(m * n) as u32).collect();
        let base = data.as_ptr();
        let (ds, dd) = if row_major { (n, 1) } else { (1, m) };
        let mixed = layout!(({v(m)},{v(n)}):({v(ds)},{v(dd)})).unwrap();
        let dynl = dl(&format!("({m},{n}):({ds},{dd})"));
        let mut seen_m = Vec::new();
        let mut seen_d = Vec::new();
        for bm in 0..a {
            for bn in 0..b {
                let tmix = Tensor::try_new(&data[..], mixed).unwrap()
                    .local_tile((tm, tn), (bm, bn));
                let tdyn = Tensor::try_new(&data[..], dynl.clone()).unwrap()
                    .local_tile((tm, tn), (bm, bn));
                for i in 0..tm {
                    for j in 0..tn {
                        let want = ((tm * bm + i) * ds + (tn * bn + j) * dd) as u32;
                        prop_assert_eq!(tmix[(i, j)], want);
                        prop_assert_eq!(tdyn[(i, j)], want);
                    }
                }
                seen_m.extend(positions(&tmix, base));
                seen_d.extend(positions(&tdyn, base));
            }
        }
        all_once(seen_m, (m * n) as usize);
        all_once(seen_d, (m * n) as usize);
    }

    /// `local_partition` over every thread visits each element exactly once, and thread `t`
    /// owns the elements at `thr_coord(t) + thr_shape·k` (CuTe's outer partition).
    #[test]
    fn local_partition_covers_each_element_once(
        pm in 1i64..4, pn in 1i64..4, row_major_thr in any::<bool>(), am in 1i64..4, an in 1i64..4,
    ) {
        let thr = if row_major_thr {
            layout!(({v(pm)},{v(pn)}):({v(pn)},{v(1)})).unwrap()
        } else {
            layout!(({v(pm)},{v(pn)}):({v(1)},{v(pm)})).unwrap()
        };
        let (m, n) = (pm * am, pn * an);
        let data: Vec<u32> = (0..(m * n) as u32).collect();
        let base = data.as_ptr();
        let mut seen = Vec::new();
        for tid in 0..pm * pn {
            let (tr, tc) = if row_major_thr { (tid / pn, tid % pn) } else { (tid % pm, tid / pm) };
            let p = Tensor::try_new(&data[..], dl(&format!("({m},{n}):(1,{m})"))).unwrap()
                .local_partition(&thr, tid);
            prop_assert_eq!(p.layout().size(), am * an);
            for i in 0..am {
                for j in 0..an {
                    let want = ((tr + pm * i) + m * (tc + pn * j)) as u32;
                    prop_assert_eq!(p[(i, j)], want);
                }
            }
            seen.extend(positions(&p, base));
        }
        all_once(seen, (m * n) as usize);
        let t = Tensor::try_new(&data[..], dl(&format!("({m},{n}):(1,{m})"))).unwrap();
        // Beyond the thread layout, the index wraps (each leaf takes (i / d) mod s): thread 0.
        let wrapped = t.clone().local_partition(&thr, pm * pn);
        prop_assert_eq!(wrapped.data_ptr(), t.clone().local_partition(&thr, 0).data_ptr());
        prop_assert!(t.try_local_partition(&thr, -1).is_err());
    }

    /// `gemm` on (M,K)×(N,K)→(M,N) against the naive triple loop, `DynLayout` and mixed
    /// tensors, A column major and B row major.
    #[test]
    fn gemm_mk_nk_is_the_naive_product(m in 1i64..6, n in 1i64..6, k in 1i64..6, seed in any::<u64>()) {
        let val = |i: i64| ((seed.wrapping_mul(i as u64 + 1) >> 7) % 11) as i64 - 5;
        let a: Vec<i64> = (0..m * k).map(val).collect();
        let b: Vec<i64> = (0..n * k).map(|i| val(i + 1000)).collect();
        let c0: Vec<i64> = (0..m * n).map(|i| val(i + 2000)).collect();
        let at = Tensor::try_new(&a[..], dl(&format!("({m},{k}):(1,{m})"))).unwrap();
        let bt = Tensor::try_new(&b[..], layout!(({v(n)},{v(k)}):({v(k)},1)).unwrap()).unwrap();
        let mut c = c0.clone();
        try_gemm(&at, &bt, &mut Tensor::try_new(&mut c[..], dl(&format!("({m},{n}):(1,{m})"))).unwrap()).unwrap();
        for i in 0..m {
            for j in 0..n {
                let mut want = c0[(i + m * j) as usize];
                for kk in 0..k {
                    want += a[(i + m * kk) as usize] * b[(j * k + kk) as usize];
                }
                prop_assert_eq!(c[(i + m * j) as usize], want);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// CuTe's worked examples (tensor_impl.hpp)

#[test]
fn cute_local_tile_example() {
    // Tensor cta_data = local_tile(data, Shape<_32,_64>{}, make_coord(blockIdx.x,blockIdx.y)); // (_32,_64)
    let data: Vec<u32> = (0..64 * 128).collect();
    for (bx, by) in [(0i64, 0i64), (1, 0), (0, 1), (1, 1)] {
        let t = Tensor::try_new(&data[..], layout!((64,128):(1,64))).unwrap();
        let cta = t.local_tile((U32::new(), U64::new()), (bx, by));
        assert_eq!(cta.layout().to_string(), "(32,64):(1,64)");
        assert_eq!(format!("{:#}", cta.layout()), "(_32,_64):(_1,_64)");
        for (i, j) in [(0i64, 0i64), (31, 63), (5, 17)] {
            assert_eq!(cta[(i, j)] as i64, (32 * bx + i) + 64 * (64 * by + j));
        }
    }
    // A tuple coordinate is padded with `_`: a trailing batch mode stays.
    let batch: Vec<u32> = (0..4 * 4 * 3).collect();
    let t = Tensor::try_new(&batch[..], layout!((4,4,3):(1,4,16))).unwrap();
    let tile = t.local_tile((U2::new(), U2::new()), (1, 0));
    assert_eq!(tile.layout().to_string(), "(2,2,3):(1,4,16)");
    assert_eq!(tile[(1, 1, 2)], 2 + 1 + 4 + 32);
    // An integer coordinate indexes the rest flat: tile 3 of the (2,2,3) rest is (1,1,0).
    let t = Tensor::try_new(&batch[..], layout!((4,4,3):(1,4,16))).unwrap();
    let flat = t.local_tile((U2::new(), U2::new()), 3);
    assert_eq!(flat.layout().to_string(), "(2,2):(1,4)");
    assert_eq!(flat[(0, 0)], 2 + 8);
}

#[test]
fn cute_local_partition_example() {
    // Tensor thr_data = local_partition(data, Layout<Shape<_2,_16>>{}, thr_idx); // (_8,_4)
    let data: Vec<u32> = (0..16 * 64).collect();
    let thr = layout!((2,16):(1,2));
    let base = data.as_ptr();
    let mut seen = Vec::new();
    for tid in 0..32 {
        let t = Tensor::try_new(&data[..], layout!((16,64):(1,16))).unwrap();
        let p = t.local_partition(&thr, tid);
        assert_eq!(format!("{:#}", p.layout()), "(_8,_4):(_2,_256)");
        let (r, c) = (tid % 2, tid / 2);
        for i in 0..8 {
            for j in 0..4 {
                assert_eq!(p[(i, j)] as i64, (r + 2 * i) + 16 * (c + 16 * j));
            }
        }
        seen.extend(positions(&p, base));
    }
    all_once(seen, 16 * 64);
}

#[test]
fn static_slices_and_partitions_are_static() {
    let data = [0f32; 64];
    let t = Tensor::try_new(&data[..], layout!((8,8):(1,8))).unwrap();
    let col = t.slice((X, 3i64));
    static_assertions::assert_type_eq_all!(
        cute_layout::ops::SliceOf<cute_layout::Layout![(8,8):(1,8)], (X, i64)>,
        cute_layout::Layout![(8):(1)]
    );
    assert_eq!(core::mem::size_of_val(col.layout()), 0);
    let p = t.local_partition(&layout!((2,4):(4,1)), 5);
    assert_eq!(core::mem::size_of_val(p.layout()), 0);
    assert_eq!(format!("{:#}", p.layout()), "(_4,_2):(_2,_32)");
    let z = t.zipped_divide((U4::new(), U4::new()));
    assert_eq!(
        format!("{:#}", z.layout()),
        "((_4,_4),(_2,_2)):((_1,_8),(_4,_32))"
    );
}

// ---------------------------------------------------------------------------------------------
// The tensor algebra and the algorithms

#[test]
fn divides_that_reach_past_the_engine_are_refused() {
    let data: Vec<u32> = (0..6).collect();
    let t = Tensor::try_new(&data[..], layout!(6:1)).unwrap();
    // 6 by 4: the second tile reaches offset 7.
    assert!(t.try_zipped_divide(layout!(4:1)).is_err());
    // Tile 0 lies in the data, tile 1 (offsets 4 ..= 7) does not: the requested tile is checked.
    assert_eq!(t.try_local_tile((U4::new(),), 0).unwrap()[3i64], 3);
    assert!(t.try_local_tile((U4::new(),), 1).is_err());
    let ok = t.logical_divide(U3::new());
    assert_eq!(ok.layout().to_string(), "(3,2):(1,3)");
    assert_eq!(ok[(2, 1)], 5);
    let tiled = Tensor::try_new(&data[..], layout!((2,3):(1,2)))
        .unwrap()
        .tiled_divide((U2::new(),));
    assert_eq!(tiled.layout().to_string(), "((2),1,3):((1),0,2)");
    let composed = Tensor::try_new(&data[..], layout!(6:1))
        .unwrap()
        .compose(layout!((3,2):(2,1)));
    assert_eq!((composed[(1, 0)], composed[(2, 1)]), (2, 5));
}

#[test]
fn copy_fill_axpby_and_their_errors() {
    let src: Vec<f64> = (0..12).map(|x| x as f64).collect();
    let s = Tensor::try_new(&src[..], layout!((3,4):(1,3))).unwrap();
    // Copy a tile into a fragment shaped like it, then back through a transposed view.
    let tile = Tensor::try_new(&src[..], layout!((3,4):(1,3)))
        .unwrap()
        .local_tile((U3::new(), U2::new()), (0, 1));
    let mut frag = make_fragment_like::<f64, _>(&tile);
    assert_eq!(frag.layout().to_string(), "(3,2):(1,3)");
    try_copy(&tile, &mut frag).unwrap();
    assert_eq!(&frag.engine()[..], &src[6..12]);
    let mut dst = [0.0; 12];
    let mut d = Tensor::try_new(&mut dst[..], layout!((3,4):(4,1))).unwrap();
    try_copy(&s, &mut d).unwrap();
    for i in 0..3 {
        for j in 0..4 {
            assert_eq!(dst[i * 4 + j], src[i + 3 * j]);
        }
    }
    let mut short = [0.0; 11];
    let mut st = Tensor::try_new(&mut short[..], dl("11:1")).unwrap();
    assert_eq!(
        try_copy(&s, &mut st).unwrap_err().kind(),
        ErrorKind::ShapeMismatch
    );
    assert_eq!(
        try_axpby(1.0, &s, 1.0, &mut st).unwrap_err().kind(),
        ErrorKind::ShapeMismatch
    );
    cute_layout::tensor::fill(&mut st, 2.5);
    assert!(short.iter().all(|&x| x == 2.5));
    let mut y = [1.0; 12];
    let mut yt = Tensor::try_new(&mut y[..], dl("(3,4):(1,3)")).unwrap();
    try_axpby(2.0, &s, -1.0, &mut yt).unwrap();
    assert!(y
        .iter()
        .enumerate()
        .all(|(i, &x)| x == 2.0 * i as f64 - 1.0));
}

#[test]
fn gemm_rank_dispatch() {
    // (V)x(V)->(V)
    let (a, b) = ([1, 2, 3], [4, 5, 6]);
    let mut c = [1, 1, 1];
    let at = Tensor::try_new(&a[..], layout!(3:1)).unwrap();
    let bt = Tensor::try_new(&b[..], layout!(3:1)).unwrap();
    try_gemm(
        &at,
        &bt,
        &mut Tensor::try_new(&mut c[..], layout!(3:1)).unwrap(),
    )
    .unwrap();
    assert_eq!(c, [5, 11, 19]);
    // (M)x(N)->(M,N)
    let mut o = [0; 9];
    try_gemm(
        &at,
        &bt,
        &mut Tensor::try_new(&mut o[..], layout!((3,3):(1,3))).unwrap(),
    )
    .unwrap();
    assert_eq!(o, [4, 8, 12, 5, 10, 15, 6, 12, 18]);
    // (V,M,K)x(V,N,K)->(V,M,N) with V = 2: two independent 1x1x2 products.
    let a3 = [1, 10, 2, 20]; // (2,1,2)
    let b3 = [3, 30, 4, 40]; // (2,1,2)
    let mut c3 = [0; 2];
    try_gemm(
        &Tensor::try_new(&a3[..], layout!((2,1,2):(1,2,2))).unwrap(),
        &Tensor::try_new(&b3[..], layout!((2,1,2):(1,2,2))).unwrap(),
        &mut Tensor::try_new(&mut c3[..], layout!((2,1,1):(1,2,2))).unwrap(),
    )
    .unwrap();
    assert_eq!(c3, [3 + 2 * 4, 10 * 30 + 20 * 40]);
    // Mismatches.
    let mut c2 = [0; 4];
    let mut ct = Tensor::try_new(&mut c2[..], layout!((2,2):(1,2))).unwrap();
    let e = try_gemm(&at, &bt, &mut ct).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ShapeMismatch);
    let k3 = Tensor::try_new(&b[..], layout!((1,3):(1,1))).unwrap();
    let k2 = Tensor::try_new(&a[..], layout!((1,2):(1,1))).unwrap();
    assert_eq!(
        try_gemm(&at, &k2, &mut ct).unwrap_err().kind(),
        ErrorKind::RankMismatch
    );
    let mut c1 = [0; 1];
    let mut c1t = Tensor::try_new(&mut c1[..], layout!((1,1):(1,1))).unwrap();
    assert_eq!(
        try_gemm(&k3, &k2, &mut c1t).unwrap_err().kind(),
        ErrorKind::ShapeMismatch
    );
}

#[test]
fn raw_tensors_compute_pointers() {
    let mut data = [0u16; 64];
    let p = data.as_mut_ptr();
    // SAFETY: `data` outlives the tensor; the pointers are only compared.
    let t = unsafe { Tensor::from_raw_parts(p, 64, 0, layout!((8,8):(1,8))) }.unwrap();
    let part = t.local_partition(&layout!((2,2):(1,2)), 3);
    assert_eq!(part.data_ptr(), p.wrapping_add(1 + 8) as *const u16);
    assert!(unsafe { Tensor::from_raw_parts(p, 63, 0, layout!((8,8):(1,8))) }.is_err());
    let e = t.engine();
    assert_eq!(Engine::len(e), 64);
}

// ---------------------------------------------------------------------------------------------
// Coordinate tensors (make_identity_tensor) and predication

proptest! {
    /// The identity tensor partitioned as a data tensor gives, at every (thread, value), the
    /// natural coordinate `(r, c)` of the element the data tensor's partition addresses there
    /// (data over `(m,n):(1,m)` holding its own index `r + m·c`), through local_tile then
    /// local_partition.
    #[test]
    fn identity_partition_addresses_the_data_partition(
        pm in 1i64..4, pn in 1i64..4, am in 1i64..3, an in 1i64..3, bm in 1i64..3, bn in 1i64..3,
        row_major_thr in any::<bool>(),
    ) {
        let thr = if row_major_thr {
            layout!(({v(pm)},{v(pn)}):({v(pn)},{v(1)})).unwrap()
        } else {
            layout!(({v(pm)},{v(pn)}):({v(1)},{v(pm)})).unwrap()
        };
        let (tm, tn) = (pm * am, pn * an);
        let (m, n) = (tm * bm, tn * bn);
        let data: Vec<i64> = (0..m * n).collect();
        let lay = layout!(({v(m)},{v(n)}):({v(1)},{v(m)})).unwrap();
        let id = make_coord_tensor(try_make_identity_layout((m, n)).unwrap());
        for (x, y) in (0..bm).flat_map(|x| (0..bn).map(move |y| (x, y))) {
            let dt = Tensor::try_new(&data[..], lay).unwrap().local_tile((tm, tn), (x, y));
            let it = id.local_tile((tm, tn), (x, y));
            for tid in 0..pm * pn {
                let dp = dt.local_partition(&thr, tid);
                let ip = it.local_partition(&thr, tid);
                let size = dp.layout().size();
                prop_assert!(ip.try_get(size).is_err()); // the same size
                prop_assert!(ip.try_get(size - 1).is_ok());
                for k in 0..size {
                    let (r, c) = ip.get(k);
                    prop_assert_eq!(dp[k], r + m * c);
                }
            }
        }
    }

    /// Predication of a tiling that does not divide the shape: over all `⌈m/tm⌉·⌈n/tn⌉`
    /// tiles, tile `(x, y)` element `(i, j)` is the coordinate `(tm·x + i, tn·y + j)`, and the
    /// elements with `coord < shape` are exactly the `m·n` coordinates of the shape, once each.
    #[test]
    fn identity_predicates_a_non_dividing_tiling(
        m in 1i64..12, n in 1i64..12, tm in 1i64..6, tn in 1i64..6,
    ) {
        let id = try_make_identity_tensor((m, n)).unwrap();
        let (gx, gy) = ((m + tm - 1) / tm, (n + tn - 1) / tn);
        let mut seen = BTreeMap::new();
        let mut masked = 0;
        for (x, y) in (0..gx).flat_map(|x| (0..gy).map(move |y| (x, y))) {
            let tile = id.local_tile((tm, tn), (x, y));
            for (i, j) in (0..tm).flat_map(|i| (0..tn).map(move |j| (i, j))) {
                let (r, c) = tile.get((i, j));
                prop_assert_eq!((r, c), (tm * x + i, tn * y + j));
                if r < m && c < n {
                    *seen.entry((r, c)).or_insert(0) += 1;
                } else {
                    masked += 1;
                }
            }
        }
        prop_assert_eq!(seen.len() as i64, m * n);
        prop_assert!(seen.values().all(|&k| k == 1));
        prop_assert_eq!(masked, gx * gy * tm * tn - m * n);
        prop_assert_eq!(id.try_local_tile((tm, tn), (gx, 0)).unwrap_err().kind(), ErrorKind::BadCoordinate);
    }
}

/// Static shapes: the identity tensor of `(8,6)` is zero-sized apart from its origin, and its
/// `local_tile`/`local_partition` match those of a static data tensor element by element.
#[test]
fn static_identity_matches_static_data_partition() {
    let data: Vec<i64> = (0..48).collect();
    let t = Tensor::try_new(&data[..], layout!((8, 6):(1, 8))).unwrap();
    let id = make_identity_tensor((U8::new(), U6::new()));
    assert_eq!(core::mem::size_of_val(id.layout()), 0);
    let thr = layout!((2, 3):(3, 1));
    for (x, y) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        let dt = t.local_tile((U4::new(), U3::new()), (x, y));
        let it = id.local_tile((U4::new(), U3::new()), (x, y));
        for tid in 0..6 {
            let dp = dt.local_partition(&thr, tid);
            let ip = it.local_partition(&thr, tid);
            for k in 0..4 {
                // (4,3) tiles over (2,3) threads: 2 values each.
                assert_eq!(ip.try_get(k).is_ok(), k < 2);
                if k >= 2 {
                    continue;
                }
                let (r, c) = ip.get(k);
                assert_eq!(dp[k], r + 8 * c);
            }
        }
    }
}

/// `make_identity_tensor(shape)` in one call (CuTe's name): every index `i` of `((2,3),4)`
/// maps to its natural coordinate, computed here by colexicographic division; so does the
/// rank-R coordinate; the runtime form agrees on a mixed shape and refuses a zero extent.
#[test]
fn make_identity_tensor_maps_to_natural_coordinates() {
    let id = make_identity_tensor(((U2::new(), U3::new()), U4::new()));
    for i in 0..24i64 {
        let nat = ((i % 2, (i / 2) % 3), i / 6);
        assert_eq!(id.get(i), nat);
        assert_eq!(id.get((i % 6, i / 6)), nat);
        assert_eq!(id.get(nat), nat);
    }
    assert_eq!(id.try_get(24).unwrap_err().kind(), ErrorKind::BadCoordinate);
    // The same as the two-call form.
    assert_eq!(
        *id.layout(),
        *make_coord_tensor(make_identity_layout(((U2::new(), U3::new()), U4::new()))).layout()
    );
    let rt = try_make_identity_tensor((U4::new(), (3i64, U2::new()))).unwrap();
    for i in 0..24i64 {
        assert_eq!(rt.get(i), (i % 4, ((i / 4) % 3, i / 12)));
    }
    assert!(try_make_identity_tensor((U4::new(), 0i64)).is_err());
    // Tiled as CuTe's predication example: the tile (1,1) of (5,6) by (4,4) starts at (4,4).
    let tile = make_identity_tensor((cute_layout::typenum::U5::new(), U6::new()))
        .local_tile((U4::new(), U4::new()), (1, 1));
    assert_eq!(tile.get((3, 1)), (7, 5));
}

// ---------------------------------------------------------------------------------------------
// The algorithms' loop nests (mode by mode) against the loop over the integral coordinate

/// CuTe notation of a layout over the flat modes `m`, the first `group` of them (if at
/// least 2) nested as one mode: `((2,3),4):((1,2),6)`.
fn notation(m: &[(i64, i64)], group: usize) -> String {
    let g = if group >= 2 && group <= m.len() {
        group
    } else {
        0
    };
    let list = |f: &dyn Fn(&(i64, i64)) -> i64| {
        let parts: Vec<String> = m.iter().map(|x| f(x).to_string()).collect();
        if g == 0 {
            format!("({})", parts.join(","))
        } else {
            let (a, b) = parts.split_at(g);
            let mut outer = vec![format!("({})", a.join(","))];
            outer.extend(b.iter().cloned());
            format!("({})", outer.join(","))
        }
    };
    format!("{}:{}", list(&|x| x.0), list(&|x| x.1))
}

/// The base that makes every offset of the flat modes non-negative, and the length reaching
/// the largest.
fn span(m: &[(i64, i64)]) -> (usize, usize) {
    let n: i64 = m.iter().map(|x| x.0).product();
    let offs: Vec<i64> = (0..n).map(|i| oracle(m, i)).collect();
    let (lo, hi) = (*offs.iter().min().unwrap(), *offs.iter().max().unwrap());
    ((-lo) as usize, (hi - lo + 1) as usize)
}

/// Sizes, a permutation of them (so that the two layouts may or may not refine each other:
/// `(2,3)` against `(3,2)` does not), strides (negative and 0 included: a destination whose
/// layout repeats an offset must receive the last value) and groupings.
/// Two flat mode lists of the same size and a grouping for each.
type TwoLayouts = (Vec<(i64, i64)>, Vec<(i64, i64)>, usize, usize);

fn two_layouts() -> impl Strategy<Value = TwoLayouts> {
    prop::collection::vec(1i64..5, 1..6).prop_flat_map(|sizes| {
        let n = sizes.len();
        (
            Just(sizes.clone()),
            Just(sizes).prop_shuffle(),
            prop::collection::vec(-3i64..7, n),
            prop::collection::vec(-3i64..7, n),
            0usize..4,
            0usize..4,
        )
            .prop_map(|(s, p, ds, dd, gs, gd)| {
                let a = s.into_iter().zip(ds).collect();
                let b = p.into_iter().zip(dd).collect();
                (a, b, gs, gd)
            })
    })
}

proptest! {
    /// `copy`, `axpby` and `fill` through `DynLayout` and mixed tensors do what the loop over
    /// `i = 0..size` does, in that order: `dst[L_d(i)] = src[L_s(i)]` (the last write wins
    /// where `L_d` repeats an offset), for nested layouts that do and do not refine.
    #[test]
    fn algorithms_follow_the_integral_order((ms, md, gs, gd) in two_layouts(), seed in any::<u64>()) {
        let (ls, ld) = (dl(&notation(&ms, gs)), dl(&notation(&md, gd)));
        let ((bs, ns), (bd, nd)) = (span(&ms), span(&md));
        let n = ls.size();
        let src: Vec<i64> = (0..ns as i64).map(|x| (x * 7919) ^ (seed % 4096) as i64).collect();
        let init: Vec<i64> = (0..nd as i64).map(|x| x * 31 + 5).collect();
        let mut want = init.clone();
        for i in 0..n {
            want[(bd as i64 + oracle(&md, i)) as usize] = src[(bs as i64 + oracle(&ms, i)) as usize];
        }
        let s = Tensor::try_with_offset(&src[..], bs, ls.clone()).unwrap();
        let mut got = init.clone();
        try_copy(&s, &mut Tensor::try_with_offset(&mut got[..], bd, ld.clone()).unwrap()).unwrap();
        prop_assert_eq!(&got, &want);
        // The same through a mixed layout of rank 2 (the first mode nested where it is).
        if md.len() == 2 && gd == 0 {
            let lm = layout!(({v(md[0].0)},{v(md[1].0)}):({v(md[0].1)},{v(md[1].1)})).unwrap();
            let mut got = init.clone();
            try_copy(&s, &mut Tensor::try_with_offset(&mut got[..], bd, lm).unwrap()).unwrap();
            prop_assert_eq!(&got, &want);
        }
        // axpby: y(i) = 2·x(i) − y(i), read and written in the order of i.
        let mut want = init.clone();
        for i in 0..n {
            let o = (bd as i64 + oracle(&md, i)) as usize;
            want[o] = 2 * src[(bs as i64 + oracle(&ms, i)) as usize] - want[o];
        }
        let mut got = init.clone();
        try_axpby(2, &s, -1, &mut Tensor::try_with_offset(&mut got[..], bd, ld.clone()).unwrap()).unwrap();
        prop_assert_eq!(&got, &want);
        // fill touches exactly the offsets of the layout.
        let mut got = init.clone();
        cute_layout::tensor::fill(&mut Tensor::try_with_offset(&mut got[..], bd, ld).unwrap(), -1);
        let mut want = init;
        for i in 0..n {
            want[(bd as i64 + oracle(&md, i)) as usize] = -1;
        }
        prop_assert_eq!(got, want);
    }

    /// `gemm` (M,K)×(N,K)→(M,N) and (V,M,K)×(V,N,K)→(V,M,N) with every mode nested
    /// differently in each tensor (a permutation of its sizes) and random strides, against
    /// the naive loops over the oracle offsets.
    #[test]
    fn gemm_with_nested_modes_is_the_naive_product(
        (am, cm, _, _) in two_layouts(), (bn, cn, _, _) in two_layouts(), (ak, bk, _, _) in two_layouts(),
        vs in 1i64..3, g in 0usize..3, seed in any::<u64>(),
    ) {
        prop_assume!(am.len() + bn.len() + ak.len() <= 9);
        let val = |i: i64| ((seed.wrapping_mul(i as u64 + 1) >> 9) % 13) as i64 - 6;
        // Modes: A (V, M, K), B (V, N, K), C (V, M, N); V = vs:1 in each when batched.
        for batched in [false, true] {
            let with_v = |m: &[&[(i64, i64)]], vstride: i64| -> (String, Vec<Vec<(i64, i64)>>) {
                let mut modes: Vec<Vec<(i64, i64)>> = m.iter().map(|x| x.to_vec()).collect();
                if batched {
                    modes.insert(0, vec![(vs, vstride)]);
                }
                let text = |f: &dyn Fn(&(i64, i64)) -> i64| {
                    let ms: Vec<String> = modes.iter().enumerate().map(|(j, mm)| {
                        let l: Vec<String> = mm.iter().map(|x| f(x).to_string()).collect();
                        if mm.len() == 1 && j != g { l[0].clone() } else { format!("({})", l.join(",")) }
                    }).collect();
                    format!("({})", ms.join(","))
                };
                (format!("{}:{}", text(&|x| x.0), text(&|x| x.1)), modes)
            };
            // Stride of V: past every offset of the other modes, so that batches are apart.
            let far = 1000;
            let (la, ma) = with_v(&[&am, &ak], far);
            let (lb, mb) = with_v(&[&bn, &bk], far);
            let (lc, mc) = with_v(&[&cm, &cn], far);
            let spans: Vec<(usize, usize)> = [&ma, &mb, &mc].iter().map(|m| {
                let flat: Vec<(i64, i64)> = m.iter().flatten().copied().collect();
                span(&flat)
            }).collect();
            let a: Vec<i64> = (0..spans[0].1 as i64).map(val).collect();
            let b: Vec<i64> = (0..spans[1].1 as i64).map(|i| val(i + 5000)).collect();
            let c0: Vec<i64> = (0..spans[2].1 as i64).map(|i| val(i + 9000)).collect();
            let off = |m: &Vec<Vec<(i64, i64)>>, base: usize, cs: &[i64]| -> usize {
                (base as i64 + m.iter().zip(cs).map(|(mm, &c)| oracle(mm, c)).sum::<i64>()) as usize
            };
            let size = |m: &[(i64, i64)]| m.iter().map(|x| x.0).product::<i64>();
            let (mm, nn, kk) = (size(&am), size(&bn), size(&ak));
            let mut want = c0.clone();
            let vv = if batched { vs } else { 1 };
            for k in 0..kk {
                for j in 0..nn {
                    for i in 0..mm {
                        for s in 0..vv {
                            let (ca, cb, cc) = if batched {
                                (vec![s, i, k], vec![s, j, k], vec![s, i, j])
                            } else {
                                (vec![i, k], vec![j, k], vec![i, j])
                            };
                            let oc = off(&mc, spans[2].0, &cc);
                            want[oc] += a[off(&ma, spans[0].0, &ca)] * b[off(&mb, spans[1].0, &cb)];
                        }
                    }
                }
            }
            let mut got = c0.clone();
            try_gemm(
                &Tensor::try_with_offset(&a[..], spans[0].0, dl(&la)).unwrap(),
                &Tensor::try_with_offset(&b[..], spans[1].0, dl(&lb)).unwrap(),
                &mut Tensor::try_with_offset(&mut got[..], spans[2].0, dl(&lc)).unwrap(),
            ).unwrap();
            prop_assert_eq!(got, want, "{} x {} -> {}", la, lb, lc);
        }
    }
}

/// Static layouts (whose loop nests are computed at compile time): a nested transpose that
/// refines, one that does not (`(2,3)` against `(3,2)`), and a static gemm with a nested M,
/// each against the loop over the integral coordinate.
#[test]
fn static_nests_follow_the_integral_order() {
    let src: Vec<i64> = (0..24).map(|x| x * 3 + 1).collect();
    let s = Tensor::try_new(&src[..], layout!(((2, 3), 4):((1, 2), 6))).unwrap();
    let mut dst = [0i64; 24];
    copy(
        &s,
        &mut Tensor::try_new(&mut dst[..], layout!((6, 4):(4, 1))).unwrap(),
    );
    for i in 0..24i64 {
        assert_eq!(dst[(4 * (i % 6) + i / 6) as usize], src[i as usize]);
    }
    let s = Tensor::try_new(&src[..6], layout!((2, 3):(1, 2))).unwrap();
    let mut dst = [0i64; 6];
    copy(
        &s,
        &mut Tensor::try_new(&mut dst[..], layout!((3, 2):(2, 1))).unwrap(),
    );
    for i in 0..6i64 {
        assert_eq!(dst[(2 * (i % 3) + i / 3) as usize], src[i as usize]);
    }
    // C(m,n) += A(m,k)·B(n,k) with M = (2,3) in A and 6 in C, K = 4.
    let a: Vec<i64> = (0..24).map(|x| x % 7 - 3).collect();
    let b: Vec<i64> = (0..20).map(|x| x % 5 - 2).collect();
    let mut c = vec![1i64; 30];
    gemm(
        &Tensor::try_new(&a[..], layout!(((2, 3), 4):((1, 2), 6))).unwrap(),
        &Tensor::try_new(&b[..], layout!((5, 4):(4, 1))).unwrap(),
        &mut Tensor::try_new(&mut c[..], layout!((6, 5):(1, 6))).unwrap(),
    );
    for i in 0..6 {
        for j in 0..5 {
            let want = 1 + (0..4).map(|k| a[i + 6 * k] * b[4 * j + k]).sum::<i64>();
            assert_eq!(c[i + 6 * j], want);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// make_fragment_like / make_layout_like

/// The shape and the strides of a layout's text, `"shape:stride"`.
fn parts(l: &str) -> (String, String) {
    let (s, d) = l.split_once(':').expect("shape:stride");
    (s.to_string(), d.to_string())
}
/// The leaves of a layout's text, nesting removed: `(4,(2)):(1,(4))` is `4,2:1,4`.
fn flat_text(l: &str) -> String {
    l.chars()
        .filter(|c| !matches!(c, '(' | ')' | '_'))
        .collect()
}

/// CuTe's results (`tests/data/tensor/like.txt`, printed by CuTe C++: see `like_gen.cpp` for
/// the command), by function and input layout (`_` of static integers removed).
fn cute_like() -> BTreeMap<(String, String), String> {
    let text = include_str!("data/tensor/like.txt");
    let mut m = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (f, rest) = line.split_once(' ').unwrap();
        let (input, out) = rest.split_once(" -> ").unwrap();
        m.insert((f.to_string(), input.replace('_', "")), out.to_string());
    }
    m
}

#[test]
fn make_fragment_like_and_make_layout_like_match_cute() {
    let want = cute_like();
    let mut seen = 0;
    let mut check = |f: &str, input: String, got: String| {
        let key = (f.to_string(), input.clone());
        let cute = want
            .get(&key)
            .unwrap_or_else(|| panic!("no CuTe line for {f} {input}"));
        // The same leaves (CuTe's tiled_product nests a single remaining mode: `(4,(2))`)...
        assert_eq!(
            flat_text(&got),
            flat_text(cute),
            "{f} {input}: {got} vs CuTe {cute}"
        );
        // ... and the source's shape.
        assert_eq!(parts(&got).0, parts(&input).0, "{f} {input}: shape");
        seen += 1;
    };
    macro_rules! frag {
        ($($l:expr),* $(,)?) => {$(
            let l = $l;
            check("make_fragment_like", l.to_string(), make_fragment_like::<u8, _>(&l).layout().to_string());
        )*};
    }
    macro_rules! like {
        ($($l:expr),* $(,)?) => {$(
            let l = $l;
            check("make_layout_like", l.to_string(), l.make_layout_like().unwrap().to_string());
        )*};
    }
    frag!(
        layout!((4,2):(16,1)),
        layout!((2,3,4):(12,1,3)),
        layout!((2,3,4):(1,8,2)),
        layout!(((2,2),3,4):((0,1),0,2)),
        layout!((2,3,4):(1,5,5)),
        layout!((4,(2,3),(2,2)):(1,(32,8),(2,64))),
        layout!((4,3,2):(1,-4,12)),
        layout!((4,3,2):(1,{100},{7})).unwrap(),
        layout!((4,3,2,5):(1,{100},2,0)).unwrap(),
        layout!((4,1,3):(1,0,4)),
        layout!(((2,4),8):((8,0),1)),
        layout!(((2,2),2,2):((0,0),4,1)),
        layout!((8):(0)),
        layout!(((2,4)):((0,1))),
        layout!(8:3),
        layout!((2,1,(3,1)):(1,0,(2,0))),
    );
    like!(
        layout!((2,2,2,2):(0,2,4,1)),
        layout!(({2},{3},{4},{5}):(0,{42},1,0)).unwrap(),
        layout!((4,(2,3)):(3,(1,12))),
        layout!((4,2):(16,1)),
        layout!((2,3,4):(1,5,5)),
        layout!((4,3,2):(1,-4,12)),
        layout!((4,3,2,5):(1,{100},2,0)).unwrap(),
        layout!(8:0),
    );
    assert_eq!(seen, want.len(), "every CuTe line is checked");
}

/// The postconditions of `make_fragment_like` on the layout with flat modes `src` (and the
/// number of leaves of mode 0) and the fragment's flat modes `frag`: the same shape; mode 0's
/// broadcast leaves (static stride 0) stay 0 and the others are column major from 1; the
/// other leaves follow the source's stride order (sizes > 1, distinct strides); the fragment
/// maps its non-broadcast coordinates one to one onto `[0, cosize)`.
fn check_fragment(src: &[(i64, i64)], mode0: usize, frag: &[(i64, i64)]) {
    assert_eq!(src.len(), frag.len());
    let mut next = 1;
    for k in 0..src.len() {
        assert_eq!(src[k].0, frag[k].0, "same shape");
        if k < mode0 {
            if src[k].1 == 0 || src[k].0 == 1 {
                assert_eq!(frag[k].1, 0, "broadcast stays broadcast");
            } else {
                assert_eq!(frag[k].1, next, "mode 0 column major");
                next *= src[k].0;
            }
        }
    }
    for i in mode0..src.len() {
        for j in mode0..src.len() {
            if src[i].1 < src[j].1 {
                assert!(
                    frag[i].1 < frag[j].1,
                    "ordered like the source: {src:?} -> {frag:?}"
                );
            }
        }
        assert!(
            frag[i].1 >= next || frag[i].0 == 1,
            "modes 1.. after mode 0"
        );
    }
    // Compact: the non-broadcast coordinates reach every offset of [0, cosize) exactly once.
    let live: Vec<(i64, i64)> = frag
        .iter()
        .copied()
        .filter(|&(s, d)| d != 0 && s > 1)
        .collect();
    let n: i64 = live.iter().map(|m| m.0).product();
    let cosize = 1 + live.iter().map(|&(s, d)| (s - 1) * d).sum::<i64>();
    assert_eq!(cosize, n, "compact: {frag:?}");
    let mut hit = vec![false; n as usize];
    for i in 0..n {
        let o = oracle(&live, i) as usize;
        assert!(!hit[o], "one to one: {frag:?}");
        hit[o] = true;
    }
}

/// The number of leaves of the first top-level mode of a tuple shape's text.
fn mode0_leaves(shape: &str) -> usize {
    let inner = &shape[1..shape.len() - 1];
    let mut depth = 0;
    let end = inner
        .find(|c: char| {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            c == ',' && depth == 0
        })
        .unwrap();
    inner[..end].split(',').count()
}

/// The flat modes of a layout's text.
fn flat_modes(l: &str) -> Vec<(i64, i64)> {
    let (s, d) = parts(&flat_text(l));
    let s: Vec<i64> = s.split(',').map(|x| x.parse().unwrap()).collect();
    let d: Vec<i64> = d.split(',').map(|x| x.parse().unwrap()).collect();
    s.into_iter().zip(d).collect()
}

#[test]
fn make_fragment_like_properties() {
    // Every order of four strides over one shape, and broadcast leaves in mode 0 with every
    // order of the other modes (the layouts are types: the cases are listed).
    macro_rules! cases {
        ($($l:expr),* $(,)?) => {$(
            let l = $l;
            let src = l.to_string();
            let f = make_fragment_like::<u8, _>(&l);
            let mode0 = mode0_leaves(&parts(&src).0);
            check_fragment(&flat_modes(&src), mode0, &flat_modes(&f.layout().to_string()));
            assert_eq!(f.engine().len(), f.layout().cosize() as usize);
        )*};
    }
    cases!(
        layout!((3,2,4,5):(1,7,20,100)),
        layout!((3,2,4,5):(1,7,100,20)),
        layout!((3,2,4,5):(1,20,7,100)),
        layout!((3,2,4,5):(1,20,100,7)),
        layout!((3,2,4,5):(1,100,7,20)),
        layout!((3,2,4,5):(1,100,20,7)),
        layout!((3,2,4,5):(7,1,20,100)),
        layout!((3,2,4,5):(7,1,100,20)),
        layout!((3,2,4,5):(7,20,1,100)),
        layout!((3,2,4,5):(7,20,100,1)),
        layout!((3,2,4,5):(7,100,1,20)),
        layout!((3,2,4,5):(7,100,20,1)),
        layout!((3,2,4,5):(20,1,7,100)),
        layout!((3,2,4,5):(20,1,100,7)),
        layout!((3,2,4,5):(20,7,1,100)),
        layout!((3,2,4,5):(20,7,100,1)),
        layout!((3,2,4,5):(20,100,1,7)),
        layout!((3,2,4,5):(20,100,7,1)),
        layout!((3,2,4,5):(100,1,7,20)),
        layout!((3,2,4,5):(100,1,20,7)),
        layout!((3,2,4,5):(100,7,1,20)),
        layout!((3,2,4,5):(100,7,20,1)),
        layout!((3,2,4,5):(100,20,1,7)),
        layout!((3,2,4,5):(100,20,7,1)),
        layout!(((2,3),(4,2),5):((0,1),(3,9),40)),
        layout!(((4,2),3,(2,5)):((1,0),3,(9,40))),
        layout!(((2,3),(4,2),5):((0,1),(3,40),9)),
        layout!(((4,2),3,(2,5)):((1,0),3,(40,9))),
        layout!(((2,3),(4,2),5):((0,1),(9,3),40)),
        layout!(((4,2),3,(2,5)):((1,0),9,(3,40))),
        layout!(((2,3),(4,2),5):((0,1),(9,40),3)),
        layout!(((4,2),3,(2,5)):((1,0),9,(40,3))),
        layout!(((2,3),(4,2),5):((0,1),(40,3),9)),
        layout!(((4,2),3,(2,5)):((1,0),40,(3,9))),
        layout!(((2,3),(4,2),5):((0,1),(40,9),3)),
        layout!(((4,2),3,(2,5)):((1,0),40,(9,3))),
    );
}

// ---------------------------------------------------------------------------------------------
// Projections: local_tile(T, tiler, coord, proj), local_partition(T, thr, i, proj)

proptest! {
    /// CuTe's sgemm: one block tiler `(BM, BN, BK)` and block coordinate `(m, n, _)` give A
    /// (`Step<_1, X, _1>`) its `(BM, BK, k)` tile: over every `m` (and any `n`, which A's tile
    /// ignores) the tiles cover each element of a runtime `(M, K)` tensor exactly once, the
    /// element at tile coordinate `(i, j, kt)` being `A(m·BM + i, kt·BK + j)`.
    #[test]
    fn local_tile_proj_covers_a_once(mt in 1i64..4, kt in 1i64..4, n in 0i64..3, ld in 0i64..3) {
        let (bm, bk) = (4i64, 2i64);
        let (m, k) = (mt * bm, kt * bk);
        let lda = m + ld; // a padded leading dimension
        let data: Vec<i64> = (0..lda * k).collect();
        let a = Tensor::try_new(&data[..], layout!(({m},{k}):(1,{lda})).unwrap()).unwrap();
        let tiler = (U4::new(), U8::new(), U2::new());
        let mut hits = vec![0; data.len()];
        for bm_i in 0..mt {
            let g = a.view().local_tile_proj(tiler, (bm_i, n, X), (U1::new(), X, U1::new()));
            prop_assert_eq!(g.layout().shape().0, U4::new());
            prop_assert_eq!(g.layout().shape().2, kt);
            for i in 0..bm {
                for j in 0..bk {
                    for t in 0..kt {
                        let v = g[(i, j, t)];
                        prop_assert_eq!(v, (bm_i * bm + i) + lda * (t * bk + j));
                        hits[v as usize] += 1;
                    }
                }
            }
        }
        for (x, h) in hits.iter().enumerate() {
            let want = if (x as i64 % lda) < m { 1 } else { 0 };
            prop_assert_eq!(*h, want, "element {} covered {} times", x, h);
        }
    }

    /// `local_partition(sA, (TM,TN):(1,TM), i, Step<_1, X>)`: thread `i` owns the rows
    /// `≡ i mod TM` of `sA` (every column); over all threads each element is owned by exactly
    /// `TN` threads — the threads of its row, whatever their column.
    #[test]
    fn local_partition_proj_rows(tm in 1usize..4, tn in 1usize..4) {
        let (tm, tn) = ([1i64, 2, 4][tm - 1], [1i64, 2, 4][tn - 1]);
        let data: Vec<i64> = (0..64).collect();
        let s = Tensor::try_new(&data[..], layout!((8,8):(1,8))).unwrap();
        let thr = layout!(({tm},{tn}):(1,{tm})).unwrap();
        let mut hits = [0i64; 64];
        for i in 0..tm * tn {
            let p = s.view().local_partition_proj(&thr, i, (U1::new(), X));
            prop_assert_eq!(p.layout().mode_size(0), 8 / tm); // (8/TM, BLK_K)
            for r in 0..8 / tm {
                for c in 0..8i64 {
                    let v = p[r + (8 / tm) * c];
                    prop_assert_eq!(v % 8, i % tm + r * tm);
                    hits[v as usize] += 1;
                }
            }
        }
        prop_assert!(hits.iter().all(|&h| h == tn));
    }
}

/// `relayout`, the partition-then-offset step of every view: a start or an offset before
/// the engine and an offset past it are `InvalidArgument`, `base + offset` beyond `i64`
/// is `Overflow`.
#[test]
fn relayout_checks_the_new_range() {
    let data = [0u8; 8];
    let t = || Tensor::try_with_offset(&data[..], 2, layout!(4:1)).unwrap();
    let r = t().relayout(layout!(2:1), 3).unwrap();
    assert_eq!(r.base(), 5);
    for (l, off) in [(layout!(2:1), -3), (layout!(2:1), 5)] {
        let e = t().relayout(l, off).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{off}: {e}");
    }
    // Negative strides: the start may lie past the offsets the layout reaches below it.
    let r = t().relayout(layout!(3:-1), 0).unwrap();
    assert_eq!(r.base(), 2);
    let e = t().relayout(layout!(4:-1), 0).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    let e = t().relayout(layout!(2:1), i64::MAX).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
}
