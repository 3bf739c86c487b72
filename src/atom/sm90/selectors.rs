//! The GMMA helpers of CUTLASS's SM90 builders: the shared-memory layout atom
//! (`ss_smem_selector`) and the wgmma op (`ss_op_selector`, `rs_op_selector`) for a tile and its
//! element types.

use typenum::{U128, U16, U2, U32, U64, U8};

use super::gmma;
use super::mma::{
    SM90_64xNx16_F16F16F16_RS, SM90_64xNx16_F16F16F16_SS, SM90_64xNx16_F32BF16BF16_RS,
    SM90_64xNx16_F32BF16BF16_SS, SM90_64xNx16_F32F16F16_RS, SM90_64xNx16_F32F16F16_SS,
    SM90_64xNx32_F16E4M3E4M3_RS_TN, SM90_64xNx32_F16E4M3E4M3_SS_TN, SM90_64xNx32_F16E4M3E5M2_RS_TN,
    SM90_64xNx32_F16E4M3E5M2_SS_TN, SM90_64xNx32_F16E5M2E4M3_RS_TN, SM90_64xNx32_F16E5M2E4M3_SS_TN,
    SM90_64xNx32_F16E5M2E5M2_RS_TN, SM90_64xNx32_F16E5M2E5M2_SS_TN, SM90_64xNx32_F32E4M3E4M3_RS_TN,
    SM90_64xNx32_F32E4M3E4M3_SS_TN, SM90_64xNx32_F32E4M3E5M2_RS_TN, SM90_64xNx32_F32E4M3E5M2_SS_TN,
    SM90_64xNx32_F32E5M2E4M3_RS_TN, SM90_64xNx32_F32E5M2E4M3_SS_TN, SM90_64xNx32_F32E5M2E5M2_RS_TN,
    SM90_64xNx32_F32E5M2E5M2_SS_TN, SM90_64xNx32_S32S8S8_RS_TN, SM90_64xNx32_S32S8S8_SS_TN,
    SM90_64xNx32_S32S8U8_RS_TN, SM90_64xNx32_S32S8U8_SS_TN, SM90_64xNx32_S32U8S8_RS_TN,
    SM90_64xNx32_S32U8S8_SS_TN, SM90_64xNx32_S32U8U8_RS_TN, SM90_64xNx32_S32U8U8_SS_TN,
    SM90_64xNx8_F32TF32TF32_RS_TN, SM90_64xNx8_F32TF32TF32_SS_TN,
};
use crate::atom::{bfloat16_t, float_e4m3_t, float_e5m2_t, half_t, tfloat32_t};
use crate::int::private::{UDivRem, UQuot, URem};

/// The type-level choices of the selectors: the first candidate `(width, choice)` of a list
/// `((W0, C0), ((W1, C1), ...))` whose width divides `X` (CuTe's `if constexpr` ladder:
/// `X % W0 == 0 ? C0 : X % W1 == 0 ? C1 : ...`). Not implemented when none does.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "no candidate width divides `{X}` (the selector's named condition says which rule)",
    label = "no candidate fits"
)]
pub trait FirstDividing<X> {
    /// The choice.
    type Output;
}
impl<X, W, C, Rest> FirstDividing<X> for ((W, C), Rest)
where
    X: UDivRem<W>,
    URem<X, W>: typenum::IsEqual<typenum::U0>,
    (typenum::Eq<URem<X, W>, typenum::U0>, C, Rest): ChooseDividing<X>,
{
    type Output = <(typenum::Eq<URem<X, W>, typenum::U0>, C, Rest) as ChooseDividing<X>>::Output;
}
/// One step of [`FirstDividing`]: this candidate (`B1`: its width divides) or the rest.
#[doc(hidden)]
pub trait ChooseDividing<X> {
    /// The choice.
    type Output;
}
impl<X, C, Rest> ChooseDividing<X> for (typenum::B1, C, Rest) {
    type Output = C;
}
impl<X, C, Rest: FirstDividing<X>> ChooseDividing<X> for (typenum::B0, C, Rest) {
    type Output = Rest::Output;
}

