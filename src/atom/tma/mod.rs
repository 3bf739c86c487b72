//! The host side of Hopper's Tensor Memory Accelerator (TMA), after CuTe's
//! `cute/atom/copy_traits_sm90_tma.hpp`: the copy operations [`SM90_TMA_LOAD`],
//! [`SM90_TMA_LOAD_MULTICAST`] and [`SM90_TMA_STORE`], [`make_tma_copy`] / [`make_tma_atom`],
//! which derive from a global-memory layout, a shared-memory layout and a CTA tiler exactly
//! the arguments CuTe passes to the driver's `cuTensorMapEncodeTiled`
//! ([`TmaDescriptorParams`]), and [`tma_partition`], the instructions one CTA issues for a
//! tile.
//!
//! **The TMA basis** (CuTe's `construct_tma_gbasis`). With `S` the shared-memory layout
//! (without its swizzle) and `V = make_identity_layout(shape(gmem)) ∘ cta_tiler` (tile index →
//! gmem coordinate, basis strides):
//!
//! 1. `coalesce(V ∘ right_inverse(S))` maps a shared-memory offset to a gmem coordinate; its
//!    leading modes with unit basis strides `s:1@j` are the *smem vector*, the part one TMA box
//!    writes densely;
//! 2. each vector mode takes the gmem stride of its coordinate; consecutive modes merge while
//!    the strides continue and the merged size stays ≤ 256 (CuTe's `coalesce_256`): each
//!    merged group is one box dimension;
//! 3. the gmem modes the vector does not reach (size ≠ 1, stride ≠ 0) become box dimensions of
//!    extent 1, and modes past the fifth are grouped into the fifth;
//! 4. a box dimension spanning several gmem modes gets the gmem stride `g = gcd(dⱼ)` and the
//!    extent `Σ (sⱼ − 1)·dⱼ/g + 1` (CuTe's `fill_tma_gmem_shape_stride`);
//! 5. multicast over `m` CTAs divides the box from its outermost dimension inward.
//!
//! Every condition the hardware or the driver imposes is checked and reported as a
//! [`LayoutError`](crate::LayoutError) naming it (see [`make_tma_atom`]). The layouts here are CuTe's for a gmem
//! tensor with static shape and strides (CuTe's `coalesce_256` merges box modes only where
//! the merge is known at compile time; with dynamic gmem strides it merges none across gmem
//! modes, which gives another, equally valid, descriptor).
//!
//! `tests/tma_cute.rs` checks the parameters against CuTe C++ 4.2's `make_tma_copy`
//! (`probes/tma/cute_tma_params.cu`, recorded in `tests/data/tma/cute_params.txt`).
//!
//! ```
//! use cute_layout::atom::tma::{make_tma_copy, TmaDataType, TmaSwizzle, SM90_TMA_LOAD};
//! use cute_layout::{DynComposedLayout, DynLayout, DynTuple};
//! // A (4096, 4096) K-major half-precision matrix; a 128x64 tile in 128 B-swizzled smem
//! // (CuTe's tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (128,64)), in elements).
//! let gmem: DynLayout = "(4096,4096):(4096,1)".parse().unwrap();
//! let smem: DynComposedLayout = "Sw<3,3,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))".parse().unwrap();
//! let tile: DynTuple = "(128,64)".parse().unwrap();
//! let tma = make_tma_copy(SM90_TMA_LOAD, TmaDataType::Float16, &gmem, &smem, &tile, 1).unwrap();
//! let p = tma.params();
//! assert_eq!(p.global_dims(), [4096, 4096]);         // innermost (K) first
//! assert_eq!(p.global_strides_bytes(), [8192]);      // dims 1.., in bytes
//! assert_eq!(p.box_dims(), [64, 128]);
//! assert_eq!(p.swizzle, TmaSwizzle::B128);
//! assert_eq!(tma.instructions(), 1);
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::basis::make_identity_layout;
use crate::composed::DynComposedLayout;
use crate::error::{layout_error, ErrorKind, Result};
use crate::rules::tma::{
    tma_instruction, tma_plan, TmaCoordMap, TmaFlat, TmaInput, TmaPlan, TmaViolation, NOT_A_BASIS,
    TMA_MAX_MODES,
};
use crate::runtime;
use crate::runtime::layout::{DynLayout, DynTuple};
use crate::swizzle::{DynSwizzle, SwizzleFn};

// ---------------------------------------------------------------------------------------------
// Operations

