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
/// A composed layout (CuTe's `ComposedLayout`, a swizzle after an offset after a layout) is
/// written as CuTe prints it, the swizzle parameters static; a runtime offset or leaf makes it
/// a `Result` again. Invalid swizzle parameters are a compile error naming the condition.
///
/// ```
/// use cute_layout::{layout, ComposedLayout, Layout};
/// let c = layout!(Sw<3,4,3> o 0 o (8,64):(64,1));
/// static_assertions::assert_type_eq_all!(
///     ComposedLayout<cute_layout::swizzle::Swizzle<cute_layout::typenum::U3, cute_layout::typenum::U4, cute_layout::typenum::P3>,
///         cute_layout::typenum::U0, Layout![(8,64):(64,1)]>,
///     Layout![Sw<3,4,3> o 0 o (8,64):(64,1)]);
/// assert_eq!(c.call((2, 0)), 144);
/// let base = 1024;
/// let m = layout!(Sw<2,4,-3> o {base} o (4,{base}):(64,1)).unwrap();
/// assert_eq!(format!("{m:#}"), "Sw<2,4,-3> o 1024 o (_4,1024):(_64,_1)");
/// ```
///
/// A leaf may also be a *type* naming a static integer, written into the layout type as it
/// stands: a typenum type or generic parameter in scope (`BM`), `U<N>` for a const generic `N`
/// (typenum's `U`, CuTe's `Int<N>`), an alias or a qualified path (`<C as Config>::BlockM`) —
/// in the shape, the stride, a scaled basis and a swizzle's parameters (`B` and `M` unsigned,
/// `S` a signed typenum integer such as `P3`). The macro does not see its value: the layout's
/// trait bounds check it, and without a stride the compact stride is computed in the type
/// system. A lone lower-case name is taken for a variable meant as a runtime leaf `{x}`.
///
/// ```
/// use cute_layout::{layout, typenum::{U, U8}};
/// type BM = U8;
/// let l = layout!((BM, U<4>):(1, BM));
/// assert_eq!(l.to_string(), "(8,4):(1,8)");
/// ```
///
/// Malformed input is a compile error at the offending tokens: a stride whose nesting differs
/// from the shape's, a shape entry that is not a positive integer, a missing `:`, trailing
/// tokens, sizes or offsets beyond `i64`, an unclosed `<` in a type leaf.
#[macro_export]
macro_rules! layout {
    ($($t:tt)*) => { $crate::__private::layout_impl!{$crate; $($t)*} };
}

/// The type of a layout literal: `Layout![(4,(2,2)):(1,(8,4))]` is
/// `Layout<(U4, (U2, U2)), (U1, (U8, U4))>`.
///
/// With no stride it is the compact column-major type; a runtime leaf is written `{}` and is
/// `i64`. A leaf may be a type naming a static integer (see [`layout!`]): kernel
/// configurations are written with parameters, as CuTe's `Layout<Shape<Int<kBlockM>, _8>>`.
///
/// ```
/// use cute_layout::{typenum::*, Layout};
/// static_assertions::assert_type_eq_all!(Layout![(4,8)], Layout<(U4, U8), (U1, U4)>);
/// static_assertions::assert_type_eq_all!(Layout![(4,{}):(1,-4)], Layout<(U4, i64), (U1, NInt<U4>)>);
/// // A const generic parameter, through typenum's `U<N>`:
/// struct Tile<const BM: usize>;
/// trait SmemLayout { type Layout; }
/// impl<const BM: usize> SmemLayout for Tile<BM> where Const<BM>: ToUInt {
///     type Layout = Layout![(U<BM>, 8):(8, 1)];
/// }
/// static_assertions::assert_type_eq_all!(<Tile<64> as SmemLayout>::Layout, Layout![(64,8):(8,1)]);
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

    /// A composed layout with runtime parts, checked.
    #[inline]
    pub fn composed<A, O, B>(
        a: A,
        o: O,
        b: crate::error::Result<B>,
    ) -> crate::error::Result<crate::ComposedLayout<A, O, B>>
    where
        A: crate::composed::ComposedOuter,
        O: crate::composed::ComposedOffset,
        B: crate::composed::ComposedInner,
    {
        crate::ComposedLayout::try_new(a, o, b?)
    }

    /// Binary digits written up to eight at a time: `Bits3<H, a, b, c>` is
    /// `UInt<UInt<UInt<H, a>, b>, c>`. The macros write a static integer with these, so its
    /// written type nests ⌈bits/8⌉ deep rather than one level per bit: clippy's type-certainty
    /// analysis walks a written type in time exponential in its nesting depth, and a
    /// one-level-per-bit literal of 2³² took it minutes. The aliases are transparent: the type
    /// is the same `typenum` integer.
    pub type Bits1<H, A> = typenum::UInt<H, A>;
    pub type Bits2<H, A, B> = Bits1<Bits1<H, A>, B>;
    pub type Bits3<H, A, B, C> = Bits1<Bits2<H, A, B>, C>;
    pub type Bits4<H, A, B, C, D> = Bits1<Bits3<H, A, B, C>, D>;
    pub type Bits5<H, A, B, C, D, E> = Bits1<Bits4<H, A, B, C, D>, E>;
    pub type Bits6<H, A, B, C, D, E, F> = Bits1<Bits5<H, A, B, C, D, E>, F>;
    pub type Bits7<H, A, B, C, D, E, F, G> = Bits1<Bits6<H, A, B, C, D, E, F>, G>;
    pub type Bits8<H, A, B, C, D, E, F, G, I> = Bits1<Bits7<H, A, B, C, D, E, F, G>, I>;

    /// A runtime leaf: an `i64` expression.
    #[inline(always)]
    pub const fn dynamic(v: i64) -> i64 {
        v
    }
}