/// `BLK % 8 == 0` for [`ss_smem_selector`]'s tile extents (CuTe's `static_assert(BLK_MN0 % 8 ==
/// 0)`, `static_assert(BLK_K0 % 8 == 0)`): implemented by a remainder of 0.
#[diagnostic::on_unimplemented(
    message = "ss_smem_selector: BLK_MN0 and BLK_K0 must be multiples of 8 (remainder `{Self}`)",
    label = "not a multiple of 8"
)]
#[doc(hidden)]
pub trait SmemBlkMultipleOf8 {}
impl SmemBlkMultipleOf8 for typenum::U0 {}

/// The tile extent the selected atom tiles must be a multiple of the narrowest atom's width
/// (CuTe's `static_assert(BLK_K0 % size<1>(GMMA::Layout_K_INTER_Atom<T>{}) == 0)` and the MN
/// form): 16 bytes of elements. Implemented by a remainder of 0.
#[diagnostic::on_unimplemented(
    message = "ss_smem_selector: the major extent (BLK_K0 for K-major, BLK_MN0 for MN-major) must be a multiple of the INTER atom's width, 16 bytes of elements (remainder `{Self}`)",
    label = "no GMMA layout atom fits"
)]
#[doc(hidden)]
pub trait SmemBlkFitsInterAtom {}
impl SmemBlkFitsInterAtom for typenum::U0 {}

/// The widths in elements of `T` of the four GMMA layout atoms along their major mode (128, 64,
/// 32 and 16 bytes): `1024 / bits`, `512 / bits`, `256 / bits`, `128 / bits`.
type AtomWidth<T, BytesTimes8> = UQuot<BytesTimes8, <T as crate::typelevel::ElementBits>::Bits>;

/// CUTLASS's `ss_smem_selector<Major, ElementType, BLK_MN, BLK_K>` (`cutlass/gemm/collective/
/// builders/sm90_common.inl`): the widest GMMA shared-memory layout atom for a tile of
/// `BLK_MN × BLK_K` elements of `T`, implemented on the operand's [`gmma::Major`].
///
/// With `BLK_MN0 = size<0>(BLK_MN)` and `BLK_K0 = size<0>(BLK_K)` (a hierarchical extent counts by
/// its first mode), both multiples of 8: K-major picks the first of `Layout_K_SW128_Atom`,
/// `_SW64`, `_SW32`, `_INTER` whose K width (128, 64, 32, 16 bytes of elements) divides
/// `BLK_K0`; MN-major the first of `Layout_MN_SW128_Atom`, ... whose MN width divides `BLK_MN0`.
/// A tile no atom fits is a compile error naming the condition, as CuTe's `static_assert`s.
pub trait SsSmemSelector<T, BlkMn, BlkK> {
    /// The selected layout atom (one of the `gmma::Layout_*_Atom<T>`).
    type Output;
}
/// [`SsSmemSelector`]'s choice: `SsSmemSelectorOf<gmma::Major::K, half_t, U128, U64>` is
/// `gmma::Layout_K_SW128_Atom<half_t>`.
pub type SsSmemSelectorOf<Major, T, BlkMn, BlkK> =
    <Major as SsSmemSelector<T, BlkMn, BlkK>>::Output;

/// The first-mode size of a tile extent (`size<0>(BLK)`: the extent itself for an integer).
type Blk0<B> = crate::tuple::Size<crate::tuple::Element<B, typenum::U0>>;