/// Which TMA operation a copy is (CuTe's three `SM90_TMA_*` operation types, as a value).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TmaOpKind {
    /// `cp.async.bulk.tensor` global → shared (`SM90_TMA_LOAD`).
    Load,
    /// The load multicast to several CTAs of a cluster (`SM90_TMA_LOAD_MULTICAST`).
    LoadMulticast,
    /// `cp.async.bulk.tensor` shared → global (`SM90_TMA_STORE`).
    Store,
}

impl TmaOpKind {
    /// `"load"`, `"load_multicast"` or `"store"`.
    ///
    /// ```
    /// # use cute_layout::atom::tma::TmaOpKind;
    /// assert_eq!(TmaOpKind::Store.name(), "store");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            TmaOpKind::Load => "load",
            TmaOpKind::LoadMulticast => "load_multicast",
            TmaOpKind::Store => "store",
        }
    }
}

/// A TMA copy operation: [`SM90_TMA_LOAD`], [`SM90_TMA_LOAD_MULTICAST`], [`SM90_TMA_STORE`].
///
/// ```
/// use cute_layout::atom::tma::{TmaOp, TmaOpKind, SM90_TMA_STORE};
/// assert_eq!(SM90_TMA_STORE::KIND, TmaOpKind::Store);
/// ```
#[doc(hidden)]
pub trait TmaOp {
    /// The operation as a value.
    const KIND: TmaOpKind;
}

/// CuTe's `SM90_TMA_LOAD`: one CTA loads a box from global into its shared memory
/// (`cp.async.bulk.tensor.Nd.shared::cluster.global.mbarrier::complete_tx::bytes`).
///
/// ```
/// use cute_layout::atom::tma::{TmaOp, TmaOpKind, SM90_TMA_LOAD};
/// assert_eq!(SM90_TMA_LOAD::KIND, TmaOpKind::Load);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SM90_TMA_LOAD;
/// CuTe's `SM90_TMA_LOAD_MULTICAST`: one load written to the shared memory of every CTA in a
/// multicast mask; with `m` CTAs each issues `1/m` of the box ([`make_tma_copy`]'s
/// `cluster_size`).
///
/// ```
/// use cute_layout::atom::tma::{TmaOp, TmaOpKind, SM90_TMA_LOAD_MULTICAST};
/// assert_eq!(SM90_TMA_LOAD_MULTICAST::KIND, TmaOpKind::LoadMulticast);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SM90_TMA_LOAD_MULTICAST;
/// CuTe's `SM90_TMA_STORE`: one CTA stores a box from its shared memory to global memory;
/// elements outside the tensor are not written.
///
/// ```
/// use cute_layout::atom::tma::{TmaOp, TmaOpKind, SM90_TMA_STORE};
/// assert_eq!(SM90_TMA_STORE::KIND, TmaOpKind::Store);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SM90_TMA_STORE;

impl TmaOp for SM90_TMA_LOAD {
    const KIND: TmaOpKind = TmaOpKind::Load;
}
impl TmaOp for SM90_TMA_LOAD_MULTICAST {
    const KIND: TmaOpKind = TmaOpKind::LoadMulticast;
}
impl TmaOp for SM90_TMA_STORE {
    const KIND: TmaOpKind = TmaOpKind::Store;
}

// ---------------------------------------------------------------------------------------------
// The atom

/// A TMA copy (CuTe's TMA `Copy_Atom` with its `TiledCopy` over one CTA tile): the
/// descriptor parameters, the TMA basis, and the tile it copies. Built by [`make_tma_copy`] /
/// [`make_tma_atom`].
#[derive(Clone, Debug)]
pub struct TmaCopy {
    op: TmaOpKind,
    params: TmaDescriptorParams,
    num_multicast: u32,
    /// What the plan was made from (the rule's input) and the plan.
    input: TmaInput,
    plan: TmaPlan,
    smem: DynLayout,
    smem_swizzle_bytes: DynSwizzle,
}

