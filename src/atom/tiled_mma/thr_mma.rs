//! Partitioning tensors by a TiledMMA: [`ThrMma`], one thread's slice, its `partition_*` and
//! `partition_fragment_*` methods and their result types.

use core::marker::PhantomData;

use super::tiled::TiledMmaLayouts;
use crate::atom::MmaTraits;
use crate::error::Result;
use crate::layout::Layout;
use crate::tensor::{
    make_fragment_like, Engine, FragmentDecay, FragmentLayout, FragmentLike, SwapSlice,
    SwapSliceOf, Tensor, TensorLayout,
};
use crate::typelevel::{
    Compose, ComposeOf, LogicalDivide, LogicalDivideOf, SliceAndOffset, SliceOf, Underscore,
    ZippedDivide, ZippedDivideOf,
};

/// The coordinate that selects one thread's elements from the divided tensor
/// `((ThrV,FrgV),((ThrM,RestM),(ThrN,RestN)[,L]))`: `((v,_),((m,_),(n,_)[,_]))`, for tensors of
/// rank 2 or 3 (CuTe's `thr_tensor(thr_vmn, (_, repeat<rank>(_)))`).
#[diagnostic::on_unimplemented(
    message = "TiledMMA partition: a tensor of shape `{Self}` is not of rank 2 or 3",
    label = "partition_A/B/C take (M,N[,L]) / (M,K[,L]) / (N,K[,L]) tensors"
)]
pub trait MmaThrCoord {
    /// The coordinate.
    type Coord;
    /// The coordinate of thread `(v, a, b)` (`a`, `b`: its groups along the tensor's modes).
    fn coord(v: i64, a: i64, b: i64) -> Self::Coord;
}
impl<S0, S1> MmaThrCoord for (S0, S1) {
    type Coord = ((i64, Underscore), ((i64, Underscore), (i64, Underscore)));
    fn coord(v: i64, a: i64, b: i64) -> Self::Coord {
        ((v, Underscore), ((a, Underscore), (b, Underscore)))
    }
}
impl<S0, S1, S2> MmaThrCoord for (S0, S1, S2) {
    type Coord = (
        (i64, Underscore),
        ((i64, Underscore), (i64, Underscore), Underscore),
    );
    fn coord(v: i64, a: i64, b: i64) -> Self::Coord {
        (
            (v, Underscore),
            ((a, Underscore), (b, Underscore), Underscore),
        )
    }
}

/// One thread's partition of a layout by a TiledMMA: `logical_divide` by the permutation,
/// `zipped_divide` by the atom, the atom's TV layout composed on mode 0, the rest divided by
/// the thread groups, sliced at the thread's coordinate `C`. The result is
/// `(FrgV, RestM, RestN[, L])` and the offset where it starts.
#[doc(hidden)]
pub trait MmaPartition<PermTile, AtomTile, AtomTv, ThrTile, C> {
    type Output: TensorLayout;
    fn try_mma_partition(&self, c: C) -> Result<(Self::Output, i64)>;
}
#[allow(clippy::type_complexity)]
impl<L, PermTile, AtomTile, AtomTv, ThrTile, C> MmaPartition<PermTile, AtomTile, AtomTv, ThrTile, C>
    for L
where
    PermTile: Default,
    AtomTile: Default,
    AtomTv: Default,
    ThrTile: Default,
    L: LogicalDivide<PermTile>,
    LogicalDivideOf<L, PermTile>: ZippedDivide<AtomTile>,
    ZippedDivideOf<LogicalDivideOf<L, PermTile>, AtomTile>: Compose<(AtomTv, Underscore)>,
    ComposeOf<ZippedDivideOf<LogicalDivideOf<L, PermTile>, AtomTile>, (AtomTv, Underscore)>:
        LogicalDivide<(Underscore, ThrTile)>,
    LogicalDivideOf<
        ComposeOf<ZippedDivideOf<LogicalDivideOf<L, PermTile>, AtomTile>, (AtomTv, Underscore)>,
        (Underscore, ThrTile),
    >: SliceAndOffset<C>,
    SliceOf<
        LogicalDivideOf<
            ComposeOf<ZippedDivideOf<LogicalDivideOf<L, PermTile>, AtomTile>, (AtomTv, Underscore)>,
            (Underscore, ThrTile),
        >,
        C,
    >: TensorLayout,
{
    type Output = SliceOf<
        LogicalDivideOf<
            ComposeOf<ZippedDivideOf<LogicalDivideOf<L, PermTile>, AtomTile>, (AtomTv, Underscore)>,
            (Underscore, ThrTile),
        >,
        C,
    >;
    fn try_mma_partition(&self, c: C) -> Result<(Self::Output, i64)> {
        let a = LogicalDivide::try_logical_divide(self, PermTile::default())?;
        let b = ZippedDivide::try_zipped_divide(&a, AtomTile::default())?;
        let t = Compose::try_compose(&b, (AtomTv::default(), Underscore))?;
        let d = LogicalDivide::try_logical_divide(&t, (Underscore, ThrTile::default()))?;
        SliceAndOffset::try_slice_and_offset(&d, c)
    }
}

