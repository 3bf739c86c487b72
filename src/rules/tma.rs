//! The TMA plan: from the smem-index → gmem-coordinate map of a tile, the box dimensions,
//! the global dimensions and strides `cuTensorMapEncodeTiled` takes, and every condition the
//! hardware and the driver impose (CuTe's `construct_tma_gbasis`, `coalesce_256`,
//! `fill_tma_gmem_shape_stride` and the `static_assert`s of `make_tma_copy_desc`, and the
//! conditions measured on the GPU, `tests/data/tma/gpu/`).
//!
//! Written once as a `const fn` over flat arrays: the runtime engine
//! ([`make_tma_copy`](crate::atom::tma::make_tma_copy)) calls it with the modes of its
//! `DynLayout`s, the static engine ([`StaticTmaCopy`](crate::atom::tma::StaticTmaCopy)) with
//! the modes of its layout types during constant evaluation, so a static layout that breaks a
//! condition fails to compile with that condition's text, and a runtime one returns it as a
//! [`LayoutError`](crate::error::LayoutError).

use crate::error::ErrorKind;

/// The most flat modes a layout in a TMA plan may have (a gmem layout, the shared-memory
/// layout, its right inverse, the smem-index → gmem-coordinate map).
pub const TMA_MAX_MODES: usize = 32;

/// Marks a stride that is an integer, not a basis element, in [`TmaCoordMap::leaf`].
pub const NOT_A_BASIS: usize = usize::MAX;

/// The flat modes `shape : stride` of a layout with integer strides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TmaFlat {
    /// Number of modes.
    pub n: usize,
    /// Mode sizes.
    pub shape: [i64; TMA_MAX_MODES],
    /// Mode strides.
    pub stride: [i64; TMA_MAX_MODES],
}

impl TmaFlat {
    /// No modes (the layout `1:0`).
    pub const EMPTY: TmaFlat = TmaFlat {
        n: 0,
        shape: [1; TMA_MAX_MODES],
        stride: [0; TMA_MAX_MODES],
    };

    /// This list with the mode `s:d` appended; `None` past [`TMA_MAX_MODES`].
    pub const fn push(mut self, s: i64, d: i64) -> Option<TmaFlat> {
        if self.n == TMA_MAX_MODES {
            return None;
        }
        self.shape[self.n] = s;
        self.stride[self.n] = d;
        self.n += 1;
        Some(self)
    }

    /// The size, `Π shape`.
    pub const fn size(&self) -> i64 {
        let mut p = 1i64;
        let mut i = 0;
        while i < self.n {
            p = p.saturating_mul(self.shape[i]);
            i += 1;
        }
        p
    }

    /// `L(i)` (paper Eq. 4 on the flat modes: the colexicographic coordinate of `i`, dotted
    /// with the strides).
    pub const fn eval(&self, idx: i64) -> i64 {
        let mut rem = idx;
        let mut off = 0i64;
        let mut i = 0;
        while i < self.n {
            let s = self.shape[i];
            let c = if i + 1 == self.n { rem } else { rem % s };
            off += c * self.stride[i];
            rem /= s;
            i += 1;
        }
        off
    }
}

/// The map from a shared-memory index to a gmem coordinate (CuTe's `sidx2gmode`,
/// `coalesce(V ∘ right_inverse(S))`), flat: mode `i` has size `size[i]` and the stride
/// `scale[i]@leaf[i]`, the basis element of the gmem layout's flat leaf `leaf[i]`
/// ([`NOT_A_BASIS`] for an integer stride).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TmaCoordMap {
    /// Number of modes.
    pub n: usize,
    /// Mode sizes.
    pub size: [i64; TMA_MAX_MODES],
    /// The scale of each stride.
    pub scale: [i64; TMA_MAX_MODES],
    /// The gmem leaf of each stride.
    pub leaf: [usize; TMA_MAX_MODES],
}