/// `make_tma_atom(op, gmem, smem, cta_tiler, cluster_size)`: CuTe's TMA atom for a tile of
/// shape `cta_tiler` of the gmem layout `gmem` (element offsets, any rank and nesting) held in
/// shared memory as `smem` (a layout of the tile's coordinates; swizzled or not), multicast
/// over `cluster_size` CTAs (1 without multicast).
///
/// `cta_tiler` is a shape, applied mode by mode (`make_identity_layout(shape(gmem)) ∘
/// cta_tiler`); missing trailing modes take extent 1 (a batch mode). `size(smem)` must equal
/// the tile's size.
///
/// Errors, each a [`LayoutError`](crate::LayoutError) naming the condition (the hardware's and the driver's, as
/// CuTe asserts them in `make_tma_copy_desc`):
///
/// * the smem swizzle is a hardware mode — [`tma_swizzle_mode`] ([`ErrorKind::InvalidSwizzle`]);
/// * the smem vector starts along a gmem mode of stride 1 ("majorness of smem doesn't match
///   majorness of gmem") and some smem offsets map to gmem at all
///   ([`ErrorKind::InvalidArgument`]);
/// * rank ≤ 5 after grouping (always, by construction), every box dim in 1..=256
///   ([`ErrorKind::TooLarge`]), every global dim in 1..=2³²;
/// * global strides (dimensions ≥ 1) multiples of 16 B and below 2⁴⁰ ([`ErrorKind::NotDivisible`],
///   [`ErrorKind::TooLarge`]), non-negative;
/// * the box's inner extent in bytes a multiple of 16 B and, when swizzled, at most the
///   swizzle span ([`ErrorKind::NotDivisible`], [`ErrorKind::TooLarge`]);
/// * for [`SM90_TMA_STORE`], the innermost global extent in bytes a multiple of 16 B: the
///   hardware stores whole 16 B chunks of the innermost dimension, so past another extent an
///   edge tile overwrites the row's padding or memory after the tensor (measured on an H200,
///   `tests/data/tma/gpu/`; loads clip element by element and fill with zeros)
///   ([`ErrorKind::NotDivisible`]);
/// * every instruction's shared-memory start 128 B aligned relative to the tile (a box cannot
///   skip padding between smem rows; the GPU faults with a misaligned address)
///   ([`ErrorKind::MisalignedAddress`]);
/// * the multicast count divides the box's outer dimensions as CuTe splits them
///   ([`ErrorKind::NotDivisible`]), `cluster_size ≥ 1` and a power of two at most 16 for
///   [`SM90_TMA_LOAD_MULTICAST`], 1 otherwise.
///
/// The base addresses are checked separately: [`TmaCopy::check_gmem_address`] (16 B) and
/// [`TmaCopy::check_smem_address`] (128 B; 1024 B swizzled).
///
/// ```
/// use cute_layout::atom::tma::{make_tma_atom, TmaDataType, SM90_TMA_LOAD};
/// use cute_layout::{DynLayout, DynTuple, ErrorKind};
/// let gmem: DynLayout = "(1024,32,512):(64,1,65536)".parse().unwrap(); // CuTe's "3D" example
/// let smem: DynLayout = "(16,8,2):(16,1,8)".parse().unwrap();
/// let tile: DynTuple = "(16,8,2)".parse().unwrap();
/// let t = make_tma_atom(SM90_TMA_LOAD, TmaDataType::Float32, &gmem, &smem, &tile, 1).unwrap();
/// assert_eq!(t.params().box_dims(), [8, 2, 16]); // K, then the smem's next mode (L), then M
/// // An M-major smem tile of a K-major gmem: no TMA box starts along gmem's unit stride.
/// let smem: DynLayout = "(16,8,2):(1,16,128)".parse().unwrap();
/// let e = make_tma_atom(SM90_TMA_LOAD, TmaDataType::Float32, &gmem, &smem, &tile, 1).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::InvalidArgument);
/// ```
pub fn make_tma_atom<Op: TmaOp, L: TmaSmemLayout + ?Sized>(
    op: Op,
    data_type: TmaDataType,
    gmem: &DynLayout,
    smem: &L,
    cta_tiler: &DynTuple,
    cluster_size: i64,
) -> Result<TmaCopy> {
    let _ = op;
    build(Op::KIND, data_type, gmem, smem, cta_tiler, cluster_size)
}

/// `make_tma_copy(op, gmem, smem, cta_tiler, cluster_size)`: CuTe's TMA `TiledCopy`; the
/// same derivation as [`make_tma_atom`] (CuTe builds the TiledCopy's thread-value layout on
/// top of the atom; here the tile's instructions are [`tma_partition`]).
///
/// ```
/// use cute_layout::atom::tma::{make_tma_copy, TmaDataType, SM90_TMA_LOAD_MULTICAST};
/// use cute_layout::{DynComposedLayout, DynLayout, DynTuple};
/// let gmem: DynLayout = "(512,256):(256,1)".parse().unwrap();
/// let smem: DynComposedLayout = "Sw<3,3,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))".parse().unwrap();
/// let tile: DynTuple = "(128,64)".parse().unwrap();
/// let t = make_tma_copy(SM90_TMA_LOAD_MULTICAST, TmaDataType::Float16, &gmem, &smem, &tile, 2).unwrap();
/// assert_eq!(t.params().box_dims(), [64, 64]); // each of 2 CTAs loads half the rows
/// ```
pub fn make_tma_copy<Op: TmaOp, L: TmaSmemLayout + ?Sized>(
    op: Op,
    data_type: TmaDataType,
    gmem: &DynLayout,
    smem: &L,
    cta_tiler: &DynTuple,
    cluster_size: i64,
) -> Result<TmaCopy> {
    make_tma_atom(op, data_type, gmem, smem, cta_tiler, cluster_size)
}

