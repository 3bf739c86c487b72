//! `tiler_to_layout` (PyCuTe, NVlabs/CuTe `pycute/layout.py`; paper §3.3.5).

use alloc::vec::Vec;

use super::{err, AsTiler, DynTiler};
use crate::basis::{DynBasisLayout, DynBasisTuple, DynScaledBasis};
use crate::error::{ErrorKind, Result};
use crate::runtime::layout::DynTuple;

/// `tiler_to_layout(T)` (PyCuTe `layout.py`, after paper §3.3.5): the one layout that acts as
/// the tiler `T` under composition. A layout is itself (an integer `n` is `n:1`, a shape
/// `(4,8)` the tiler `<4,8>`); a by-mode tiler `<T0, T1, ...>` is the layout whose mode `i` is
/// `tiler_to_layout(T_i)` with every stride scaled by the basis element `e_i` (nested tilers
/// nest the paths), so that mode `i` of a coordinate lands on mode `i` of the codomain:
/// `<4:2, 5:3>` becomes `(4,5):(2@0,3@1)`.
///
/// Postconditions (PyCuTe): `shape(R) = shape(T)`, and composing with `R` is composing by mode
/// with `T` (`logical_divide(A, R)` is `zipped_divide(A, T)`). A `_` in `T` keeps a whole mode
/// of the layout it is applied to and has no layout of its own: an
/// [`ErrorKind::InvalidArgument`] error. Marks are kept (the paths are static).
///
/// ```
/// # use cute_layout::algebra::{tiler_to_layout, DynTiler};
/// let t = |s: &str| s.parse::<DynTiler>().unwrap();
/// // PyCuTe's examples.
/// assert_eq!(tiler_to_layout(&t("3")).to_string(), "3:1");
/// assert_eq!(tiler_to_layout(&t("(7,2):(3,1)")).to_string(), "(7,2):(3,1)");
/// assert_eq!(tiler_to_layout(&t("(4,5)")).to_string(), "(4,5):(1@0,1@1)");
/// assert_eq!(tiler_to_layout(&t("<4:2,5:3>")).to_string(), "(4,5):(2@0,3@1)");
/// assert_eq!(tiler_to_layout(&t("<<2,2>,4:1>")).to_string(), "((2,2),4):((1@0@0,1@1@0),1@1)");
/// ```
pub fn try_tiler_to_layout<T: AsTiler + ?Sized>(t: &T) -> Result<DynBasisLayout> {
    fn go(t: &DynTiler, path: &mut Vec<usize>) -> Result<(DynTuple, DynBasisTuple)> {
        match t {
            DynTiler::Layout(l) => {
                fn scale(d: &DynTuple, path: &[usize]) -> DynBasisTuple {
                    match d {
                        DynTuple::Int(v) => DynBasisTuple::Basis(DynScaledBasis {
                            value: *v,
                            modes: path.to_vec(),
                        }),
                        DynTuple::Tuple(v) => {
                            DynBasisTuple::Tuple(v.iter().map(|x| scale(x, path)).collect())
                        }
                    }
                }
                Ok((l.shape().clone(), scale(l.stride(), path)))
            }
            // A basis stride `v@q` of mode `i` lands on entry `q` of codomain mode `i`.
            DynTiler::Basis(l) => Ok((
                l.shape().clone(),
                l.stride().map_leaves(&mut |b| DynScaledBasis {
                    value: b.value,
                    modes: path.iter().chain(&b.modes).copied().collect(),
                }),
            )),
            DynTiler::Tuple(v) => {
                let mut shapes = Vec::with_capacity(v.len());
                let mut strides = Vec::with_capacity(v.len());
                for (i, x) in v.iter().enumerate() {
                    path.push(i);
                    let (s, d) = go(x, path)?;
                    path.pop();
                    shapes.push(s);
                    strides.push(d);
                }
                Ok((DynTuple::Tuple(shapes), DynBasisTuple::Tuple(strides)))
            }
            DynTiler::Skip => Err(err(
                ErrorKind::InvalidArgument,
                alloc::format!(
                    "tiler_to_layout: `_` at mode path {path:?} keeps a whole mode of the layout it is applied to and has no layout of its own"
                ),
            )),
        }
    }
    let t = t.as_tiler()?;
    let (s, d) = go(&t, &mut Vec::new())?;
    DynBasisLayout::new(s, d)
}

/// Panicking form of [`try_tiler_to_layout`].
#[track_caller]
pub fn tiler_to_layout<T: AsTiler + ?Sized>(t: &T) -> DynBasisLayout {
    super::unwrap(try_tiler_to_layout(t))
}
