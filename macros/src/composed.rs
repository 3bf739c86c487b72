//! Composed layouts: `Sw<B,M,S> o offset o layout`, parsed, checked and expanded.

use proc_macro2::{Span, TokenStream, TokenTree};
use quote::quote;

use crate::error::{Error, Result};
use crate::layout::LayoutLit;
use crate::parse::{parse_layout, parse_tuple, show, Cursor};
use crate::tree::Tree;
use crate::Output;

/// Whether the input starts with `Sw`, a composed layout.
pub(crate) fn starts_composed(toks: &[TokenTree]) -> bool {
    matches!(toks.first(), Some(TokenTree::Ident(id)) if id == "Sw")
}

/// A composed layout literal: the swizzle's `(B, M, S)` (each an integer or a type), the
/// offset, the inner layout.
struct ComposedLit {
    params: [Tree; 3],
    offset: Tree,
    inner: LayoutLit,
}

pub(crate) fn expand_composed(
    toks: Vec<TokenTree>,
    out: Output,
    krate: &TokenStream,
) -> TokenStream {
    match parse_composed(toks, out) {
        Ok(c) => match out {
            Output::Value => c.value(krate),
            Output::Type => c.type_tokens(krate),
        },
        Err(e) => e.to_compile_error(),
    }
}

/// CuTe's conditions on a swizzle (`cute/swizzle.hpp`), in the words of the library: the
/// crate's own rule file, compiled here too (this crate cannot depend on `cute-layout`, which
/// depends on it; see the module doc of `cute_layout::rules`).
#[path = "../../src/rules/swizzle.rs"]
mod rules_swizzle;
use rules_swizzle::check as check_swizzle;

