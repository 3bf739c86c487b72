//! Tilers (paper §3.3.5, Definition 3.1): tuples of layouts, integers and shapes applied by
//! mode, written `<4:1,8:2>` in text.

use alloc::borrow::Cow;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::basis::DynBasisLayout;
use crate::error::{LayoutError, Result};
use crate::parse::Parser;
use crate::runtime::layout::{DynInt, DynLayout, DynTuple, MAX_DEPTH};

/// A tiler (paper Definition 3.1): a layout applied to a whole layout, or a tuple of tilers
/// applied by mode (Eq. 12), where `_` leaves a mode untouched. An integer `n` is the layout
/// `n:1`; a shape `(4,8)` is the tiler `<4,8>` = `<4:1,8:1>`.
///
/// Text form: `<4:1,8:2>`, `<_,3>`, `<<2,2>,4:1>`; anything else is a layout (with a `:`), an
/// integer, or a shape. A layout may have basis strides (`(2,4):(1@1,1@0)`, [`DynTiler::Basis`]).
///
/// ```
/// use cute_layout::algebra::DynTiler;
/// let t: DynTiler = "<4:1, 8:2>".parse().unwrap();
/// assert_eq!(t.to_string(), "<4:1,8:2>");
/// assert_eq!("(4,8)".parse::<DynTiler>().unwrap().to_string(), "<4:1,8:1>");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DynTiler {
    /// A layout applied to the whole (sub)layout.
    Layout(DynLayout),
    /// Tilers applied to the modes of the (sub)layout, in order; modes beyond the tuple's
    /// length are kept unchanged.
    Tuple(Vec<DynTiler>),
    /// `_`: the mode is left untouched.
    Skip,
    /// A layout with basis strides applied to the whole (sub)layout `A` (CuTe and PyCuTe compose
    /// with any layout): `B` maps each of its indices to a coordinate of `A`, and `A ∘ B`
    /// evaluates `A` there — the stride `v@p` steps along mode `p` of `A`
    /// ([`algebra::basis`](crate::runtime::basis) has the rules). `(4,5):(1,4) ∘ 2:1@0 = 2:1`.
    Basis(DynBasisLayout),
}

impl From<DynBasisLayout> for DynTiler {
    /// A basis-strided layout as a tiler; one with integer strides only is [`DynTiler::Layout`].
    fn from(l: DynBasisLayout) -> Self {
        match l.to_dyn_layout() {
            Ok(d) => DynTiler::Layout(d),
            Err(_) => DynTiler::Basis(l),
        }
    }
}

impl From<DynLayout> for DynTiler {
    fn from(l: DynLayout) -> Self {
        DynTiler::Layout(l)
    }
}

impl DynTiler {
    /// The tiler of a shape: an integer `n` is `n:1`, a tuple is the by-mode tiler of its
    /// elements (paper §3.3.5: `(4,8) ≡ <4,8> ≡ <4:1,8:1>`).
    pub fn from_shape(shape: &DynTuple) -> Result<Self> {
        Ok(match shape {
            DynTuple::Int(i) => {
                let one = DynTuple::Int(DynInt {
                    value: 1,
                    is_static: i.is_static,
                });
                DynTiler::Layout(DynLayout::new(shape.clone(), one)?)
            }
            DynTuple::Tuple(v) => {
                DynTiler::Tuple(v.iter().map(DynTiler::from_shape).collect::<Result<_>>()?)
            }
        })
    }

    /// Whether every leaf of every layout in the tiler is static.
    pub fn is_static(&self) -> bool {
        match self {
            DynTiler::Layout(l) => l.is_static(),
            DynTiler::Tuple(v) => v.iter().all(DynTiler::is_static),
            DynTiler::Skip => true,
            DynTiler::Basis(l) => l.is_static(),
        }
    }
}

/// Anything usable where a tiler is expected: a [`DynTiler`] or a [`DynLayout`].
#[doc(hidden)]
pub trait AsTiler {
    /// This value as a tiler.
    fn as_tiler(&self) -> Result<Cow<'_, DynTiler>>;
    /// This value, when it is a single [`DynLayout`], by reference (so that the operations
    /// need not copy it into a [`DynTiler`]).
    #[doc(hidden)]
    fn as_layout(&self) -> Option<&DynLayout> {
        None
    }
}

impl AsTiler for DynTiler {
    fn as_tiler(&self) -> Result<Cow<'_, DynTiler>> {
        Ok(Cow::Borrowed(self))
    }
    fn as_layout(&self) -> Option<&DynLayout> {
        match self {
            DynTiler::Layout(l) => Some(l),
            _ => None,
        }
    }
}

impl AsTiler for DynLayout {
    fn as_tiler(&self) -> Result<Cow<'_, DynTiler>> {
        Ok(Cow::Owned(DynTiler::Layout(self.clone())))
    }
    fn as_layout(&self) -> Option<&DynLayout> {
        Some(self)
    }
}

impl<T: AsTiler + ?Sized> AsTiler for &T {
    fn as_tiler(&self) -> Result<Cow<'_, DynTiler>> {
        (**self).as_tiler()
    }
    fn as_layout(&self) -> Option<&DynLayout> {
        (**self).as_layout()
    }
}