macro_rules! smem_selector {
    ($Major:ident, $major_blk:ident, $Candidates:ident, $($AtomBits:ident $w:ident),*) => {
        /// The candidates [`SmemPick`] chooses among: each bits atom with its width in elements
        /// of `T`, widest first.
        type $Candidates<T> = ($((AtomWidth<T, typenum::$w>, gmma::$AtomBits),)* ());
        impl<T, BlkMn, BlkK> SsSmemSelector<T, BlkMn, BlkK> for gmma::Major::$Major
        where
            T: crate::typelevel::ElementBits,
            BlkMn: crate::tuple::Get<typenum::U0>,
            BlkK: crate::tuple::Get<typenum::U0>,
            Blk0<BlkMn>: UDivRem<U8>,
            Blk0<BlkK>: UDivRem<U8>,
            URem<Blk0<BlkMn>, U8>: SmemBlkMultipleOf8,
            URem<Blk0<BlkK>, U8>: SmemBlkMultipleOf8,
            $(typenum::$w: UDivRem<T::Bits>,)*
            Blk0<$major_blk>: UDivRem<AtomWidth<T, U128>>,
            URem<Blk0<$major_blk>, AtomWidth<T, U128>>: SmemBlkFitsInterAtom,
            $Candidates<T>: SmemPick<Blk0<$major_blk>>,
            SmemPickOf<$Candidates<T>, Blk0<$major_blk>>: crate::typelevel::Upcast<T::Bits>,
        {
            // The bits atom is picked first and only it is upcast to elements of `T`: the
            // candidates as element atoms would be four upcasts per selection (the 640 entries of
            // `tests/atom_cute.rs`' table type-checked in 10.8 s against 2.1 s, HISTORY §26).
            type Output =
                crate::typelevel::UpcastOf<SmemPickOf<$Candidates<T>, Blk0<$major_blk>>, T::Bits>;
        }
    };
}
/// The candidate [`SmemPick`] chooses.
type SmemPickOf<C, X> = <C as SmemPick<X>>::Output;
/// [`FirstDividing`] over a flat candidate tuple of four (the four atoms, widest first).
#[doc(hidden)]
pub trait SmemPick<X> {
    /// The choice.
    type Output;
}
impl<X, C0, C1, C2, C3> SmemPick<X> for (C0, C1, C2, C3, ())
where
    (C0, (C1, (C2, (C3, ())))): FirstDividing<X>,
{
    type Output = <(C0, (C1, (C2, (C3, ())))) as FirstDividing<X>>::Output;
}
smem_selector!(K, BlkK, CandidatesK,
    Layout_K_SW128_Atom_Bits U1024,
    Layout_K_SW64_Atom_Bits U512,
    Layout_K_SW32_Atom_Bits U256,
    Layout_K_INTER_Atom_Bits U128);
smem_selector!(MN, BlkMn, CandidatesMn,
    Layout_MN_SW128_Atom_Bits U1024,
    Layout_MN_SW64_Atom_Bits U512,
    Layout_MN_SW32_Atom_Bits U256,
    Layout_MN_INTER_Atom_Bits U128);

/// CUTLASS's `ss_smem_selector<Major, ElementType, BLK_MN, BLK_K>()` as a value (see
/// [`SsSmemSelector`]).
///
/// ```
/// use cute_layout::atom::{gmma, half_t, ss_smem_selector};
/// use cute_layout::typenum::{U128, U32, U64, U8};
/// // K-major, BLK_K = 32 halfs = 64 bytes: the 64-byte swizzle atom.
/// let a = ss_smem_selector::<gmma::Major::K, half_t, U128, U32>();
/// assert_eq!(a, gmma::Layout_K_SW64_Atom::<half_t>::new());
/// assert_eq!(a.to_string(), "Sw<2,3,3> o 0 o (8,32):(32,1)");
/// // MN-major, BLK_MN = 8 halfs: only the 16-byte (interleaved) atom fits.
/// let b = ss_smem_selector::<gmma::Major::MN, half_t, U8, U64>();
/// assert_eq!(b, gmma::Layout_MN_INTER_Atom::<half_t>::new());
/// ```
///
/// A tile no atom fits does not compile:
///
/// ```compile_fail
/// use cute_layout::atom::{float_e4m3_t, gmma, ss_smem_selector};
/// use cute_layout::typenum::{U64, U8};
/// // K-major e4m3: the narrowest atom is 16 elements wide, BLK_K = 8.
/// let _ = ss_smem_selector::<gmma::Major::K, float_e4m3_t, U64, U8>();
/// ```
pub fn ss_smem_selector<Major, T, BlkMn, BlkK>() -> SsSmemSelectorOf<Major, T, BlkMn, BlkK>
where
    Major: SsSmemSelector<T, BlkMn, BlkK>,
    SsSmemSelectorOf<Major, T, BlkMn, BlkK>: Default,
{
    Default::default()
}

