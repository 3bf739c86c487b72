//! Parsing CuTe notation from tokens: tuples, integer, runtime and type leaves, basis
//! elements, into a [`LayoutLit`].

use proc_macro2::{Delimiter, Ident, Literal, Spacing, Span, TokenStream, TokenTree};

use crate::error::{Error, Result};
use crate::layout::{LayoutLit, MAX_ARITY};
use crate::tree::Tree;

/// Tokens of one delimited sequence, with the span to report when they run out.
pub(crate) struct Cursor {
    pub(crate) toks: Vec<TokenTree>,
    pub(crate) pos: usize,
    pub(crate) end: Span,
}

impl Cursor {
    fn peek(&self) -> Option<&TokenTree> {
        self.toks.get(self.pos)
    }
    pub(crate) fn next(&mut self) -> Option<TokenTree> {
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
pub(crate) fn show(t: &TokenTree) -> String {
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

pub(crate) fn parse_layout(toks: Vec<TokenTree>) -> Result<LayoutLit> {
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
pub(crate) fn parse_tuple(c: &mut Cursor, what: &str) -> Result<Tree> {
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
pub(crate) fn show_type(t: &TokenStream) -> String {
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
