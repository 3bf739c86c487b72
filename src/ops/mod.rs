//! The layout algebra computed through trait resolution: each operation is a trait whose
//! associated type is the result, an alias naming it, and methods computing the value.
//!
//! Static layouts get static results (zero-sized, checked at compile time); mixed layouts go
//! through the same impls, with runtime values and runtime checks where a value is dynamic.

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
}

/// A nullary operation `Op` on `Self` with result `O`. The inherent methods without an
/// argument take their bound through `O`, the result type, which is still unknown when Rust
/// looks the method up: so a violated condition is reported as the named condition, not as
/// "method cannot be called".
pub trait NullaryOp<Op, O> {
    /// The result; an error only for runtime values that violate a condition.
    fn try_apply0(&self) -> Result<O>;
}
/// Marker of [`ComplementFull`] for [`NullaryOp`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ComplementFullOp;
impl<L: ComplementFull<Output = O>, O> NullaryOp<ComplementFullOp, O> for L {
    #[inline(always)]
    fn try_apply0(&self) -> Result<O> {
        self.try_complement_full()
    }
}
/// Marker of [`LeftInverse`] for [`NullaryOp`].
#[derive(Clone, Copy, Debug, Default)]
pub struct LeftInverseOp;
impl<L: LeftInverse<Output = O>, O> NullaryOp<LeftInverseOp, O> for L {
    #[inline(always)]
    fn try_apply0(&self) -> Result<O> {
        self.try_left_inverse()
    }
}

impl<S, D> Layout<S, D> {
    /// `coalesce(self)`: see [`Coalesce`].
    #[inline(always)]
    pub fn coalesce(&self) -> Coalesced<Self>
    where
        Self: Coalesce,
    {
        Coalesce::coalesce(self)
    }
    /// `complement(self)` w.r.t. `cosize(self)`: see [`ComplementFull`]. An error only for
    /// runtime values that violate a condition.
    #[inline(always)]
    pub fn try_complement_full<O>(&self) -> Result<O>
    where
        Self: NullaryOp<ComplementFullOp, O>,
    {
        self.try_apply0()
    }
    /// `complement(self)` w.r.t. `cosize(self)`: see [`ComplementFull`].
    ///
    /// Panics with the error's message where `try_complement_full` errs (only for runtime
    /// values).
    #[inline(always)]
    pub fn complement_full<O>(&self) -> O
    where
        Self: NullaryOp<ComplementFullOp, O>,
    {
        match self.try_apply0() {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }
    /// `left_inverse(self)`: see [`LeftInverse`].
    #[inline(always)]
    pub fn try_left_inverse<O>(&self) -> Result<O>
    where
        Self: NullaryOp<LeftInverseOp, O>,
    {
        self.try_apply0()
    }
    /// `left_inverse(self)`: see [`LeftInverse`].
    #[inline(always)]
    pub fn left_inverse<O>(&self) -> O
    where
        Self: NullaryOp<LeftInverseOp, O>,
    {
        match self.try_apply0() {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }
}