impl TmaCoordMap {
    /// No modes.
    pub const EMPTY: TmaCoordMap = TmaCoordMap {
        n: 0,
        size: [1; TMA_MAX_MODES],
        scale: [0; TMA_MAX_MODES],
        leaf: [NOT_A_BASIS; TMA_MAX_MODES],
    };

    /// This map with the mode `s : scale@leaf` appended; `None` past [`TMA_MAX_MODES`].
    pub const fn push(mut self, s: i64, scale: i64, leaf: usize) -> Option<TmaCoordMap> {
        if self.n == TMA_MAX_MODES {
            return None;
        }
        self.size[self.n] = s;
        self.scale[self.n] = scale;
        self.leaf[self.n] = leaf;
        self.n += 1;
        Some(self)
    }
}

/// Everything the plan is made from.
#[derive(Clone, Copy, Debug)]
pub struct TmaInput {
    /// A store (`SM90_TMA_STORE`).
    pub store: bool,
    /// A multicast load (`SM90_TMA_LOAD_MULTICAST`).
    pub multicast: bool,
    /// Bits per element: 8, 16, 32 or 64.
    pub bits: u32,
    /// The swizzle's span in bytes (32, 64, 128), 0 without a swizzle.
    pub swizzle_span_bytes: u64,
    /// CTAs in the multicast (1 without).
    pub cluster: i64,
    /// The gmem layout's flat leaves (element strides).
    pub gmem: TmaFlat,
    /// smem index → gmem coordinate.
    pub coords: TmaCoordMap,
    /// The shared-memory layout without its swizzle: tile index → element offset.
    pub smem: TmaFlat,
    /// smem index → tile index: `tile_to_shape(right_inverse(smem), size(smem))`.
    pub smem_inv: TmaFlat,
    /// The CTA tile's size (elements).
    pub tile_size: i64,
    /// The gmem layout's top-level modes (the tile is `tile_shape[m]` along mode `m`).
    pub top_n: usize,
    /// The tile's extent along each top-level gmem mode (the CTA tiler padded with 1s).
    pub tile_shape: [i64; TMA_MAX_MODES],
    /// The number of flat leaves of each top-level gmem mode.
    pub top_leaves: [usize; TMA_MAX_MODES],
}

/// The most TMA box dimensions, the hardware's rank limit.
pub const TMA_MAX_RANK: usize = 5;

/// The plan: the descriptor's dimensions and the gmem leaves each box dimension spans.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TmaPlan {
    /// Box dimensions (≤ 5).
    pub rank: usize,
    /// `globalDim`, innermost first.
    pub dims: [u64; TMA_MAX_RANK],
    /// Global strides in elements (dimension 0's is 1).
    pub strides_elems: [u64; TMA_MAX_RANK],
    /// `globalStrides` in bytes, dimensions 1.. .
    pub strides_bytes: [u64; TMA_MAX_RANK - 1],
    /// `boxDim` (after the multicast split).
    pub boxes: [u64; TMA_MAX_RANK],
    /// Elements of one untruncated box (CuTe's `size(tma_gbasis)`).
    pub elems_per_tma: i64,
    /// Number of parts: each box dimension spans one or more gmem leaves.
    pub parts: usize,
    /// The box dimension of each part.
    pub part_dim: [usize; TMA_MAX_MODES],
    /// The box extent along the part's gmem leaf.
    pub part_extent: [i64; TMA_MAX_MODES],
    /// The part's gmem leaf.
    pub part_leaf: [usize; TMA_MAX_MODES],
}

