//! Static layouts: `make_tma_copy` at compile time, [`StaticTmaCopy`].
//!
//! The type level computes CuTe's TMA basis (`coalesce(V ∘ right_inverse(S))` with `V =
//! make_identity_layout(shape(gmem)) ∘ cta_tiler`, and `tile_to_shape(right_inverse(S),
//! size(S))`) by trait resolution; constant evaluation then reads their modes and runs the
//! plan and its conditions (`rules::tma`, the same `const fn` the runtime engine calls).

use core::marker::PhantomData;

use crate::basis::typelevel::{BasisLike, BasisLikeOf};
use crate::layout::Layout;
use crate::rules::tma::{
    tma_instruction, tma_plan, TmaCoordMap, TmaFlat, TmaInput, TmaPlan, NOT_A_BASIS, TMA_MAX_MODES,
};
use crate::tensor::walk::{ConstLayoutModes, ConstModes, Modes, INT_STRIDE};
use crate::tuple::{Cons, FromCons, IntTuple, Nil, ToCons};
use crate::typelevel::{
    Coalesce, CoalesceOf, Compose, ComposeOf, RightInverse, RightInverseOf, TileToShape,
    TileToShapeOf,
};

use super::{TmaDataType, TmaDescriptorParams, TmaOp, TmaOpKind, TmaStaticSmem, TmaSwizzle};

// ---------------------------------------------------------------------------------------------
// The modes of a static layout, as constants: `tensor::walk`'s reader, basis strides keyed by
// their paths

/// The modes with integer strides (a basis stride's scale), as the plan takes them.
const fn flat(m: &Modes) -> TmaFlat {
    let mut f = TmaFlat::EMPTY;
    let mut i = 0;
    while i < m.len() {
        let (s, d, _) = m.flat(i);
        f.shape[i] = s;
        f.stride[i] = d;
        i += 1;
    }
    f.n = m.len();
    f
}

// ---------------------------------------------------------------------------------------------
// The tiler, padded to the gmem's rank

/// The CTA tiler `Self` with extent-1 modes appended up to the rank of the gmem shape `G`
/// (a batch mode the tile does not span), as the runtime engine pads it.
#[doc(hidden)]
pub trait TmaPadTiler<G> {
    /// The padded tiler.
    type Output;
}
#[diagnostic::do_not_recommend]
impl<T: ToCons, G: ToCons> TmaPadTiler<G> for T
where
    T::Cons: ConsTmaPad<G::Cons>,
    <T::Cons as ConsTmaPad<G::Cons>>::Output: FromCons,
{
    type Output = <<T::Cons as ConsTmaPad<G::Cons>>::Output as FromCons>::Tuple;
}
#[doc(hidden)]
pub trait ConsTmaPad<G> {
    type Output;
}
impl ConsTmaPad<Nil> for Nil {
    type Output = Nil;
}
#[diagnostic::do_not_recommend]
impl<GH, GT> ConsTmaPad<Cons<GH, GT>> for Nil
where
    Nil: ConsTmaPad<GT>,
{
    type Output = Cons<typenum::U1, <Nil as ConsTmaPad<GT>>::Output>;
}
#[diagnostic::do_not_recommend]
impl<H, T: ConsTmaPad<GT>, GH, GT> ConsTmaPad<Cons<GH, GT>> for Cons<H, T> {
    type Output = Cons<H, T::Output>;
}

// ---------------------------------------------------------------------------------------------
// Element types

/// An element type TMA moves, with the `CUtensorMapDataType` CuTe gives it
/// (`to_CUtensorMapDataType`: 8-bit integers and FP8 as `UINT8`).
///
/// ```
/// use cute_layout::atom::tma::{TmaDataType, TmaElement};
/// use cute_layout::atom::bfloat16_t;
/// assert_eq!(<bfloat16_t as TmaElement>::DATA_TYPE, TmaDataType::Bfloat16);
/// ```
#[diagnostic::on_unimplemented(
    message = "TMA: `{Self}` is not an element type TMA moves",
    label = "TMA moves 8-, 16-, 32- and 64-bit elements",
    note = "the element types: u8, i8, float_e4m3_t, float_e5m2_t, u16, i16, half_t, bfloat16_t, u32, i32, f32, tfloat32_t, u64, i64, f64"
)]
pub trait TmaElement: crate::typelevel::ElementBits {
    /// The descriptor's data type.
    const DATA_TYPE: TmaDataType;
}
macro_rules! tma_element {
    ($($T:ty => $D:ident),*) => {$(
        impl TmaElement for $T {
            const DATA_TYPE: TmaDataType = TmaDataType::$D;
        }
    )*};
}
tma_element!(u8 => Uint8, i8 => Uint8, crate::atom::float_e4m3_t => Uint8,
    crate::atom::float_e5m2_t => Uint8, u16 => Uint16, i16 => Uint16,
    crate::atom::half_t => Float16, crate::atom::bfloat16_t => Bfloat16, u32 => Uint32,
    i32 => Int32, f32 => Float32, crate::atom::tfloat32_t => Tfloat32, u64 => Uint64,
    i64 => Int64, f64 => Float64);