/// The coordinate type of a thread's partition of a layout `L`.
pub type MmaCoordOf<L> = <<L as crate::AnyLayout>::Shape as MmaThrCoord>::Coord;
/// The layout of [`ThrMma::partition_c`] of a tensor with layout `L`.
pub type PartitionCOf<T, L> = <T as ThrMmaPartition<L, crate::atom::tiled_copy::OperandC>>::Output;
/// The layout of [`ThrMma::partition_a`] of a tensor with layout `L`.
pub type PartitionAOf<T, L> = <T as ThrMmaPartition<L, crate::atom::tiled_copy::OperandA>>::Output;
/// The layout of [`ThrMma::partition_b`] of a tensor with layout `L`.
pub type PartitionBOf<T, L> = <T as ThrMmaPartition<L, crate::atom::tiled_copy::OperandB>>::Output;

/// The compact column-major layout of a tensor layout's shape (CuTe's `make_layout(shape(x))`,
/// what `partition_shape_X` partitions).
pub type ShapeLayoutOf<L> = crate::LayoutLeft<<L as crate::AnyLayout>::Shape>;
#[doc(hidden)]
/// The layout `partition_fragment_X` partitions: a [`Layout`] itself, the inner layout `L` of
/// a [`ComposedLayout`](crate::ComposedLayout) `Sw ∘ O ∘ L` (a swizzled tile), whose
/// partition the swizzle then decays on (`FragmentDecay`), as
/// CuTe's slicing of a swizzled layout at a thread coordinate does.
pub trait FragmentSource {
    /// The layout.
    type Inner: Clone + crate::AnyLayout;
    /// The layout, by value.
    fn fragment_source(&self) -> Self::Inner;
}
impl<S, D> FragmentSource for Layout<S, D>
where
    Layout<S, D>: Clone + crate::AnyLayout,
{
    type Inner = Layout<S, D>;
    fn fragment_source(&self) -> Self::Inner {
        self.clone()
    }
}
impl<A, O, B> FragmentSource for crate::ComposedLayout<A, O, B>
where
    A: crate::composed::ComposedOuter,
    O: crate::composed::ComposedOffset,
    B: crate::composed::ComposedInner,
{
    type Inner = B;
    fn fragment_source(&self) -> B {
        self.layout_b().clone()
    }
}

/// The register fragment [`ThrMma::partition_fragment_c`] returns for a tensor with layout `L`:
/// element type `V`, the compact layout of the partition's shape.
pub type FragmentOf<V, P> = Tensor<
    generic_array::GenericArray<V, <<P as FragmentLike>::Layout as FragmentLayout>::Len>,
    <P as FragmentLike>::Layout,
>;

/// Thread `i`'s slice of a [`TiledMma`](super::TiledMma) (CuTe's `ThrMMA`): partitions tensors
/// of the (M,N), (M,K) and (N,K) tiles into the elements the thread holds. Made by
/// [`TiledMmaLayouts::get_slice`].
pub struct ThrMma<T> {
    pub(super) coord: [i64; 4],
    pub(super) _m: PhantomData<T>,
}
impl<T> Clone for ThrMma<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for ThrMma<T> {}
impl<T> core::fmt::Debug for ThrMma<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "ThrMma(vmnk = {:?})", self.coord)
    }
}

