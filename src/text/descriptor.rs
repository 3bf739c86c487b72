//! The layout descriptor grammar: stride trees of basis elements in text, `((1@0, 8@1), 1@2)`
//! (`../shared/reference/layout-descriptor-grammar-and-swizzle.txt`).
//!
//! ```text
//! layout ::= group ;
//! group  ::= "(" ws [ entry { ws "," ws entry } ] ws ")" ;
//! entry  ::= group | basis ;
//! basis  ::= count ws "@" ws dim { ws "@" ws dim } ;
//! count  ::= int | int "/" int ;
//! dim    ::= uint ;
//! int    ::= [ "-" ] digit { digit } ;
//! uint   ::= digit { digit } ;
//! ws     ::= { " " | "\t" } ;
//! ```
//!
//! [`parse_descriptor`] reads exactly this grammar, with one extension: a `count` without any
//! `@dim` is an integer stride (CuTe's `E<>`, which CuTe prints as a bare integer), so that
//! every stride tree the printer writes can be read back. Whitespace is spaces and tabs, and
//! only where `ws` stands: not before the first `(`, after the last `)`, inside a number or
//! around `/` (a newline is an error).
//!
//! **Meaning.** `v@a@b@c` is `v·e_p` with the path `p = [c, b, a]`: the *last* `@N` is the
//! outermost mode, as CuTe prints `E<c,b,a>` (so `(1@0@1)` holds `E<1,0> = (0,(1))`).
//!
//! **Counts** are normalised: `4/2` is `2`, `-6/3` is `-2`, `6/-3` is `-2`. A zero
//! denominator, a count that is not an integer (`1/2`) and a value outside `i64` are
//! [`ErrorKind::Parse`] errors — never a silently manufactured value. Mode indices above
//! [`MAX_MODE_INDEX`], paths longer than [`MAX_DEPTH`] and groups nested deeper than
//! [`MAX_DEPTH`] are refused too. Every error names the byte offset.
//!
//! **Printing** is canonical: CuTe's form, no spaces (`((1@0,8@1),1@2)`), the
//! [`Display`](core::fmt::Display) of [`DynBasisTuple`]; [`print_descriptor`] returns it.
//!
//! ```
//! use cute_layout::descriptor::{parse_descriptor, print_descriptor};
//! let d = parse_descriptor("((1@0, 8@1),\t1@2)").unwrap();
//! assert_eq!(print_descriptor(&d), "((1@0,8@1),1@2)");
//! assert_eq!(print_descriptor(&parse_descriptor("(4/2 @ 0, -6/3@1)").unwrap()), "(2@0,-2@1)");
//! let e = parse_descriptor("(1/2@0, 4@1)").unwrap_err();
//! assert_eq!(e.to_string(), "parse error: count 1/2 at byte 1 is not an integer");
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::basis::{DynBasisTuple, DynScaledBasis, MAX_MODE_INDEX};
use crate::error::{ErrorKind, LayoutError, Result};
use crate::runtime::layout::{DynInt, MAX_DEPTH};

/// Parses a stride descriptor by the grammar in the [module docs](self): a group at the top,
/// spaces and tabs only where the grammar has `ws`, no `_` marks.
///
/// ```
/// use cute_layout::descriptor::parse_descriptor;
/// let d = parse_descriptor("(1@0@1)").unwrap();
/// assert_eq!(d.leaves().next().unwrap().modes, [1, 0]); // E<1,0>
/// assert_eq!(parse_descriptor("()").unwrap().rank(), 0);
/// assert!(parse_descriptor(" (1@0)").is_err());
/// ```
pub fn parse_descriptor(s: &str) -> Result<DynBasisTuple> {
    let mut p = Reader {
        src: s,
        pos: 0,
        lenient: false,
    };
    let t = p.group(0)?;
    p.finish()?;
    Ok(t)
}

/// The canonical text of a stride tree: CuTe's form, no spaces (its `Display`).
///
/// ```
/// use cute_layout::{descriptor::print_descriptor, DynBasisTuple};
/// let d = DynBasisTuple::tuple([DynBasisTuple::basis(1, [1, 0]), DynBasisTuple::int(0)]);
/// assert_eq!(print_descriptor(&d), "(1@0@1,0)");
/// ```
pub fn print_descriptor(t: &DynBasisTuple) -> String {
    t.to_string()
}

/// The stride of a layout's text, starting at byte `start` of `s`: the grammar, where the whole
/// may be a single leaf, leaves may carry a `_` (static) mark, and spaces or tabs may surround
/// it. Offsets in errors are offsets in `s`.
pub(crate) fn parse_stride_at(s: &str, start: usize) -> Result<DynBasisTuple> {
    let mut p = Reader {
        src: s,
        pos: start,
        lenient: true,
    };
    p.ws();
    let t = if p.peek() == Some('(') {
        p.group(0)?
    } else {
        p.basis()?
    };
    p.ws();
    p.finish()?;
    Ok(t)
}

struct Reader<'a> {
    src: &'a str,
    pos: usize,
    /// Accept `_` marks (the `{:#}` form).
    lenient: bool,
}