/// A violated condition, with the values that show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TmaViolation {
    /// A layout has more than [`TMA_MAX_MODES`] flat modes.
    TooManyModes,
    /// The CTA tile and the shared-memory layout differ in size.
    TileSizeMismatch {
        /// The tile's size.
        tile: i64,
        /// The shared-memory layout's size.
        smem: i64,
    },
    /// The element width is not 8, 16, 32 or 64 bits.
    ElementBits {
        /// The width.
        bits: u32,
    },
    /// The multicast count: a power of two in 1..=16 for a multicast load, 1 otherwise.
    ClusterSize {
        /// The count.
        cluster: i64,
    },
    /// Shared-memory offset 1 is not one step along a gmem mode: no TMA box runs along the
    /// smem vector.
    NoVector,
    /// A gmem stride is negative.
    NegativeStride {
        /// The gmem leaf.
        leaf: usize,
        /// Its stride.
        stride: i64,
    },
    /// The innermost box dimension does not have gmem stride 1.
    InnerStrideNotOne {
        /// Its stride in elements.
        stride: u64,
    },
    /// A global dimension outside 1..=2³².
    GlobalDim {
        /// The dimension.
        dim: usize,
        /// Its extent.
        extent: u64,
    },
    /// A store whose innermost global extent is not whole 16 B.
    StoreInnerExtent {
        /// The extent in elements.
        elems: u64,
        /// In bytes.
        bytes: u64,
    },
    /// A global stride not a multiple of 16 B.
    StrideNot16 {
        /// The dimension.
        dim: usize,
        /// The stride in bytes.
        bytes: u64,
    },
    /// A global stride of 2⁴⁰ B or more.
    StrideTooLarge {
        /// The dimension.
        dim: usize,
        /// The stride in bytes.
        bytes: u64,
    },
    /// The box has fewer elements than the multicast count.
    MulticastTooFew {
        /// The count.
        cluster: i64,
    },
    /// A box dimension and the multicast count left do not divide one another.
    MulticastNotDivisible {
        /// The dimension.
        dim: usize,
        /// Its extent.
        extent: u64,
        /// The count left.
        remaining: u64,
    },
    /// A box dimension over 256.
    BoxTooLarge {
        /// The dimension.
        dim: usize,
        /// Its extent.
        extent: u64,
    },
    /// The box's inner extent is not whole 16 B.
    BoxInnerNot16 {
        /// The extent in elements.
        elems: u64,
        /// In bytes.
        bytes: u64,
    },
    /// The box's inner extent is wider than the swizzle's span.
    BoxInnerWiderThanSwizzle {
        /// The extent in bytes.
        bytes: u64,
        /// The span in bytes.
        span: u64,
    },
    /// One box's elements do not divide the tile's.
    BoxNotDivideTile {
        /// Elements per box.
        per_box: i64,
        /// Elements of the tile.
        tile: i64,
    },
    /// An instruction starts at a shared-memory byte that is not a multiple of 128.
    InstructionMisaligned {
        /// The byte offset in the tile.
        offset_bytes: i64,
    },
    /// Arithmetic overflowed.
    Overflow,
}

impl TmaViolation {
    /// The error kind the runtime engine reports.
    pub const fn kind(&self) -> ErrorKind {
        match self {
            TmaViolation::TooManyModes
            | TmaViolation::GlobalDim { .. }
            | TmaViolation::StrideTooLarge { .. }
            | TmaViolation::BoxTooLarge { .. }
            | TmaViolation::BoxInnerWiderThanSwizzle { .. } => ErrorKind::TooLarge,
            TmaViolation::ElementBits { .. }
            | TmaViolation::ClusterSize { .. }
            | TmaViolation::NoVector
            | TmaViolation::InnerStrideNotOne { .. } => ErrorKind::InvalidArgument,
            TmaViolation::NegativeStride { .. } => ErrorKind::NegativeStride,
            TmaViolation::TileSizeMismatch { .. } => ErrorKind::SizeMismatch,
            TmaViolation::StoreInnerExtent { .. }
            | TmaViolation::StrideNot16 { .. }
            | TmaViolation::MulticastTooFew { .. }
            | TmaViolation::MulticastNotDivisible { .. }
            | TmaViolation::BoxInnerNot16 { .. }
            | TmaViolation::BoxNotDivideTile { .. } => ErrorKind::NotDivisible,
            TmaViolation::InstructionMisaligned { .. } => ErrorKind::MisalignedAddress,
            TmaViolation::Overflow => ErrorKind::Overflow,
        }
    }

