//! The parts of a swizzled layout (CuTe `swizzle_layout.hpp`): `get_nonswizzle_portion` and
//! `get_swizzle_portion`.

use typenum::U4;

use crate::Layout;

/// CuTe's `get_nonswizzle_portion` and `get_swizzle_portion`: the parts of a (possibly)
/// swizzled layout `Sw ∘ O ∘ L`. For a composed layout `get_nonswizzle_portion` is `L` (CuTe's
/// `layout_b()`: the offset `O` is dropped, as in CuTe; the TMA and GMMA code it serves build
/// their layouts with `O = 0`) and `get_swizzle_portion` is `Sw`; a plain layout is its own
/// non-swizzle portion and has the identity swizzle `Sw<0,4,3>`.
///
/// With `O = 0`, `L(c)` and the layout agree up to the swizzle: `Sw(L(c)) = (Sw ∘ 0 ∘ L)(c)`.
///
/// ```
/// use cute_layout::atom::{gmma, half_t, SwizzlePortions};
/// let atom = gmma::Layout_K_SW128_Atom::<half_t>::new();
/// assert_eq!(atom.get_nonswizzle_portion().to_string(), "(8,64):(64,1)");
/// assert_eq!(atom.get_swizzle_portion().to_string(), "Sw<3,3,3>");
/// let plain = cute_layout::layout!((4,8):(8,1));
/// assert_eq!(plain.get_nonswizzle_portion(), plain);
/// assert_eq!(plain.get_swizzle_portion().to_string(), "Sw<0,4,3>");
/// ```
#[doc(hidden)]
pub trait SwizzlePortions {
    /// The non-swizzled layout.
    type NonSwizzle;
    /// The swizzle function.
    type SwizzlePart;
    /// CuTe's `get_nonswizzle_portion(layout)`.
    fn get_nonswizzle_portion(&self) -> Self::NonSwizzle;
    /// CuTe's `get_swizzle_portion(layout)`.
    fn get_swizzle_portion(&self) -> Self::SwizzlePart;
}
/// A composed layout `Sw ∘ O ∘ L`: `L` and `Sw`.
impl<Sw: crate::swizzle::SwizzleFn + Clone, O, L: Clone> SwizzlePortions
    for crate::ComposedLayout<Sw, O, L>
where
    Self: ComposedParts<Sw, L>,
{
    type NonSwizzle = L;
    type SwizzlePart = Sw;
    fn get_nonswizzle_portion(&self) -> L {
        self.inner_part().clone()
    }
    fn get_swizzle_portion(&self) -> Sw {
        self.outer_part().clone()
    }
}
/// The parts of a composed layout, as references (its `layout_a()` and `layout_b()`).
#[doc(hidden)]
pub trait ComposedParts<A, B> {
    /// `layout_a()`.
    fn outer_part(&self) -> &A;
    /// `layout_b()`.
    fn inner_part(&self) -> &B;
}
impl<A, O, B> ComposedParts<A, B> for crate::ComposedLayout<A, O, B>
where
    A: crate::composed::ComposedOuter,
    O: crate::composed::ComposedOffset,
    B: crate::composed::ComposedInner,
{
    fn outer_part(&self) -> &A {
        self.layout_a()
    }
    fn inner_part(&self) -> &B {
        self.layout_b()
    }
}
/// A plain layout: itself, and the identity swizzle `Sw<0,4,3>`.
impl<S: Copy, D: Copy> SwizzlePortions for Layout<S, D> {
    type NonSwizzle = Self;
    type SwizzlePart = crate::swizzle::Swizzle<typenum::U0, U4, typenum::P3>;
    fn get_nonswizzle_portion(&self) -> Self {
        *self
    }
    fn get_swizzle_portion(&self) -> Self::SwizzlePart {
        Default::default()
    }
}
/// A runtime layout: itself, and the identity swizzle `Sw<0,4,3>`.
#[cfg(feature = "alloc")]
impl SwizzlePortions for crate::DynLayout {
    type NonSwizzle = Self;
    type SwizzlePart = crate::swizzle::DynSwizzle;
    fn get_nonswizzle_portion(&self) -> Self {
        self.clone()
    }
    fn get_swizzle_portion(&self) -> crate::swizzle::DynSwizzle {
        crate::swizzle::Swizzle::<typenum::U0, U4, typenum::P3>::default().to_dyn()
    }
}
/// CuTe's `get_nonswizzle_portion(layout)` (see [`SwizzlePortions`]).
pub fn get_nonswizzle_portion<L: SwizzlePortions>(layout: &L) -> L::NonSwizzle {
    layout.get_nonswizzle_portion()
}
/// CuTe's `get_swizzle_portion(layout)` (see [`SwizzlePortions`]).
pub fn get_swizzle_portion<L: SwizzlePortions>(layout: &L) -> L::SwizzlePart {
    layout.get_swizzle_portion()
}
