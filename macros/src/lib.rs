//! The `layout!` and `Layout!` literal macros of `cute-layout`.
//!
//! Use them through `cute_layout::layout!` and `cute_layout::Layout!`: those `macro_rules!`
//! wrappers pass the main crate's path (`$crate`) as the first token, so that the expansion
//! works when the crate is renamed. The input after `$crate;` is CuTe notation:
//!
//! ```text
//! layout := tuple [ ':' tuple ]
//! tuple  := int | '(' [ tuple { ',' tuple } ] ')'
//! int    := [ '-' ] literal | '_' digits | '{' expr '}' | type
//! type   := [ '::' ] ident [ '<' args '>' ] { '::' ident [ '<' args '>' ] }
//!         | '<' qself '>' '::' ident { '::' ident }
//! ```
//!
//! A `type` leaf is a Rust type naming a static integer, written into the layout type as it
//! stands: a typenum type in scope or a generic parameter (`BM`), `U<N>` for a const generic
//! `N`, an alias or a projection (`<C as Config>::BlockM`). The macro cannot see its value, so
//! the checks on it are the layout's trait bounds, and a layout without stride computes its
//! compact stride in the type system (`LayoutLeft`).
//!
//! A stride leaf may also be a scaled basis element `int '@' index { '@' index }` (CuTe's
//! `ScaledBasis`, printed innermost index first: `1@0@1` is `E<1,0>`). The input may also be
//! a composed layout (CuTe's `ComposedLayout`, swizzle parameters static):
//!
//! ```text
//! composed := 'Sw' '<' [ '-' ] literal ',' [ '-' ] literal ',' [ '-' ] literal '>' 'o' int 'o' layout
//! ```

use proc_macro2::{TokenStream, TokenTree};
use quote::quote;

mod composed;
mod error;
mod layout;
mod parse;
mod tree;

use composed::{expand_composed, starts_composed};
use parse::parse_layout;

/// `layout_impl!($crate; shape:stride)`: the layout value (see `cute_layout::layout!`).
#[doc(hidden)]
#[proc_macro]
pub fn layout_impl(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand(input.into(), Output::Value).into()
}

/// `layout_type_impl!($crate; shape:stride)`: the layout type (see `cute_layout::Layout!`).
#[doc(hidden)]
#[proc_macro]
pub fn layout_type_impl(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand(input.into(), Output::Type).into()
}

#[derive(Clone, Copy, PartialEq)]
enum Output {
    Value,
    Type,
}

fn expand(input: TokenStream, out: Output) -> TokenStream {
    let mut toks: Vec<TokenTree> = input.into_iter().collect();
    // The wrapper passes `$crate ;` first.
    let krate = match toks
        .iter()
        .position(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ';'))
    {
        Some(k) => {
            let rest = toks.split_off(k + 1);
            toks.pop();
            let krate: TokenStream = toks.into_iter().collect();
            toks = rest;
            krate
        }
        None => quote!(::cute_layout),
    };
    if starts_composed(&toks) {
        return expand_composed(toks, out, &krate);
    }
    match parse_layout(toks)
        .and_then(|l| l.check().map(|()| l))
        .and_then(|l| l.check_runtime_leaves(out).map(|()| l))
    {
        Ok(l) => match out {
            Output::Value => l.value(&krate),
            Output::Type => l.type_tokens(&krate),
        },
        Err(e) => e.to_compile_error(),
    }
}