/// A basis-strided layout as a tiler ([`DynTiler::Basis`]).
impl AsTiler for DynBasisLayout {
    fn as_tiler(&self) -> Result<Cow<'_, DynTiler>> {
        Ok(Cow::Owned(DynTiler::from(self.clone())))
    }
}

/// A static or mixed layout as a tiler (its runtime copy, marks kept).
impl<S: crate::tuple::Congruent<D>, D: crate::tuple::IntTuple> AsTiler for crate::Layout<S, D> {
    fn as_tiler(&self) -> Result<Cow<'_, DynTiler>> {
        Ok(Cow::Owned(DynTiler::Layout(self.to_dyn())))
    }
}

/// `_`: the mode is left untouched.
impl AsTiler for crate::typelevel::Underscore {
    fn as_tiler(&self) -> Result<Cow<'_, DynTiler>> {
        Ok(Cow::Owned(DynTiler::Skip))
    }
}

/// An integer `n` is the tiler `n:1`.
macro_rules! leaf_tiler {
    ([$($g:tt)*] $T:ty) => {
        impl<$($g)*> AsTiler for $T {
            fn as_tiler(&self) -> Result<Cow<'_, DynTiler>> {
                let n = DynTuple::Int(DynInt {
                    value: crate::int::Int::value(*self),
                    is_static: <$T as crate::int::Int>::STATIC.is_some(),
                });
                // A negative integer is no tiler: `from_shape` names the error.
                Ok(Cow::Owned(DynTiler::from_shape(&n)?))
            }
        }
    };
}
crate::tuple::for_each_leaf!(leaf_tiler);

/// A tuple of tilers, applied by mode.
macro_rules! tuple_tiler {
    ($(($T:ident $D:ident))*) => {
        impl<$($T: AsTiler),*> AsTiler for ($($T,)*) {
            #[allow(non_snake_case)]
            fn as_tiler(&self) -> Result<Cow<'_, DynTiler>> {
                let ($($T,)*) = self;
                Ok(Cow::Owned(DynTiler::Tuple(alloc::vec![$($T.as_tiler()?.into_owned()),*])))
            }
        }
    };
}
crate::tuple::for_each_tuple_pair!(tuple_tiler);

impl fmt::Display for DynTiler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DynTiler::Layout(l) => fmt::Display::fmt(l, f),
            DynTiler::Basis(l) => fmt::Display::fmt(l, f),
            DynTiler::Skip => f.write_str("_"),
            DynTiler::Tuple(v) => {
                f.write_str("<")?;
                for (i, t) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    fmt::Display::fmt(t, f)?;
                }
                f.write_str(">")
            }
        }
    }
}

fn tiler(p: &mut Parser<'_>, depth: usize) -> Result<DynTiler> {
    if depth > MAX_DEPTH {
        return Err(p.error("a tiler nested at most MAX_DEPTH = 64 deep"));
    }
    if p.eat('<') {
        let mut items = Vec::new();
        if p.eat('>') {
            return Ok(DynTiler::Tuple(items));
        }
        loop {
            items.push(tiler(p, depth + 1)?);
            if p.eat('>') {
                return Ok(DynTiler::Tuple(items));
            }
            p.expect(',', "'>' or ','")?;
        }
    }
    if p.peek() == Some('_') {
        // `_` alone is "skip"; `_4` is a static integer.
        let mut ahead = p.clone();
        ahead.eat('_');
        if !matches!(ahead.peek(), Some(c) if c == '-' || c.is_ascii_digit()) {
            *p = ahead;
            return Ok(DynTiler::Skip);
        }
    }
    let shape = p.tuple()?;
    if p.peek() == Some(':') {
        p.eat(':');
        let mut ahead = p.clone();
        let integer = ahead.tuple();
        if let (Ok(stride), false) = (&integer, ahead.peek() == Some('@')) {
            *p = ahead;
            return Ok(DynTiler::Layout(DynLayout::new(shape, stride.clone())?));
        }
        // A basis stride (`1@0`): the text up to the end of this tiler element, in the stride
        // grammar of `crate::descriptor`.
        let (src, start) = p.rest();
        let mut depth = 0usize;
        let end = src[start..]
            .char_indices()
            .find(|&(_, c)| match c {
                '(' => {
                    depth += 1;
                    false
                }
                ')' if depth > 0 => {
                    depth -= 1;
                    false
                }
                ',' | '>' | ')' => depth == 0,
                _ => false,
            })
            .map_or(src.len(), |(k, _)| start + k);
        if !src[start..end].contains('@') {
            // Not a basis stride: the integer parser's error.
            return Err(integer.err().unwrap_or_else(|| p.error("a stride")));
        }
        let stride = crate::descriptor::parse_stride_at(&src[..end], start)?;
        p.skip_to(end);
        return Ok(DynTiler::from(DynBasisLayout::new(shape, stride)?));
    }
    DynTiler::from_shape(&shape)
}

impl FromStr for DynTiler {
    type Err = LayoutError;
    /// Parse a tiler: `<4:1,8:2>`, `<_,(2,2):(1,4)>`, `(4,8)`, `3`, `(4,8):(8,1)`,
    /// `(2,4):(1@1,1@0)`.
    fn from_str(s: &str) -> Result<Self> {
        let mut p = Parser::new(s);
        let t = tiler(&mut p, 0)?;
        p.finish()?;
        Ok(t)
    }
}