fn parse_composed(toks: Vec<TokenTree>, out: Output) -> Result<ComposedLit> {
    let mut c = Cursor {
        toks,
        pos: 0,
        end: Span::call_site(),
    };
    let sw = c.next().map_or(Span::call_site(), |t| t.span());
    let expect_punct = |c: &mut Cursor, ch: char, what: &str| -> Result<Span> {
        match c.next() {
            Some(TokenTree::Punct(p)) if p.as_char() == ch => Ok(p.span()),
            Some(t) => Err(Error::new(
                t.span(),
                format!("expected `{ch}` {what}, found `{}`", show(&t)),
            )),
            None => Err(Error::new(
                c.end,
                format!("expected `{ch}` {what}, found the end"),
            )),
        }
    };
    expect_punct(&mut c, '<', "after `Sw` (a swizzle is written `Sw<B,M,S>`)")?;
    let mut params = Vec::new();
    let mut close = sw;
    for (k, name) in ["B", "M", "S"].iter().enumerate() {
        match parse_tuple(&mut c, &format!("the swizzle parameter {name}"))? {
            t @ (Tree::Int { .. } | Tree::Type { .. }) => params.push(t),
            t => {
                return Err(t.error(format!(
                    "the swizzle parameter {name} must be an integer literal or a type (a runtime swizzle is a `DynSwizzle`)"
                )))
            }
        }
        close = if k < 2 {
            expect_punct(&mut c, ',', "between the swizzle parameters")?
        } else {
            expect_punct(&mut c, '>', "closing the swizzle `Sw<B,M,S>`")?
        };
    }
    let params: [Tree; 3] = match params.try_into() {
        Ok(p) => p,
        Err(_) => unreachable!("three parameters were read"),
    };
    let literal = |t: &Tree| match t {
        Tree::Int { value, .. } => Some(*value),
        _ => None,
    };
    // Literal parameters are checked here; a type parameter by the `Swizzle` type.
    if let [Some(b), Some(m), Some(s)] = params.each_ref().map(literal) {
        if let Err(why) = check_swizzle(b, m, s) {
            return Err(Error::spanning(
                sw,
                close,
                format!("invalid swizzle `Sw<{b},{m},{s}>`: {why}"),
            ));
        }
    }
    let expect_o = |c: &mut Cursor, what: &str| -> Result<()> {
        match c.next() {
            Some(TokenTree::Ident(id)) if id == "o" => Ok(()),
            Some(t) => Err(Error::new(
                t.span(),
                format!("expected `o` {what}, found `{}` (a composed layout is written `Sw<B,M,S> o offset o layout`)", show(&t)),
            )),
            None => Err(Error::new(
                c.end,
                format!("expected `o` {what}, found the end (a composed layout is written `Sw<B,M,S> o offset o layout`)"),
            )),
        }
    };
    expect_o(&mut c, "after the swizzle")?;
    let offset = parse_tuple(&mut c, "the offset")?;
    if let Tree::Tuple(..) = offset {
        return Err(offset.error("the offset of a composed layout is an integer"));
    }
    let offset_lit = LayoutLit {
        shape: offset,
        stride: None,
    };
    offset_lit.check_runtime_leaves(out)?;
    expect_o(&mut c, "after the offset")?;
    let rest: Vec<TokenTree> = c.toks[c.pos..].to_vec();
    let inner = parse_layout(rest)?;
    inner.check()?;
    inner.check_runtime_leaves(out)?;
    // As `ComposedLayout::FITS_I64`: |offset| + Σ (s−1)·|d| + 2^z (z past the highest bit
    // the swizzle writes) below i64::MAX, so every offset and the cosize bound fit.
    let literal_params = params.iter().all(Tree::is_literal);
    if let (Tree::Int { value: o, .. }, true, true) =
        (&offset_lit.shape, inner.is_literal(), literal_params)
    {
        let (mut shape, mut stride) = (Vec::new(), Vec::new());
        inner.shape.leaves(&mut shape);
        match &inner.stride {
            Some(d) => d.leaves(&mut stride),
            None => {
                let mut acc = 1i128;
                for &s in &shape {
                    stride.push(acc as i64);
                    acc *= s as i128;
                }
            }
        }
        let span: i128 = shape
            .iter()
            .zip(&stride)
            .map(|(&s, &d)| (s as i128 - 1) * (d as i128).abs())
            .sum();
        let [b, m, s] = params.each_ref().map(|t| literal(t).unwrap_or_default());
        let z = m - s.min(0) + b;
        if o.unsigned_abs() as i128 + span + (1i128 << z) >= i64::MAX as i128 {
            return Err(offset_lit.shape.error(format!(
                "the offsets of the composed layout exceed i64: offset {o} plus the offsets of `{}{}` (rounded up by the swizzle)",
                inner.shape,
                inner.stride.as_ref().map_or(String::new(), |d| format!(":{d}"))
            )));
        }
    }
    Ok(ComposedLit {
        params,
        offset: offset_lit.shape,
        inner,
    })
}

impl ComposedLit {
    fn swizzle_type(&self, krate: &TokenStream) -> TokenStream {
        let leaf = |v: i64| {
            Tree::Int {
                value: v,
                start: Span::call_site(),
                end: Span::call_site(),
            }
            .type_tokens(krate)
        };
        let [b, m, s] = &self.params;
        let (b, m) = (b.type_tokens(krate), m.type_tokens(krate));
        let s = match s {
            Tree::Int { value: 0, .. } => quote!(#krate::typenum::Z0),
            Tree::Int { value, .. } if *value > 0 => {
                let u = leaf(*value);
                quote!(#krate::typenum::PInt<#u>)
            }
            s => s.type_tokens(krate), // `NInt<..>`, or the type as written
        };
        quote!(#krate::swizzle::Swizzle<#b, #m, #s>)
    }

    fn type_tokens(&self, krate: &TokenStream) -> TokenStream {
        let a = self.swizzle_type(krate);
        let o = self.offset.type_tokens(krate);
        let b = self.inner.type_tokens(krate);
        quote!(#krate::ComposedLayout<#a, #o, #b>)
    }

    fn value(&self, krate: &TokenStream) -> TokenStream {
        let ty = self.type_tokens(krate);
        if self.offset.is_static() && self.inner.is_static() {
            return quote!(<#ty>::new());
        }
        let a = self.swizzle_type(krate);
        let o = self.offset.value(krate);
        let b = self.inner.value(krate);
        let b = if self.inner.is_static() {
            quote!(::core::result::Result::Ok(#b))
        } else {
            b
        };
        quote!(#krate::__private::composed(<#a>::new(), #o, #b))
    }
}
