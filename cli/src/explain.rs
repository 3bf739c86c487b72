//! `cute explain`: typenum types in compiler output rewritten to decimal and CuTe notation.
//!
//! Rewritten, wherever they appear (with or without their module paths):
//!
//! | type | becomes |
//! |---|---|
//! | `UTerm`, `UInt<UInt<UInt<UTerm, B1>, B0>, B0>` | `0`, `4` |
//! | `Z0`, `NInt<U2>`, `PInt<U3>` | `0`, `-2`, `+3` |
//! | `ScaledBasis<U3, (U1, U0)>` | `3@0@1` (CuTe's order: innermost index first) |
//! | `Layout<(U4, (U2, U2)), (U1, (U8, U4))>` | `(4,(2,2)):(1,(8,4))` |
//! | `M<U4, U2>` (one mode) | `4:2` |
//! | `Cons<M<U4, U2>, Cons<M<U6, U3>, Nil>>` (a list of modes) | `(4,6):(2,3)` |
//! | `Cons<A, Cons<B, Nil>>` (any other list), `Nil` | `(A,B)`, `()` |
//!
//! **Signs.** `PInt<…>` (typenum's signed positive integers, `P3`) is written with its sign,
//! `+3`, and `UInt<…>` (unsigned, `U3`) without: a mismatch between the two
//! (`expected PInt<…>, found UInt<…>`) then still reads as one (`expected +3, found 3`).
//! `Z0` is `0`, as `UTerm` is.
//!
//! Everything else is left as it is, byte for byte: a type that is only partly numeric
//! (`Foo<UInt<UTerm, B1>>`, a layout with a runtime `i64` leaf) keeps its own text and has only
//! its numeric parts rewritten (`Foo<1>`).

/// The type names this rewriter knows (the last segment of a path).
const HEADS: &[&str] = &[
    "UTerm",
    "UInt",
    "Z0",
    "PInt",
    "NInt",
    "ScaledBasis",
    "Layout",
    "M",
    "Cons",
    "Nil",
];

/// A parsed type: its last path segment and generic arguments, or a tuple; with its span in
/// the source text.
#[derive(Debug)]
enum Ty {
    Path {
        name: String,
        args: Vec<Ty>,
        span: (usize, usize),
    },
    Tuple {
        items: Vec<Ty>,
        span: (usize, usize),
    },
}

impl Ty {
    fn span(&self) -> (usize, usize) {
        match self {
            Ty::Path { span, .. } | Ty::Tuple { span, .. } => *span,
        }
    }
}

/// The value of a type, as far as it is understood.
#[derive(Debug, Clone)]
enum Val {
    /// An unsigned integer (`UInt`, `UTerm`).
    U(u128),
    /// A signed integer, already written (`+3`, `-2`, `0`).
    I(String),
    /// A scaled basis element, already written (`3@0@1`).
    Basis(String),
    /// A tuple of values.
    Tup(Vec<Val>),
    /// A layout, already written.
    Layout(String),
    /// A mode `s:d` (the `M` of a mode list).
    Mode(Box<Val>, Box<Val>),
    /// A cons list of values.
    List(Vec<Val>),
    /// Anything else: its span in the source, rewritten when written.
    Other(usize, usize),
}

impl Val {
    /// CuTe notation of an integer tuple (integers, bases, tuples); `None` for anything else.
    fn cute(&self) -> Option<String> {
        match self {
            Val::U(n) => Some(n.to_string()),
            Val::I(s) | Val::Basis(s) => Some(s.clone()),
            Val::Tup(items) => {
                let parts: Option<Vec<String>> = items.iter().map(Val::cute).collect();
                Some(format!("({})", parts?.join(",")))
            }
            _ => None,
        }
    }