/// [`make_tma_copy`] with the operation as a value.
///
/// ```
/// use cute_layout::atom::tma::{make_tma_copy_op, TmaDataType, TmaOpKind};
/// let t = make_tma_copy_op(TmaOpKind::Store, TmaDataType::Uint8, &"(64,64):(64,1)".parse().unwrap(),
///     &"(16,64):(64,1)".parse::<cute_layout::DynLayout>().unwrap(), &"(16,64)".parse().unwrap(), 1).unwrap();
/// assert_eq!(t.params().box_dims(), [64, 16]);
/// ```
pub fn make_tma_copy_op<L: TmaSmemLayout + ?Sized>(
    op: TmaOpKind,
    data_type: TmaDataType,
    gmem: &DynLayout,
    smem: &L,
    cta_tiler: &DynTuple,
    cluster_size: i64,
) -> Result<TmaCopy> {
    build(op, data_type, gmem, smem, cta_tiler, cluster_size)
}

fn build<L: TmaSmemLayout + ?Sized>(
    op: TmaOpKind,
    data_type: TmaDataType,
    gmem: &DynLayout,
    smem: &L,
    cta_tiler: &DynTuple,
    cluster_size: i64,
) -> Result<TmaCopy> {
    let bits = data_type.bits();
    let (swizzle, slayout) = smem.tma_parts()?;
    // The smem swizzle's hardware mode; where several modes agree with it on every offset of
    // the tile (a small tile), the one that allows the widest box.
    let swizzle_mode = match (
        tma_swizzle_mode(swizzle, bits),
        hardware_swizzle_on_image(swizzle, &slayout, bits)?,
    ) {
        (_, Some(m)) => m,
        (Ok(m), None) => m,
        (Err(e), None) => return Err(e),
    };

    // The tile: cta_tiler padded with 1s to the gmem's rank.
    let mut tiler: Vec<DynTuple> = cta_tiler.elements().to_vec();
    if tiler.len() > gmem.rank() {
        return Err(layout_error!(
            ErrorKind::RankMismatch,
            "TMA: CTA tiler {cta_tiler} has more modes than the gmem layout {gmem}"
        ));
    }
    while tiler.len() < gmem.rank() {
        tiler.push(DynTuple::int(1));
    }
    let tile_shape: Vec<i64> = tiler.iter().map(DynTuple::size).collect::<Result<_>>()?;
    let tiler = runtime::DynTiler::from_shape(&DynTuple::tuple(tiler))?;
    let cta_v_map = runtime::basis::try_composition(&make_identity_layout(gmem.shape())?, &tiler)?;

    // smem idx -> gmem coordinate, coalesced (its leading unit-basis modes are the smem
    // vector), and smem idx -> tile idx over the whole tile.
    let inv = runtime::try_right_inverse(&slayout)?;
    let sidx2gmode = runtime::basis::try_composition(&cta_v_map, &inv)?;
    let sidx2gmode = runtime::basis::try_coalesce(&sidx2gmode)?;
    let inv_v = {
        let (is, id) = inv.into_parts();
        let w = DynLayout::new(DynTuple::tuple([is]), DynTuple::tuple([id]))?;
        runtime::try_tile_to_shape(&w, &DynTuple::tuple([DynTuple::int(slayout.size())]))?
    };

    // The rule (`rules::tma`) on the flat modes.
    let leaf_paths = gmem_leaf_paths(gmem.shape());
    let too_many = || violation(TmaViolation::TooManyModes, "");
    let mut coords = TmaCoordMap::EMPTY;
    for (s, d) in sidx2gmode.flat_modes() {
        let leaf = if d.is_int() {
            NOT_A_BASIS
        } else {
            leaf_paths
                .iter()
                .position(|p| *p == d.modes)
                .ok_or_else(|| {
                    layout_error!(
                        ErrorKind::RankMismatch,
                        "gmem mode {:?} is not a leaf",
                        d.modes
                    )
                })?
        };
        coords = coords.push(s, d.value.value, leaf).ok_or_else(too_many)?;
    }
    let input = TmaInput {
        store: op == TmaOpKind::Store,
        multicast: op == TmaOpKind::LoadMulticast,
        bits,
        swizzle_span_bytes: if swizzle_mode == TmaSwizzle::None {
            0
        } else {
            swizzle_mode.span_bytes()
        },
        cluster: cluster_size,
        gmem: flat_of(gmem).ok_or_else(too_many)?,
        coords,
        smem: flat_of(&slayout).ok_or_else(too_many)?,
        smem_inv: flat_of(&inv_v).ok_or_else(too_many)?,
        tile_size: cta_v_map.size(),
        top_n: tile_shape.len(),
        tile_shape: top_array(tile_shape.iter().copied()).ok_or_else(too_many)?,
        top_leaves: top_array(gmem.shape().elements().iter().map(|m| m.leaves().count()))
            .ok_or_else(too_many)?,
    };
    let plan = tma_plan(&input).map_err(|v| {
        let detail = match v {
            TmaViolation::NoVector => {
                format!(" (smem {slayout}, smem index -> gmem coordinate {sidx2gmode})")
            }
            TmaViolation::InnerStrideNotOne { .. } => format!(" (smem {slayout}, gmem {gmem})"),
            TmaViolation::NegativeStride { leaf, .. } => {
                format!(" (gmem mode {:?} of {gmem})", leaf_paths[leaf])
            }
            TmaViolation::TileSizeMismatch { .. } => format!(" (tile {cta_tiler}, smem {slayout})"),
            TmaViolation::InstructionMisaligned { .. } => format!(" (smem {slayout})"),
            _ => String::new(),
        };
        violation(v, &detail)
    })?;

    Ok(TmaCopy {
        op,
        params: TmaDescriptorParams::from_plan(data_type, swizzle_mode, &plan),
        num_multicast: cluster_size as u32,
        input,
        plan,
        smem: slayout,
        smem_swizzle_bytes: swizzle_mode.byte_swizzle(),
    })
}