// ---------------------------------------------------------------------------------------------
// The copy

/// `make_tma_copy(op, gmem, smem, cta_tiler, cluster_size)` decided at compile time, for a
/// static gmem layout `G` of elements `T`, a static shared-memory layout `S` (a `Layout` or a
/// swizzled `ComposedLayout<Swizzle, 0, Layout>`), a CTA tiler `Tiler` (a tuple of static
/// extents, one per gmem mode; missing trailing modes take extent 1) and a multicast count
/// `Cluster` (`U1` without multicast). The same derivation and conditions as the runtime
/// [`make_tma_copy`](super::make_tma_copy), whose documentation lists them.
///
/// Its constants are evaluated when used: a layout that breaks a condition fails to compile
/// with the condition as the error's first line, `error[E0080]: evaluation panicked: TMA:
/// ...` (`cargo check` reports it for a `const` item; in a function body only a build does).
/// The swizzle's hardware mode and the tile's 16 B granularity are trait bounds, named by
/// their `on_unimplemented` message.
///
/// ```
/// use cute_layout::atom::tma::{StaticTmaCopy, TmaSwizzle, SM90_TMA_LOAD};
/// use cute_layout::atom::half_t;
/// use cute_layout::Layout;
/// use cute_layout::typenum::{U1, U128, U64};
/// // A (4096,4096) K-major half matrix; a 128x64 tile in 128 B-swizzled smem (CuTe's
/// // tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (128,64)), in elements).
/// type G = Layout![(4096,4096):(4096,1)];
/// type S = Layout![Sw<3,3,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))];
/// type Tma = StaticTmaCopy<SM90_TMA_LOAD, half_t, G, S, (U128, U64), U1>;
/// const P: cute_layout::atom::tma::TmaDescriptorParams = Tma::PARAMS;
/// assert_eq!(P.global_dims(), [4096, 4096]);
/// assert_eq!(P.global_strides_bytes(), [8192]);
/// assert_eq!(P.box_dims(), [64, 128]);
/// assert_eq!(P.swizzle, TmaSwizzle::B128);
/// assert_eq!(Tma::INSTRUCTIONS, 1);
/// ```
pub struct StaticTmaCopy<Op, T, G, S, Tiler, Cluster = typenum::U1>(
    PhantomData<(Op, T, G, S, Tiler, Cluster)>,
)
where
    T: TmaElement,
    Tiler: TmaTilerFor<G>;

/// A CTA tiler for the gmem layout `G`: a tuple with at most one mode per gmem mode.
#[diagnostic::on_unimplemented(
    message = "TMA: the CTA tiler `{Self}` must be a tuple with at most one mode per mode of the gmem layout",
    label = "not a CTA tiler of this gmem layout"
)]
#[doc(hidden)]
pub trait TmaTilerFor<G> {}
#[diagnostic::do_not_recommend]
impl<T: TmaPadTiler<GS>, GS, GD> TmaTilerFor<Layout<GS, GD>> for T {}

/// `V = make_identity_layout(shape(G)) ∘ pad(Tiler)`: tile index → gmem coordinate.
type CtaVMap<GS, Tiler> =
    ComposeOf<Layout<GS, BasisLikeOf<GS>>, <Tiler as TmaPadTiler<GS>>::Output>;
/// The CTA tiler padded to the gmem's rank.
type Padded<GS, Tiler> = <Tiler as TmaPadTiler<GS>>::Output;
/// `right_inverse(S)` as one mode.
type InvOneMode<P> = Layout<
    (<RightInverseOf<P> as crate::typelevel::compose::LayoutParts>::Shape,),
    (<RightInverseOf<P> as crate::typelevel::compose::LayoutParts>::Stride,),
>;

/// The tile's size, `size(Tiler)` (padding adds extent-1 modes).
type TileSize<Tiler> = crate::tuple::Size<Tiler>;

