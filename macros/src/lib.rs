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

use core::fmt;

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::quote;

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

// ---------------------------------------------------------------------------------------------
// Errors

/// A message about the tokens from `start` to `end`.
struct Error {
    start: Span,
    end: Span,
    msg: String,
}

type Result<T> = core::result::Result<T, Error>;

impl Error {
    fn new(span: Span, msg: impl Into<String>) -> Self {
        Error::spanning(span, span, msg)
    }
    fn spanning(start: Span, end: Span, msg: impl Into<String>) -> Self {
        Error {
            start,
            end,
            msg: msg.into(),
        }
    }
    /// `::core::compile_error!{"msg"}`, its path spanned at `start` and its argument at `end`,
    /// so that the compiler underlines the tokens from `start` to `end`.
    fn to_compile_error(&self) -> TokenStream {
        let s = self.start;
        let punct = |c, spacing| {
            let mut p = Punct::new(c, spacing);
            p.set_span(s);
            TokenTree::Punct(p)
        };
        let mut msg = Literal::string(&self.msg);
        msg.set_span(self.end);
        let mut arg = Group::new(Delimiter::Brace, TokenTree::Literal(msg).into());
        arg.set_span(self.end);
        [
            punct(':', Spacing::Joint),
            punct(':', Spacing::Alone),
            TokenTree::Ident(Ident::new("core", s)),
            punct(':', Spacing::Joint),
            punct(':', Spacing::Alone),
            TokenTree::Ident(Ident::new("compile_error", s)),
            punct('!', Spacing::Alone),
            TokenTree::Group(arg),
        ]
        .into_iter()
        .collect()
    }
}

// ---------------------------------------------------------------------------------------------
// The parsed layout

/// A shape or stride as written.
enum Tree {
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
    fn span(&self) -> (Span, Span) {
        match self {
            Tree::Int { start, end, .. } => (*start, *end),
            Tree::Dyn(g) => (g.span(), g.span()),
            Tree::Type { start, end, .. } => (*start, *end),
            Tree::Tuple(_, s) => (*s, *s),
            Tree::Basis(v, _, end) => (v.span().0, *end),
        }
    }
    fn has_basis(&self) -> bool {
        match self {
            Tree::Basis(..) => true,
            Tree::Tuple(v, _) => v.iter().any(Tree::has_basis),
            _ => false,
        }
    }
    fn error(&self, msg: impl Into<String>) -> Error {
        let (s, e) = self.span();
        Error::spanning(s, e, msg)
    }
    /// No runtime leaf: every leaf is a literal or a type (the layout is built without a
    /// check at run time).
    fn is_static(&self) -> bool {
        match self {
            Tree::Int { .. } | Tree::Type { .. } => true,
            Tree::Dyn(_) => false,
            Tree::Tuple(v, _) => v.iter().all(Tree::is_static),
            Tree::Basis(v, ..) => v.is_static(),
        }
    }
    /// Every leaf is a literal: the macro knows every value.
    fn is_literal(&self) -> bool {
        match self {
            Tree::Int { .. } => true,
            Tree::Dyn(_) | Tree::Type { .. } => false,
            Tree::Tuple(v, _) => v.iter().all(Tree::is_literal),
            Tree::Basis(v, ..) => v.is_literal(),
        }
    }
    /// The literal leaves, left to right (runtime and type leaves are skipped).
    fn leaves(&self, out: &mut Vec<i64>) {
        match self {
            Tree::Int { value, .. } => out.push(*value),
            Tree::Dyn(_) | Tree::Type { .. } => {}
            Tree::Tuple(v, _) => v.iter().for_each(|t| t.leaves(out)),
            Tree::Basis(v, ..) => v.leaves(out),
        }
    }

