//! `retile` (CuTe `ThrCopy::retile_S` / `retile_D`): a thread's fragment, partitioned for
//! another purpose (typically a TiledMMA's `partition_fragment_A/B/C`), viewed in the copy's
//! per-thread order `((atom_vals, rest_vals), CPY_M, CPY_N, ...)`.
//!
//! CuTe's algorithm (`copy_atom.hpp`, `TiledCopy::retile`), on the runtime engine:
//!
//! ```text
//! V             = size<0>(tensor)
//! frg_layout_mn = upcast<TiledNumThr·V>(right_inverse(TiledLayout_TV).with_shape(shape(Tiler_MN)))
//! frg_layout_v  = zipped_divide(logical_product(V:1, right_inverse(frg_layout_mn)), AtomNumVal:1)
//! t             = zipped_divide(tensor, (V, product_each(shape(frg_layout_mn))...))
//! result        = t.compose(frg_layout_v, _)(_, (0, _, ...))
//! ```
//!
//! The result is a [`DynLayout`]: its shape depends on the fragment's runtime layout.

use alloc::vec::Vec;

use super::tiled_copy::{ThrCopy, TiledCopyLayouts};
use crate::composed::ComposedInner;
use crate::error::{layout_error, ErrorKind, Result};
use crate::int::StaticInt;
use crate::runtime::layout::{DynInt, DynLayout, DynTuple};
use crate::runtime::{
    try_composition, try_logical_product, try_right_inverse, try_slice_and_offset,
    try_zipped_divide, DynSliceCoord, DynTiler,
};
use crate::tensor::{Engine, Tensor, TensorLayout};
use crate::tuple::IntTuple;

fn static_int(v: i64) -> DynTuple {
    DynTuple::Int(DynInt {
        value: v,
        is_static: true,
    })
}

/// CuTe's `shape_div(a, b)` for positive `a`, `b`: `a / b`, or 1 where that is 0.
fn shape_div(a: i64, b: i64) -> i64 {
    crate::rules::int::shape_div(a, b).unwrap_or(1)
}

/// CuTe's `upcast<n>(shape, stride)` leaf by leaf (static strides): a stride-0 leaf is kept,
/// otherwise `shape_div(s, shape_div(n, |d|)) : sign(d)·shape_div(|d|, n)`. Unlike
/// [`crate::runtime::try_upcast`] it accepts modes that a wide element only partly covers, as
/// CuTe's `retile` needs (`upcast<TiledNumThr·V>` of an `(m,n) → (thread, value)` map).
fn cute_upcast(s: &DynTuple, d: &DynTuple, n: i64) -> Result<(DynTuple, DynTuple)> {
    match (s, d) {
        (DynTuple::Int(s), DynTuple::Int(d)) => {
            if d.value == 0 {
                return Ok((DynTuple::Int(*s), DynTuple::Int(*d)));
            }
            if s.value <= 0 || d.value == i64::MIN {
                return Err(layout_error!(
                    ErrorKind::ShapeMismatch,
                    "retile: bad leaf {}:{}",
                    s.value,
                    d.value
                ));
            }
            let a = d.value.abs();
            let shape = shape_div(s.value, shape_div(n, a));
            Ok((
                static_int(shape),
                static_int(d.value.signum() * shape_div(a, n)),
            ))
        }
        (DynTuple::Tuple(ss), DynTuple::Tuple(ds)) if ss.len() == ds.len() => {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            for (x, y) in ss.iter().zip(ds) {
                let (p, q) = cute_upcast(x, y, n)?;
                a.push(p);
                b.push(q);
            }
            Ok((DynTuple::tuple(a), DynTuple::tuple(b)))
        }
        _ => Err(layout_error!(
            ErrorKind::ShapeMismatch,
            "retile: shape and stride differ"
        )),
    }
}