/// `Tile_M % 64 == 0` for [`ss_op_selector`] (CuTe: `static_assert(size<0>(TileShape_MNK{}) % 64
/// == 0, "Tile_M must be a multiple of 64.")`): implemented by a remainder of 0.
#[diagnostic::on_unimplemented(
    message = "ss_op_selector: Tile_M must be a multiple of 64 (remainder `{Self}`)",
    label = "Tile_M % 64 != 0"
)]
#[doc(hidden)]
pub trait GmmaTileMMultipleOf64 {}
impl GmmaTileMMultipleOf64 for typenum::U0 {}

/// `Tile_K` a multiple of the op's K (16 for 16-bit inputs, 8 for tf32, 32 for 8-bit inputs;
/// CuTe: `static_assert(size<2>(TileShape_MNK{}) % 16 == 0, "Tile_K must be a multiple of
/// 16.")` and its 8 and 32 forms): a remainder of 0.
#[diagnostic::on_unimplemented(
    message = "GMMA op selector: Tile_K must be a multiple of the wgmma K: 16 for 16-bit, 8 for tf32, 32 for 8-bit inputs (remainder `{Self}`)",
    label = "Tile_K % K != 0"
)]
#[doc(hidden)]
pub trait GmmaTileKMultiple {}
impl GmmaTileKMultiple for typenum::U0 {}

/// `Tile_N` a multiple of 8 (CuTe: `static_assert(Tile_N % 8 == 0, "Tile_N must be a multiple
/// of 8.")`): a remainder of 0.
#[diagnostic::on_unimplemented(
    message = "GMMA op selector: Tile_N must be a multiple of 8 (remainder `{Self}`)",
    label = "Tile_N % 8 != 0"
)]
#[doc(hidden)]
pub trait GmmaTileNMultipleOf8 {}
impl GmmaTileNMultipleOf8 for typenum::U0 {}

/// Which operand majors a GMMA family reads (the `Majors` of [`GmmaSsFamily`]): any
/// ([`gmma::AnyMajor`], 16-bit inputs) or K-major only ([`gmma::KMajorOnly`]: tf32, fp8 and
/// 8-bit integer inputs, CuTe's `_TN` atoms).
///
/// `MajorA` of the selectors must implement `GmmaMajorAAllowed<Majors>` (CuTe:
/// `static_assert(MajorA == GMMA::Major::K, "MajorA must be GMMA::Major::K for this config.")`).
#[diagnostic::on_unimplemented(
    message = "GMMA op selector: MajorA must be GMMA::Major::K for this config (tf32, fp8 and 8-bit integer wgmma read K-major operands only; MajorA = `{Self}`)",
    label = "MajorA is not K"
)]
#[doc(hidden)]
pub trait GmmaMajorAAllowed<Majors> {}
impl<R> GmmaMajorAAllowed<R> for gmma::Major::K {}
impl GmmaMajorAAllowed<gmma::AnyMajor> for gmma::Major::MN {}

/// `MajorB` allowed by a family's `Majors` (CuTe: `static_assert(MajorB == GMMA::Major::K,
/// "MajorB must be GMMA::Major::K for this config.")`; see [`GmmaMajorAAllowed`]).
#[diagnostic::on_unimplemented(
    message = "GMMA op selector: MajorB must be GMMA::Major::K for this config (tf32, fp8 and 8-bit integer wgmma read K-major operands only; MajorB = `{Self}`)",
    label = "MajorB is not K"
)]
#[doc(hidden)]
pub trait GmmaMajorBAllowed<Majors> {}
impl<R> GmmaMajorBAllowed<R> for gmma::Major::K {}
impl GmmaMajorBAllowed<gmma::AnyMajor> for gmma::Major::MN {}

