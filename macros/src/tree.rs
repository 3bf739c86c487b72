//! The parsed shape or stride: [`Tree`], its leaves, and its expansion as a type and a value.

use core::fmt;

use proc_macro2::{Delimiter, Group, Span, TokenStream};
use quote::quote;

use crate::error::Error;
use crate::parse::show_type;

/// A shape or stride as written.
pub(crate) enum Tree {
    /// A static integer, with the span of its first and last token.
    Int { value: i64, start: Span, end: Span },
    /// A runtime `i64` leaf `{expr}`.
    Dyn(Group),
    /// A static leaf named by a Rust type (`BM`, `U<N>`), with its first and last span.
    Type {
        tokens: TokenStream,
        start: Span,
        end: Span,
    },
    /// A tuple `( ... )`.
    Tuple(Vec<Tree>, Span),
    /// A scaled basis element `v@i@j…` (stride leaves only): the value (an `Int` or a `Dyn`)
    /// and the indices as written (innermost first), with the span of the last token.
    Basis(Box<Tree>, Vec<u64>, Span),
}

impl Tree {
    pub(crate) fn span(&self) -> (Span, Span) {
        match self {
            Tree::Int { start, end, .. } => (*start, *end),
            Tree::Dyn(g) => (g.span(), g.span()),
            Tree::Type { start, end, .. } => (*start, *end),
            Tree::Tuple(_, s) => (*s, *s),
            Tree::Basis(v, _, end) => (v.span().0, *end),
        }
    }
    pub(crate) fn has_basis(&self) -> bool {
        match self {
            Tree::Basis(..) => true,
            Tree::Tuple(v, _) => v.iter().any(Tree::has_basis),
            _ => false,
        }
    }
    pub(crate) fn error(&self, msg: impl Into<String>) -> Error {
        let (s, e) = self.span();
        Error::spanning(s, e, msg)
    }
    /// No runtime leaf: every leaf is a literal or a type (the layout is built without a
    /// check at run time).
    pub(crate) fn is_static(&self) -> bool {
        match self {
            Tree::Int { .. } | Tree::Type { .. } => true,
            Tree::Dyn(_) => false,
            Tree::Tuple(v, _) => v.iter().all(Tree::is_static),
            Tree::Basis(v, ..) => v.is_static(),
        }
    }
    /// Every leaf is a literal: the macro knows every value.
    pub(crate) fn is_literal(&self) -> bool {
        match self {
            Tree::Int { .. } => true,
            Tree::Dyn(_) | Tree::Type { .. } => false,
            Tree::Tuple(v, _) => v.iter().all(Tree::is_literal),
            Tree::Basis(v, ..) => v.is_literal(),
        }
    }
    /// The literal leaves, left to right (runtime and type leaves are skipped).
    pub(crate) fn leaves(&self, out: &mut Vec<i64>) {
        match self {
            Tree::Int { value, .. } => out.push(*value),
            Tree::Dyn(_) | Tree::Type { .. } => {}
            Tree::Tuple(v, _) => v.iter().for_each(|t| t.leaves(out)),
            Tree::Basis(v, ..) => v.leaves(out),
        }
    }