/// Per-mode values as the rule's array, `None` past `TMA_MAX_MODES`.
fn top_array<T: Copy + Default>(v: impl Iterator<Item = T>) -> Option<[T; TMA_MAX_MODES]> {
    let mut out = [T::default(); TMA_MAX_MODES];
    for (i, x) in v.enumerate() {
        *out.get_mut(i)? = x;
    }
    Some(out)
}

/// The flat modes of a layout for the rule, `None` past `TMA_MAX_MODES` modes.
fn flat_of(l: &DynLayout) -> Option<TmaFlat> {
    let mut f = TmaFlat::EMPTY;
    for (s, d) in l.shape().leaves().zip(l.stride().leaves()) {
        f = f.push(s, d)?;
    }
    Some(f)
}

/// A violated condition as a [`LayoutError`](crate::LayoutError): the rule's text, the
/// values that show it, and `detail`.
fn violation(v: TmaViolation, detail: &str) -> crate::error::LayoutError {
    let values = match v {
        TmaViolation::TooManyModes | TmaViolation::NoVector | TmaViolation::Overflow => String::new(),
        TmaViolation::TileSizeMismatch { tile, smem } => {
            format!(": the tile has {tile} elements, the smem layout {smem}")
        }
        TmaViolation::ElementBits { bits } => format!(": {bits} bits"),
        TmaViolation::ClusterSize { cluster } => format!(": cluster size {cluster}"),
        TmaViolation::NegativeStride { stride, .. } => format!(": stride {stride}"),
        TmaViolation::InnerStrideNotOne { stride } => {
            format!(": it has gmem stride {stride} (elements)")
        }
        TmaViolation::GlobalDim { dim, extent } => {
            format!(": global dimension {dim} has extent {extent}")
        }
        TmaViolation::StoreInnerExtent { elems, bytes } => format!(
            ": it is {elems} elements = {bytes} B, so an edge tile would overwrite up to {} B past each row (padding or data outside the tensor)",
            15 - (bytes + 15) % 16
        ),
        TmaViolation::StrideNot16 { dim, bytes } | TmaViolation::StrideTooLarge { dim, bytes } => {
            format!(": the global stride of dimension {dim} is {bytes} B")
        }
        TmaViolation::MulticastTooFew { cluster } => {
            format!(": {cluster} CTAs")
        }
        TmaViolation::MulticastNotDivisible { dim, extent, remaining } => format!(
            ": box dimension {dim} of extent {extent} and the remaining count {remaining} do not divide one another"
        ),
        TmaViolation::BoxTooLarge { dim, extent } => {
            format!(": box dimension {dim} has extent {extent}")
        }
        TmaViolation::BoxInnerNot16 { elems, bytes } => {
            format!(": it is {elems} elements = {bytes} B")
        }
        TmaViolation::BoxInnerWiderThanSwizzle { bytes, span } => {
            format!(": it is {bytes} B, the swizzle spans {span} B")
        }
        TmaViolation::BoxNotDivideTile { per_box, tile } => {
            format!(": one box holds {per_box} elements, the tile {tile}")
        }
        TmaViolation::InstructionMisaligned { offset_bytes } => {
            format!(": an instruction of the tile starts at shared-memory byte {offset_bytes}")
        }
    };
    layout_error!(v.kind(), "{}{values}{detail}", v.condition())
}