fn parse_error(detail: String) -> LayoutError {
    LayoutError::with_detail(ErrorKind::Parse, detail)
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }
    /// `ws ::= { " " | "\t" }`
    fn ws(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.pos += 1;
        }
    }
    fn error(&self, what: &str) -> LayoutError {
        let found = match self.peek() {
            None => String::from("end of input"),
            Some(c) => format!("{c:?}"),
        };
        parse_error(format!(
            "expected {what} at byte {}, found {found}",
            self.pos
        ))
    }
    fn expect(&mut self, c: char, what: &str) -> Result<()> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(what))
        }
    }
    fn finish(&self) -> Result<()> {
        if self.pos == self.src.len() {
            Ok(())
        } else {
            Err(self.error("end of input"))
        }
    }
    /// `group ::= "(" ws [ entry { ws "," ws entry } ] ws ")"`
    fn group(&mut self, depth: usize) -> Result<DynBasisTuple> {
        if depth >= MAX_DEPTH {
            return Err(parse_error(format!(
                "nesting deeper than MAX_DEPTH = {MAX_DEPTH} at byte {}",
                self.pos
            )));
        }
        self.expect('(', "'('")?;
        self.ws();
        let mut items = Vec::new();
        if self.peek() == Some(')') {
            self.pos += 1;
            return Ok(DynBasisTuple::Tuple(items));
        }
        loop {
            items.push(if self.peek() == Some('(') {
                self.group(depth + 1)?
            } else {
                self.basis()?
            });
            self.ws();
            match self.peek() {
                Some(')') => {
                    self.pos += 1;
                    return Ok(DynBasisTuple::Tuple(items));
                }
                Some(',') => {
                    self.pos += 1;
                    self.ws();
                }
                _ => return Err(self.error("',' or ')'")),
            }
        }
    }
    /// `basis ::= count ws "@" ws dim { ws "@" ws dim }`, or a bare `count` (an integer).
    fn basis(&mut self) -> Result<DynBasisTuple> {
        let is_static = self.lenient && self.peek() == Some('_');
        if is_static {
            self.pos += 1;
        }
        let value = self.count()?;
        let mut dims = Vec::new();
        loop {
            let before = self.pos;
            self.ws();
            if self.peek() != Some('@') {
                self.pos = before; // the group reads the whitespace
                break;
            }
            self.pos += 1;
            self.ws();
            let at = self.pos;
            let dim = self.uint()?;
            if dim > MAX_MODE_INDEX {
                return Err(parse_error(format!(
                    "mode index {dim} at byte {at} exceeds MAX_MODE_INDEX = {MAX_MODE_INDEX}"
                )));
            }
            if dims.len() == MAX_DEPTH {
                return Err(parse_error(format!(
                    "a basis path longer than MAX_DEPTH = {MAX_DEPTH} at byte {at}"
                )));
            }
            dims.push(dim);
        }
        dims.reverse(); // the last `@N` is the outermost mode
        Ok(DynBasisTuple::Basis(DynScaledBasis {
            value: DynInt { value, is_static },
            modes: dims,
        }))
    }
    /// `count ::= int | int "/" int`, normalised to an integer.
    fn count(&mut self) -> Result<i64> {
        let start = self.pos;
        let num = self.int()?;
        if self.peek() != Some('/') {
            return Ok(num);
        }
        self.pos += 1;
        let den_at = self.pos;
        let den = self.int()?;
        let text = &self.src[start..self.pos];
        if den == 0 {
            return Err(parse_error(format!(
                "count {text} at byte {start} has a zero denominator (at byte {den_at})"
            )));
        }
        match (num.checked_rem(den), num.checked_div(den)) {
            (Some(0), Some(q)) => Ok(q),
            (Some(_), _) => Err(parse_error(format!(
                "count {text} at byte {start} is not an integer"
            ))),
            _ => Err(parse_error(format!(
                "count {text} at byte {start} does not fit in i64"
            ))),
        }
    }
    /// `int ::= [ "-" ] digit { digit }`
    fn int(&mut self) -> Result<i64> {
        let start = self.pos;
        if self.peek() == Some('-') {
            self.pos += 1;
        }
        if self.digits() == 0 {
            self.pos = start;
            return Err(self.error(if self.lenient {
                "an integer, '_' or '('"
            } else {
                "an integer or '('"
            }));
        }
        let text = &self.src[start..self.pos];
        text.parse::<i64>().map_err(|_| {
            parse_error(format!(
                "integer {text} at byte {start} does not fit in i64"
            ))
        })
    }
    /// `uint ::= digit { digit }`
    fn uint(&mut self) -> Result<usize> {
        let start = self.pos;
        if self.digits() == 0 {
            return Err(self.error("a mode index (digits)"));
        }
        let text = &self.src[start..self.pos];
        // Leading zeros are digits too; only the value counts.
        let trimmed = text.trim_start_matches('0');
        if trimmed.len() > 20 {
            return Err(parse_error(format!(
                "mode index {text} at byte {start} exceeds MAX_MODE_INDEX = {MAX_MODE_INDEX}"
            )));
        }
        Ok(trimmed
            .parse::<usize>()
            .unwrap_or(if trimmed.is_empty() { 0 } else { usize::MAX }))
    }
    fn digits(&mut self) -> usize {
        let n = self.src[self.pos..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        self.pos += n;
        n
    }
}