    /// The leaf type: a typenum integer in binary form (`UInt<UInt<UTerm, B1>, B0>` is 2),
    /// `NInt<..>` for negative values, `i64` for runtime leaves.
    pub(crate) fn type_tokens(&self, krate: &TokenStream) -> TokenStream {
        // Up to eight bits per level through the `__private::BitsK` aliases (the same
        // `UInt<UInt<..>, B>` type): a type written one level per bit sends clippy's
        // type-certainty walk into time exponential in the depth.
        fn unsigned(n: u64, krate: &TokenStream) -> TokenStream {
            let bits = 64 - n.leading_zeros();
            if bits == 0 {
                return quote!(#krate::typenum::UTerm);
            }
            let k = (bits - 1) % 8 + 1; // the low chunk: k bits, then whole bytes above
            let high = unsigned(n >> k, krate);
            let digits = (0..k).rev().map(|j| {
                if n >> j & 1 == 1 {
                    quote!(#krate::typenum::B1)
                } else {
                    quote!(#krate::typenum::B0)
                }
            });
            let alias = quote::format_ident!("Bits{}", k);
            quote!(#krate::__private::#alias<#high, #(#digits),*>)
        }
        match self {
            Tree::Int { value, .. } if *value < 0 => {
                let u = unsigned(value.unsigned_abs(), krate);
                quote!(#krate::typenum::NInt<#u>)
            }
            Tree::Int { value, .. } => unsigned(value.unsigned_abs(), krate),
            Tree::Dyn(_) => quote!(::core::primitive::i64),
            Tree::Type { tokens, .. } => tokens.clone(),
            Tree::Tuple(v, _) => {
                let items = v.iter().map(|t| t.type_tokens(krate));
                quote!((#(#items,)*))
            }
            Tree::Basis(v, path, _) => {
                let v = v.type_tokens(krate);
                // Written innermost first; the type's path is outermost first.
                let idx = path.iter().rev().map(|&i| unsigned(i, krate));
                quote!(#krate::ScaledBasis<#v, (#(#idx,)*)>)
            }
        }
    }

    /// The value: `leaf::<T>()` for static leaves, `dynamic({expr})` for runtime ones.
    pub(crate) fn value(&self, krate: &TokenStream) -> TokenStream {
        match self {
            Tree::Int { .. } | Tree::Type { .. } => {
                let ty = self.type_tokens(krate);
                quote!(#krate::__private::leaf::<#ty>())
            }
            Tree::Dyn(g) => {
                // The braces are the macro's syntax, not a block the user wrote around an
                // argument: give them the macro's hygiene so `unused_braces` stays quiet.
                let mut block = Group::new(Delimiter::Brace, g.stream());
                block.set_span(Span::mixed_site().located_at(g.span()));
                quote!(#krate::__private::dynamic(#block))
            }
            Tree::Tuple(v, _) => {
                let items = v.iter().map(|t| t.value(krate));
                quote!((#(#items,)*))
            }
            Tree::Basis(v, ..) if v.is_static() => {
                let ty = self.type_tokens(krate);
                quote!(#krate::__private::leaf::<#ty>())
            }
            Tree::Basis(v, ..) => {
                let ty = self.type_tokens(krate);
                let v = v.value(krate);
                quote!(<#ty>::new(#v))
            }
        }
    }

    /// Compact column-major strides of a static shape (`prefix_product`), or `None` when a
    /// product leaves `i64`.
    pub(crate) fn prefix_product(&self, acc: &mut i64) -> Option<Tree> {
        Some(match self {
            Tree::Int { value, start, end } => {
                let t = Tree::Int {
                    value: *acc,
                    start: *start,
                    end: *end,
                };
                *acc = acc.checked_mul(*value)?;
                t
            }
            Tree::Dyn(g) => Tree::Dyn(g.clone()),
            Tree::Basis(..) | Tree::Type { .. } => return None,
            Tree::Tuple(v, s) => Tree::Tuple(
                v.iter()
                    .map(|t| t.prefix_product(acc))
                    .collect::<Option<_>>()?,
                *s,
            ),
        })
    }
}

/// CuTe notation; a runtime leaf prints as `{expr}`.
impl fmt::Display for Tree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tree::Int { value, .. } => write!(f, "{value}"),
            Tree::Dyn(g) => write!(f, "{{{}}}", g.stream()),
            Tree::Type { tokens, .. } => write!(f, "{}", show_type(tokens)),
            Tree::Tuple(v, _) => {
                f.write_str("(")?;
                for (k, t) in v.iter().enumerate() {
                    if k > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{t}")?;
                }
                f.write_str(")")
            }
            Tree::Basis(v, path, _) => {
                write!(f, "{v}")?;
                path.iter().try_for_each(|i| write!(f, "@{i}"))
            }
        }
    }
}