/// On the offsets the layout reaches a swizzle may act as several hardware modes (a swizzle
/// whose high bits lie above the tile): the first of none, 128 B, 64 B, 32 B equal to it on
/// every offset of `layout` (none and then the widest span allow the widest box), if any.
fn hardware_swizzle_on_image(
    swizzle: Option<DynSwizzle>,
    layout: &DynLayout,
    bits: u32,
) -> Result<Option<TmaSwizzle>> {
    let Some(sw) = swizzle else {
        return Ok(Some(TmaSwizzle::None));
    };
    let shift = elem_log2_bytes(bits)?;
    let n = layout.size();
    for mode in [
        TmaSwizzle::None,
        TmaSwizzle::B128,
        TmaSwizzle::B64,
        TmaSwizzle::B32,
    ] {
        let hw = mode.byte_swizzle();
        let eb = 1i64 << shift;
        if (0..n).all(|i| {
            let o = layout.eval(i);
            o >= 0 && sw.apply(o) == hw.apply(o * eb) / eb
        }) {
            return Ok(Some(mode));
        }
    }
    Ok(None)
}

/// The paths of the leaves of a shape, left to right (`[]` for an integer shape).
fn gmem_leaf_paths(shape: &DynTuple) -> Vec<Vec<usize>> {
    fn go(t: &DynTuple, prefix: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        match t {
            DynTuple::Int(_) => out.push(prefix.clone()),
            DynTuple::Tuple(v) => {
                for (i, x) in v.iter().enumerate() {
                    prefix.push(i);
                    go(x, prefix, out);
                    prefix.pop();
                }
            }
        }
    }
    let mut out = Vec::new();
    go(shape, &mut Vec::new(), &mut out);
    out
}

/// One TMA instruction of a tile: where its box starts in shared memory and in the tensor
/// map's coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaInstruction {
    /// The element offset in shared memory (before the swizzle) where the box starts.
    pub smem_offset: i64,
    /// The box's first element in the tensor map's coordinates (dimension 0 first), the
    /// coordinates `cp.async.bulk.tensor` takes, for the tile at the origin.
    pub coords: [i64; 5],
}

/// `tma_partition(atom, cta_coord, cta_layout, smem, gmem)` for the tile at the origin: the
/// instructions CTA `cta` of the multicast (0 without multicast) issues, in CuTe's
/// `TMA_Iter` order. CuTe returns the `((TMA, TMA_Iter), Rest...)` partitions of the smem and
/// the coordinate tensors; their `TMA_Iter` mode's offsets are these instructions'
/// `smem_offset` and `coords` (CuTe's `domain_offset` by `cta · box/multicast` included).
///
/// ```
/// use cute_layout::atom::tma::{make_tma_copy, tma_partition, TmaDataType, SM90_TMA_LOAD};
/// use cute_layout::{DynLayout, DynTuple};
/// let gmem: DynLayout = "(256,512):(1,256)".parse().unwrap();       // MN-major
/// let smem: DynLayout = "(128,8):(1,128)".parse().unwrap();
/// let t = make_tma_copy(SM90_TMA_LOAD, TmaDataType::Float32, &gmem, &smem,
///                       &"(128,8)".parse::<DynTuple>().unwrap(), 1).unwrap();
/// assert_eq!(t.params().box_dims(), [128, 8]);
/// let ins = tma_partition(&t, 0).unwrap();
/// assert_eq!(ins.len(), 1);
/// assert_eq!((ins[0].smem_offset, ins[0].coords), (0, [0; 5]));
/// ```
pub fn tma_partition(copy: &TmaCopy, cta: u32) -> Result<Vec<TmaInstruction>> {
    copy.instructions_of(cta)
}

