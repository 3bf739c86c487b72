//! CuTe's `make_layout_like` on runtime-structured layouts (the type-level engine's is
//! [`MakeLayoutLike`](crate::tensor::MakeLayoutLike)).

use alloc::vec::Vec;

use crate::error::Result;
use crate::runtime::layout::{DynInt, DynLayout, DynTuple};

/// CuTe's `make_layout_like(L)` (`cute/layout.hpp`; PyCuTe `layout.py`): the compact layout of
/// `L`'s shape whose leaves are laid out in the order of `L`'s strides. Each leaf `s : d` gets
/// the stride `∏ { s'ⱼ : keyⱼ < key }` over the leaves of strictly smaller key, where the key is
/// the stride, a runtime stride counting as larger than every static one (runtime strides in
/// left-to-right order), and `s'ⱼ` is 1 for a leaf of static stride 0, `sⱼ` otherwise. A leaf
/// of static stride 0 or of static size 1 gets the stride 0. Equal strides share a start, as
/// in CuTe (PyCuTe orders ties left to right instead). The shape keeps its marks; the strides
/// are static iff `L` is. The same layout as the type-level
/// [`MakeLayoutLike`](crate::tensor::MakeLayoutLike).
///
/// ```
/// # use cute_layout::{DynLayout, algebra::make_layout_like};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// // CuTe's and PyCuTe's examples; `_` marks a static value.
/// let like = |s: &str| format!("{:#}", make_layout_like(&l(s)));
/// assert_eq!(like("(_2,_2,_2,_2):(_0,_2,_4,_1)"), "(_2,_2,_2,_2):(_0,_2,_4,_1)");
/// assert_eq!(like("(_4,_8):(_100,_1)"), "(_4,_8):(_8,_1)");
/// assert_eq!(like("(_2,_3,_4,_5):(_0,_42,_1,_0)"), "(_2,_3,_4,_5):(_0,_4,_1,_0)");
/// // Runtime strides: after the static ones, left to right.
/// assert_eq!(like("(_2,_3,_4,_5):(_0,42,_1,0)"), "(_2,_3,_4,_5):(0,4,1,12)");
/// ```
pub fn try_make_layout_like(l: &DynLayout) -> Result<DynLayout> {
    let leaves: Vec<(DynInt, DynInt)> = l.shape().leaf_ints().zip(l.stride().leaf_ints()).collect();
    let max = leaves
        .iter()
        .filter(|(_, d)| d.is_static)
        .fold(0i128, |m, (_, d)| m.max(i128::from(d.value)));
    let zero = |d: &DynInt| d.is_static && d.value == 0;
    let key = |j: usize, d: &DynInt| {
        if d.is_static {
            i128::from(d.value)
        } else {
            max + 1 + j as i128
        }
    };
    let keys: Vec<i128> = leaves
        .iter()
        .enumerate()
        .map(|(j, (_, d))| key(j, d))
        .collect();
    let is_static = l.is_static();
    // Each product is over distinct leaves: at most size(L), no overflow.
    let strides = leaves.iter().enumerate().map(|(j, (s, d))| {
        let value = if zero(d) || (s.is_static && s.value == 1) {
            0
        } else {
            leaves
                .iter()
                .zip(&keys)
                .filter(|&(_, &k)| k < keys[j])
                .map(|((s, d), _)| if zero(d) { 1 } else { s.value })
                .product()
        };
        DynInt { value, is_static }
    });
    fn rebuild(shape: &DynTuple, it: &mut dyn Iterator<Item = DynInt>) -> DynTuple {
        match shape {
            // Congruent by construction: one stride per leaf.
            DynTuple::Int(_) => DynTuple::Int(it.next().unwrap_or(DynInt::fixed(0))),
            DynTuple::Tuple(v) => DynTuple::Tuple(v.iter().map(|x| rebuild(x, it)).collect()),
        }
    }
    let stride = rebuild(l.shape(), &mut strides.into_iter());
    DynLayout::new(l.shape().clone(), stride)
}

plain!(make_layout_like = try_make_layout_like(l: &DynLayout) -> DynLayout);

/// The runtime engine's `make_layout_like`, through the type-level engine's trait.
impl crate::tensor::MakeLayoutLike for DynLayout {
    type Output = DynLayout;
    #[inline]
    fn make_layout_like(&self) -> Result<DynLayout> {
        try_make_layout_like(self)
    }
}