/// One thread's partition of a layout `L` by the TiledMMA `Self` for one operand
/// ([`OperandA`](crate::atom::tiled_copy::OperandA), `B`, `C`): [`MmaPartition`] with the MMA's
/// permutation, atom tile, atom TV layout and thread tile of that operand, at the thread's
/// coordinate, and the register fragment of [`ThrMma::partition_fragment_c`]. The bounds the
/// partition methods name: without projections, they are proven once and cached rather than
/// re-normalized wherever the borrow checker proves the callee's bounds.
#[doc(hidden)]
pub trait ThrMmaPartition<L, Operand> {
    type Output: TensorLayout;
    fn try_thr_mma_partition(vmnk: [i64; 4], l: &L) -> Result<(Self::Output, i64)>;
}
/// The register fragment of one operand of a TiledMMA `Self` for a tensor with layout `L`
/// (see [`ThrMmaPartition`]).
#[doc(hidden)]
pub trait ThrMmaFragment<L, Operand> {
    type Output;
    fn thr_mma_fragment(l: &L) -> Self::Output;
}

macro_rules! partition_methods {
    ($(#[$doc:meta])* $try_m:ident / $m:ident / $frag:ident, $Operand:ident, $Of:ident, $Perm0:ident,
     $Perm1:ident, $AtomTile:ident, $Tv:ident, $ThrTile:ident, $a:literal, $b:literal, $Val:ident,
     $FragPart:ident) => {
        /// The partition of the layout `L`'s [`FragmentSource`] at the thread coordinate `C` by
        /// the operand's tiles of the TiledMMA `T` ([`MmaPartition`]).
        type $FragPart<T, L, C> = <<L as FragmentSource>::Inner as MmaPartition<
            (<T as TiledMmaLayouts>::$Perm0, <T as TiledMmaLayouts>::$Perm1),
            <T as TiledMmaLayouts>::$AtomTile,
            <<T as TiledMmaLayouts>::Atom as MmaTraits>::$Tv,
            <T as TiledMmaLayouts>::$ThrTile,
            C,
        >>::Output;
        impl<T, L> ThrMmaPartition<L, crate::atom::tiled_copy::$Operand> for T
        where
            T: TiledMmaLayouts,
            L: TensorLayout,
            L::Shape: MmaThrCoord,
            L: MmaPartition<
                (T::$Perm0, T::$Perm1),
                T::$AtomTile,
                <T::Atom as MmaTraits>::$Tv,
                T::$ThrTile,
                MmaCoordOf<L>,
            >,
        {
            type Output = <L as MmaPartition<
                (T::$Perm0, T::$Perm1),
                T::$AtomTile,
                <T::Atom as MmaTraits>::$Tv,
                T::$ThrTile,
                MmaCoordOf<L>,
            >>::Output;
            fn try_thr_mma_partition(vmnk: [i64; 4], l: &L) -> Result<(Self::Output, i64)> {
                l.try_mma_partition(<L::Shape as MmaThrCoord>::coord(vmnk[0], vmnk[$a], vmnk[$b]))
            }
        }
        #[allow(clippy::type_complexity)]
        impl<T, L> ThrMmaFragment<L, crate::atom::tiled_copy::$Operand> for T
        where
            T: TiledMmaLayouts,
            L: TensorLayout + FragmentSource,
            <<L as FragmentSource>::Inner as crate::AnyLayout>::Shape: MmaThrCoord,
            MmaCoordOf<<L as FragmentSource>::Inner>: SwapSlice,
            <L as FragmentSource>::Inner: MmaPartition<
                (T::$Perm0, T::$Perm1),
                T::$AtomTile,
                <T::Atom as MmaTraits>::$Tv,
                T::$ThrTile,
                MmaCoordOf<<L as FragmentSource>::Inner>,
            >,
            <L as FragmentSource>::Inner: MmaPartition<
                (T::$Perm0, T::$Perm1),
                T::$AtomTile,
                <T::Atom as MmaTraits>::$Tv,
                T::$ThrTile,
                SwapSliceOf<MmaCoordOf<<L as FragmentSource>::Inner>>,
            >,
            L: FragmentDecay<
                $FragPart<T, L, SwapSliceOf<MmaCoordOf<<L as FragmentSource>::Inner>>>,
                $FragPart<T, L, MmaCoordOf<<L as FragmentSource>::Inner>>,
            >,
            <L as FragmentDecay<
                $FragPart<T, L, SwapSliceOf<MmaCoordOf<<L as FragmentSource>::Inner>>>,
                $FragPart<T, L, MmaCoordOf<<L as FragmentSource>::Inner>>,
            >>::Output: FragmentLike,
            <T::Atom as MmaTraits>::$Val: Default,
        {
            type Output = FragmentOf<
                <T::Atom as MmaTraits>::$Val,
                <L as FragmentDecay<
                    $FragPart<T, L, SwapSliceOf<MmaCoordOf<<L as FragmentSource>::Inner>>>,
                    $FragPart<T, L, MmaCoordOf<<L as FragmentSource>::Inner>>,
                >>::Output,
            >;
            #[track_caller]
            fn thr_mma_fragment(l: &L) -> Self::Output {
                let c =
                    <<<L as FragmentSource>::Inner as crate::AnyLayout>::Shape as MmaThrCoord>::coord(
                        0, 0, 0,
                    );
                // The same partition and decay as of the tensor's own, which the caller can make.
                let p = match l.fragment_source().try_mma_partition(c) {
                    Ok((p, _)) => l.fragment_decay(p),
                    Err(e) => Err(e),
                };
                match p {
                    Ok(d) => make_fragment_like::<<T::Atom as MmaTraits>::$Val, _>(&d),
                    Err(e) => panic!("{e}"),
                }
            }
        }
        impl<T: TiledMmaLayouts> ThrMma<T> {
            $(#[$doc])*
            pub fn $try_m<E: Engine, L>(&self, t: Tensor<E, L>) -> Result<Tensor<E, $Of<T, L>>>
            where
                L: TensorLayout,
                T: ThrMmaPartition<L, crate::atom::tiled_copy::$Operand>,
            {
                let (p, off) = T::try_thr_mma_partition(self.coord, t.layout())?;
                t.relayout(p, off)
            }
            /// The same, panicking with the error.
            #[track_caller]
            pub fn $m<E: Engine, L>(&self, t: Tensor<E, L>) -> Tensor<E, $Of<T, L>>
            where
                L: TensorLayout,
                T: ThrMmaPartition<L, crate::atom::tiled_copy::$Operand>,
            {
                match self.$try_m(t) {
                    Ok(v) => v,
                    Err(e) => panic!("{e}"),
                }
            }
            /// A register fragment of the partition's shape, of the atom's element type, laid out
            /// as CuTe's `partition_fragment_X`: `make_fragment_like` of the thread's partition of
            /// the tensor's layout, so that mode 0 is compact and modes 1.. follow the order of
            /// the tensor's strides. For a swizzled tensor it is the partition of its inner layout
            /// composed with the swizzle decayed at the thread's offset, as CuTe's slicing at a
            /// runtime thread index makes it ([`FragmentDecay`](crate::tensor::FragmentDecay)):
            /// modes split at the swizzle bits, the strides the thread's bits make runtime values
            /// ordered last. Any thread gives the same layout; thread 0's partition is used.
            #[track_caller]
            pub fn $frag<E, L>(
                &self,
                t: &Tensor<E, L>,
            ) -> <T as ThrMmaFragment<L, crate::atom::tiled_copy::$Operand>>::Output
            where
                L: TensorLayout,
                T: ThrMmaFragment<L, crate::atom::tiled_copy::$Operand>,
            {
                T::thr_mma_fragment(t.layout())
            }
        }
    };
}

impl<T: TiledMmaLayouts> ThrMma<T> {
    /// The thread's coordinate `(v, m, n, k)` in [`TiledMmaLayouts::ThrLayoutVMNK`].
    pub fn thr_vmnk(&self) -> [i64; 4] {
        self.coord
    }
}
partition_methods! {
    /// `partition_C(tensor)`: the thread's elements of an (M,N\[,L\]) tensor, shaped
    /// `(FrgV, RestM, RestN[, L])` (CuTe's `(MMA, MMA_M, MMA_N)`). Errors: a tensor whose
    /// shape the tile does not divide, a partition reaching past the engine.
    try_partition_c / partition_c / partition_fragment_c, OperandC, PartitionCOf, PermM, PermN,
    AtomTileC, CLayout, ThrTileC, 1, 2, ValTypeC, FragPartitionCOf
}
partition_methods! {
    /// `partition_A(tensor)`: the thread's elements of an (M,K\[,L\]) tensor, shaped
    /// `(FrgV, RestM, RestK[, L])`.
    try_partition_a / partition_a / partition_fragment_a, OperandA, PartitionAOf, PermM, PermK,
    AtomTileA, ALayout, ThrTileA, 1, 3, ValTypeA, FragPartitionAOf
}
partition_methods! {
    /// `partition_B(tensor)`: the thread's elements of an (N,K\[,L\]) tensor, shaped
    /// `(FrgV, RestN, RestK[, L])`.
    try_partition_b / partition_b / partition_fragment_b, OperandB, PartitionBOf, PermN, PermK,
    AtomTileB, BLayout, ThrTileB, 2, 3, ValTypeB, FragPartitionBOf
}