impl TmaCopy {
    /// The operation.
    pub fn op(&self) -> TmaOpKind {
        self.op
    }
    /// The `cuTensorMapEncodeTiled` arguments.
    pub fn params(&self) -> &TmaDescriptorParams {
        &self.params
    }
    /// The number of CTAs a load is multicast to.
    pub fn num_multicast(&self) -> u32 {
        self.num_multicast
    }
    /// TMA instructions one CTA issues per tile: `size(smem) / size(tma_gbasis)` (CuTe's
    /// `TMA_Iter` extent; with multicast each of the `m` CTAs issues as many, each a `1/m`
    /// slice of the box).
    pub fn instructions(&self) -> i64 {
        self.smem.size() / self.plan.elems_per_tma
    }
    /// The element swizzle of shared memory, as bytes: `Sw<B,4,3>`.
    pub fn smem_swizzle_bytes(&self) -> DynSwizzle {
        self.smem_swizzle_bytes
    }

    /// The global address must be 16 B aligned (CuTe asserts it; the driver refuses others).
    ///
    /// ```
    /// # use cute_layout::atom::tma::{make_tma_copy, TmaDataType, SM90_TMA_LOAD};
    /// # let t = make_tma_copy(SM90_TMA_LOAD, TmaDataType::Uint8, &"(64,64):(64,1)".parse().unwrap(),
    /// #     &"(16,64):(64,1)".parse::<cute_layout::DynLayout>().unwrap(), &"(16,64)".parse().unwrap(), 1).unwrap();
    /// assert!(t.check_gmem_address(0x1000).is_ok());
    /// assert!(t.check_gmem_address(0x1008).is_err());
    /// ```
    pub fn check_gmem_address(&self, addr: u64) -> Result<()> {
        if addr % 16 != 0 {
            return Err(layout_error!(
                ErrorKind::MisalignedAddress,
                "TMA: global address {addr:#x} is not 16 B aligned"
            ));
        }
        Ok(())
    }

    /// The shared-memory tile must be 128 B aligned, and 1024 B aligned when swizzled (the
    /// swizzle pattern repeats every 8 rows of 128 B and is taken from the address bits).
    ///
    /// ```
    /// # use cute_layout::atom::tma::{make_tma_copy, TmaDataType, SM90_TMA_LOAD};
    /// # use cute_layout::DynComposedLayout;
    /// let smem: DynComposedLayout = "Sw<3,3,3> o 0 o (8,64):(64,1)".parse().unwrap();
    /// let t = make_tma_copy(SM90_TMA_LOAD, TmaDataType::Float16, &"(64,64):(64,1)".parse().unwrap(),
    ///     &smem, &"(8,64)".parse().unwrap(), 1).unwrap();
    /// assert!(t.check_smem_address(0x400).is_ok());
    /// assert!(t.check_smem_address(0x80).is_err());
    /// ```
    pub fn check_smem_address(&self, addr: u64) -> Result<()> {
        let align = if self.params.swizzle == TmaSwizzle::None {
            128
        } else {
            1024
        };
        if addr % align != 0 {
            return Err(layout_error!(
                ErrorKind::MisalignedAddress,
                "TMA: shared-memory tile address {addr:#x} is not {align} B aligned ({} swizzle)",
                self.params.swizzle
            ));
        }
        Ok(())
    }

    fn instructions_of(&self, cta: u32) -> Result<Vec<TmaInstruction>> {
        self.instructions_at(cta, &[])
    }

    /// The instructions of CTA `cta` for the tile at tile coordinate `tile` (per gmem mode;
    /// missing entries 0): tile element `t` has the coordinate `tile[m]·B_m + t_m` along gmem
    /// mode `m` (`t_m` its column-major coordinate in the tile of extents `B`).
    fn instructions_at(&self, cta: u32, tile: &[i64]) -> Result<Vec<TmaInstruction>> {
        if cta >= self.num_multicast {
            return Err(layout_error!(
                ErrorKind::InvalidArgument,
                "TMA: CTA {cta} of a multicast over {}",
                self.num_multicast
            ));
        }
        let mut out = Vec::new();
        for j in 0..self.instructions() {
            let t = tma_instruction(&self.input, &self.plan, i64::from(cta), j, tile);
            out.push(TmaInstruction {
                smem_offset: t.smem_offset,
                coords: t.coords,
            });
        }
        Ok(out)
    }