/// [`rs_op_selector`]'s A from registers is K-major (CuTe: `static_assert(MajorA ==
/// GMMA::Major::K, "Register source A operand GMMAs must have K-major A layout.")`).
#[diagnostic::on_unimplemented(
    message = "rs_op_selector: register source A operand GMMAs must have K-major A layout (MajorA = `{Self}`)",
    label = "A from registers is K-major"
)]
#[doc(hidden)]
pub trait GmmaRsMajorA {}
impl GmmaRsMajorA for gmma::Major::K {}

/// The GMMA op families of element types `(A, B, C)`, implemented on `A`: CuTe's
/// `ss_op_selector` / `rs_op_selector` branches (`cute/arch/mma_sm90.hpp`), each with its K,
/// the majors it reads, the N it tries and its `_SS` and `_RS` atoms.
///
/// | A · B → C | K | majors | atoms |
/// |---|---|---|---|
/// | f16 · f16 → f16, f32; bf16 · bf16 → f32 | 16 | any | `SM90_64xNx16_*_SS` / `_RS` |
/// | tf32 · tf32 → f32 | 8 | K only | `SM90_64xNx8_F32TF32TF32_SS_TN` / `_RS_TN` |
/// | e4m3/e5m2 · e4m3/e5m2 → f32, f16 | 32 | K only | `SM90_64xNx32_{F32,F16}E*_SS_TN` / `_RS_TN` |
/// | s8/u8 · s8/u8 → s32 | 32 | K only | `SM90_64xNx32_S32*_SS_TN` / `_RS_TN` |
#[diagnostic::on_unimplemented(
    message = "GMMA op selector: no GMMA atom for A = `{Self}`, B = `{B}`, C = `{C}`",
    label = "no such GMMA family",
    note = "the wgmma families: f16·f16 → f16 or f32, bf16·bf16 → f32, tf32·tf32 → f32, e4m3/e5m2 · e4m3/e5m2 → f32 or f16 (half_t), s8/u8 · s8/u8 → i32"
)]
#[doc(hidden)]
pub trait GmmaSsFamily<B, C> {
    /// The K of one instruction.
    type K;
    /// The operand majors the family reads: [`gmma::AnyMajor`] or [`gmma::KMajorOnly`].
    type Majors;
    /// The family's `_SS` atom of width `N` with operand majors `MA`, `MB`.
    type Op<N, MA, MB>;
    /// The family's `_RS` atom (A from registers).
    type RsOp<N, MA, MB>;
}
macro_rules! ss_family16 {
    ($A:ty, $C:ty, $SS:ident, $RS:ident) => {
        impl GmmaSsFamily<$A, $C> for $A {
            type K = U16;
            type Majors = gmma::AnyMajor;
            type Op<N, MA, MB> = $SS<N, MA, MB>;
            type RsOp<N, MA, MB> = $RS<N, MA, MB>;
        }
    };
}
ss_family16!(
    half_t,
    half_t,
    SM90_64xNx16_F16F16F16_SS,
    SM90_64xNx16_F16F16F16_RS
);
ss_family16!(
    half_t,
    f32,
    SM90_64xNx16_F32F16F16_SS,
    SM90_64xNx16_F32F16F16_RS
);
ss_family16!(
    bfloat16_t,
    f32,
    SM90_64xNx16_F32BF16BF16_SS,
    SM90_64xNx16_F32BF16BF16_RS
);
macro_rules! ss_family_tn {
    ($A:ty, $B:ty, $C:ty, $K:ty, $SS:ident, $RS:ident) => {
        impl GmmaSsFamily<$B, $C> for $A {
            type K = $K;
            type Majors = gmma::KMajorOnly;
            type Op<N, MA, MB> = $SS<N>;
            type RsOp<N, MA, MB> = $RS<N>;
        }
    };
}
ss_family_tn!(
    tfloat32_t,
    tfloat32_t,
    f32,
    U8,
    SM90_64xNx8_F32TF32TF32_SS_TN,
    SM90_64xNx8_F32TF32TF32_RS_TN
);
ss_family_tn!(
    float_e4m3_t,
    float_e4m3_t,
    f32,
    U32,
    SM90_64xNx32_F32E4M3E4M3_SS_TN,
    SM90_64xNx32_F32E4M3E4M3_RS_TN
);
ss_family_tn!(
    float_e4m3_t,
    float_e5m2_t,
    f32,
    U32,
    SM90_64xNx32_F32E4M3E5M2_SS_TN,
    SM90_64xNx32_F32E4M3E5M2_RS_TN
);
ss_family_tn!(
    float_e5m2_t,
    float_e4m3_t,
    f32,
    U32,
    SM90_64xNx32_F32E5M2E4M3_SS_TN,
    SM90_64xNx32_F32E5M2E4M3_RS_TN
);
ss_family_tn!(
    float_e5m2_t,
    float_e5m2_t,
    f32,
    U32,
    SM90_64xNx32_F32E5M2E5M2_SS_TN,
    SM90_64xNx32_F32E5M2E5M2_RS_TN
);
ss_family_tn!(
    float_e4m3_t,
    float_e4m3_t,
    half_t,
    U32,
    SM90_64xNx32_F16E4M3E4M3_SS_TN,
    SM90_64xNx32_F16E4M3E4M3_RS_TN
);
ss_family_tn!(
    float_e4m3_t,
    float_e5m2_t,
    half_t,
    U32,
    SM90_64xNx32_F16E4M3E5M2_SS_TN,
    SM90_64xNx32_F16E4M3E5M2_RS_TN
);
ss_family_tn!(
    float_e5m2_t,
    float_e4m3_t,
    half_t,
    U32,
    SM90_64xNx32_F16E5M2E4M3_SS_TN,
    SM90_64xNx32_F16E5M2E4M3_RS_TN
);
ss_family_tn!(
    float_e5m2_t,
    float_e5m2_t,
    half_t,
    U32,
    SM90_64xNx32_F16E5M2E5M2_SS_TN,
    SM90_64xNx32_F16E5M2E5M2_RS_TN
);
ss_family_tn!(
    i8,
    i8,
    i32,
    U32,
    SM90_64xNx32_S32S8S8_SS_TN,
    SM90_64xNx32_S32S8S8_RS_TN
);
ss_family_tn!(
    i8,
    u8,
    i32,
    U32,
    SM90_64xNx32_S32S8U8_SS_TN,
    SM90_64xNx32_S32S8U8_RS_TN
);
ss_family_tn!(
    u8,
    i8,
    i32,
    U32,
    SM90_64xNx32_S32U8S8_SS_TN,
    SM90_64xNx32_S32U8S8_RS_TN
);
ss_family_tn!(
    u8,
    u8,
    i32,
    U32,
    SM90_64xNx32_S32U8U8_SS_TN,
    SM90_64xNx32_S32U8U8_RS_TN
);