    /// The condition, one sentence: the static engine's compile error and the start of the
    /// runtime engine's message.
    pub const fn condition(&self) -> &'static str {
        match self {
            TmaViolation::TooManyModes => "TMA: a layout has more than 32 flat modes",
            TmaViolation::TileSizeMismatch { .. } => {
                "TMA: the CTA tile and the shared-memory layout must have the same size"
            }
            TmaViolation::ElementBits { .. } => {
                "TMA: elements must have 8, 16, 32 or 64 bits"
            }
            TmaViolation::ClusterSize { .. } => {
                "TMA: a multicast load takes a cluster size that is a power of two in 1..=16, other operations 1"
            }
            TmaViolation::NoVector => {
                "TMA: no common tile-gmem vectorization: shared-memory offset 1 is not one step along a gmem mode (the majorness of smem does not match the majorness of gmem)"
            }
            TmaViolation::NegativeStride { .. } => {
                "TMA: a gmem stride is negative; TMA strides are unsigned"
            }
            TmaViolation::InnerStrideNotOne { .. } => {
                "TMA: the innermost box dimension must have gmem stride 1 (the majorness of smem does not match the majorness of gmem)"
            }
            TmaViolation::GlobalDim { .. } => {
                "TMA: every global dimension must have an extent in 1..=2^32"
            }
            TmaViolation::StoreInnerExtent { .. } => {
                "TMA store: the tensor's innermost extent must be a multiple of 16 B (the hardware writes every 16 B chunk that holds an in-bounds element, so an edge tile would overwrite memory past each row)"
            }
            TmaViolation::StrideNot16 { .. } => {
                "TMA: every global stride must be a multiple of 16 B"
            }
            TmaViolation::StrideTooLarge { .. } => {
                "TMA: every global stride must be below 2^40 B"
            }
            TmaViolation::MulticastTooFew { .. } => {
                "TMA multicast: the box has fewer elements than the multicast count"
            }
            TmaViolation::MulticastNotDivisible { .. } => {
                "TMA multicast: the multicast count must divide the box's outer dimensions (or be divided by them)"
            }
            TmaViolation::BoxTooLarge { .. } => {
                "TMA: every box dimension must be at most 256"
            }
            TmaViolation::BoxInnerNot16 { .. } => {
                "TMA: the box's inner extent must be a multiple of 16 B"
            }
            TmaViolation::BoxInnerWiderThanSwizzle { .. } => {
                "TMA: the box's inner extent in bytes must fit the swizzle span"
            }
            TmaViolation::BoxNotDivideTile { .. } => {
                "TMA: one box's elements must divide the tile's"
            }
            TmaViolation::InstructionMisaligned { .. } => {
                "TMA: every instruction must start at a 128 B aligned shared-memory address (a box cannot skip padding between smem rows; the GPU faults)"
            }
            TmaViolation::Overflow => "TMA: arithmetic overflowed",
        }
    }
}

/// `gcd(a, b)` on `u64`, `gcd(0, b) = b`.
const fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

/// The largest divisor of `s ≥ 1` that is at most `cap ≥ 1`.
const fn largest_divisor_at_most(s: i64, cap: i64) -> i64 {
    let mut k = if s < cap { s } else { cap };
    while k > 1 {
        if s % k == 0 {
            return k;
        }
        k -= 1;
    }
    1
}

/// Elements of `bits` bits per byte count, checked.
const fn bytes_of(elems: u64, bits: u32) -> Option<u64> {
    match elems.checked_mul(bits as u64) {
        Some(b) => Some(b / 8),
        None => None,
    }
}