    /// For the tile at the origin, every shared-memory element offset (after the swizzle) →
    /// the gmem element offset TMA moves there (a load) or from there (a store), `None` for an
    /// element outside the tensor (a load fills it with zeros, a store drops it) or an offset
    /// no instruction reaches.
    ///
    /// Computed as the hardware executes the descriptor, without the layouts' map: each
    /// instruction of each multicast CTA ([`tma_partition`]) walks its box (dimension 0
    /// fastest), writes it densely from its smem start, swizzles the byte address with
    /// `Sw<B,4,3>`, and reads gmem at `Σ coordᵢ·strideᵢ` when `0 ≤ coordᵢ < global_dimᵢ`.
    ///
    /// ```
    /// use cute_layout::atom::tma::{make_tma_copy, TmaDataType, SM90_TMA_LOAD};
    /// use cute_layout::{DynLayout, DynTuple};
    /// // A 3x4 tensor (K-major, padded to 8), a 2x4 tile at the origin... of a tile that
    /// // overhangs: rows 2..4 are out of bounds.
    /// let gmem: DynLayout = "(3,8):(8,1)".parse().unwrap();
    /// let smem: DynLayout = "(4,8):(8,1)".parse().unwrap();
    /// let t = make_tma_copy(SM90_TMA_LOAD, TmaDataType::Float32, &gmem, &smem,
    ///                       &"(4,8)".parse::<DynTuple>().unwrap(), 1).unwrap();
    /// let m = t.smem_to_gmem().unwrap();
    /// assert_eq!(m[9], Some(9));
    /// assert_eq!(m[24], None);
    /// ```
    pub fn smem_to_gmem(&self) -> Result<Vec<Option<i64>>> {
        self.smem_to_gmem_at(&[])
    }

    /// [`smem_to_gmem`](Self::smem_to_gmem) for the tile at tile coordinate `tile` (one entry
    /// per gmem mode, missing entries 0; CuTe's `local_tile(gmem, cta_tiler, tile)`).
    ///
    /// ```
    /// use cute_layout::atom::tma::{make_tma_copy, TmaDataType, SM90_TMA_LOAD};
    /// use cute_layout::{DynLayout, DynTuple};
    /// let gmem: DynLayout = "(3,8):(8,1)".parse().unwrap();
    /// let smem: DynLayout = "(2,8):(8,1)".parse().unwrap();
    /// let t = make_tma_copy(SM90_TMA_LOAD, TmaDataType::Float32, &gmem, &smem,
    ///                       &"(2,8)".parse::<DynTuple>().unwrap(), 1).unwrap();
    /// let m = t.smem_to_gmem_at(&[1, 0]).unwrap(); // rows 2 and 3: row 3 is outside
    /// assert_eq!((m[0], m[8]), (Some(16), None));
    /// ```
    pub fn smem_to_gmem_at(&self, tile: &[i64]) -> Result<Vec<Option<i64>>> {
        let n = self.smem.cosize().max(self.smem.size());
        let mut out = vec![None; n as usize];
        let p = &self.params;
        let rank = p.rank as usize;
        let eb = i64::from(p.data_type.bits() / 8);
        for cta in 0..self.num_multicast {
            for ins in self.instructions_at(cta, tile)? {
                let total: u64 = p.box_dims().iter().map(|&b| u64::from(b)).product();
                for lin in 0..total as i64 {
                    let mut rem = lin;
                    let mut inside = true;
                    let mut g = 0i64;
                    for i in 0..rank {
                        let b = i64::from(p.box_dims[i]);
                        let c = ins.coords[i] + rem % b;
                        rem /= b;
                        if c < 0 || c as u64 >= p.global_dims[i] {
                            inside = false;
                        }
                        g += c * self.plan.strides_elems[i] as i64;
                    }
                    let byte = (ins.smem_offset + lin) * eb;
                    let s = self.smem_swizzle_bytes.apply(byte) / eb;
                    if s < 0 || s >= n {
                        return Err(layout_error!(
                            ErrorKind::InvalidArgument,
                            "TMA: an instruction writes smem element {s}, outside the tile's {n}"
                        ));
                    }
                    out[s as usize] = inside.then_some(g);
                }
            }
        }
        Ok(out)
    }
}

// The driver's enums (`CUtensorMap` fields): `driver.rs`; which shared-memory layouts TMA can
// write: `smem.rs`; the conditions the type level states on static layouts: `static_check.rs`.
mod driver;
mod smem;
mod static_check;
mod static_copy;
pub use driver::*;
pub use smem::*;
pub use static_check::*;
pub use static_copy::*;