/// The N CuTe's selectors try, widest first, for every family (without
/// `CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED`; the integer families too, although 48, 80, ...
/// are integer wgmma widths): 256, 192, 128, 96, 64, 32, 16, 8.
type OpNs = (
    (typenum::U256, typenum::U256),
    (
        (typenum::U192, typenum::U192),
        (
            (U128, U128),
            (
                (typenum::U96, typenum::U96),
                (
                    (U64, U64),
                    ((typenum::U32, typenum::U32), ((U16, U16), ((U8, U8), ()))),
                ),
            ),
        ),
    ),
);

/// CuTe's `SM90::GMMA::ss_op_selector<ElementA, ElementB, ElementC, TileShape_MNK, MajorA,
/// MajorB>` (`cute/arch/mma_sm90.hpp`): the `_SS` wgmma atom for a CTA tile `(Tile_M, Tile_N,
/// Tile_K)` and element types, implemented on `ElementA`.
///
/// `Tile_M` (`size<0>`) must be a multiple of 64 and `Tile_K` (`size<2>`) of the instruction's
/// K; the atom's N is the first of 256, 192, 128, 96, 64, 32, 16, 8 that divides `Tile_N` (`size<1>`, a multiple of 8);
/// the tf32, fp8 and integer families need both majors K. Each violated condition is a
/// compile error naming it.
pub trait SsOpSelector<B, C, TileShapeMnk, MajorA, MajorB> {
    /// The selected atom.
    type Output;
}
/// [`SsOpSelector`]'s choice: `SsOpSelectorOf<half_t, half_t, f32, (U128, U96, U64)>` is
/// `SM90_64x96x16_F32F16F16_SS` (K-major operands by default).
pub type SsOpSelectorOf<A, B, C, TileShapeMnk, MajorA = gmma::Major::K, MajorB = gmma::Major::K> =
    <A as SsOpSelector<B, C, TileShapeMnk, MajorA, MajorB>>::Output;