    /// The text this value is written as.
    fn render(&self, src: &str) -> String {
        match self {
            Val::U(n) => n.to_string(),
            Val::I(s) | Val::Basis(s) | Val::Layout(s) => s.clone(),
            Val::Other(s, e) => rewrite(&src[*s..*e], true),
            Val::Tup(items) => match items.as_slice() {
                [one] => format!("({},)", one.render(src)),
                _ => format!(
                    "({})",
                    items
                        .iter()
                        .map(|v| v.render(src))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
            Val::Mode(s, d) => format!("{}:{}", s.render(src), d.render(src)),
            Val::List(items) => {
                if !items.is_empty() && items.iter().all(|v| matches!(v, Val::Mode(..))) {
                    let (s, d): (Vec<String>, Vec<String>) = items
                        .iter()
                        .map(|v| match v {
                            Val::Mode(s, d) => (s.render(src), d.render(src)),
                            _ => unreachable!("checked: every item is a mode"),
                        })
                        .unzip();
                    format!("({}):({})", s.join(","), d.join(","))
                } else {
                    format!(
                        "({})",
                        items
                            .iter()
                            .map(|v| v.render(src))
                            .collect::<Vec<_>>()
                            .join(",")
                    )
                }
            }
        }
    }

    /// Whether this is a value the rewriter replaces its source text with (a tuple of numbers
    /// alone is left in Rust's notation, its numbers rewritten one by one).
    fn replaces(&self) -> bool {
        !matches!(self, Val::Tup(_) | Val::Other(..))
    }
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// A recursive-descent reader of Rust type syntax (the subset diagnostics print).
struct Reader<'a> {
    src: &'a str,
    pos: usize,
    depth: usize,
}

/// Deeper nesting is not read (and left as it is).
const MAX_NESTING: usize = 512;

impl<'a> Reader<'a> {
    fn bytes(&self) -> &'a [u8] {
        self.src.as_bytes()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes().get(self.pos).copied()
    }

    fn skip_spaces(&mut self) {
        while self.peek() == Some(b' ') {
            self.pos += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// `ident { '::' ident }`: the last segment.
    fn path(&mut self) -> Option<String> {
        let b = self.bytes();
        let mut last;
        loop {
            let start = self.pos;
            if !self.peek().is_some_and(is_ident_start) {
                return None;
            }
            while self.peek().is_some_and(is_ident_char) {
                self.pos += 1;
            }
            last = &self.src[start..self.pos];
            if b[self.pos..].starts_with(b"::")
                && b.get(self.pos + 2).is_some_and(|&c| is_ident_start(c))
            {
                self.pos += 2;
            } else {
                return Some(last.to_string());
            }
        }
    }

    fn ty(&mut self) -> Option<Ty> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return None;
        }
        let start = self.pos;
        let t = if self.eat(b'(') {
            let mut items = Vec::new();
            loop {
                self.skip_spaces();
                if self.eat(b')') {
                    break;
                }
                items.push(self.ty()?);
                self.skip_spaces();
                if self.eat(b',') {
                    continue;
                }
                self.skip_spaces();
                if !self.eat(b')') {
                    return None;
                }
                break;
            }
            Ty::Tuple {
                items,
                span: (start, self.pos),
            }
        } else if self.peek() == Some(b'{') {
            // rustc's placeholders: `{integer}`, `{float}`, `{type error}`.
            let len = self.src[self.pos..].find('}')?;
            self.pos += len + 1;
            Ty::Path {
                name: self.src[start..self.pos].to_string(),
                args: Vec::new(),
                span: (start, self.pos),
            }
        } else {
            let name = self.path()?;
            let mut args = Vec::new();
            if self.eat(b'<') {
                loop {
                    self.skip_spaces();
                    args.push(self.ty()?);
                    self.skip_spaces();
                    if self.eat(b',') {
                        continue;
                    }
                    if !self.eat(b'>') {
                        return None;
                    }
                    break;
                }
            }
            Ty::Path {
                name,
                args,
                span: (start, self.pos),
            }
        };
        self.depth -= 1;
        Some(t)
    }
}

/// The value of a parsed type.
fn value(t: &Ty) -> Val {
    let other = || {
        let (s, e) = t.span();
        Val::Other(s, e)
    };
    match t {
        Ty::Tuple { items, .. } => Val::Tup(items.iter().map(value).collect()),
        Ty::Path { name, args, .. } => {
            let vals: Vec<Val> = args.iter().map(value).collect();
            let bit = |a: &Ty| match a {
                Ty::Path { name, args, .. } if args.is_empty() && name == "B0" => Some(0u128),
                Ty::Path { name, args, .. } if args.is_empty() && name == "B1" => Some(1u128),
                _ => None,
            };
            match (name.as_str(), vals.as_slice()) {
                ("UTerm", []) => Val::U(0),
                ("Z0", []) => Val::I("0".into()),
                ("UInt", [Val::U(x), _]) => match bit(&args[1])
                    .and_then(|b| x.checked_mul(2).and_then(|y| y.checked_add(b)))
                {
                    Some(n) => Val::U(n),
                    None => other(),
                },
                ("PInt", [Val::U(n)]) if *n > 0 => Val::I(format!("+{n}")),
                ("NInt", [Val::U(n)]) if *n > 0 => Val::I(format!("-{n}")),
                ("ScaledBasis", [v, Val::Tup(path)]) => {
                    let v = match v {
                        Val::U(n) => n.to_string(),
                        Val::I(s) => s.trim_start_matches('+').to_string(),
                        _ => return other(),
                    };
                    let mut s = v;
                    for p in path.iter().rev() {
                        match p {
                            Val::U(i) => s.push_str(&format!("@{i}")),
                            _ => return other(),
                        }
                    }
                    Val::Basis(s)
                }
                ("Layout", [s, d]) => match (s.cute(), d.cute()) {
                    (Some(s), Some(d)) => Val::Layout(format!("{s}:{d}")),
                    _ => other(),
                },
                ("M", [s, d]) if s.cute().is_some() && d.cute().is_some() => {
                    Val::Mode(Box::new(s.clone()), Box::new(d.clone()))
                }
                ("Nil", []) => Val::List(Vec::new()),
                ("Cons", [h, Val::List(rest)]) => {
                    let mut items = vec![h.clone()];
                    items.extend(rest.iter().cloned());
                    Val::List(items)
                }
                _ => other(),
            }
        }
    }
}

/// The value at `pos` of `src` if a known type starts there and is fully understood, with the
/// position after it.
fn term_at(src: &str, pos: usize) -> Option<(Val, usize)> {
    let mut r = Reader { src, pos, depth: 0 };
    let t = r.ty()?;
    let v = value(&t);
    v.replaces().then_some((v, r.pos))
}

/// Rewrite the typenum types in `text` (see the [module docs](self)).
///
/// ```
/// use cute_layout_cli::explain::explain;
/// assert_eq!(explain("`UInt<UInt<UInt<UTerm, B1>, B0>, B0>` and `NInt<UInt<UInt<UTerm, B1>, B0>>`"),
///            "`4` and `-2`");
/// ```
pub fn explain(text: &str) -> String {
    rewrite(text, false)
}

/// [`explain`]; with `inside`, the type at the start of `text` is known not to be understood as
/// a whole (only its parts are rewritten).
fn rewrite(text: &str, inside: bool) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if is_ident_start(b[i]) && (i == 0 || !is_ident_char(b[i - 1])) {
            // The whole path, to look at its last segment.
            let mut r = Reader {
                src: text,
                pos: i,
                depth: 0,
            };
            let seg = r.path().unwrap_or_default();
            let end = r.pos;
            if HEADS.contains(&seg.as_str()) && !(inside && i == 0) {
                if let Some((v, next)) = term_at(text, i) {
                    out.push_str(&v.render(text));
                    i = next;
                    continue;
                }
            }
            // Not a known type, or not understood: copy the path up to its last segment and go
            // on inside (its arguments may hold numbers).
            let seg_start = end - seg.len();
            if seg_start > i {
                out.push_str(&text[i..seg_start]);
                i = seg_start;
                continue;
            }
            out.push_str(&text[i..end.max(i + 1)]);
            i = end.max(i + 1);
            continue;
        }
        let ch_len = text[i..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&text[i..i + ch_len]);
        i += ch_len;
    }
    out
}

/// The typenum type of an unsigned integer, as rustc prints it (`4` →
/// `UInt<UInt<UInt<UTerm, B1>, B0>, B0>`); for tests and documentation.
pub fn typenum_unsigned(n: u128) -> String {
    if n == 0 {
        return "UTerm".into();
    }
    let bits = 128 - n.leading_zeros();
    let mut s = String::from("UTerm");
    for k in (0..bits).rev() {
        let bit = (n >> k) & 1;
        s = format!("UInt<{s}, B{bit}>");
    }
    s
}