    /// The leaf type: a typenum integer in binary form (`UInt<UInt<UTerm, B1>, B0>` is 2),
    /// `NInt<..>` for negative values, `i64` for runtime leaves.
    fn type_tokens(&self, krate: &TokenStream) -> TokenStream {
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
    fn value(&self, krate: &TokenStream) -> TokenStream {
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
    fn prefix_product(&self, acc: &mut i64) -> Option<Tree> {
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

struct LayoutLit {
    shape: Tree,
    stride: Option<Tree>,
}

impl LayoutLit {
    /// The checks the layout's trait bounds would make, with errors at the tokens: at most
    /// [`MAX_ARITY`] elements per tuple level, positive static shape entries, congruent stride, size and offsets within `i64`.
    fn check(&self) -> Result<()> {
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

    fn is_static(&self) -> bool {
        self.shape.is_static() && self.stride.as_ref().is_none_or(Tree::is_static)
    }

    fn is_literal(&self) -> bool {
        self.shape.is_literal() && self.stride.as_ref().is_none_or(Tree::is_literal)
    }

    /// A runtime leaf is `{expr}` in a value (`layout!`) and `{}` in a type (`Layout!`): an
    /// expression in a type would be ignored, an empty one in a value has no value.
    fn check_runtime_leaves(&self, out: Output) -> Result<()> {
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

    fn type_tokens(&self, krate: &TokenStream) -> TokenStream {
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

    fn value(&self, krate: &TokenStream) -> TokenStream {
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
const MAX_ARITY: usize = 12;

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

// ---------------------------------------------------------------------------------------------
// Parsing

/// Tokens of one delimited sequence, with the span to report when they run out.
struct Cursor {
    toks: Vec<TokenTree>,
    pos: usize,
    end: Span,
}

impl Cursor {
    fn peek(&self) -> Option<&TokenTree> {
        self.toks.get(self.pos)
    }
    fn next(&mut self) -> Option<TokenTree> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += usize::from(t.is_some());
        t
    }
    fn peek_punct(&self, c: char) -> bool {
        matches!(self.peek(), Some(TokenTree::Punct(p)) if p.as_char() == c)
    }
    /// Whether `::` comes next (a `:` joined to a `:`; a lone `:` separates shape and stride).
    fn peek_path_sep(&self) -> bool {
        matches!(self.toks.get(self.pos), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Joint)
            && matches!(self.toks.get(self.pos + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':')
    }
}

/// How a token reads in a message: `(1,8)`, `x`, `;`.
fn show(t: &TokenTree) -> String {
    match t {
        TokenTree::Group(g) => {
            let (open, close) = match g.delimiter() {
                Delimiter::Parenthesis => ("(", ")"),
                Delimiter::Brace => ("{", "}"),
                Delimiter::Bracket => ("[", "]"),
                Delimiter::None => ("", ""),
            };
            format!("{open}{}{close}", g.stream()).replace(" ", "")
        }
        t => t.to_string(),
    }
}

fn parse_layout(toks: Vec<TokenTree>) -> Result<LayoutLit> {
    let mut c = Cursor {
        toks,
        pos: 0,
        end: Span::call_site(),
    };
    if c.peek().is_none() {
        return Err(Error::new(
            Span::call_site(),
            "expected a layout such as `(4,(2,2)):(1,(8,4))` or a shape such as `(4,8)`",
        ));
    }
    let shape = parse_tuple(&mut c, "a shape")?;
    let stride = if c.peek_punct(':') {
        let colon = c.next();
        if c.peek().is_none() {
            let span = colon.map_or(c.end, |t| t.span());
            return Err(Error::new(span, "expected a stride after `:`"));
        }
        Some(parse_tuple(&mut c, "a stride")?)
    } else {
        None
    };
    if let Some(t) = c.next() {
        let starts_tuple = matches!(&t, TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis)
            || matches!(&t, TokenTree::Literal(_));
        let msg = if stride.is_none() && starts_tuple {
            format!(
                "expected `:` between shape `{shape}` and stride `{}`",
                show(&t)
            )
        } else if stride.is_none() {
            format!(
                "expected `:` and a stride after shape `{shape}`, found `{}`",
                show(&t)
            )
        } else {
            format!("unexpected `{}` after the layout", show(&t))
        };
        return Err(Error::new(t.span(), msg));
    }
    Ok(LayoutLit { shape, stride })
}

/// The deepest basis path the library implements (`BasisPath` for tuples of 0 to 4 indices).
const MAX_BASIS_DEPTH: usize = 4;

/// `tuple := item { '@' index }`: an integer followed by `@` indices is a scaled basis element.
fn parse_tuple(c: &mut Cursor, what: &str) -> Result<Tree> {
    let t = parse_item(c, what)?;
    if !c.peek_punct('@') {
        return Ok(t);
    }
    if matches!(t, Tree::Tuple(..)) {
        let at = c.next().map_or(c.end, |t| t.span());
        return Err(Error::new(
            at,
            format!("`@` after the tuple `{t}`: a basis element is an integer scale, `v@i`"),
        ));
    }
    let mut path = Vec::new();
    let mut end = t.span().1;
    while c.peek_punct('@') {
        if let Some(at) = c.next() {
            end = at.span();
        }
        match c.next() {
            Some(TokenTree::Literal(lit)) => {
                let i = parse_magnitude(&lit)?;
                if i >= MAX_ARITY as u64 {
                    return Err(Error::new(
                        lit.span(),
                        format!(
                            "basis index `{i}` is beyond the {MAX_ARITY} modes a tuple level \
                             holds"
                        ),
                    ));
                }
                path.push(i);
                end = lit.span();
            }
            other => {
                return Err(Error::new(
                    other.as_ref().map_or(end, TokenTree::span),
                    format!(
                        "expected a mode index after `@` in {what}, found {}: a basis element \
                         is `v@i` with literal indices, e.g. `1@0` or `1@0@1`",
                        other
                            .as_ref()
                            .map_or("the end".to_string(), |t| format!("`{}`", show(t)))
                    ),
                ))
            }
        }
        if path.len() > MAX_BASIS_DEPTH {
            return Err(Error::spanning(
                t.span().0,
                end,
                format!("basis path of `{t}@…` is deeper than {MAX_BASIS_DEPTH} indices"),
            ));
        }
    }
    Ok(Tree::Basis(Box::new(t), path, end))
}

/// `item := int | '(' [tuple {',' tuple}] ')'`; `what` names the tuple in messages.
fn parse_item(c: &mut Cursor, what: &str) -> Result<Tree> {
    let expected = "an integer, `(`, a runtime value `{expr}` or a type";
    let Some(t) = c.next() else {
        return Err(Error::new(
            c.end,
            format!("expected {expected} in {what}, found the end"),
        ));
    };
    match t {
        TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis => {
            let mut inner = Cursor {
                toks: g.stream().into_iter().collect(),
                pos: 0,
                end: g.span_close(),
            };
            let mut items = Vec::new();
            if inner.peek().is_none() {
                return Ok(Tree::Tuple(items, g.span()));
            }
            loop {
                items.push(parse_tuple(&mut inner, what)?);
                match inner.next() {
                    None => return Ok(Tree::Tuple(items, g.span())),
                    Some(TokenTree::Punct(p)) if p.as_char() == ',' => {
                        if inner.peek().is_none() {
                            return Err(Error::new(
                                p.span(),
                                format!(
                                    "expected {expected} after `,` in {what} (no trailing commas)"
                                ),
                            ));
                        }
                    }
                    Some(t) => {
                        return Err(Error::new(
                            t.span(),
                            format!("expected `,` or `)` in {what}, found `{}`", show(&t)),
                        ))
                    }
                }
            }
        }
        TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => Ok(Tree::Dyn(g)),
        TokenTree::Group(g) if g.delimiter() == Delimiter::None => {
            // A `$x` from a `macro_rules!` caller: read its tokens in place.
            let mut inner = Cursor {
                toks: g.stream().into_iter().collect(),
                pos: 0,
                end: g.span(),
            };
            let t = parse_tuple(&mut inner, what)?;
            match inner.next() {
                None => Ok(t),
                Some(extra) => Err(Error::new(
                    extra.span(),
                    format!("unexpected `{}` in {what}", show(&extra)),
                )),
            }
        }
        TokenTree::Punct(p) if p.as_char() == '-' => match c.next() {
            Some(TokenTree::Literal(lit)) => {
                // The magnitude may be 2^63: `-9223372036854775808` is `i64::MIN`.
                let value = 0i64
                    .checked_sub_unsigned(parse_magnitude(&lit)?)
                    .ok_or_else(|| {
                        Error::spanning(
                            p.span(),
                            lit.span(),
                            format!("integer `-{lit}` does not fit in i64"),
                        )
                    })?;
                Ok(Tree::Int {
                    value,
                    start: p.span(),
                    end: lit.span(),
                })
            }
            other => Err(Error::new(
                other.as_ref().map_or(p.span(), TokenTree::span),
                format!("expected an integer after `-` in {what}"),
            )),
        },
        TokenTree::Literal(lit) => Ok(Tree::Int {
            value: i64::try_from(parse_magnitude(&lit)?).map_err(|_| {
                Error::new(lit.span(), format!("integer `{lit}` does not fit in i64"))
            })?,
            start: lit.span(),
            end: lit.span(),
        }),
        // `_4`: a static leaf as CuTe prints it (`{:#}`).
        TokenTree::Ident(id) if is_underscore_int(&id.to_string()) => {
            let text = id.to_string();
            let value = parse_digits(&text[1..])
                .and_then(|v| i64::try_from(v).ok())
                .ok_or_else(|| {
                    Error::new(
                        id.span(),
                        format!("integer `{}` does not fit in i64", &text[1..]),
                    )
                })?;
            Ok(Tree::Int {
                value,
                start: id.span(),
                end: id.span(),
            })
        }
        // `_-4`: a negative static leaf as CuTe prints it.
        TokenTree::Ident(id) if id == "_" && c.peek_punct('-') => {
            let mut t = parse_tuple(c, what)?;
            if let Tree::Int { start, .. } = &mut t {
                *start = id.span();
            }
            Ok(t)
        }
        // A type: a path (`BM`, `U<N>`, `typenum::U8`) or a qualified path (`<C as K>::M`).
        TokenTree::Ident(ref id) if starts_type(id, c) => parse_type(t, c, what),
        TokenTree::Punct(ref p)
            if p.as_char() == '<' || (p.as_char() == ':' && c.peek_punct(':')) =>
        {
            parse_type(t, c, what)
        }
        TokenTree::Ident(id) => Err(Error::new(
            id.span(),
            format!(
                "expected {expected} in {what}, found `{id}` (a variable is a runtime leaf, \
                 `{{{id}}}`; a type leaf is a type name such as `BM` or `U<N>`)"
            ),
        )),
        t => Err(Error::new(
            t.span(),
            format!("expected {expected} in {what}, found `{}`", show(&t)),
        )),
    }
}

/// Whether the identifier `id` (just read) starts a type leaf: a name that is not lower case
/// (`BM`, `U64`, `BLOCK_M`), or any name followed by `::` or `<` (`typenum::U8`, `u<N>`). A
/// lone lower-case name is a variable written where a runtime leaf `{x}` was meant.
fn starts_type(id: &Ident, c: &Cursor) -> bool {
    let name = id.to_string();
    let lower = name.starts_with(|ch: char| ch.is_ascii_lowercase());
    (!lower && name != "_" && !is_underscore_int(&name)) || c.peek_punct('<') || c.peek_path_sep()
}

/// A type leaf starting with the token `first` (just read): path segments joined by `::`, each
/// with optional generic arguments in balanced `<…>`, or a qualified path `<…>::…`.
fn parse_type(first: TokenTree, c: &mut Cursor, what: &str) -> Result<Tree> {
    let start = first.span();
    let mut toks = Vec::new();
    let shown = |toks: &[TokenTree]| show_type(&toks.iter().cloned().collect());
    // Whether a path segment (a name) must come next.
    let mut need_segment = match &first {
        TokenTree::Punct(p) if p.as_char() == '<' => {
            c.pos -= 1;
            angle_args(c, &mut toks, what)?;
            if !c.peek_path_sep() {
                return Err(Error::spanning(
                    start,
                    toks.last().map_or(start, TokenTree::span),
                    format!(
                        "expected `::` after the qualified type `{}` in {what}",
                        shown(&toks)
                    ),
                ));
            }
            false
        }
        TokenTree::Punct(_) => {
            toks.push(first);
            toks.extend(c.next()); // the second `:` of `::`
            true
        }
        _ => {
            toks.push(first);
            false
        }
    };
    loop {
        if need_segment {
            match c.next() {
                Some(TokenTree::Ident(id)) => toks.push(TokenTree::Ident(id)),
                other => {
                    return Err(Error::new(
                        other.as_ref().map_or(c.end, TokenTree::span),
                        format!(
                            "expected a name after `::` in the type `{}` in {what}",
                            shown(&toks)
                        ),
                    ))
                }
            }
        }
        if c.peek_punct('<') {
            angle_args(c, &mut toks, what)?;
        }
        if !c.peek_path_sep() {
            break;
        }
        toks.extend(c.next());
        toks.extend(c.next());
        need_segment = true;
    }
    let end = toks.last().map_or(start, TokenTree::span);
    Ok(Tree::Type {
        tokens: toks.into_iter().collect(),
        start,
        end,
    })
}

/// Moves `<…>` (balanced: `<` and `>` counted, groups taken whole) from `c` to `toks`.
fn angle_args(c: &mut Cursor, toks: &mut Vec<TokenTree>, what: &str) -> Result<()> {
    let open = c.peek().map_or(c.end, TokenTree::span);
    let mut depth = 0usize;
    loop {
        let Some(t) = c.next() else {
            return Err(Error::new(
                open,
                format!("this `<` is not closed in {what}: expected `>` before the end"),
            ));
        };
        let ch = match &t {
            TokenTree::Punct(p) => Some(p.as_char()),
            _ => None,
        };
        // `->` inside the arguments (a function type) is no closing `>`.
        let arrow = ch == Some('>')
            && matches!(toks.last(), Some(TokenTree::Punct(p)) if p.as_char() == '-' && p.spacing() == Spacing::Joint);
        toks.push(t);
        match ch {
            Some('<') => depth += 1,
            Some('>') if !arrow => {
                depth -= 1;
                if depth == 0 {
                    return Ok(());
                }
            }
            _ => {}
        }
    }
}

/// How a type leaf reads in a message: its tokens without the spaces `to_string` puts
/// between them (`U<BM>`, `<C as K>::M` keeps the spaces around `as`).
fn show_type(t: &TokenStream) -> String {
    let mut out = String::new();
    for tok in t.clone() {
        let text = match &tok {
            TokenTree::Group(_) => show(&tok),
            t => t.to_string(),
        };
        let word = |s: &str| s.starts_with(|ch: char| ch.is_alphanumeric() || ch == '_');
        if word(&text) && out.ends_with(|ch: char| ch.is_alphanumeric() || ch == '_') {
            out.push(' ');
        }
        if text == "as" {
            out.push(' ');
            out.push_str("as ");
        } else {
            out.push_str(&text);
        }
        if text == "," {
            out.push(' ');
        }
    }
    out.replace("  ", " ")
}

fn is_underscore_int(s: &str) -> bool {
    s.len() > 1 && s.starts_with('_') && s[1..].bytes().all(|b| b.is_ascii_digit() || b == b'_')
}

/// Decimal digits with optional `_` separators, as a `u64`.
fn parse_digits(s: &str) -> Option<u64> {
    let digits: String = s.chars().filter(|&c| c != '_').collect();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// An unsigned decimal literal (the sign is a separate token).
fn parse_magnitude(lit: &Literal) -> Result<u64> {
    let text = lit.to_string();
    let is_int = text.bytes().next().is_some_and(|b| b.is_ascii_digit())
        && text.bytes().all(|b| b.is_ascii_digit() || b == b'_');
    if !is_int {
        return Err(Error::new(
            lit.span(),
            format!("expected a decimal integer without suffix, found `{text}`"),
        ));
    }
    parse_digits(&text)
        .ok_or_else(|| Error::new(lit.span(), format!("integer `{text}` does not fit in i64")))
}

// ---------------------------------------------------------------------------------------------
// Composed layouts: `Sw<B,M,S> o offset o layout`

/// Whether the input starts with `Sw`, a composed layout.
fn starts_composed(toks: &[TokenTree]) -> bool {
    matches!(toks.first(), Some(TokenTree::Ident(id)) if id == "Sw")
}

/// A composed layout literal: the swizzle's `(B, M, S)` (each an integer or a type), the
/// offset, the inner layout.
struct ComposedLit {
    params: [Tree; 3],
    offset: Tree,
    inner: LayoutLit,
}

fn expand_composed(toks: Vec<TokenTree>, out: Output, krate: &TokenStream) -> TokenStream {
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
