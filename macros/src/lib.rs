//! The `layout!` and `Layout!` literal macros of `cute-layout`.
//!
//! Use them through `cute_layout::layout!` and `cute_layout::Layout!`: those `macro_rules!`
//! wrappers pass the main crate's path (`$crate`) as the first token, so that the expansion
//! works when the crate is renamed. The input after `$crate;` is CuTe notation:
//!
//! ```text
//! layout := tuple [ ':' tuple ]
//! tuple  := int | '(' [ tuple { ',' tuple } ] ')'
//! int    := [ '-' ] literal | '_' digits | '{' expr '}'
//! ```
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
    fn is_static(&self) -> bool {
        match self {
            Tree::Int { .. } => true,
            Tree::Dyn(_) => false,
            Tree::Tuple(v, _) => v.iter().all(Tree::is_static),
            Tree::Basis(v, ..) => v.is_static(),
        }
    }
    /// The static leaves, left to right (runtime leaves are skipped).
    fn leaves(&self, out: &mut Vec<i64>) {
        match self {
            Tree::Int { value, .. } => out.push(*value),
            Tree::Dyn(_) => {}
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
            Tree::Int { .. } => {
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
            Tree::Basis(..) => return None,
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
        if let Some(stride) = self.stride.as_ref().filter(|_| self.is_static()) {
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

    /// A runtime leaf is `{expr}` in a value (`layout!`) and `{}` in a type (`Layout!`): an
    /// expression in a type would be ignored, an empty one in a value has no value.
    fn check_runtime_leaves(&self, out: Output) -> Result<()> {
        fn walk(t: &Tree, out: Output) -> Result<()> {
            match t {
                Tree::Int { .. } => Ok(()),
                Tree::Dyn(g) if out == Output::Type && !g.stream().is_empty() => Err(Error::new(
                    g.span(),
                    "a runtime leaf in the type macro `Layout!` is written `{}`: the type is \
                     `i64` and an expression here would be ignored",
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

    /// The compact column-major stride of a static shape given without stride, computed here
    /// (`prefix_product`); `None` when a stride is written or the shape has runtime leaves.
    fn compact_stride(&self) -> Option<Tree> {
        match &self.stride {
            None if self.shape.is_static() => self.shape.prefix_product(&mut 1),
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
            Tree::Int { value: 0, .. } => {}
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
    let expected = "an integer, `(` or a runtime value `{expr}`";
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
        t => Err(Error::new(
            t.span(),
            format!("expected {expected} in {what}, found `{}`", show(&t)),
        )),
    }
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

/// A composed layout literal: the swizzle's `(B, M, S)`, the offset, the inner layout.
struct ComposedLit {
    params: [i64; 3],
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

/// CuTe's conditions on a swizzle (`cute/swizzle.hpp`), in the words of the library.
fn check_swizzle(b: i64, m: i64, s: i64) -> core::result::Result<(), &'static str> {
    if b < 0 {
        return Err("B (the number of bits) must be non-negative");
    }
    if m < 0 {
        return Err("M (the number of kept low bits) must be non-negative");
    }
    if s.unsigned_abs() < b as u64 {
        return Err("|S| must be at least B (the read and written bit fields may not overlap)");
    }
    if b as u128 + m as u128 + s.unsigned_abs() as u128 > 63 {
        return Err("B + M + |S| must not exceed 63 (the masks must fit in an i64)");
    }
    Ok(())
}

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
    let mut params = [0i64; 3];
    let mut close = sw;
    for (k, name) in ["B", "M", "S"].iter().enumerate() {
        match parse_tuple(&mut c, &format!("the swizzle parameter {name}"))? {
            Tree::Int { value, .. } => params[k] = value,
            t => {
                return Err(t.error(format!(
                    "the swizzle parameter {name} must be an integer literal (a runtime swizzle is a `DynSwizzle`)"
                )))
            }
        }
        close = if k < 2 {
            expect_punct(&mut c, ',', "between the swizzle parameters")?
        } else {
            expect_punct(&mut c, '>', "closing the swizzle `Sw<B,M,S>`")?
        };
    }
    if let Err(why) = check_swizzle(params[0], params[1], params[2]) {
        return Err(Error::spanning(
            sw,
            close,
            format!(
                "invalid swizzle `Sw<{},{},{}>`: {why}",
                params[0], params[1], params[2]
            ),
        ));
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
    if let (Tree::Int { value: o, .. }, true) = (&offset_lit.shape, inner.is_static()) {
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
        let z = params[1] - params[2].min(0) + params[0];
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
        let (b, m, s) = (leaf(self.params[0]), leaf(self.params[1]), self.params[2]);
        let s = match s {
            0 => quote!(#krate::typenum::Z0),
            s if s > 0 => {
                let u = leaf(s);
                quote!(#krate::typenum::PInt<#u>)
            }
            s => leaf(s), // `NInt<..>`
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