/// The plan (steps 1–5 of [`crate::atom::tma`]'s module documentation) and its conditions.
///
/// With `coords` the smem-index → gmem-coordinate map: its leading modes of stride `1@j` are
/// the smem vector; consecutive vector modes merge into one box dimension while the gmem
/// strides continue (`size · stride` of the group so far equals the next stride), the merged
/// size stays ≤ 256 (the innermost dimension of a swizzled tile within the swizzle span) and
/// the group's last gmem mode is covered to its extent by the box and by the tile; a vector
/// mode longer than allowed is split at its largest divisor within the limit and ends the
/// vector. The gmem modes the vector misses become dimensions of extent 1, dimensions past
/// the fifth are grouped into the fifth, a dimension spanning several gmem modes takes the
/// stride `g = gcd(dⱼ)` and the extent `Σ (sⱼ − 1)·dⱼ/g + 1`, and a multicast over `m` CTAs
/// divides the box from its outermost dimension inward.
pub const fn tma_plan(inp: &TmaInput) -> Result<TmaPlan, TmaViolation> {
    let bits = inp.bits;
    if !matches!(bits, 8 | 16 | 32 | 64) {
        return Err(TmaViolation::ElementBits { bits });
    }
    let cluster = inp.cluster;
    let cluster_ok = if inp.multicast {
        cluster >= 1 && cluster <= 16 && (cluster & (cluster - 1)) == 0
    } else {
        cluster == 1
    };
    if !cluster_ok {
        return Err(TmaViolation::ClusterSize { cluster });
    }
    if inp.tile_size != inp.smem.size() {
        return Err(TmaViolation::TileSizeMismatch {
            tile: inp.tile_size,
            smem: inp.smem.size(),
        });
    }
    let g = &inp.gmem;
    let c = &inp.coords;

    // The smem vector: the leading modes of stride 1@j.
    let mut nvec = 0;
    while nvec < c.n && c.scale[nvec] == 1 && c.leaf[nvec] != NOT_A_BASIS {
        nvec += 1;
    }
    let mut any_long = false;
    let mut i = 0;
    while i < nvec {
        if c.size[i] != 1 {
            any_long = true;
        }
        i += 1;
    }
    if !any_long {
        return Err(TmaViolation::NoVector);
    }

    let mut plan = TmaPlan {
        rank: 0,
        dims: [1; TMA_MAX_RANK],
        strides_elems: [0; TMA_MAX_RANK],
        strides_bytes: [0; TMA_MAX_RANK - 1],
        boxes: [1; TMA_MAX_RANK],
        elems_per_tma: 1,
        parts: 0,
        part_dim: [0; TMA_MAX_MODES],
        part_extent: [1; TMA_MAX_MODES],
        part_leaf: [NOT_A_BASIS; TMA_MAX_MODES],
    };
    // Groups (box dimensions before the rank-5 grouping): size, first stride.
    let mut ngroups = 0usize;
    let mut gsize = [0i64; TMA_MAX_MODES];
    let mut gfirst = [0i64; TMA_MAX_MODES];
    let swizzled = inp.swizzle_span_bytes != 0;
    let span_elems = (inp.swizzle_span_bytes * 8 / bits as u64) as i64;
    let mut i = 0;
    while i < nvec {
        let s = c.size[i];
        let leaf = c.leaf[i];
        if s == 1 {
            i += 1;
            continue;
        }
        // Unreachable from the crate's builders (they name only gmem leaves); a hand-made
        // `TmaInput` can name a leaf past `g.n`, which would read a stride that is not there.
        if leaf >= g.n {
            return Err(TmaViolation::TooManyModes);
        }
        let cap = if ngroups <= 1 && swizzled {
            span_elems
        } else {
            256
        };
        let cap_new = if ngroups == 0 { cap } else { 256 };
        let split = largest_divisor_at_most(s, cap_new);
        let st = g.stride[leaf];
        let mut merged = false;
        if ngroups > 0 {
            let last = ngroups - 1;
            let (gs, gd) = (gsize[last], gfirst[last]);
            let limit = if ngroups == 1 { cap } else { 256 };
            let (ps, pleaf) = (
                plan.part_extent[plan.parts - 1],
                plan.part_leaf[plan.parts - 1],
            );
            let continues = match gs.checked_mul(gd) {
                Some(x) => x == st,
                None => false,
            };
            if continues
                && gs * split <= limit
                && g.shape[pleaf] == ps
                && tile_extent(c, pleaf) == ps
            {
                gsize[last] = gs * split;
                merged = true;
            }
        }
        if !merged {
            gsize[ngroups] = split;
            gfirst[ngroups] = st;
            ngroups += 1;
        }
        plan.part_dim[plan.parts] = ngroups - 1;
        plan.part_extent[plan.parts] = split;
        plan.part_leaf[plan.parts] = leaf;
        plan.parts += 1;
        // A split vector mode ends the vector (CuTe compares with the first mode of this
        // basis).
        if split != first_vec_size(c, nvec, leaf) {
            break;
        }
        i += 1;
    }
    // The gmem modes the vector misses: a box extent of 1.
    let mut leaf = 0;
    while leaf < g.n {
        if g.shape[leaf] != 1 && g.stride[leaf] != 0 && !covered(&plan, leaf) {
            if plan.parts == TMA_MAX_MODES {
                return Err(TmaViolation::TooManyModes);
            }
            plan.part_dim[plan.parts] = ngroups;
            plan.part_extent[plan.parts] = 1;
            plan.part_leaf[plan.parts] = leaf;
            plan.parts += 1;
            ngroups += 1;
        }
        leaf += 1;
    }
    // Dimensions past the fifth are grouped into the fifth.
    let mut p = 0;
    while p < plan.parts {
        if plan.part_dim[p] >= TMA_MAX_RANK {
            plan.part_dim[p] = TMA_MAX_RANK - 1;
        }
        p += 1;
    }
    plan.rank = if ngroups < TMA_MAX_RANK {
        ngroups
    } else {
        TMA_MAX_RANK
    };
    let rank = plan.rank;

    // Global dims and strides (CuTe's fill_tma_gmem_shape_stride).
    let mut nparts_of = [0usize; TMA_MAX_RANK];
    let mut p = 0;
    while p < plan.parts {
        nparts_of[plan.part_dim[p]] += 1;
        p += 1;
    }
    let mut p = 0;
    while p < plan.parts {
        let dim = plan.part_dim[p];
        let leaf = plan.part_leaf[p];
        let (s, d) = (g.shape[leaf], g.stride[leaf]);
        if d < 0 {
            return Err(TmaViolation::NegativeStride { leaf, stride: d });
        }
        let (s, d) = (s as u64, d as u64);
        if nparts_of[dim] == 1 {
            plan.dims[dim] = s;
            plan.strides_elems[dim] = d;
        } else {
            let old = plan.strides_elems[dim];
            let gg = gcd(old, d);
            plan.strides_elems[dim] = gg;
            // Σ (sⱼ − 1)·dⱼ/g + 1, folded: (dims − 1)·old/g + (s − 1)·d/g + 1.
            plan.dims[dim] = match (old.checked_div(gg), d.checked_div(gg)) {
                (Some(og), Some(dg)) => match (plan.dims[dim] - 1).checked_mul(og) {
                    Some(a) => match (s - 1).checked_mul(dg) {
                        Some(b) => match a.checked_add(b) {
                            Some(x) if x < u64::MAX => x + 1,
                            _ => return Err(TmaViolation::Overflow),
                        },
                        None => return Err(TmaViolation::Overflow),
                    },
                    None => return Err(TmaViolation::Overflow),
                },
                // All strides 0 (g = 0).
                _ => s,
            };
        }
        p += 1;
    }
    if plan.strides_elems[0] != 1 {
        return Err(TmaViolation::InnerStrideNotOne {
            stride: plan.strides_elems[0],
        });
    }
    let mut i = 0;
    while i < rank {
        let d = plan.dims[i];
        if d == 0 || d > 1 << 32 {
            return Err(TmaViolation::GlobalDim { dim: i, extent: d });
        }
        i += 1;
    }
    if inp.store {
        let bytes = match bytes_of(plan.dims[0], bits) {
            Some(b) => b,
            None => return Err(TmaViolation::Overflow),
        };
        if bytes % 16 != 0 {
            return Err(TmaViolation::StoreInnerExtent {
                elems: plan.dims[0],
                bytes,
            });
        }
    }
    let mut i = 1;
    while i < rank {
        let b = match bytes_of(plan.strides_elems[i], bits) {
            Some(b) => b,
            None => return Err(TmaViolation::Overflow),
        };
        if b % 16 != 0 {
            return Err(TmaViolation::StrideNot16 { dim: i, bytes: b });
        }
        if b >= 1 << 40 {
            return Err(TmaViolation::StrideTooLarge { dim: i, bytes: b });
        }
        plan.strides_bytes[i - 1] = b;
        i += 1;
    }

    // The box: the product of each dimension's parts, then split by the multicast count.
    let mut p = 0;
    while p < plan.parts {
        let dim = plan.part_dim[p];
        plan.boxes[dim] = match plan.boxes[dim].checked_mul(plan.part_extent[p] as u64) {
            Some(b) => b,
            None => return Err(TmaViolation::Overflow),
        };
        p += 1;
    }
    let mut ept = 1u64;
    let mut i = 0;
    while i < rank {
        ept = match ept.checked_mul(plan.boxes[i]) {
            Some(x) => x,
            None => return Err(TmaViolation::Overflow),
        };
        i += 1;
    }
    plan.elems_per_tma = ept as i64;
    let mut mc = cluster as u64;
    let mut i = rank;
    while mc > 1 {
        if i == 0 {
            return Err(TmaViolation::MulticastTooFew { cluster });
        }
        i -= 1;
        let b = plan.boxes[i];
        if b % mc != 0 && mc % b != 0 {
            return Err(TmaViolation::MulticastNotDivisible {
                dim: i,
                extent: b,
                remaining: mc,
            });
        }
        let next = mc.div_ceil(b);
        plan.boxes[i] = b.div_ceil(mc);
        mc = next;
    }
    let mut i = 0;
    while i < rank {
        if plan.boxes[i] > 256 {
            return Err(TmaViolation::BoxTooLarge {
                dim: i,
                extent: plan.boxes[i],
            });
        }
        i += 1;
    }
    let inner = plan.boxes[0] * bits as u64 / 8;
    if inner % 16 != 0 {
        return Err(TmaViolation::BoxInnerNot16 {
            elems: plan.boxes[0],
            bytes: inner,
        });
    }
    if swizzled && inner > inp.swizzle_span_bytes {
        return Err(TmaViolation::BoxInnerWiderThanSwizzle {
            bytes: inner,
            span: inp.swizzle_span_bytes,
        });
    }
    let tile = inp.smem.size();
    if tile % plan.elems_per_tma != 0 {
        return Err(TmaViolation::BoxNotDivideTile {
            per_box: plan.elems_per_tma,
            tile,
        });
    }
    // Every instruction of every multicast CTA starts at a 128 B aligned smem address (the
    // tile's base being aligned).
    let eb = (bits / 8) as i64;
    let per_cta = plan.elems_per_tma / cluster;
    let mut j = 0;
    while j < tile / plan.elems_per_tma {
        let mut k = 0;
        while k < cluster {
            let sidx = j * plan.elems_per_tma + k * per_cta;
            let off = inp.smem.eval(inp.smem_inv.eval(sidx)) * eb;
            if off % 128 != 0 {
                return Err(TmaViolation::InstructionMisaligned { offset_bytes: off });
            }
            k += 1;
        }
        j += 1;
    }
    Ok(plan)
}

