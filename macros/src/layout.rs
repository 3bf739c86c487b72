//! A parsed layout literal `shape[:stride]` ([`LayoutLit`]): the checks the layout's trait
//! bounds would make, with errors at the tokens, and its expansion.

use proc_macro2::TokenStream;
use quote::quote;

use crate::error::{Error, Result};
use crate::tree::Tree;
use crate::Output;

pub(crate) struct LayoutLit {
    pub(crate) shape: Tree,
    pub(crate) stride: Option<Tree>,
}

impl LayoutLit {
    /// The checks the layout's trait bounds would make, with errors at the tokens: at most
    /// [`MAX_ARITY`] elements per tuple level, positive static shape entries, congruent stride, size and offsets within `i64`.
    pub(crate) fn check(&self) -> Result<()> {
        check_arity(&self.shape)?;
        if let Some(stride) = &self.stride {
            check_arity(stride)?;
        }
        check_shape(&self.shape)?;
        if let Some(stride) = &self.stride {
            check_congruent(&self.shape, stride, &self.shape, stride)?;
            check_basis_paths(stride)?;
        }
        let mut shape = Vec::new();
        self.shape.leaves(&mut shape);
        let size = shape.iter().try_fold(1i64, |acc, &s| acc.checked_mul(s));
        if size.is_none() {
            return Err(self
                .shape
                .error(format!("the size of shape `{}` exceeds i64", self.shape)));
        }
        if let Some(stride) = self.stride.as_ref().filter(|_| self.is_literal()) {
            let mut d = Vec::new();
            stride.leaves(&mut d);
            // The cosize, 1 + Σ (s − 1)·|d|, as `Layout::try_new` checks it.
            let cosize = shape.iter().zip(&d).try_fold(1i64, |acc, (&s, &d)| {
                (s - 1).checked_mul(d)?.checked_abs()?.checked_add(acc)
            });
            if cosize.is_none() {
                return Err(stride.error(format!(
                    "the cosize of `{}:{stride}` exceeds i64 (offsets beyond i64)",
                    self.shape
                )));
            }
        }
        Ok(())
    }

    pub(crate) fn is_static(&self) -> bool {
        self.shape.is_static() && self.stride.as_ref().is_none_or(Tree::is_static)
    }

    pub(crate) fn is_literal(&self) -> bool {
        self.shape.is_literal() && self.stride.as_ref().is_none_or(Tree::is_literal)
    }

    /// A runtime leaf is `{expr}` in a value (`layout!`) and `{}` in a type (`Layout!`): an
    /// expression in a type would be ignored, an empty one in a value has no value.
    pub(crate) fn check_runtime_leaves(&self, out: Output) -> Result<()> {
        fn walk(t: &Tree, out: Output) -> Result<()> {
            match t {
                Tree::Int { .. } | Tree::Type { .. } => Ok(()),
                Tree::Dyn(g) if out == Output::Type && !g.stream().is_empty() => Err(Error::new(
                    g.span(),
                    "a runtime leaf in the type macro `Layout!` is written `{}`: the type is \
                     `i64` and an expression here would be ignored (a static leaf from a const \
                     generic `N` is the type `U<N>`)",
                )),
                Tree::Dyn(g) if out == Output::Value && g.stream().is_empty() => Err(Error::new(
                    g.span(),
                    "a runtime leaf in `layout!` needs its value: `{expr}` (`{}` is for the type \
                     macro `Layout!`)",
                )),
                Tree::Dyn(_) => Ok(()),
                Tree::Tuple(v, _) => v.iter().try_for_each(|t| walk(t, out)),
                Tree::Basis(v, ..) => walk(v, out),
            }
        }
        walk(&self.shape, out)?;
        self.stride.as_ref().map_or(Ok(()), |d| walk(d, out))
    }

    /// The compact column-major stride of a literal shape given without stride, computed here
    /// (`prefix_product`); `None` when a stride is written or the shape has runtime or type
    /// leaves (the type system computes it then: `LayoutLeft`).
    fn compact_stride(&self) -> Option<Tree> {
        match &self.stride {
            None if self.shape.is_literal() => self.shape.prefix_product(&mut 1),
            _ => None,
        }
    }

