//! The `layout!` and `Layout!` literal macros: CuTe notation in Rust source.

/// A layout literal in CuTe notation: `layout!((4,(2,2)):(1,(8,4)))`.
///
/// Each integer is a static leaf (a typenum type); with no stride the layout is compact
/// column-major (`layout!((4,8))` is `(4,8):(1,4)`). The value is the zero-sized static layout,
/// built with [`Layout::new`](crate::Layout::new).
///
/// A leaf in braces, `{expr}`, is a runtime `i64`. A layout with runtime leaves is checked when
/// it is built, so then the macro returns `Result<Layout<..>, LayoutError>` from
/// [`Layout::try_new`](crate::Layout::try_new) (or
/// [`try_make_layout_left`](crate::try_make_layout_left) when no stride is written).
///
/// ```
/// use cute_layout::{layout, typenum::*, Layout};
/// let l = layout!((4,(2,2)):(1,(8,4)));
/// assert_eq!(l, Layout::<(U4, (U2, U2)), (U1, (U8, U4))>::new());
/// assert_eq!(layout!((4,8)).to_string(), "(4,8):(1,4)");
/// assert_eq!(layout!(4:-1).eval(3), -3);
///
/// let n = 8;
/// let m = layout!((4,{n}):(1,4)).unwrap(); // Layout<(U4, i64), (U1, U4)>
/// assert_eq!(format!("{m:#}"), "(_4,8):(_1,_4)");
/// assert!(layout!((4,{n - 8}):(1,4)).is_err()); // a zero shape entry
/// ```
///
/// Malformed input is a compile error at the offending tokens: a stride whose nesting differs
/// from the shape's, a shape entry that is not a positive integer, a missing `:`, trailing
/// tokens, sizes or offsets beyond `i64`.
#[macro_export]
macro_rules! layout {
    ($($t:tt)*) => { $crate::__private::layout_impl!{$crate; $($t)*} };
}

/// The type of a layout literal: `Layout![(4,(2,2)):(1,(8,4))]` is
/// `Layout<(U4, (U2, U2)), (U1, (U8, U4))>`.
///
/// With no stride it is the compact column-major type; a runtime leaf is written `{}` and is
/// `i64`.
///
/// ```
/// use cute_layout::{typenum::*, Layout};
/// static_assertions::assert_type_eq_all!(Layout![(4,8)], Layout<(U4, U8), (U1, U4)>);
/// static_assertions::assert_type_eq_all!(Layout![(4,{}):(1,-4)], Layout<(U4, i64), (U1, NInt<U4>)>);
/// ```
#[macro_export]
macro_rules! Layout {
    ($($t:tt)*) => { $crate::__private::layout_type_impl!{$crate; $($t)*} };
}

/// What the macros expand to; not public API.
#[doc(hidden)]
pub mod __private {
    pub use cute_layout_macros::{layout_impl, layout_type_impl};

    /// The value of a static leaf or tuple type.
    #[inline(always)]
    pub fn leaf<T: Default>() -> T {
        T::default()
    }

    /// A runtime leaf: an `i64` expression.
    #[inline(always)]
    pub const fn dynamic(v: i64) -> i64 {
        v
    }
}