/// The tile's extent along gmem leaf `leaf`: the product of the sizes of the map's modes
/// stepping along it.
const fn tile_extent(c: &TmaCoordMap, leaf: usize) -> i64 {
    let mut p = 1i64;
    let mut i = 0;
    while i < c.n {
        if c.leaf[i] == leaf && c.scale[i] != 0 {
            p = p.saturating_mul(c.size[i]);
        }
        i += 1;
    }
    p
}

/// The size of the first vector mode along `leaf`.
const fn first_vec_size(c: &TmaCoordMap, nvec: usize, leaf: usize) -> i64 {
    let mut i = 0;
    while i < nvec {
        if c.leaf[i] == leaf {
            return c.size[i];
        }
        i += 1;
    }
    0
}

/// Whether a part of the plan spans gmem leaf `leaf`.
const fn covered(plan: &TmaPlan, leaf: usize) -> bool {
    let mut p = 0;
    while p < plan.parts {
        if plan.part_leaf[p] == leaf {
            return true;
        }
        p += 1;
    }
    false
}

/// One TMA instruction: where its box starts in shared memory (an element offset before the
/// swizzle) and in the tensor map's coordinates (dimension 0 first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TmaStart {
    /// The element offset in shared memory.
    pub smem_offset: i64,
    /// The box's first element, per box dimension.
    pub coords: [i64; TMA_MAX_RANK],
}

