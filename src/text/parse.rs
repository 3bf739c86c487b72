//! Parsing CuTe notation: `FromStr` for [`DynTuple`] and [`DynLayout`].
//!
//! Grammar (whitespace allowed between tokens):
//!
//! ```text
//! layout := tuple [ ':' tuple ]        // no stride: compact column-major (LayoutLeft)
//! tuple  := int | '(' [ tuple { ',' tuple } ] ')'
//! int    := [ '_' ] [ '-' ] digit { digit }   // '_' marks a static leaf, as CuTe prints it
//! ```
//!
//! Errors say what was expected and at which byte offset:
//! `expected ')' or ',' at byte 6, found ':'`. Tuples nested deeper than
//! [`MAX_DEPTH`] (64) levels are refused.
//!
//! An integer is read with its sign as one `i64`, so every `i64` is accepted, `i64::MIN`
//! included (`1:-9223372036854775808`); whether it is admissible in a layout is then
//! [`DynLayout::new`]'s decision (any stride on a size-1 mode is).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::str::FromStr;

use crate::error::{ErrorKind, LayoutError, Result};
use crate::runtime::layout::{DynInt, DynLayout, DynTuple, MAX_DEPTH};

/// A recursive-descent reader over CuTe notation, shared by the layout and tiler parsers.
#[derive(Clone, Debug)]
pub(crate) struct Parser<'a> {
    src: &'a str,
    pos: usize,
}

impl<'a> Parser<'a> {
    pub(crate) fn new(src: &'a str) -> Self {
        Parser { src, pos: 0 }
    }

    pub(crate) fn skip_ws(&mut self) {
        while let Some(c) = self.src[self.pos..].chars().next() {
            if c.is_whitespace() {
                self.pos += c.len_utf8();
            } else {
                break;
            }
        }
    }

    /// The next character after whitespace, without consuming it.
    pub(crate) fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.src[self.pos..].chars().next()
    }

    /// Consume `c` if it is next.
    pub(crate) fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    /// An error: `expected {what} at byte {pos}, found {next}`.
    pub(crate) fn error(&mut self, what: &str) -> LayoutError {
        let found = match self.peek() {
            None => String::from("end of input"),
            Some(c) => format!("{c:?}"),
        };
        LayoutError::with_detail(
            ErrorKind::Parse,
            format!("expected {what} at byte {}, found {found}", self.pos),
        )
    }

    pub(crate) fn expect(&mut self, c: char, what: &str) -> Result<()> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.error(what))
        }
    }

    /// The byte offset of the next token.
    pub(crate) fn pos(&mut self) -> usize {
        self.skip_ws();
        self.pos
    }

    /// The text after the next token's offset (whitespace skipped), with that offset: for a
    /// sub-grammar parsed elsewhere (a basis stride in a tiler, `crate::descriptor`).
    pub(crate) fn rest(&mut self) -> (&'a str, usize) {
        self.skip_ws();
        (self.src, self.pos)
    }

    /// Continue at byte `pos` (past text parsed elsewhere, see [`rest`](Self::rest)).
    pub(crate) fn skip_to(&mut self, pos: usize) {
        self.pos = pos;
    }

    /// Consume the literal `lit` if it is next (after whitespace).
    pub(crate) fn eat_str(&mut self, lit: &str) -> bool {
        self.skip_ws();
        let hit = self.src[self.pos..].starts_with(lit);
        if hit {
            self.pos += lit.len();
        }
        hit
    }

    pub(crate) fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    pub(crate) fn finish(&mut self) -> Result<()> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.error("end of input"))
        }
    }

    /// `int := ['_'] ['-'] digits`
    pub(crate) fn int(&mut self) -> Result<DynInt> {
        self.skip_ws();
        let start = self.pos;
        let is_static = self.src[self.pos..].starts_with('_');
        if is_static {
            self.pos += 1;
        }
        let num_start = self.pos;
        if self.src[self.pos..].starts_with('-') {
            self.pos += 1;
        }
        let digits = self.src[self.pos..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        if digits == 0 {
            self.pos = start;
            return Err(self.error("an integer"));
        }
        self.pos += digits;
        let text = &self.src[num_start..self.pos];
        let value = text.parse::<i64>().map_err(|_| {
            LayoutError::with_detail(
                ErrorKind::Parse,
                format!("integer {text} at byte {num_start} does not fit in i64"),
            )
        })?;
        Ok(DynInt { value, is_static })
    }

    /// `tuple := int | '(' [tuple {',' tuple}] ')'`
    pub(crate) fn tuple(&mut self) -> Result<DynTuple> {
        self.tuple_at_depth(0)
    }

    fn tuple_at_depth(&mut self, depth: usize) -> Result<DynTuple> {
        // Bound the recursion so that hostile input cannot overflow the stack (the same limit
        // as `DynLayout::new`).
        if depth > MAX_DEPTH {
            return Err(LayoutError::with_detail(
                ErrorKind::Parse,
                format!("nesting deeper than {MAX_DEPTH} at byte {}", self.pos),
            ));
        }
        if self.eat('(') {
            let mut items = Vec::new();
            if self.eat(')') {
                return Ok(DynTuple::Tuple(items));
            }
            loop {
                items.push(self.tuple_at_depth(depth + 1)?);
                if self.eat(')') {
                    return Ok(DynTuple::Tuple(items));
                }
                self.expect(',', "')' or ','")?;
            }
        }
        match self.peek() {
            Some(c) if c == '_' || c == '-' || c.is_ascii_digit() => Ok(DynTuple::Int(self.int()?)),
            _ => Err(self.error("an integer or '('")),
        }
    }

    /// `layout := tuple [':' tuple]`, checked with [`DynLayout::new`].
    pub(crate) fn layout(&mut self) -> Result<DynLayout> {
        let start = {
            self.skip_ws();
            self.pos
        };
        let shape = self.tuple()?;
        let layout = if self.eat(':') {
            let stride_at = {
                self.skip_ws();
                self.pos
            };
            let stride = self.tuple()?;
            if !shape.congruent(&stride) {
                return Err(LayoutError::with_detail(
                    ErrorKind::Incongruent,
                    format!(
                        "stride {stride} at byte {stride_at} does not have the structure of shape {shape}"
                    ),
                ));
            }
            DynLayout::new(shape, stride)
        } else if !self.at_end() {
            return Err(self.error("':' between shape and stride, or end of input"));
        } else {
            DynLayout::column_major(shape)
        };
        layout.map_err(|e| {
            LayoutError::with_detail(e.kind(), format!("{} (layout at byte {start})", e.detail()))
        })
    }
}

impl FromStr for DynTuple {
    type Err = LayoutError;
    /// Parse an integer tuple such as `(4,(2,_2))`.
    fn from_str(s: &str) -> Result<Self> {
        let mut p = Parser::new(s);
        let t = p.tuple()?;
        p.finish()?;
        Ok(t)
    }
}

impl FromStr for DynLayout {
    type Err = LayoutError;
    /// Parse `shape:stride` in CuTe notation, either form of `Display`:
    /// `(4,(2,2)):(1,(8,4))` or `(_4,(_2,_2)):(_1,(_8,_4))`. A shape alone gets compact
    /// column-major strides.
    fn from_str(s: &str) -> Result<Self> {
        let mut p = Parser::new(s);
        let l = p.layout()?;
        p.finish()?;
        Ok(l)
    }
}