/// The retiled layout of a fragment layout `frag` (CuTe's `retile(tensor).layout()`), and the
/// offset of its origin (0 for the layouts CuTe accepts). Errors: a fragment of rank 0, a
/// fragment whose modes the copy's tile does not divide, an algebra failure.
pub fn try_retile_layout<TC>(_tiled_copy: &TC, frag: &DynLayout) -> Result<(DynLayout, i64)>
where
    TC: TiledCopyLayouts,
    TC::TiledLayout_TV: ComposedInner,
{
    let rank = match frag.shape() {
        DynTuple::Int(_) => 1,
        DynTuple::Tuple(v) => v.len(),
    };
    if rank == 0 {
        return Err(layout_error!(
            ErrorKind::ShapeMismatch,
            "retile: the fragment {frag} has no modes"
        ));
    }
    let v = frag.mode(0)?.size();
    let nthr = TC::TiledNumThr::VALUE;
    let tv = TC::TiledLayout_TV::default().to_dyn_layout();
    let tiler = TC::TilerShape::default().to_dyn();
    // (m,n) -> v_idx: the shape and order of the V values inside TiledLayout_TV.
    let with_shape = try_composition(&try_right_inverse(&tv)?, &DynLayout::column_major(tiler)?)?;
    let n = nthr
        .checked_mul(v)
        .ok_or_else(crate::error::LayoutError::overflow)?;
    let (us, ud) = cute_upcast(with_shape.shape(), with_shape.stride(), n)?;
    let frg_layout_mn = DynLayout::new(us, ud)?;
    // (atom_vals, rest_vals) -> (v, m, n)
    let v_layout = DynLayout::new(static_int(v), static_int(1))?;
    let prod = try_logical_product(&v_layout, &try_right_inverse(&frg_layout_mn)?)?;
    let atom_vals = DynLayout::new(static_int(TC::AtomNumVal::VALUE), static_int(1))?;
    let frg_layout_v = try_zipped_divide(&prod, &atom_vals)?;
    // ((TileV, TileM, TileN, ...), (1, RestM, RestN, ...))
    let mut tile = Vec::new();
    tile.push(static_int(v));
    match frg_layout_mn.shape() {
        DynTuple::Int(i) => tile.push(static_int(i.value)),
        DynTuple::Tuple(items) => {
            for s in items {
                tile.push(static_int(s.size()?));
            }
        }
    }
    let t = try_zipped_divide(frag, &DynTiler::from_shape(&DynTuple::tuple(tile))?)?;
    let composed = try_composition(
        &t,
        &DynTiler::Tuple(alloc::vec![DynTiler::Layout(frg_layout_v), DynTiler::Skip]),
    )?;
    let mut rest = alloc::vec![DynSliceCoord::Int(0)];
    rest.extend((1..rank).map(|_| DynSliceCoord::Skip));
    try_slice_and_offset(
        &composed,
        &DynSliceCoord::Tuple(alloc::vec![DynSliceCoord::Skip, DynSliceCoord::Tuple(rest)]),
    )
}

impl<TC: TiledCopyLayouts> ThrCopy<TC> {
    /// `retile_S(tensor)` / `retile_D(tensor)` (the same function in CuTe): this thread's
    /// fragment `tensor` (e.g. a TiledMMA's `partition_fragment_A`), viewed as
    /// `((atom_vals, rest_vals), CPY_M, CPY_N, ...)`, the copy's per-thread order. Errors: see
    /// [`try_retile_layout`].
    ///
    /// ```
    /// use cute_layout::atom::*;
    /// use cute_layout::{layout, tensor::Tensor, typenum::{U16, U32}};
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)),
    ///                          (U32::new(), U32::new(), U16::new()));
    /// let ld = make_tiled_copy_a(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new(), mma);
    /// let regs = [0u16; 64];
    /// // the A fragment of the swizzled sA (partition_fragment_a): ((2,2,2),4,2):((1,2,4),8,32)
    /// let frag = Tensor::try_new(&regs[..], layout!(((2,2,2),4,2):((1,2,4),8,32))).unwrap();
    /// let r = ld.get_slice(5).retile(frag);
    /// // CuTe: ldA.retile_D(tCrA) = ((_8,_1),_4,_2):((_1,_0),_8,_32)
    /// assert_eq!(r.layout().to_string(), "((8,1),4,2):((1,0),8,32)");
    /// ```
    pub fn try_retile<E: Engine, L>(&self, t: Tensor<E, L>) -> Result<Tensor<E, DynLayout>>
    where
        L: TensorLayout + ComposedInner,
        TC::TiledLayout_TV: ComposedInner,
    {
        let (r, off) = try_retile_layout(&TC::default(), &t.layout().to_dyn_layout())?;
        t.relayout(r, off)
    }
    /// [`try_retile`](Self::try_retile), panicking with its error.
    #[track_caller]
    pub fn retile<E: Engine, L>(&self, t: Tensor<E, L>) -> Tensor<E, DynLayout>
    where
        L: TensorLayout + ComposedInner,
        TC::TiledLayout_TV: ComposedInner,
    {
        match self.try_retile(t) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }
    /// `retile_S`: [`try_retile`](Self::try_retile).
    pub fn try_retile_s<E: Engine, L>(&self, t: Tensor<E, L>) -> Result<Tensor<E, DynLayout>>
    where
        L: TensorLayout + ComposedInner,
        TC::TiledLayout_TV: ComposedInner,
    {
        self.try_retile(t)
    }
    /// `retile_D`: [`try_retile`](Self::try_retile).
    pub fn try_retile_d<E: Engine, L>(&self, t: Tensor<E, L>) -> Result<Tensor<E, DynLayout>>
    where
        L: TensorLayout + ComposedInner,
        TC::TiledLayout_TV: ComposedInner,
    {
        self.try_retile(t)
    }
}
