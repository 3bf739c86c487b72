//! The layout algebra computed through trait resolution: each operation is a trait whose
//! associated type is the result, an alias naming it, and methods computing the value.
//!
//! Static layouts get static results (zero-sized, checked at compile time); mixed layouts go
//! through the same impls, with runtime values and runtime checks where a value is dynamic.

/// Attaches one `#[diagnostic::on_unimplemented]` to several items: a named condition and the
/// selector-dispatched trait where it fails report the same message, written once.
macro_rules! with_diagnostic {
    ($diag:tt $($item:item)*) => {
        $(
            #[diagnostic::on_unimplemented $diag]
            $item
        )*
    };
}

/// The value of an operation on `$a: &$A` with argument `$b: $B` and result `$O` (`Default`),
/// as a function pointer chosen in a `const`: where all three types are zero-sized, that is
/// static (a static layout, tiler or integer carries its values in its type, and the
/// operation's conditions were checked when the result type was computed, so the value path
/// returns `Ok` of the one value of `$O`), `Ok(<$O>::default())`; otherwise the value path
/// `$value`. rustc collects only the function that the evaluated `const` holds, so the value
/// path of a static result is never instantiated, and its type-level steps are not solved a
/// second time while rustc collects the program's functions (a sixth of the heavy test
/// binaries' build, `benches/HISTORY.md` §24). An `if` in the function body would not do:
/// rustc collects what a body mentions, in the branch not taken too.
macro_rules! static_or_value {
    // A nullary operation: no argument.
    (($a:ident: &$A:ty) -> $O:ty { $($value:tt)* }) => {{
        let no_argument = ();
        static_or_value!(($a: &$A, no_argument: ()) -> $O {
            let () = no_argument;
            $($value)*
        })
    }};
    (($a:ident: &$A:ty, $b:ident: $B:ty) -> $O:ty { $($value:tt)* }) => {{
        let f: fn(&$A, $B) -> $crate::error::Result<$O> = const {
            if core::mem::size_of::<$A>() == 0
                && core::mem::size_of::<$B>() == 0
                && core::mem::size_of::<$O>() == 0
            {
                |_, _| Ok(<$O as Default>::default())
            } else {
                |$a, $b| { $($value)* }
            }
        };
        f($a, $b)
    }};
}

pub(crate) mod basis_complement;
pub(crate) mod coalesce;
pub(crate) mod coalesce_z;
pub(crate) mod complement;
pub(crate) mod compose;
pub(crate) mod distribute;
pub(crate) mod divide;
pub(crate) mod domain;
pub(crate) mod flat;
pub mod int;
pub(crate) mod inverse;
pub mod layout;
pub(crate) mod modeops;
pub(crate) mod modes;
pub(crate) mod nullspace;
pub(crate) mod ordered;
pub(crate) mod product;
pub(crate) mod reshape;
pub(crate) mod slice;
pub(crate) mod tiler;
pub(crate) mod tiler_to_layout;
pub mod tuple;
pub(crate) mod vector;
pub(crate) mod verdict;

/// The building blocks of basis strides (CuTe's `ScaledBasis` arithmetic, the stride trees and
/// their conditions); the user-facing names are at the crate root.
pub use crate::basis::typelevel::{
    BasisCongruent, BasisCoord, BasisPath, ScaleBy, StrideDisplay, StrideEq, StrideLeaf,
    StrideTuple,
};
pub use complement::{Cosize, Injective, NonNegative};
pub use compose::{ShapeDivisibility, StrideDivisibility};
#[doc(hidden)]
pub use distribute::distributes_at_run_time;
pub use distribute::Distributive;
pub use divide::{TilerCovers, TilerCoversLayout};
pub use domain::{
    CoarseningSizes, CoarseningStatic, CommonCoarsening, CommonCoarseningOf, CommonRefinement,
    CommonRefinementOf, LayoutAddCommonDomain, LayoutAddSizes, RefinementRanks, RefinementValues,
    StaticDomain,
};
pub use inverse::{LeftInverseDivisibility, LeftInverseInjective, StaticMode, StaticModes};
pub use modeops::ModeRange;
pub use modes::{Append, Crd2Idx, GetMode, Idx2Crd, Prepend, SelectModes, Take};
pub use ordered::{
    BlockRankFits, DistinctOrder, GenColMajor, GenRowMajor, MakeOrderedLayout, MakeOrderedLayoutOf,
    ModeOrder, PositiveTarget, TileDivides, TileToShapeOrdered, TileToShapeOrderedOf,
};
pub use reshape::{
    Downcast, DowncastAdjacent, DowncastOf, ElementBits, RecastLayout, RecastLayoutOf, Upcast,
    UpcastOf, UpcastOffsetDivides, UpcastShapeDivides, UpcastStrideDivides,
};
pub use slice::{SliceAndOffset, SliceCoord};
pub use tiler::Underscore;
pub use tiler_to_layout::{TilerHasLayout, TilerToLayout, TilerToLayoutOf};

use crate::error::Result;
use crate::layout::Layout;

/// An operation `Op` applied to a layout `L` with `Self` as its argument. The inherent methods
/// take their bound through the argument's type, which is still unknown when Rust looks the
/// method up: so a violated condition is reported as the named condition when the argument is
/// known, not as "method cannot be called".
#[doc(hidden)]
pub trait OpArg<L, Op> {
    /// The result.
    type Output;
    /// The result; an error only for runtime values that violate a condition.
    fn try_apply(self, l: &L) -> Result<Self::Output>;
}