type TileMode<T, I> = crate::tuple::Size<crate::tuple::Element<T, I>>;
/// The N an op selector picks for `Tile`.
type SelectedN<Tile> = <OpNs as FirstDividing<TileMode<Tile, typenum::U1>>>::Output;

impl<A, B, C, Tile, MajorA, MajorB> SsOpSelector<B, C, Tile, MajorA, MajorB> for A
where
    A: GmmaSsFamily<B, C>,
    MajorA: GmmaMajorAAllowed<<A as GmmaSsFamily<B, C>>::Majors>,
    MajorB: GmmaMajorBAllowed<<A as GmmaSsFamily<B, C>>::Majors>,
    Tile: crate::tuple::Get<typenum::U0> + crate::tuple::Get<typenum::U1> + crate::tuple::Get<U2>,
    TileMode<Tile, typenum::U0>: UDivRem<U64>,
    URem<TileMode<Tile, typenum::U0>, U64>: GmmaTileMMultipleOf64,
    TileMode<Tile, U2>: UDivRem<<A as GmmaSsFamily<B, C>>::K>,
    URem<TileMode<Tile, U2>, <A as GmmaSsFamily<B, C>>::K>: GmmaTileKMultiple,
    TileMode<Tile, typenum::U1>: UDivRem<U8>,
    URem<TileMode<Tile, typenum::U1>, U8>: GmmaTileNMultipleOf8,
    OpNs: FirstDividing<TileMode<Tile, typenum::U1>>,
{
    type Output = <A as GmmaSsFamily<B, C>>::Op<SelectedN<Tile>, MajorA, MajorB>;
}

/// CuTe's `SM90::GMMA::ss_op_selector<ElementA, ElementB, ElementC, TileShape_MNK, MajorA,
/// MajorB>()` as a value (see [`SsOpSelector`]).
///
/// ```
/// use cute_layout::atom::{gmma, half_t, ss_op_selector, SM90_64x96x16_F32F16F16_SS};
/// use cute_layout::typenum::{U128, U16, U64, U96, U160};
/// let op = ss_op_selector::<half_t, half_t, f32, (U128, U96, U64), gmma::Major::K, gmma::Major::K>();
/// assert_eq!(op, SM90_64x96x16_F32F16F16_SS::default());
/// // 160 = 5·32: the widest N that divides it is 32.
/// let op = ss_op_selector::<half_t, half_t, half_t, (U64, U160, U16), gmma::Major::MN, gmma::Major::K>();
/// let _: cute_layout::atom::SM90_64x32x16_F16F16F16_SS<gmma::Major::MN> = op;
/// // 8-bit integers, K-major: the same N list (not 160, an integer wgmma width too).
/// let op = ss_op_selector::<i8, u8, i32, (U64, U160, U64), gmma::Major::K, gmma::Major::K>();
/// let _: cute_layout::atom::SM90_64x32x32_S32S8U8_SS_TN = op;
/// ```
///
/// A tile that breaks a condition does not compile:
///
/// ```compile_fail
/// use cute_layout::atom::{gmma, half_t, ss_op_selector};
/// use cute_layout::typenum::{U32, U64};
/// // Tile_M = 32 is no multiple of 64.
/// let _ = ss_op_selector::<half_t, half_t, f32, (U32, U64, U64), gmma::Major::K, gmma::Major::K>();
/// ```
///
/// nor does an MN-major operand of a K-major-only family:
///
/// ```compile_fail
/// use cute_layout::atom::{gmma, tfloat32_t, ss_op_selector};
/// use cute_layout::typenum::{U64, U128};
/// let _ = ss_op_selector::<tfloat32_t, tfloat32_t, f32, (U128, U128, U64), gmma::Major::K, gmma::Major::MN>();
/// ```
pub fn ss_op_selector<A, B, C, TileShapeMnk, MajorA, MajorB>(
) -> SsOpSelectorOf<A, B, C, TileShapeMnk, MajorA, MajorB>
where
    A: SsOpSelector<B, C, TileShapeMnk, MajorA, MajorB>,
    SsOpSelectorOf<A, B, C, TileShapeMnk, MajorA, MajorB>: Default,
{
    Default::default()
}

