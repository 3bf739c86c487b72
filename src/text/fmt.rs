//! CuTe notation: `Display` for tuples and layouts.
//!
//! `{}` prints `(4,(2,2)):(1,(8,4))`, with no spaces; a rank-1 tuple prints as `(4)`, an
//! integer as `4`. The alternate form `{:#}` marks static leaves with `_`, as CuTe C++'s `print`
//! does: `(_4,(_2,_2)):(_1,(_8,_4))`.

#[cfg(feature = "alloc")]
use core::fmt;

#[cfg(feature = "alloc")]
use crate::runtime::layout::{DynInt, DynLayout, DynTuple};

#[cfg(feature = "alloc")]
impl fmt::Display for DynInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() && self.is_static {
            write!(f, "_{}", self.value)
        } else {
            write!(f, "{}", self.value)
        }
    }
}

#[cfg(feature = "alloc")]
impl fmt::Display for DynTuple {
    /// Written without recursion, so it is safe on trees of any depth.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A stack of what is left to print: tuples still to open, and separators.
        enum Item<'a> {
            Tuple(&'a DynTuple),
            Text(&'static str),
        }
        let mut stack = alloc::vec![Item::Tuple(self)];
        while let Some(item) = stack.pop() {
            match item {
                Item::Text(t) => f.write_str(t)?,
                Item::Tuple(DynTuple::Int(i)) => fmt::Display::fmt(i, f)?,
                Item::Tuple(DynTuple::Tuple(v)) => {
                    f.write_str("(")?;
                    stack.push(Item::Text(")"));
                    for (k, t) in v.iter().enumerate().rev() {
                        stack.push(Item::Tuple(t));
                        if k > 0 {
                            stack.push(Item::Text(","));
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(feature = "alloc")]
impl fmt::Display for DynLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.shape(), f)?;
        f.write_str(":")?;
        fmt::Display::fmt(self.stride(), f)
    }
}