/// A nullary operation `Op` on `Self` with result `O`, for the inherent methods without an
/// argument (their bound goes through the result type, see [`OpArg`]).
#[doc(hidden)]
pub trait NullaryOp<Op, O> {
    /// The result; an error only for runtime values that violate a condition.
    fn try_apply0(&self) -> Result<O>;
}

/// The op table: each operation declared once. An entry produces the verb trait (`try_` method
/// required, the panicking method provided with `#[track_caller]`), the noun alias
/// `<Trait>Of`, and the inherent `try_`/panicking pair on [`Layout`] and (with `alloc`)
/// [`DynLayout`](crate::DynLayout), so that no trait import is needed. The rules (the impls)
/// live in the operation's family file, in both engines.
macro_rules! op_table {
    // The verb trait and its alias: `[params]` is the method's parameter list after `&self`,
    // `[args]` the same names as arguments, `$Ret` the value the methods return.
    (@decl $(#[$doc:meta])* $Trait:ident<$($G:ident),*> [$($params:tt)*] [$($args:tt)*]
        $Ret:ty, [$($bound:tt)*] $Alias:ident, $try_m:ident / $m:ident) => {
        $(#[$doc])*
        pub trait $Trait<$($G),*> {
            /// The result.
            type Output $($bound)*;
            /// The result; an error only for runtime values that violate a condition.
            fn $try_m(&self $($params)*) -> Result<$Ret>;
            /// The result, panicking with the error's message where the `try_` form errs.
            #[track_caller]
            fn $m(&self $($params)*) -> $Ret {
                match self.$try_m($($args)*) {
                    Ok(v) => v,
                    Err(e) => panic!("{e}"),
                }
            }
        }
        #[doc = concat!("The result type of [`", stringify!($Trait), "`].")]
        pub type $Alias<L $(, $G)*> = <L as $Trait<$($G),*>>::Output;
    };
    // An operation with one argument, passed as `$ArgTy` (`B` or `&B`): its `OpArg` marker and
    // the inherent methods on both layout kinds.
    (@arg $Trait:ident<$G:ident> $ArgTy:ty, $Out:ty, $arg:ident $try_m:ident / $m:ident via $Marker:ident) => {
        #[doc(hidden)]
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $Marker;
        impl<'a, L: $Trait<$G>, $G: 'a> OpArg<L, $Marker> for $ArgTy {
            type Output = $Out;
            #[inline(always)]
            fn try_apply(self, l: &L) -> Result<Self::Output> {
                <L as $Trait<$G>>::$try_m(l, self)
            }
        }
        op_table!(@inherent Layout<S, D> [S, D] $Trait $arg $try_m $m $Marker);
        #[cfg(feature = "alloc")]
        op_table!(@inherent crate::DynLayout [] $Trait $arg $try_m $m $Marker);
    };
    (@inherent $Ty:ty [$($P:ident),*] $Trait:ident $arg:ident $try_m:ident $m:ident $Marker:ident) => {
        impl<$($P),*> $Ty {
            #[doc = concat!("See [`", stringify!($Trait), "`](crate::typelevel::", stringify!($Trait), "); an error only for runtime values that violate a condition.")]
            #[inline(always)]
            pub fn $try_m<A: OpArg<Self, $Marker>>(&self, $arg: A) -> Result<A::Output> {
                $arg.try_apply(self)
            }
            #[doc = concat!("See [`", stringify!($Trait), "`](crate::typelevel::", stringify!($Trait), "); panics with the error's message where `", stringify!($try_m), "` errs (only for runtime values).")]
            #[inline(always)]
            #[track_caller]
            pub fn $m<A: OpArg<Self, $Marker>>(&self, $arg: A) -> A::Output {
                match $arg.try_apply(self) {
                    Ok(v) => v,
                    Err(e) => panic!("{e}"),
                }
            }
        }
    };
    (@inherent0 $Ty:ty [$($P:ident),*] $Trait:ident $try_m:ident $m:ident $Marker:ident) => {
        impl<$($P),*> $Ty {
            #[doc = concat!("See [`", stringify!($Trait), "`](crate::typelevel::", stringify!($Trait), "); an error only for runtime values that violate a condition.")]
            #[inline(always)]
            pub fn $try_m<O>(&self) -> Result<O>
            where
                Self: NullaryOp<$Marker, O>,
            {
                self.try_apply0()
            }
            #[doc = concat!("See [`", stringify!($Trait), "`](crate::typelevel::", stringify!($Trait), "); panics with the error's message where `", stringify!($try_m), "` errs (only for runtime values).")]
            #[inline(always)]
            #[track_caller]
            pub fn $m<O>(&self) -> O
            where
                Self: NullaryOp<$Marker, O>,
            {
                match self.try_apply0() {
                    Ok(v) => v,
                    Err(e) => panic!("{e}"),
                }
            }
        }
    };
    (@inherent2 $Ty:ty [$($P:ident),*] $Trait:ident $B:ident $E:ident $Alias:ident $try_m:ident $m:ident) => {
        impl<$($P),*> $Ty {
            #[doc = concat!("See [`", stringify!($Trait), "`](crate::typelevel::", stringify!($Trait), "); an error only for runtime values that violate a condition.")]
            #[inline(always)]
            pub fn $try_m<$B, $E>(&self) -> Result<$Alias<Self, $B, $E>>
            where
                Self: $Trait<$B, $E>,
            {
                <Self as $Trait<$B, $E>>::$try_m(self)
            }
            #[doc = concat!("See [`", stringify!($Trait), "`](crate::typelevel::", stringify!($Trait), "); panics with the error's message where `", stringify!($try_m), "` errs (only for runtime values).")]
            #[inline(always)]
            #[track_caller]
            pub fn $m<$B, $E>(&self) -> $Alias<Self, $B, $E>
            where
                Self: $Trait<$B, $E>,
            {
                <Self as $Trait<$B, $E>>::$m(self)
            }
        }
    };
    ($($kind:ident { $($entry:tt)* })*) => {
        $(op_table!(@each $kind $($entry)*);)*
    };
    (@each $kind:ident) => {};
    // fn m(&self, arg: A)
    (@each arg $(#[$doc:meta])* $Trait:ident<$G:ident>($arg:ident) -> $Alias:ident, $try_m:ident / $m:ident via $Marker:ident; $($rest:tt)*) => {
        op_table!(@decl $(#[$doc])* $Trait<$G> [, $arg: $G] [$arg] Self::Output, [] $Alias, $try_m / $m);
        op_table!(@arg $Trait<$G> $G, <L as $Trait<$G>>::Output, $arg $try_m / $m via $Marker);
        op_table!(@each arg $($rest)*);
    };
    // fn m(&self, arg: &B)
    (@each ref $(#[$doc:meta])* $Trait:ident<$G:ident>($arg:ident) -> $Alias:ident, $try_m:ident / $m:ident via $Marker:ident; $($rest:tt)*) => {
        op_table!(@decl $(#[$doc])* $Trait<$G> [, $arg: &$G] [$arg] Self::Output, [] $Alias, $try_m / $m);
        op_table!(@arg $Trait<$G> &'a $G, <L as $Trait<$G>>::Output, $arg $try_m / $m via $Marker);
        op_table!(@each ref $($rest)*);
    };
    // fn m(&self, arg: &B) -> i64, the result also as an integer type (static for static layouts)
    (@each refint $(#[$doc:meta])* $Trait:ident<$G:ident>($arg:ident) -> $Alias:ident, $try_m:ident / $m:ident via $Marker:ident; $($rest:tt)*) => {
        op_table!(@decl $(#[$doc])* $Trait<$G> [, $arg: &$G] [$arg] i64, [: crate::int::Int] $Alias, $try_m / $m);
        op_table!(@arg $Trait<$G> &'a $G, i64, $arg $try_m / $m via $Marker);
        op_table!(@each refint $($rest)*);
    };
    // fn m(&self)
    (@each nullary $(#[$doc:meta])* $Trait:ident -> $Alias:ident, $try_m:ident / $m:ident via $Marker:ident; $($rest:tt)*) => {
        op_table!(@decl $(#[$doc])* $Trait<> [] [] Self::Output, [] $Alias, $try_m / $m);
        #[doc(hidden)]
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $Marker;
        impl<L: $Trait<Output = O>, O> NullaryOp<$Marker, O> for L {
            #[inline(always)]
            fn try_apply0(&self) -> Result<O> {
                <L as $Trait>::$try_m(self)
            }
        }
        op_table!(@inherent0 Layout<S, D> [S, D] $Trait $try_m $m $Marker);
        #[cfg(feature = "alloc")]
        op_table!(@inherent0 crate::DynLayout [] $Trait $try_m $m $Marker);
        op_table!(@each nullary $($rest)*);
    };
    // fn m<B, E>(&self): type arguments only
    (@each types $(#[$doc:meta])* $Trait:ident<$B:ident, $E:ident> -> $Alias:ident, $try_m:ident / $m:ident; $($rest:tt)*) => {
        op_table!(@decl $(#[$doc])* $Trait<$B, $E> [] [] Self::Output, [] $Alias, $try_m / $m);
        op_table!(@inherent2 Layout<S, D> [S, D] $Trait $B $E $Alias $try_m $m);
        #[cfg(feature = "alloc")]
        op_table!(@inherent2 crate::DynLayout [] $Trait $B $E $Alias $try_m $m);
        op_table!(@each types $($rest)*);
    };
}

op_table! {
    nullary {
        /// `coalesce(L)` (paper §3.2): the layout of minimal rank with the same size and the same
        /// value at every integral coordinate (Eq. 13–15), computed in the type system.
        ///
        /// ```
        /// use cute_layout::{layout, Layout, ops::Coalesce};
        /// // Paper §3.2: (2,(1,6)):(1,(6,2)) coalesces to 12:1.
        /// let c = layout!((2,(1,6)):(1,(6,2))).coalesce();
        /// static_assertions::assert_type_eq_all!(
        ///     cute_layout::ops::CoalesceOf<Layout![(2,(1,6)):(1,(6,2))]>, Layout![12:1]);
        /// assert_eq!(c.to_string(), "12:1");
        /// ```
        Coalesce -> CoalesceOf, try_coalesce / coalesce via CoalesceOp;
        /// `filter_zeros(L)`: `L` with the shape of every stride-0 leaf replaced by 1, so that no
        /// offset is revisited through those modes; the structure is kept.
        ///
        /// ```
        /// use cute_layout::{layout, Layout, ops::{FilterZeros, FilterZerosOf}};
        /// static_assertions::assert_type_eq_all!(
        ///     FilterZerosOf<Layout![(4,(2,3)):(0,(1,0))]>, Layout![(1,(2,1)):(0,(1,0))]);
        /// assert_eq!(layout!((4,(2,3)):(0,(1,0))).filter_zeros().to_string(), "(1,(2,1)):(0,(1,0))");
        /// ```
        FilterZeros -> FilterZerosOf, try_filter_zeros / filter_zeros via FilterZerosOp;
        /// `filter(L) = coalesce(filter_zeros(L))`: a layout of minimal rank with the image of `L`,
        /// its stride-0 modes removed.
        ///
        /// ```
        /// use cute_layout::{layout, Layout, ops::{Filter, FilterOf}};
        /// static_assertions::assert_type_eq_all!(FilterOf<Layout![(4,(2,3)):(0,(1,2))]>, Layout![6:1]);
        /// assert_eq!(layout!((4,(2,3)):(0,(1,2))).filter().to_string(), "6:1");
        /// ```
        Filter -> FilterOf, try_filter / filter via FilterOp;
        /// `flatten(L)`: the flat layout of all leaves of `L`; an integer layout stays one.
        ///
        /// ```
        /// use cute_layout::{layout, Layout, ops::{Flatten, FlattenOf}};
        /// static_assertions::assert_type_eq_all!(
        ///     FlattenOf<Layout![((2,2),(4,2)):((1,8),(2,16))]>, Layout![(2,2,4,2):(1,8,2,16)]);
        /// assert_eq!(layout!(((2,2),(4,2)):((1,8),(2,16))).flatten().to_string(), "(2,2,4,2):(1,8,2,16)");
        /// ```
        Flatten -> FlattenOf, try_flatten / flatten via FlattenOp;
        /// `complement(A) = complement(A, cosize(A))`. With basis strides, each codomain
        /// component `e_p` is complemented up to the cosize of `A`'s modes along it (paper
        /// Table 7; see [`Complement`]).
        ///
        /// ```
        /// use cute_layout::layout;
        /// // Paper Table 7, last row.
        /// let c = layout!((4,(4,2)):(1@1,(1@0,12@1))).complement_full();
        /// assert_eq!(c.to_string(), "(1,(3,1)):(4@0,(4@1,24@1))");
        /// ```
        ComplementFull -> ComplementFullOf, try_complement_full / complement_full via ComplementFullOp;
        /// `right_inverse(L)` (paper §3.4.1, Eq. 24): the largest layout `L‡` with `L(L‡(k)) = k`
        /// for `k < size(L‡)`. From stride 1, follow the coalesced modes of `L`, each mode `s:d`
        /// found contributing `s : r` (`r` its index stride) and the search going on at stride `s·d`;
        /// `1:0` when no mode has stride 1. Static layouts only.
        ///
        /// ```
        /// use cute_layout::{layout, Layout, ops::{RightInverse, RightInverseOf}};
        /// static_assertions::assert_type_eq_all!(RightInverseOf<Layout![(4,8):(8,1)]>, Layout![(8,4):(4,1)]);
        /// assert_eq!(layout!((3,7,5):(5,15,1)).right_inverse().to_string(), "(5,21):(21,1)");
        /// assert_eq!(layout!((4,8):(1,5)).right_inverse().to_string(), "4:1"); // Table 5
        /// ```
        RightInverse -> RightInverseOf, try_right_inverse / right_inverse via RightInverseOp;
        /// `left_inverse(L)` (paper §3.4.3, Eq. 26): a layout `L†` with `L(L†(L(k))) = L(k)` for
        /// `k < size(L)`. The coalesced modes of `L` of non-zero stride, in increasing stride
        /// `d₀ < d₁ < ...`, read an offset as mixed-radix digits: `L† = coalesce((d₀, d₁/d₀, ...,
        /// s_n) : (0, r₀, ..., r_n))` with the index strides `r_k` (the leading `d₀:0` only when
        /// `d₀ > 1`). Needs `s_k·d_k ≤ d_(k+1)` and `d_k | d_(k+1)`, checked at compile time; static
        /// layouts only.
        ///
        /// ```
        /// use cute_layout::{layout, Layout, ops::{LeftInverse, LeftInverseOf}};
        /// static_assertions::assert_type_eq_all!(LeftInverseOf<Layout![(4,8):(1,5)]>, Layout![(5,8):(1,4)]);
        /// assert_eq!(layout!(((2,2),(2,4)):((0,2),(0,4))).left_inverse().to_string(), "(2,2,4):(0,2,8)");
        /// ```
        LeftInverse -> LeftInverseOf, try_left_inverse / left_inverse via LeftInverseOp;
    }
    types {
        /// `group_modes(L, B, E)`: modes `[B, E)` of `L` (typenum indices) gathered into one mode,
        /// `(L0, ..., (L_B, ..., L_(E−1)), L_E, ...)`; an integer layout counts as rank 1.
        ///
        /// ```
        /// use cute_layout::{layout, Layout, ops::{GroupModes, GroupModesOf}};
        /// use cute_layout::typenum::{U1, U3};
        /// static_assertions::assert_type_eq_all!(
        ///     GroupModesOf<Layout![(2,3,4,5):(1,2,6,24)], U1, U3>, Layout![(2,(3,4),5):(1,(2,6),24)]);
        /// let g = GroupModes::<U1, U3>::group_modes(&layout!((2,3,4,5):(1,2,6,24)));
        /// assert_eq!(g.to_string(), "(2,(3,4),5):(1,(2,6),24)");
        /// ```
        GroupModes<Bg, E> -> GroupModesOf, try_group_modes / group_modes;
    }
    arg {
        /// By-mode `coalesce` with a profile `P` (paper Eq. 12): where `P` is an integer, coalesce
        /// the whole (sub)layout; where it is a tuple, coalesce each mode with the matching element
        /// of `P`, keeping the modes beyond `P`. Only the profile's tree matters, not its values.
        ///
        /// ```
        /// use cute_layout::{layout, Layout, ops::{CoalesceByMode, CoalesceByModeOf}};
        /// use cute_layout::typenum::U1;
        /// // The paper's ⟨*,*⟩: coalesce((2,(1,6)):(1,(6,2)), (1,1)) = (2,6):(1,2).
        /// static_assertions::assert_type_eq_all!(
        ///     CoalesceByModeOf<Layout![(2,(1,6)):(1,(6,2))], (U1, U1)>, Layout![(2,6):(1,2)]);
        /// let c = layout!((2,(1,6)):(1,(6,2))).coalesce_by_mode((U1::default(),));
        /// assert_eq!(c.to_string(), "(2,(1,6)):(1,(6,2))");
        /// ```
        CoalesceByMode<P>(profile) -> CoalesceByModeOf, try_coalesce_by_mode / coalesce_by_mode via CoalesceByModeArg;
        /// `composition(A, B)` (paper §3.3): the layout `R` with `B ≼ R` (Eq. 16) and
        /// `R(c) = A(B(c))` for every coordinate `c` of `B` (Eq. 17), computed in the type system.
        ///
        /// `B` is a layout, or a tuple tiler `(T0, T1, ...)` composed by mode (paper §3.3.5,
        /// Eq. 12; an integer `n` is `n:1`, [`Underscore`] keeps its mode). A tiler selects: the
        /// modes of `A` it does not name are dropped, as in CuTe C++ and PyCuTe
        /// (`(4,5):(1,4) ∘ ⟨2⟩ = (2):(1)`).
        ///
        /// ```
        /// use cute_layout::{layout, Layout, ops::{Compose, ComposeOf, Underscore}};
        /// let r = layout!((4,5,3):(1,4,20)).compose((layout!(2:1), Underscore));
        /// assert_eq!(r.to_string(), "(2,5):(1,4)"); // mode 2 is not named: dropped
        /// // Paper §3.3.3: (4,6,8,10):(2,3,5,7) ∘ 6:12 = (2,3):(9,5).
        /// static_assertions::assert_type_eq_all!(
        ///     ComposeOf<Layout![(4,6,8,10):(2,3,5,7)], Layout![6:12]>, Layout![(2,3):(9,5)]);
        /// let r = layout!((4,2,8):(3,12,97)).compose(layout!(3:3)); // "Apparent Violations"
        /// assert_eq!(r.to_string(), "3:9");
        /// ```
        Compose<B>(b) -> ComposeOf, try_compose / compose via ComposeArg;
        /// `complement(A, M)` (paper §3.5): the layout `R` whose image is disjoint from `A`'s (Eq. 28),
        /// ordered (Eq. 29), and such that `(A, R)` covers `[0, M)` (`cosize((A,R)) ≥ M`), computed in
        /// the type system. A trailing size-1 mode is kept to show the stride of the extension, as in
        /// the paper's Table 7.
        ///
        /// With basis strides (paper Eq. 27–29) the complement is taken by codomain component: for
        /// each leaf `e_p` of the [`Codomain`](crate::Codomain), the modes of `A` along `e_p` are
        /// complemented as an integer layout up to the cotarget's entry for `e_p`, and written back
        /// along `e_p`. The cotarget `M` is a tuple with the codomain's structure (`(U8, U16)` for
        /// strides along `@0` and `@1`), and the result's shape has that structure with each leaf
        /// replaced by its component's complement. The same result as
        /// [`algebra::basis::try_complement`](crate::runtime::basis::try_complement); a cotarget of
        /// another structure, and a component whose modes interleave, are compile errors naming the
        /// condition.
        ///
        /// ```
        /// use cute_layout::{layout, Layout, ops::{ComplementFull, ComplementOf}};
        /// use cute_layout::typenum::U24;
        /// static_assertions::assert_type_eq_all!(ComplementOf<Layout![4:2], U24>, Layout![(2,3):(1,8)]);
        /// assert_eq!(layout!((4,8):(1,8)).complement_full().to_string(), "(2,1):(4,64)"); // Table 7
        /// // Basis strides: one cotarget entry per codomain component.
        /// use cute_layout::typenum::{U8, U16};
        /// static_assertions::assert_type_eq_all!(
        ///     ComplementOf<Layout![(4,2):(1@0,4@1)], (U8, U16)>,
        ///     Layout![(2,(4,2)):(4@0,(1@1,8@1))]);
        /// ```
        Complement<Mx>(m) -> ComplementOf, try_complement / complement via ComplementArg;
        /// `logical_divide(A, T)` (paper §3.5.2): `A ∘ (B, complement(B, size(A)))`, by mode for a
        /// tuple tiler. Mode 0 of the result (for a layout `B`) is `A ∘ B`.
        ///
        /// ```
        /// use cute_layout::{layout, ops::LogicalDivide};
        /// // TV walkthrough: 128:128 divided by (16,4):(4,1).
        /// let r = layout!(128:128).logical_divide(layout!((16,4):(4,1)));
        /// assert_eq!(r.to_string(), "((16,4),2):((512,128),8192)");
        /// ```
        LogicalDivide<T>(t) -> LogicalDivideOf, try_logical_divide / logical_divide via LogicalDivideArg;
        /// `zipped_divide(A, T) = ((T0, T1, ...), (R0, R1, ..., rest of A))`: all tiles in mode 0,
        /// whose layout is `A ∘ T` (theorem T4). A `_` in `T` is the identity of its mode: the
        /// whole mode is a tile and its rest is `1:0`.
        ///
        /// ```
        /// use cute_layout::{layout, ops::{Underscore, ZippedDivide}};
        /// // Paper §3.5.2: (8,16):(20,1) by <4:1, 8:2>.
        /// let r = layout!((8,16):(20,1)).zipped_divide((layout!(4:1), layout!(8:2)));
        /// assert_eq!(r.to_string(), "((4,8),(2,2)):((20,2),(80,1))");
        /// // `_` keeps mode 0 whole, in the tiles; its rest is trivial.
        /// let r = layout!((8,16):(20,1)).zipped_divide((Underscore, layout!(8:2)));
        /// assert_eq!(r.to_string(), "((8,8),(1,2)):((20,2),(0,1))");
        /// ```
        ZippedDivide<T>(t) -> ZippedDivideOf, try_zipped_divide / zipped_divide via ZippedDivideArg;
        /// `tiled_divide(A, T) = ((T0, T1, ...), R0, R1, ..., rest of A)`.
        TiledDivide<T>(t) -> TiledDivideOf, try_tiled_divide / tiled_divide via TiledDivideArg;
        /// `flat_divide(A, T) = (T0, T1, ..., R0, R1, ..., rest of A)`.
        FlatDivide<T>(t) -> FlatDivideOf, try_flat_divide / flat_divide via FlatDivideArg;
        /// `logical_product(A, T)` (paper §3.5.1): `(A, complement(A, size(A)·cosize(B)) ∘ B)`, by
        /// mode for a tuple tiler.
        ///
        /// ```
        /// use cute_layout::{layout, ops::LogicalProduct};
        /// // Paper §3.5.1: (3,4):(4,1) ⊗ (2,5):(1,2) = ((3,4),(2,5)):((4,1),(12,24)).
        /// let r = layout!((3,4):(4,1)).logical_product(layout!((2,5):(1,2)));
        /// assert_eq!(r.to_string(), "((3,4),(2,5)):((4,1),(12,24))");
        /// ```
        LogicalProduct<T>(t) -> LogicalProductOf, try_logical_product / logical_product via LogicalProductArg;
        /// `zipped_product(A, T) = ((A0, A1, ...), (X0, X1, ...))` with `Xi` the repetitions. A
        /// `_` in `T` puts its whole mode `Ai` in the tiles and one repetition, `1:0`, in the
        /// grid.
        ///
        /// ```
        /// use cute_layout::{layout, ops::{Underscore, ZippedProduct}};
        /// let r = layout!((4,8):(1,4)).zipped_product((Underscore,));
        /// assert_eq!(r.to_string(), "((4),(1,8)):((1),(0,4))"); // mode 1 is not in the tiler: a rest
        /// ```
        ZippedProduct<T>(t) -> ZippedProductOf, try_zipped_product / zipped_product via ZippedProductArg;
        /// `tiled_product(A, T) = ((A0, A1, ...), X0, X1, ...)`.
        TiledProduct<T>(t) -> TiledProductOf, try_tiled_product / tiled_product via TiledProductArg;
        /// `flat_product(A, T) = (A0, A1, ..., X0, X1, ...)`.
        FlatProduct<T>(t) -> FlatProductOf, try_flat_product / flat_product via FlatProductArg;
        /// `blocked_product(A, B)` (paper §3.5.1): the logical product with its modes zipped,
        /// `((A0, X0), (A1, X1), ...)` — each block of the result is a shifted copy of `A`.
        /// The shorter of `A` and `B` is padded with `1:0` modes to the other's rank (CuTe's
        /// `append<R>`): `blocked_product((3,4):(4,1), 5:1) = ((3,5),(4,1)):((4,12),(1,0))`.
        ///
        /// ```
        /// use cute_layout::{layout, ops::BlockedProduct};
        /// let r = layout!((3,4):(4,1)).blocked_product(layout!((2,5):(1,2)));
        /// assert_eq!(r.to_string(), "((3,2),(4,5)):((4,12),(1,24))"); // paper §3.5.1, Figure 10
        /// ```
        BlockedProduct<B>(b) -> BlockedProductOf, try_blocked_product / blocked_product via BlockedProductArg;
        /// `raked_product(A, B)`: like [`BlockedProduct`] with the pairs reversed,
        /// `((X0, A0), (X1, A1), ...)` — copies of `A` interleaved (a cyclic distribution).
        /// The shorter of `A` and `B` is padded with `1:0` modes, as for [`BlockedProduct`].
        ///
        /// ```
        /// use cute_layout::{layout, ops::RakedProduct};
        /// let r = layout!((3,4):(4,1)).raked_product(layout!((2,5):(1,2)));
        /// assert_eq!(r.to_string(), "((2,3),(5,4)):((12,4),(24,1))");
        /// ```
        RakedProduct<B>(b) -> RakedProductOf, try_raked_product / raked_product via RakedProductArg;
        /// CuTe's `tile_to_shape(block, target)`: `block` repeated to fill the shape `target`,
        /// column major ([`GenColMajor`]: along mode 0 first; see [`TileToShapeOrdered`] for
        /// other orders). With the block padded with `1:0` modes to `rank(target)` and
        /// `Pᵢ = size(targetᵢ) / size(blockᵢ)` blocks along mode `i`, the result is
        /// `blocked_product(padded block, make_ordered_layout(P, order))`
        /// ([`MakeOrderedLayout`]): its mode `i` is `(blockᵢ, Pᵢ)` and has `target`'s mode
        /// size, and the offset at `(b, k)` is `block(b) + C(grid(k))` with `C` the blocked
        /// product's complement (`cosize(block)·grid(k)` for a compact block).
        ///
        /// `target` is a static or mixed integer tuple (an integer for rank 1; a nested mode
        /// counts by its size). `rank(block) > rank(target)`, a block mode size that does not
        /// divide the target's, and a target mode size that is not positive, are compile errors
        /// naming the condition ([`BlockRankFits`], [`TileDivides`], [`PositiveTarget`]); runtime
        /// sizes are checked at run time, with the runtime engine's errors
        /// ([`ErrorKind::NotDivisible`](crate::ErrorKind::NotDivisible)). The same layout as
        /// [`algebra::try_tile_to_shape`](crate::runtime::try_tile_to_shape), which a
        /// [`DynLayout`](crate::DynLayout) (or a [`DynTuple`](crate::DynTuple) target) calls.
        ///
        /// ```
        /// use cute_layout::{layout, Layout, ops::{TileToShape, TileToShapeOf}};
        /// use cute_layout::typenum::{U128, U64};
        /// // The usual 128-byte-row shared-memory atom, repeated down the rows:
        /// static_assertions::assert_type_eq_all!(
        ///     TileToShapeOf<Layout![(8,64):(64,1)], (U128, U64)>,
        ///     Layout![((8,16),(64,1)):((64,512),(1,0))]);
        /// let t = layout!((8,64):(64,1)).tile_to_shape((U128::new(), U64::new()));
        /// assert_eq!(t.to_string(), "((8,16),(64,1)):((64,512),(1,0))");
        /// ```
        TileToShape<T>(target) -> TileToShapeOf, try_tile_to_shape / tile_to_shape via TileToShapeArg;
        /// `slice(c, L)` (CuTe `layout.hpp`): the sub-layout of the modes that the coordinate
        /// `c` leaves open with `_` ([`Underscore`]), integer entries fixing their modes; see
        /// [`SliceCoord`] for the rules and [`SliceAndOffset`] for the offset where it starts. An
        /// integer entry outside its mode is an error; a coordinate not weakly congruent with the
        /// shape does not compile.
        ///
        /// ```
        /// use cute_layout::{layout, ops::{Slice, Underscore as _X}, DynLayout};
        /// let l = layout!((4,(2,3)):(1,(4,8)));
        /// assert_eq!(l.slice((_X, (1, _X))).to_string(), "(4,3):(1,8)");
        /// assert_eq!(l.slice((2, _X)).to_string(), "((2,3)):((4,8))");
        /// let d: DynLayout = l.into();
        /// assert_eq!(d.slice((_X, (1, _X))).to_string(), "(4,3):(1,8)");
        /// assert!(l.try_slice((4, _X)).is_err()); // 4 is outside mode 0 (size 4)
        /// ```
        Slice<C>(crd) -> SliceOf, try_slice / slice via SliceArg;
    }
    refint {
        /// `max_common_vector(A, B)` (paper §3.4.2): the largest `K` such that `A‡(k) = B‡(k)` for
        /// `k < K` — the size of the stride-1 leading mode of `coalesce(A ∘ B‡)`, or 1 when it has
        /// none. Static layouts only; an inadmissible `A ∘ B‡` does not compile.
        ///
        /// With nested layouts, name the result with [`MaxCommonVectorOf`]: the method call is
        /// resolved before its argument's type is known and can overflow the recursion limit (as
        /// `a.compose(b)` can).
        ///
        /// ```
        /// use cute_layout::{layout, Layout, ops::{MaxCommonVector, MaxCommonVectorOf}};
        /// use cute_layout::typenum::{U2, U32};
        /// static_assertions::assert_type_eq_all!(
        ///     MaxCommonVectorOf<Layout![(4,8):(1,4)], Layout![(4,8):(1,4)]>, U32);
        /// static_assertions::assert_type_eq_all!(
        ///     MaxCommonVectorOf<Layout![(2,4):(1,8)], Layout![(2,4):(1,2)]>, U2);
        /// assert_eq!(layout!((4,8):(1,4)).max_common_vector(&layout!((4,8):(8,1))), 1);
        /// ```
        MaxCommonVector<B>(b) -> MaxCommonVectorOf, try_max_common_vector / max_common_vector via MaxCommonVectorArg;
    }
    ref {
        /// `max_common_layout(A, B)` (paper Eq. 25): `[B‡]_K = B‡ ∘ K:1`, the layout of the
        /// coordinates of the `K = max_common_vector(A, B)` offsets that both layouts produce at the
        /// same coordinates; `1:0` when `K = 1`. Static layouts only.
        ///
        /// ```
        /// use cute_layout::{layout, Layout, ops::{MaxCommonLayout, MaxCommonLayoutOf}};
        /// static_assertions::assert_type_eq_all!(
        ///     MaxCommonLayoutOf<Layout![(4,8):(8,1)], Layout![(4,8):(8,1)]>, Layout![(8,4):(4,1)]);
        /// let r = layout!((2,4):(1,8)).max_common_layout(&layout!((2,4):(1,2)));
        /// assert_eq!(r.to_string(), "2:1");
        /// ```
        MaxCommonLayout<B>(b) -> MaxCommonLayoutOf, try_max_common_layout / max_common_layout via MaxCommonLayoutArg;
    }
}

// The operations of NVIDIA's reference PyCuTe (NVlabs/CuTe) beyond CuTe C++.
op_table! {
    nullary {
        /// `coalesce_z(L)` (PyCuTe): [`Coalesce`] exact on the extended domain — the same merges,
        /// but the last mode is kept even when its size is 1, so that `R(i) = L(i)` for every
        /// integer `i ≥ 0`, not only in the domain. The same layout as
        /// [`algebra::try_coalesce_z`](crate::runtime::try_coalesce_z).
        ///
        /// ```
        /// use cute_layout::{layout, Layout, ops::{CoalesceZ, CoalesceZOf}};
        /// // PyCuTe's example: the trailing 1:0 stays (coalesce drops it).
        /// static_assertions::assert_type_eq_all!(
        ///     CoalesceZOf<Layout![(2,1,6,1):(1,7,8,0)]>, Layout![(2,6,1):(1,8,0)]);
        /// let l = layout!((2,1,6,1):(1,7,8,0));
        /// assert_eq!((l.eval(12), l.coalesce_z().eval(12), l.coalesce().eval(12)), (0, 0, 48));
        /// ```
        CoalesceZ -> CoalesceZOf, try_coalesce_z / coalesce_z via CoalesceZOp;
        /// `nullspace(L)` (PyCuTe): the layout of the coordinates that `L` maps to 0 through its
        /// stride-0 modes — the flat modes `s_k : p_k` (`p_k` the prefix product of the shape,
        /// the mode's index stride) of the leaves with stride 0, `1:0` for none. A runtime
        /// stride gives the mode `(d = 0 ? s : 1) : p_k`. `L(R(i)) = 0` for every `i`; exact when
        /// the non-zero strides are positive. The same function as
        /// [`algebra::try_nullspace`](crate::runtime::try_nullspace).
        ///
        /// ```
        /// use cute_layout::{layout, Layout, ops::{Nullspace, NullspaceOf}};
        /// // PyCuTe's example.
        /// static_assertions::assert_type_eq_all!(NullspaceOf<Layout![(2,4,6):(1,2,0)]>, Layout![6:8]);
        /// assert_eq!(layout!((3,(2,5)):(0,(7,0))).nullspace().to_string(), "(3,5):(1,6)");
        /// ```
        Nullspace -> NullspaceOf, try_nullspace / nullspace via NullspaceOp;
    }
    ref {
        /// `layout_add(A, B)` (PyCuTe): the layout `R` with `size(R) = size(A) = size(B)` and
        /// `R(i) = A(i) + B(i)` for every `i` of the domain. With `Ac`, `Bc` the coalesced
        /// layouts and `G` the greatest common domain of their shapes
        /// ([`GreatestCommonDomain`]): `R = coalesce(G's shape : (Ac(d_k) + Bc(d_k))_k)` over
        /// `G`'s modes `s_k : d_k`, when `size(G) = size(A)`; otherwise no layout is the sum.
        /// Static layouts only ([`StaticDomain`]); sizes that differ ([`LayoutAddSizes`]) and
        /// layouts without a full common domain ([`LayoutAddCommonDomain`]) are compile errors
        /// naming the condition. A [`DynLayout`](crate::DynLayout) calls
        /// [`algebra::try_layout_add`](crate::runtime::try_layout_add), which gives the same
        /// layout.
        ///
        /// ```
        /// use cute_layout::{layout, Layout, ops::{LayoutAdd, LayoutAddOf}};
        /// // PyCuTe's examples.
        /// static_assertions::assert_type_eq_all!(
        ///     LayoutAddOf<Layout![(4,3):(1,4)], Layout![(4,3):(3,1)]>, Layout![(4,3):(4,5)]);
        /// let r = layout!((5,3,4):(1,5,15)).layout_add(&layout!((10,6):(1,10)));
        /// assert_eq!(r.to_string(), "60:2");
        /// ```
        LayoutAdd<B>(b) -> LayoutAddOf, try_layout_add / layout_add via LayoutAddArg;
        /// `greatest_common_domain(A, B)` (PyCuTe): the flat layout whose modes `g : l` are the
        /// factors that the shapes of `A` and `B` share in order, each at the same offset `l` of
        /// both integral domains (`(1):(0)` for none); see
        /// [`algebra::try_greatest_common_domain`](crate::runtime::try_greatest_common_domain)
        /// for the walk. Depends only on the shapes, which must be static ([`StaticDomain`]).
        ///
        /// ```
        /// use cute_layout::{layout, Layout, ops::{GreatestCommonDomain, GreatestCommonDomainOf}};
        /// // PyCuTe's examples.
        /// static_assertions::assert_type_eq_all!(
        ///     GreatestCommonDomainOf<Layout![(5,3,4):(1,5,15)], Layout![(10,6):(1,10)]>,
        ///     Layout![(5,2):(1,30)]);
        /// let g = layout!((6,35):(1,6)).greatest_common_domain(&layout!((15,14):(1,15)));
        /// assert_eq!(g.to_string(), "(3,7):(1,30)");
        /// ```
        GreatestCommonDomain<B>(b) -> GreatestCommonDomainOf, try_greatest_common_domain / greatest_common_domain via GreatestCommonDomainArg;
    }
}