/// Instruction `j` of multicast CTA `cta` for the tile at tile coordinate `tile` (one entry
/// per top-level gmem mode, missing entries 0): CuTe's `tma_partition`. Its smem index is
/// `j·size(box) + cta·size(box)/m`; the tile index there is `smem_inv` of it, the smem offset
/// `smem` of that; the tile index splits column-major over `tile_shape` (plus `tile[m]·B_m`)
/// into one index per gmem mode, each the colexicographic coordinate of the mode's leaves;
/// box dimension `i`'s coordinate is `Σ xₗ·dₗ / gᵢ` over its leaves (`gᵢ` its stride).
/// `cta < m` and `j < size(smem)/size(box)` are the caller's to check.
pub const fn tma_instruction(
    inp: &TmaInput,
    plan: &TmaPlan,
    cta: i64,
    j: i64,
    tile: &[i64],
) -> TmaStart {
    let sidx = j * plan.elems_per_tma + cta * (plan.elems_per_tma / inp.cluster);
    let tile_idx = inp.smem_inv.eval(sidx);
    let smem_offset = inp.smem.eval(tile_idx);
    // The gmem coordinate of each flat leaf.
    let mut x = [0i64; TMA_MAX_MODES];
    let mut rem = tile_idx;
    let mut leaf = 0;
    let mut m = 0;
    while m < inp.top_n {
        let b = inp.tile_shape[m];
        let t = if m < tile.len() { tile[m] } else { 0 };
        let mut c = rem % b + t * b;
        rem /= b;
        let n = inp.top_leaves[m];
        let mut k = 0;
        while k < n {
            if k + 1 == n {
                x[leaf] = c;
            } else {
                let s = inp.gmem.shape[leaf];
                x[leaf] = c % s;
                c /= s;
            }
            leaf += 1;
            k += 1;
        }
        m += 1;
    }
    let mut coords = [0i64; TMA_MAX_RANK];
    let mut p = 0;
    while p < plan.parts {
        let dim = plan.part_dim[p];
        let l = plan.part_leaf[p];
        let g = if plan.strides_elems[dim] == 0 {
            1
        } else {
            plan.strides_elems[dim] as i64
        };
        coords[dim] += x[l] * inp.gmem.stride[l] / g;
        p += 1;
    }
    TmaStart {
        smem_offset,
        coords,
    }
}