/// CuTe's `SM90::GMMA::rs_op_selector<ElementA, ElementB, ElementC, TileShape_MNK, MajorA,
/// MajorB>`: the `_RS` wgmma atom (A from registers), with [`SsOpSelector`]'s conditions and
/// `MajorA` K-major ([`GmmaRsMajorA`]).
pub trait RsOpSelector<B, C, TileShapeMnk, MajorA, MajorB> {
    /// The selected atom.
    type Output;
}
/// [`RsOpSelector`]'s choice.
pub type RsOpSelectorOf<A, B, C, TileShapeMnk, MajorA = gmma::Major::K, MajorB = gmma::Major::K> =
    <A as RsOpSelector<B, C, TileShapeMnk, MajorA, MajorB>>::Output;

impl<A, B, C, Tile, MajorA, MajorB> RsOpSelector<B, C, Tile, MajorA, MajorB> for A
where
    A: GmmaSsFamily<B, C> + SsOpSelector<B, C, Tile, MajorA, MajorB>,
    MajorA: GmmaRsMajorA,
    OpNs: FirstDividing<TileMode<Tile, typenum::U1>>,
    Tile: crate::tuple::Get<typenum::U1>,
{
    type Output = <A as GmmaSsFamily<B, C>>::RsOp<SelectedN<Tile>, MajorA, MajorB>;
}

/// CuTe's `SM90::GMMA::rs_op_selector<...>()` as a value (see [`RsOpSelector`]).
///
/// ```
/// use cute_layout::atom::{gmma, half_t, float_e4m3_t, rs_op_selector};
/// use cute_layout::typenum::{U128, U192, U64};
/// let op = rs_op_selector::<half_t, half_t, f32, (U128, U192, U64), gmma::Major::K, gmma::Major::MN>();
/// let _: cute_layout::atom::SM90_64x192x16_F32F16F16_RS<gmma::Major::K, gmma::Major::MN> = op;
/// let op = rs_op_selector::<float_e4m3_t, float_e4m3_t, half_t, (U64, U128, U64), gmma::Major::K, gmma::Major::K>();
/// let _: cute_layout::atom::SM90_64x128x32_F16E4M3E4M3_RS_TN = op;
/// ```
///
/// A register-source A is K-major:
///
/// ```compile_fail
/// use cute_layout::atom::{gmma, half_t, rs_op_selector};
/// use cute_layout::typenum::{U128, U64};
/// let _ = rs_op_selector::<half_t, half_t, f32, (U128, U128, U64), gmma::Major::MN, gmma::Major::K>();
/// ```
pub fn rs_op_selector<A, B, C, TileShapeMnk, MajorA, MajorB>(
) -> RsOpSelectorOf<A, B, C, TileShapeMnk, MajorA, MajorB>
where
    A: RsOpSelector<B, C, TileShapeMnk, MajorA, MajorB>,
    RsOpSelectorOf<A, B, C, TileShapeMnk, MajorA, MajorB>: Default,
{
    Default::default()
}
