//! The emission's intermediate form: a layout as its leaves (each a constant or a named runtime
//! parameter), its mode tree, and the parts around it (a swizzle, an offset, a codomain of
//! coordinates). Built from the runtime-structured types, which keep the static marks of the
//! types they came from.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::basis::DynBasisLayout;
use crate::error::{layout_error, ErrorKind, Result};
use crate::runtime::layout::{last_path_ends_at_leaf, DynInt, DynLayout, DynTuple};
use crate::swizzle::{DynSwizzle, SwizzleFn};

use super::Leaves;

/// A number in emitted code: a constant, or a runtime parameter with the value it had when the
/// layout was emitted (kept for range reports, never written into the code).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Val {
    Const(i64),
    Param(String, i64),
}

impl Val {
    pub(crate) fn value(&self) -> i64 {
        match self {
            Val::Const(v) | Val::Param(_, v) => *v,
        }
    }
    pub(crate) fn as_const(&self) -> Option<i64> {
        match self {
            Val::Const(v) => Some(*v),
            Val::Param(..) => None,
        }
    }
}

/// A stride leaf: an integer, or a scaled basis element `k@component` (the component is the
/// position of the basis' mode path among the codomain's leaves).
#[derive(Clone, Debug)]
pub(crate) enum StrideVal {
    Int(Val),
    Basis { scale: Val, component: usize },
}

/// One integral coordinate's evaluation: the leaves it is split over, left to right, and
/// whether the last of them takes the whole rest (CuTe's `idx2crd`: the path of last modes ends
/// at a leaf) or is reduced like the others (the path ends at an empty tuple).
#[derive(Clone, Debug)]
pub(crate) struct Split {
    pub(crate) leaves: Vec<usize>,
    pub(crate) runs_on: bool,
}

/// A layout-like function ready for code generation.
#[derive(Clone, Debug)]
pub(crate) struct Ir {
    /// The function in CuTe notation, static leaves marked `_` (`{:#}`).
    pub(crate) notation: String,
    pub(crate) shapes: Vec<Val>,
    pub(crate) strides: Vec<StrideVal>,
    /// The split of an integral coordinate of the whole layout.
    pub(crate) whole: Split,
    /// The split of each top-level mode's integral coordinate (one entry for an integer shape).
    pub(crate) modes: Vec<Split>,
    /// `A` of `A ∘ O ∘ B`.
    pub(crate) swizzle: Option<DynSwizzle>,
    /// `O` of `A ∘ O ∘ B`.
    pub(crate) offset: Option<Val>,
    /// A tensor's base, added outside everything else.
    pub(crate) base: Option<Val>,
    /// The number of codomain components of a basis-strided layout (`None`: offsets).
    pub(crate) components: Option<usize>,
    /// The runtime parameters, in signature order.
    pub(crate) params: Vec<Param>,
    /// An upper bound on `|offset|` (or on each coordinate component) over the domain, from the
    /// leaves' values; `None` when it does not fit an `i64`.
    pub(crate) bound: Option<u64>,
    pub(crate) size: i64,
}

/// A runtime parameter of the emitted functions.
#[derive(Clone, Debug)]
pub(crate) struct Param {
    pub(crate) name: String,
    pub(crate) value: i64,
    /// A shape leaf (also a parameter of `<name>_size`).
    pub(crate) is_shape: bool,
    pub(crate) what: String,
}

fn split_of(shape: &DynTuple, first_leaf: usize) -> Split {
    let n = shape.leaf_ints().count();
    Split {
        leaves: (first_leaf..first_leaf + n).collect(),
        runs_on: last_path_ends_at_leaf(shape),
    }
}

/// The splits of the whole layout and of each top-level mode.
fn splits(shape: &DynTuple) -> (Split, Vec<Split>) {
    let whole = split_of(shape, 0);
    let modes = match shape {
        DynTuple::Int(_) => alloc::vec![whole.clone()],
        DynTuple::Tuple(v) => {
            let mut first = 0;
            v.iter()
                .map(|m| {
                    let s = split_of(m, first);
                    first += s.leaves.len();
                    s
                })
                .collect()
        }
    };
    (whole, modes)
}

/// The value of a leaf: a constant when it is static or when `leaves` folds runtime values.
fn val(
    leaf: DynInt,
    name: String,
    is_shape: bool,
    what: String,
    leaves: Leaves,
    params: &mut Vec<Param>,
) -> Val {
    if leaf.is_static || leaves == Leaves::Fold {
        Val::Const(leaf.value)
    } else {
        params.push(Param {
            name: name.clone(),
            value: leaf.value,
            is_shape,
            what,
        });
        Val::Param(name, leaf.value)
    }
}

fn shape_vals(shape: &DynTuple, leaves: Leaves, params: &mut Vec<Param>) -> Vec<Val> {
    shape
        .leaf_ints()
        .enumerate()
        .map(|(k, l)| {
            val(
                l,
                format!("s{k}"),
                true,
                format!("shape leaf {k}"),
                leaves,
                params,
            )
        })
        .collect()
}

/// `Σ (s−1)·|d|` over the leaves, plus `|offset|`: a bound on `|L(c)|` in the domain.
fn bound_of(mut pairs: impl Iterator<Item = (i64, i64)>, offset: i64) -> Option<u64> {
    pairs.try_fold(offset.unsigned_abs(), |acc, (s, d)| {
        acc.checked_add((s as u64 - 1).checked_mul(d.unsigned_abs())?)
    })
}

