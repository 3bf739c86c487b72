//! The layout algebra computed through trait resolution: each operation is a trait whose
//! associated type is the result, an alias naming it, and methods computing the value.
//!
//! Static layouts get static results (zero-sized, checked at compile time); mixed layouts go
//! through the same impls, with runtime values and runtime checks where a value is dynamic.

pub mod build;
pub mod coalesce;
pub mod complement;
pub mod compose;
pub mod distribute;
pub mod divide;
pub mod inverse;
pub mod modeops;
pub mod modes;
pub mod select;
pub mod tiler;
pub mod vector;

pub use build::{Append, Crd2Idx, GetMode, Idx2Crd, Prepend, SelectModes, Take};
pub use coalesce::{Coalesce, Coalesced};
pub use complement::{Complement, ComplementFull, ComplementOf, Cosize};
pub use compose::{Compose, Composition};
pub use divide::{
    BlockedProduct, BlockedProductOf, FlatDivide, FlatDivision, FlatProduct, FlatProductOf,
    LogicalDivide, LogicalDivision, LogicalProduct, LogicalProductOf, RakedProduct, RakedProductOf,
    TiledDivide, TiledDivision, TiledProduct, TiledProductOf, ZippedDivide, ZippedDivision,
    ZippedProduct, ZippedProductOf,
};
pub use inverse::{LeftInverse, LeftInverseOf, RightInverse, RightInverseOf};
pub use modeops::{
    CoalesceByMode, CoalescedByMode, Filter, FilterZeros, FilterZerosOf, Filtered, Flatten,
    Flattened, GroupModes, GroupedModes,
};
pub use tiler::Underscore;
pub use vector::{MaxCommonLayout, MaxCommonLayoutOf, MaxCommonVector, MaxCommonVectorOf};

use crate::error::Result;
use crate::layout::Layout;

/// An operation `Op` applied to a layout `L` with `Self` as its argument. The inherent methods
/// of [`Layout`] take their bound through the argument's type, which is still unknown when
/// Rust looks the method up: so a violated condition is reported as the named condition when
/// the argument is known, not as "method cannot be called".
pub trait OpArg<L, Op> {
    /// The result.
    type Output;
    /// The result; an error only for runtime values that violate a condition.
    fn try_apply(self, l: &L) -> Result<Self::Output>;
}