    pub(crate) fn type_tokens(&self, krate: &TokenStream) -> TokenStream {
        let s = self.shape.type_tokens(krate);
        let computed = self.compact_stride();
        match self.stride.as_ref().or(computed.as_ref()) {
            Some(d) => {
                let d = d.type_tokens(krate);
                quote!(#krate::Layout<#s, #d>)
            }
            None => quote!(#krate::LayoutLeft<#s>),
        }
    }

    pub(crate) fn value(&self, krate: &TokenStream) -> TokenStream {
        let ty = self.type_tokens(krate);
        let basis = self.stride.as_ref().is_some_and(Tree::has_basis);
        if self.is_static() {
            return if basis {
                quote!(<#ty>::new_basis())
            } else {
                quote!(<#ty>::new())
            };
        }
        let s = self.shape.value(krate);
        match &self.stride {
            Some(d) if basis => {
                let d = d.value(krate);
                quote!(<#ty>::try_new_basis(#s, #d))
            }
            Some(d) => {
                let d = d.value(krate);
                quote!(<#ty>::try_new(#s, #d))
            }
            None => quote!(#krate::try_make_layout_left(#s)),
        }
    }
}

/// The most elements one tuple level may have: the library implements its tuple traits for
/// Rust tuples of 0 to 12 elements.
pub(crate) const MAX_ARITY: usize = 12;

fn check_arity(t: &Tree) -> Result<()> {
    match t {
        Tree::Tuple(v, _) if v.len() > MAX_ARITY => Err(t.error(format!(
            "tuple `{t}` has {} elements: at most {MAX_ARITY} elements per tuple level (nest \
             modes to go further, e.g. `((a,b),c)`)",
            v.len()
        ))),
        Tree::Tuple(v, _) => v.iter().try_for_each(check_arity),
        _ => Ok(()),
    }
}

fn check_shape(t: &Tree) -> Result<()> {
    match t {
        Tree::Int { value, .. } if *value <= 0 => Err(t.error(format!(
            "shape entry `{value}` is not positive: shape entries are positive integers"
        ))),
        Tree::Tuple(v, _) => v.iter().try_for_each(check_shape),
        Tree::Basis(..) => Err(t.error(format!(
            "basis element `{t}` in a shape: shape entries are positive integers (`v@i` is a \
             stride leaf)"
        ))),
        _ => Ok(()),
    }
}

/// The basis paths of a stride must fit together: the coordinate a basis layout evaluates to is
/// the union of its strides' paths, so no path may end where another continues (`1@1` with
/// `1@0@1`: entry 1 would be an integer and a tuple). An integer stride is the empty path
/// (a static 0 adds nothing).
fn check_basis_paths(stride: &Tree) -> Result<()> {
    if !stride.has_basis() {
        return Ok(());
    }
    fn collect<'a>(t: &'a Tree, out: &mut Vec<(Vec<u64>, &'a Tree)>) {
        match t {
            // A static 0 adds nothing; a type leaf is left to the layout's trait bounds.
            Tree::Int { value: 0, .. } | Tree::Type { .. } => {}
            Tree::Int { .. } | Tree::Dyn(_) => out.push((Vec::new(), t)),
            Tree::Tuple(v, _) => v.iter().for_each(|t| collect(t, out)),
            // Written innermost first; compare outermost first.
            Tree::Basis(_, path, _) => out.push((path.iter().rev().copied().collect(), t)),
        }
    }
    let mut paths = Vec::new();
    collect(stride, &mut paths);
    for (p, a) in &paths {
        for (q, b) in &paths {
            if p.len() < q.len() && q.starts_with(p) {
                return Err(b.error(format!(
                    "the basis paths of the strides are not congruent: `{a}` ends where `{b}` \
                     continues (a coordinate entry cannot be both an integer and a tuple)"
                )));
            }
        }
    }
    Ok(())
}

fn check_congruent(s: &Tree, d: &Tree, shape: &Tree, stride: &Tree) -> Result<()> {
    let mismatch = |what: String| {
        d.error(format!(
            "stride `{stride}` does not have the nesting of shape `{shape}`: {what}"
        ))
    };
    match (s, d) {
        (Tree::Tuple(ss, _), Tree::Tuple(ds, _)) => {
            if ss.len() != ds.len() {
                return Err(mismatch(format!(
                    "`{d}` has {} elements where the shape has `{s}` with {}",
                    ds.len(),
                    ss.len()
                )));
            }
            ss.iter()
                .zip(ds)
                .try_for_each(|(s, d)| check_congruent(s, d, shape, stride))
        }
        (Tree::Tuple(..), _) => Err(mismatch(format!(
            "`{d}` is an integer where the shape has `{s}`"
        ))),
        (_, Tree::Tuple(..)) => Err(mismatch(format!(
            "`{d}` is a tuple where the shape has `{s}`"
        ))),
        _ => Ok(()),
    }
}