pub(crate) fn from_layout(
    l: &DynLayout,
    offset: Option<(DynInt, &str)>,
    leaves: Leaves,
) -> Result<Ir> {
    let mut params = Vec::new();
    let shapes = shape_vals(l.shape(), leaves, &mut params);
    let strides = l
        .stride()
        .leaf_ints()
        .enumerate()
        .map(|(k, d)| {
            StrideVal::Int(val(
                d,
                format!("d{k}"),
                false,
                format!("stride leaf {k}"),
                leaves,
                &mut params,
            ))
        })
        .collect();
    let (whole, modes) = splits(l.shape());
    let offset_val = offset.map(|(o, what)| {
        val(
            o,
            String::from("o"),
            false,
            String::from(what),
            leaves,
            &mut params,
        )
    });
    let bound = bound_of(
        l.shape().leaves().zip(l.stride().leaves()),
        offset_val.as_ref().map_or(0, Val::value),
    );
    Ok(Ir {
        notation: format!("{l:#}"),
        shapes,
        strides,
        whole,
        modes,
        swizzle: None,
        offset: offset_val,
        base: None,
        components: None,
        params,
        bound,
        size: l.size(),
    })
}

pub(crate) fn from_composed(
    sw: &DynSwizzle,
    offset: DynInt,
    inner: &DynLayout,
    leaves: Leaves,
) -> Result<Ir> {
    let mut ir = from_layout(
        inner,
        Some((offset, "the composed layout's offset O")),
        leaves,
    )?;
    ir.notation = format!("{sw} o {} o {:#}", show_int(offset), inner);
    // The swizzle flips bits below `reach` only: it moves an offset by less than `2^reach`.
    let reach = (sw.bits() + sw.base() + sw.shift().unsigned_abs()).min(63);
    ir.bound = ir.bound.and_then(|b| b.checked_add(1u64 << reach));
    ir.swizzle = Some(*sw);
    Ok(ir)
}

fn show_int(i: DynInt) -> String {
    if i.is_static {
        format!("_{}", i.value)
    } else {
        format!("{}", i.value)
    }
}

/// The mode paths of the codomain's leaves, left to right.
fn leaf_paths(t: &DynTuple, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    match t {
        DynTuple::Int(_) => out.push(path.clone()),
        DynTuple::Tuple(v) => {
            for (i, e) in v.iter().enumerate() {
                path.push(i);
                leaf_paths(e, path, out);
                path.pop();
            }
        }
    }
}

pub(crate) fn from_basis(l: &DynBasisLayout, leaves: Leaves) -> Result<Ir> {
    if l.is_integral() {
        return from_layout(&l.to_dyn_layout()?, None, leaves);
    }
    let mut params = Vec::new();
    let shapes = shape_vals(l.shape(), leaves, &mut params);
    let codomain = l.codomain();
    let mut paths = Vec::new();
    leaf_paths(&codomain, &mut Vec::new(), &mut paths);
    let mut strides = Vec::new();
    let mut per_component: Vec<Option<u64>> = alloc::vec![Some(0); paths.len()];
    for (k, (b, s)) in l.stride().leaves().zip(l.shape().leaves()).enumerate() {
        let component = paths.iter().position(|p| *p == b.modes).ok_or_else(|| {
            layout_error!(
                ErrorKind::InvalidArgument,
                "stride leaf {k} ({b}) names no leaf of the codomain {codomain}"
            )
        })?;
        let scale = val(
            b.value,
            format!("d{k}"),
            false,
            format!("stride leaf {k}'s scale"),
            leaves,
            &mut params,
        );
        let c = &mut per_component[component];
        *c = c.and_then(|acc| {
            acc.checked_add((s as u64 - 1).checked_mul(b.value.value.unsigned_abs())?)
        });
        strides.push(StrideVal::Basis { scale, component });
    }
    let (whole, modes) = splits(l.shape());
    let bound = per_component
        .into_iter()
        .try_fold(0u64, |m, c| c.map(|c| m.max(c)));
    Ok(Ir {
        notation: format!("{l:#}"),
        shapes,
        strides,
        whole,
        modes,
        swizzle: None,
        offset: None,
        base: None,
        components: Some(paths.len()),
        params,
        bound,
        size: l.size(),
    })
}

/// A tensor's index map: its layout's function plus the tensor's base (`data[base + L(c)]`).
pub(crate) fn with_base(mut ir: Ir, base: i64, leaves: Leaves) -> Result<Ir> {
    if ir.components.is_some() {
        return Err(layout_error!(
            ErrorKind::InvalidArgument,
            "a tensor's layout maps to offsets; this one maps to coordinates (basis strides)"
        ));
    }
    let b = val(
        DynInt::dynamic(base),
        String::from("b"),
        false,
        String::from("the tensor's base"),
        leaves,
        &mut ir.params,
    );
    ir.bound = ir.bound.and_then(|x| x.checked_add(base.unsigned_abs()));
    ir.notation = format!("{} + {}", base, ir.notation);
    ir.base = Some(b);
    Ok(ir)
}