impl<Op, T, GS, GD, S, Tiler, Cluster> StaticTmaCopy<Op, T, Layout<GS, GD>, S, Tiler, Cluster>
where
    Op: TmaOp,
    T: TmaElement,
    Cluster: typenum::Unsigned,
    S: TmaStaticSmem<T>,
    GS: BasisLike<Nil> + ConstModes<GD> + ConstModes<BasisLikeOf<GS>>,
    Tiler: TmaPadTiler<GS> + TmaTilerFor<Layout<GS, GD>> + IntTuple,
    Padded<GS, Tiler>: ConstModes<Padded<GS, Tiler>>,
    Layout<GS, BasisLikeOf<GS>>: Compose<<Tiler as TmaPadTiler<GS>>::Output>,
    CtaVMap<GS, Tiler>: ConstLayoutModes + Compose<RightInverseOf<S::Plain>>,
    S::Plain: RightInverse + ConstLayoutModes,
    RightInverseOf<S::Plain>: crate::typelevel::compose::LayoutParts,
    ComposeOf<CtaVMap<GS, Tiler>, RightInverseOf<S::Plain>>: Coalesce,
    CoalesceOf<ComposeOf<CtaVMap<GS, Tiler>, RightInverseOf<S::Plain>>>: ConstLayoutModes,
    InvOneMode<S::Plain>: TileToShape<(TileSize<Tiler>,)>,
    TileToShapeOf<InvOneMode<S::Plain>, (TileSize<Tiler>,)>: ConstLayoutModes,
{
    const INPUT: TmaInput = {
        let modes = (
            <GS as ConstModes<GD>>::MODES,
            <GS as ConstModes<BasisLikeOf<GS>>>::MODES,
            <CoalesceOf<ComposeOf<CtaVMap<GS, Tiler>, RightInverseOf<S::Plain>>> as ConstLayoutModes>::MODES,
            <S::Plain as ConstLayoutModes>::MODES,
            <TileToShapeOf<InvOneMode<S::Plain>, (TileSize<Tiler>,)> as ConstLayoutModes>::MODES,
            <CtaVMap<GS, Tiler> as ConstLayoutModes>::MODES,
            <Padded<GS, Tiler> as ConstModes<Padded<GS, Tiler>>>::MODES,
        );
        let (gmem, ids, sidx, smem, inv_v, tile, tiler) = match modes {
            (Some(a), Some(b), Some(c), Some(d), Some(e), Some(f), Some(g)) => (a, b, c, d, e, f, g),
            _ => panic!("TMA: StaticTmaCopy takes static layouts (typenum leaves) of at most 32 flat modes; use make_tma_copy for runtime values"),
        };
        // The tiler's extent along each gmem mode, and the number of leaves of that mode.
        let top_n = tiler.rank();
        let mut tile_shape = [1; TMA_MAX_MODES];
        let mut top_leaves = [0; TMA_MAX_MODES];
        let mut j = 0;
        while j < top_n {
            tile_shape[j] = tiler.mode(j).size();
            let (lo, hi) = gmem.mode_range(j);
            top_leaves[j] = hi - lo;
            j += 1;
        }
        // Each basis stride's gmem leaf: the leaf whose identity stride has its path.
        let mut coords = TmaCoordMap::EMPTY;
        let mut i = 0;
        while i < sidx.len() {
            let (size, scale, key) = sidx.flat(i);
            let mut leaf = NOT_A_BASIS;
            if key != INT_STRIDE {
                let mut j = 0;
                while j < ids.len() {
                    if ids.flat(j).2 == key {
                        leaf = j;
                    }
                    j += 1;
                }
            }
            coords.size[i] = size;
            coords.scale[i] = scale;
            coords.leaf[i] = leaf;
            i += 1;
        }
        coords.n = sidx.len();
        let kind = Op::KIND;
        TmaInput {
            store: matches!(kind, TmaOpKind::Store),
            multicast: matches!(kind, TmaOpKind::LoadMulticast),
            bits: T::DATA_TYPE.bits(),
            swizzle_span_bytes: match S::MODE {
                TmaSwizzle::None => 0,
                m => m.span_bytes(),
            },
            cluster: Cluster::I64,
            gmem: flat(&gmem),
            coords,
            smem: flat(&smem),
            smem_inv: flat(&inv_v),
            tile_size: flat(&tile).size(),
            top_n,
            tile_shape,
            top_leaves,
        }
    };

    /// The plan, every condition checked: a violated one stops compilation with its text.
    #[doc(hidden)]
    pub const PLAN: TmaPlan = match tma_plan(&Self::INPUT) {
        Ok(p) => p,
        Err(v) => panic!("{}", v.condition()),
    };

    /// The `cuTensorMapEncodeTiled` arguments (those of the runtime
    /// [`TmaCopy::params`](super::TmaCopy::params) on the same layouts).
    pub const PARAMS: TmaDescriptorParams =
        TmaDescriptorParams::from_plan(T::DATA_TYPE, S::MODE, &Self::PLAN);

    /// TMA instructions one CTA issues per tile: `size(S) / size(box)` (CuTe's `TMA_Iter`
    /// extent).
    pub const INSTRUCTIONS: i64 = Self::INPUT.smem.size() / Self::PLAN.elems_per_tma;

    /// Instruction `j` (of [`INSTRUCTIONS`](Self::INSTRUCTIONS)) of multicast CTA `cta` (of
    /// `Cluster`) for the tile at tile coordinate `tile` (one entry per gmem mode, missing
    /// entries 0): its shared-memory start and box coordinates, CuTe's `tma_partition` (the
    /// runtime [`tma_partition`](super::tma_partition)); `None` for a `cta` or `j` out of
    /// range.
    ///
    /// ```
    /// use cute_layout::atom::tma::{StaticTmaCopy, SM90_TMA_LOAD};
    /// use cute_layout::typenum::{U1, U2, U8};
    /// use cute_layout::Layout;
    /// // Two 4 KiB boxes of f32 rows (8 x 128), the second at smem element 1024.
    /// type Tma = StaticTmaCopy<SM90_TMA_LOAD, f32, Layout![(64,256):(256,1)],
    ///     Layout![(8,(128,2)):(128,(1,1024))], (U8, cute_layout::typenum::U256), U1>;
    /// assert_eq!(Tma::INSTRUCTIONS, 2);
    /// let i = Tma::instruction(0, 1, &[1, 0]).unwrap();
    /// assert_eq!((i.smem_offset, i.coords), (1024, [128, 8, 0, 0, 0]));
    /// assert!(Tma::instruction(0, 2, &[]).is_none());
    /// # let _ = U2::default();
    /// ```
    pub const fn instruction(cta: u32, j: i64, tile: &[i64]) -> Option<super::TmaInstruction> {
        if cta as i64 >= Cluster::I64 || j < 0 || j >= Self::INSTRUCTIONS {
            return None;
        }
        let t = tma_instruction(&Self::INPUT, &Self::PLAN, cta as i64, j, tile);
        Some(super::TmaInstruction {
            smem_offset: t.smem_offset,
            coords: t.coords,
        })
    }

    /// The shared-memory alignment the tile needs: 128 B, 1024 B when swizzled.
    pub const SMEM_ALIGN: u64 = match S::MODE {
        TmaSwizzle::None => 128,
        _ => 1024,
    };

    /// `offset_bytes`, the tile's byte offset in a shared-memory buffer aligned to
    /// [`SMEM_ALIGN`](Self::SMEM_ALIGN) (as the emitted kernels declare theirs), checked at
    /// compile time: a misaligned tile stops compilation (the runtime
    /// [`TmaCopy::check_smem_address`](super::TmaCopy::check_smem_address)).
    ///
    /// ```compile_fail,E0080
    /// use cute_layout::atom::tma::{StaticTmaCopy, SM90_TMA_LOAD};
    /// use cute_layout::Layout;
    /// type Tma = StaticTmaCopy<SM90_TMA_LOAD, f32, Layout![(64,64):(64,1)], Layout![(8,64):(64,1)], (cute_layout::typenum::U8, cute_layout::typenum::U64)>;
    /// const OFF: u64 = Tma::smem_offset(64); // not a multiple of 128 B
    /// ```
    pub const fn smem_offset(offset_bytes: u64) -> u64 {
        if offset_bytes % Self::SMEM_ALIGN != 0 {
            panic!("TMA: the shared-memory tile must be 128 B aligned, 1024 B when swizzled");
        }
        offset_bytes
    }

    /// `offset_elems`, the tensor's first element as an offset from a 16 B aligned base (a
    /// slice of a larger tensor), checked at compile time: the global address must be 16 B
    /// aligned (the runtime [`TmaCopy::check_gmem_address`](super::TmaCopy::check_gmem_address)).
    ///
    /// ```compile_fail,E0080
    /// use cute_layout::atom::tma::{StaticTmaCopy, SM90_TMA_LOAD};
    /// use cute_layout::Layout;
    /// type Tma = StaticTmaCopy<SM90_TMA_LOAD, f32, Layout![(64,64):(64,1)], Layout![(8,64):(64,1)], (cute_layout::typenum::U8, cute_layout::typenum::U64)>;
    /// const OFF: u64 = Tma::gmem_offset(2); // 8 B
    /// ```
    pub const fn gmem_offset(offset_elems: u64) -> u64 {
        if (offset_elems * T::DATA_TYPE.bits() as u64 / 8) % 16 != 0 {
            panic!("TMA: the global address must be 16 B aligned");
        }
        offset_elems
    }
}