macro_rules! inherent {
    ($($(#[$doc:meta])* $Trait:ident :: $try_m:ident / $m:ident ($arg:ident : $T:ident) via $Marker:ident;)*) => {
        $(
            #[doc = concat!("Marker of [`", stringify!($Trait), "`] for [`OpArg`].")]
            #[derive(Clone, Copy, Debug, Default)]
            pub struct $Marker;
            impl<L: $Trait<$T>, $T> OpArg<L, $Marker> for $T {
                type Output = <L as $Trait<$T>>::Output;
                #[inline(always)]
                fn try_apply(self, l: &L) -> Result<Self::Output> {
                    <L as $Trait<$T>>::$try_m(l, self)
                }
            }
        )*
        /// The layout algebra as inherent methods: no trait imports needed. Each method
        /// forwards to the trait of the same name in [`ops`](crate::ops), whose associated type
        /// is the result.
        impl<S, D> Layout<S, D> {
            $(
                $(#[$doc])*
                #[inline(always)]
                pub fn $try_m<$T: OpArg<Self, $Marker>>(&self, $arg: $T) -> Result<<$T as OpArg<Self, $Marker>>::Output> {
                    $arg.try_apply(self)
                }
                $(#[$doc])*
                #[doc = ""]
                #[doc = concat!("Panics with the error's message where `", stringify!($try_m), "` errs (only for runtime values).")]
                #[inline(always)]
                pub fn $m<$T: OpArg<Self, $Marker>>(&self, $arg: $T) -> <$T as OpArg<Self, $Marker>>::Output {
                    match $arg.try_apply(self) {
                        Ok(v) => v,
                        Err(e) => panic!("{e}"),
                    }
                }
            )*
        }
    };
}

inherent! {
    /// `composition(self, b)`: see [`Compose`].
    Compose::try_compose / compose(b: B) via ComposeArg;
    /// `complement(self, m)`: see [`Complement`].
    Complement::try_complement / complement(m: M) via ComplementArg;
    /// `logical_divide(self, t)`: see [`LogicalDivide`].
    LogicalDivide::try_logical_divide / logical_divide(t: T) via LogicalDivideArg;
    /// `zipped_divide(self, t)`: see [`ZippedDivide`].
    ZippedDivide::try_zipped_divide / zipped_divide(t: T) via ZippedDivideArg;
    /// `tiled_divide(self, t)`: see [`TiledDivide`].
    TiledDivide::try_tiled_divide / tiled_divide(t: T) via TiledDivideArg;
    /// `flat_divide(self, t)`: see [`FlatDivide`].
    FlatDivide::try_flat_divide / flat_divide(t: T) via FlatDivideArg;
    /// `logical_product(self, t)`: see [`LogicalProduct`].
    LogicalProduct::try_logical_product / logical_product(t: T) via LogicalProductArg;
    /// `zipped_product(self, t)`: see [`ZippedProduct`].
    ZippedProduct::try_zipped_product / zipped_product(t: T) via ZippedProductArg;
    /// `tiled_product(self, t)`: see [`TiledProduct`].
    TiledProduct::try_tiled_product / tiled_product(t: T) via TiledProductArg;
    /// `flat_product(self, t)`: see [`FlatProduct`].
    FlatProduct::try_flat_product / flat_product(t: T) via FlatProductArg;
    /// `blocked_product(self, b)`: see [`BlockedProduct`].
    BlockedProduct::try_blocked_product / blocked_product(b: B) via BlockedProductArg;
    /// `raked_product(self, b)`: see [`RakedProduct`].
    RakedProduct::try_raked_product / raked_product(b: B) via RakedProductArg;
    /// By-mode `coalesce(self, profile)` (paper Eq. 12): see [`CoalesceByMode`].
    ///
    /// ```
    /// use cute_layout::{layout, typenum::U1};
    /// let c = layout!((2,(1,6)):(1,(6,2))).coalesce_by_mode((U1::default(), U1::default()));
    /// assert_eq!(c.to_string(), "(2,6):(1,2)");
    /// ```
    CoalesceByMode::try_coalesce_by_mode / coalesce_by_mode(profile: P) via CoalesceByModeArg;
}

/// Marker of [`MaxCommonVector`] for [`OpArg`].
#[derive(Clone, Copy, Debug, Default)]
pub struct MaxCommonVectorArg;
impl<L: MaxCommonVector<B>, B> OpArg<L, MaxCommonVectorArg> for &B {
    type Output = i64;
    #[inline(always)]
    fn try_apply(self, l: &L) -> Result<i64> {
        Ok(l.max_common_vector(self))
    }
}
/// Marker of [`MaxCommonLayout`] for [`OpArg`].
#[derive(Clone, Copy, Debug, Default)]
pub struct MaxCommonLayoutArg;
impl<L: MaxCommonLayout<B>, B> OpArg<L, MaxCommonLayoutArg> for &B {
    type Output = <L as MaxCommonLayout<B>>::Output;
    #[inline(always)]
    fn try_apply(self, l: &L) -> Result<Self::Output> {
        l.try_max_common_layout(self)
    }
}

impl<S, D> Layout<S, D> {
    /// `max_common_vector(self, b)` (paper Eq. 25): see [`MaxCommonVector`].
    ///
    /// ```
    /// use cute_layout::layout;
    /// assert_eq!(layout!((4,8):(1,4)).max_common_vector(&layout!((4,8):(1,4))), 32);
    /// ```
    #[inline(always)]
    pub fn max_common_vector<B: OpArg<Self, MaxCommonVectorArg, Output = i64>>(&self, b: B) -> i64 {
        match b.try_apply(self) {
            Ok(k) => k,
            Err(e) => panic!("{e}"),
        }
    }
    /// `max_common_layout(self, b)` (paper Eq. 25): see [`MaxCommonLayout`].
    ///
    /// ```
    /// use cute_layout::layout;
    /// let r = layout!((2,4):(1,8)).max_common_layout(&layout!((2,4):(1,2)));
    /// assert_eq!(r.to_string(), "2:1");
    /// ```
    #[inline(always)]
    pub fn max_common_layout<B: OpArg<Self, MaxCommonLayoutArg>>(&self, b: B) -> B::Output {
        match b.try_apply(self) {
            Ok(r) => r,
            Err(e) => panic!("{e}"),
        }
    }
}

/// A nullary operation `Op` on `Self` with result `O`. The inherent methods without an
/// argument take their bound through `O`, the result type, which is still unknown when Rust
/// looks the method up: so a violated condition is reported as the named condition, not as
/// "method cannot be called".
pub trait NullaryOp<Op, O> {
    /// The result; an error only for runtime values that violate a condition.
    fn try_apply0(&self) -> Result<O>;
}
/// Declares nullary operations: a marker, its [`NullaryOp`] impl, and the inherent `try_`
/// and panicking methods on [`Layout`] (whose bound goes through the result type `O`).
macro_rules! nullary {
    ($($(#[$doc:meta])* $Trait:ident :: $try_m:ident / $m:ident via $Marker:ident;)*) => {
        $(
            #[doc = concat!("Marker of [`", stringify!($Trait), "`] for [`NullaryOp`].")]
            #[derive(Clone, Copy, Debug, Default)]
            pub struct $Marker;
            impl<L: $Trait<Output = O>, O> NullaryOp<$Marker, O> for L {
                #[inline(always)]
                fn try_apply0(&self) -> Result<O> {
                    <L as $Trait>::$try_m(self)
                }
            }
        )*
        impl<S, D> Layout<S, D> {
            $(
                $(#[$doc])*
                #[doc = ""]
                #[doc = "An error only for runtime values that violate a condition."]
                #[inline(always)]
                pub fn $try_m<O>(&self) -> Result<O>
                where
                    Self: NullaryOp<$Marker, O>,
                {
                    self.try_apply0()
                }
                $(#[$doc])*
                #[doc = ""]
                #[doc = concat!("Panics with the error's message where `", stringify!($try_m), "` errs (only for runtime values).")]
                #[inline(always)]
                pub fn $m<O>(&self) -> O
                where
                    Self: NullaryOp<$Marker, O>,
                {
                    match self.try_apply0() {
                        Ok(v) => v,
                        Err(e) => panic!("{e}"),
                    }
                }
            )*
        }
    };
}

nullary! {
    /// `complement(self)` w.r.t. `cosize(self)`: see [`ComplementFull`].
    ///
    /// ```
    /// use cute_layout::layout;
    /// assert_eq!(layout!((4,8):(1,8)).complement_full().to_string(), "(2,1):(4,64)");
    /// ```
    ComplementFull::try_complement_full / complement_full via ComplementFullOp;
    /// `left_inverse(self)`: see [`LeftInverse`].
    ///
    /// ```
    /// use cute_layout::layout;
    /// assert_eq!(layout!((4,8):(1,5)).left_inverse().to_string(), "(5,8):(1,4)");
    /// ```
    LeftInverse::try_left_inverse / left_inverse via LeftInverseOp;
    /// `right_inverse(self)`: see [`RightInverse`].
    ///
    /// ```
    /// use cute_layout::layout;
    /// assert_eq!(layout!((4,8):(8,1)).right_inverse().to_string(), "(8,4):(4,1)");
    /// ```
    RightInverse::try_right_inverse / right_inverse via RightInverseOp;
    /// `filter(self)`: `coalesce(filter_zeros(self))`; see [`Filter`].
    ///
    /// ```
    /// use cute_layout::layout;
    /// assert_eq!(layout!((4,2,8):(1,0,4)).filter().to_string(), "32:1");
    /// ```
    Filter::try_filter / filter via FilterOp;
    /// `coalesce(self)` (paper §3.1): see [`Coalesce`].
    ///
    /// ```
    /// use cute_layout::layout;
    /// assert_eq!(layout!((2,(1,6)):(1,(6,2))).coalesce().to_string(), "12:1");
    /// ```
    Coalesce::try_coalesce / coalesce via CoalesceOp;
}

impl<S, D> Layout<S, D> {
    /// `filter_zeros(self)`: stride-0 modes become `1:0`; see [`FilterZeros`].
    ///
    /// ```
    /// use cute_layout::layout;
    /// assert_eq!(layout!((4,2,8):(1,0,4)).filter_zeros().to_string(), "(4,1,8):(1,0,4)");
    /// ```
    #[inline(always)]
    pub fn filter_zeros(&self) -> FilterZerosOf<Self>
    where
        Self: FilterZeros,
    {
        FilterZeros::filter_zeros(self)
    }
    /// `flatten(self)`: every leaf mode at the top level; see [`Flatten`].
    ///
    /// ```
    /// use cute_layout::layout;
    /// assert_eq!(layout!((4,(2,2)):(1,(8,4))).flatten().to_string(), "(4,2,2):(1,8,4)");
    /// ```
    #[inline(always)]
    pub fn flatten(&self) -> Flattened<Self>
    where
        Self: Flatten,
    {
        Flatten::flatten(self)
    }
    /// `group_modes<B, E>(self)`: modes `B..E` grouped into one mode; see [`GroupModes`].
    ///
    /// ```
    /// use cute_layout::{layout, typenum::{U1, U3}};
    /// let g = layout!((2,3,4,5):(1,2,6,24)).group_modes::<U1, U3>();
    /// assert_eq!(g.to_string(), "(2,(3,4),5):(1,(2,6),24)");
    /// ```
    #[inline(always)]
    pub fn group_modes<B, E>(&self) -> GroupedModes<Self, B, E>
    where
        Self: GroupModes<B, E>,
    {
        GroupModes::<B, E>::group_modes(self)
    }
}
