//! Copy atoms (CuTe `copy_traits_sm75.hpp`, `copy_traits_sm90.hpp`, `copy_traits_sm80.hpp`,
//! `copy_traits.hpp`): layouts in bits.

use core::marker::PhantomData;

use generic_array::GenericArray;
use typenum::{U0, U1, U2, U4};

use super::CopyTraits;
use crate::Layout;

macro_rules! copy_atom {
    ($(#[$doc:meta])* $Name:ident {
        Src: $Src:ty, Dst: $Dst:ty, Ref: $Ref:ident,
        SRegisters: [$RS:ty; $NS:ty], DRegisters: [$RD:ty; $ND:ty] $(,)?
    }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $Name;
        impl CopyTraits for $Name {
            type ThrID = Layout![32];
            type SrcLayout = $Src;
            type DstLayout = $Dst;
            type RefLayout = copy_atom!(@ref $Ref $Src, $Dst);
            type SRegisters = GenericArray<$RS, $NS>;
            type DRegisters = GenericArray<$RD, $ND>;
        }
    };
    (@ref Src $Src:ty, $Dst:ty) => { $Src };
    (@ref Dst $Src:ty, $Dst:ty) => { $Dst };
}

/// The rows of `ldmatrix .x1`: 8 threads supply a 128-bit row address each (threads 8..32
/// repeat them: stride 0).
type Rows8 = Layout![((8,4),128):((128,0),1)];
/// The rows of `ldmatrix .x2`.
type Rows16 = Layout![((16,2),128):((128,0),1)];
/// The rows of `ldmatrix .x4`.
type Rows32 = Layout![(32,128):(128,1)];
/// The registers of `ldmatrix .x1` (non-transposed): a 32-bit register per thread.
type RegN1 = Layout![(32,32):(32,1)];
/// `.x2`.
type RegN2 = Layout![(32,(32,2)):(32,(1,1024))];
/// `.x4`.
type RegN4 = Layout![(32,(32,4)):(32,(1,1024))];
/// The registers of `ldmatrix .trans .x1`: each 16-bit half comes from another row.
type RegT1 = Layout![((4,8),(16,2)):((256,16),(1,128))];
/// `.trans .x2`.
type RegT2 = Layout![((4,8),(16,2,2)):((256,16),(1,128,1024))];
/// `.trans .x4`.
type RegT4 = Layout![((4,8),(16,2,4)):((256,16),(1,128,1024))];

copy_atom! {
    /// `ldmatrix.sync.aligned.x1.m8n8.shared.b16`.
    SM75_U32x1_LDSM_N { Src: Rows8, Dst: RegN1, Ref: Dst, SRegisters: [u128; U1], DRegisters: [u32; U1] }
}
copy_atom! {
    /// `ldmatrix.sync.aligned.x2.m8n8.shared.b16`.
    SM75_U32x2_LDSM_N { Src: Rows16, Dst: RegN2, Ref: Dst, SRegisters: [u128; U1], DRegisters: [u32; U2] }
}
copy_atom! {
    /// `ldmatrix.sync.aligned.x4.m8n8.shared.b16`.
    SM75_U32x4_LDSM_N { Src: Rows32, Dst: RegN4, Ref: Dst, SRegisters: [u128; U1], DRegisters: [u32; U4] }
}
copy_atom! {
    /// `ldmatrix.sync.aligned.x1.trans.m8n8.shared.b16`.
    SM75_U16x2_LDSM_T { Src: Rows8, Dst: RegT1, Ref: Dst, SRegisters: [u128; U1], DRegisters: [u32; U1] }
}
copy_atom! {
    /// `ldmatrix.sync.aligned.x2.trans.m8n8.shared.b16`.
    SM75_U16x4_LDSM_T { Src: Rows16, Dst: RegT2, Ref: Dst, SRegisters: [u128; U1], DRegisters: [u32; U2] }
}
copy_atom! {
    /// `ldmatrix.sync.aligned.x4.trans.m8n8.shared.b16`.
    SM75_U16x8_LDSM_T { Src: Rows32, Dst: RegT4, Ref: Dst, SRegisters: [u128; U1], DRegisters: [u32; U4] }
}
copy_atom! {
    /// `stmatrix.sync.aligned.x1.m8n8.shared.b16`: the inverse of [`SM75_U32x1_LDSM_N`].
    SM90_U32x1_STSM_N { Src: RegN1, Dst: Rows8, Ref: Src, SRegisters: [u32; U1], DRegisters: [u128; U1] }
}
copy_atom! {
    /// `stmatrix.sync.aligned.x2.m8n8.shared.b16`.
    SM90_U32x2_STSM_N { Src: RegN2, Dst: Rows16, Ref: Src, SRegisters: [u32; U2], DRegisters: [u128; U1] }
}
copy_atom! {
    /// `stmatrix.sync.aligned.x4.m8n8.shared.b16`.
    SM90_U32x4_STSM_N { Src: RegN4, Dst: Rows32, Ref: Src, SRegisters: [u32; U4], DRegisters: [u128; U1] }
}
copy_atom! {
    /// `stmatrix.sync.aligned.x1.trans.m8n8.shared.b16`.
    SM90_U16x2_STSM_T { Src: RegT1, Dst: Rows8, Ref: Src, SRegisters: [u32; U1], DRegisters: [u128; U1] }
}
copy_atom! {
    /// `stmatrix.sync.aligned.x2.trans.m8n8.shared.b16`.
    SM90_U16x4_STSM_T { Src: RegT2, Dst: Rows16, Ref: Src, SRegisters: [u32; U2], DRegisters: [u128; U1] }
}
copy_atom! {
    /// `stmatrix.sync.aligned.x4.trans.m8n8.shared.b16`.
    SM90_U16x8_STSM_T { Src: RegT4, Dst: Rows32, Ref: Src, SRegisters: [u32; U4], DRegisters: [u128; U1] }
}

/// The register widths a plain copy moves: 8, 16, 32, 64 or 128 bits (CuTe's
/// `UniversalCopy` needs `sizeof_bits >= 8`), with the unsigned integer of that width.
#[diagnostic::on_unimplemented(
    message = "UniversalCopy<{Self}>: a register copy moves 8, 16, 32, 64 or 128 bits",
    label = "not a register width"
)]
#[doc(hidden)]
pub trait CopyBits: typenum::Unsigned {
    /// The unsigned integer of this width.
    type Uint;
}
impl CopyBits for typenum::U8 {
    type Uint = u8;
}
impl CopyBits for typenum::U16 {
    type Uint = u16;
}
impl CopyBits for typenum::U32 {
    type Uint = u32;
}
impl CopyBits for typenum::U64 {
    type Uint = u64;
}
impl CopyBits for typenum::U128 {
    type Uint = u128;
}

/// The widths `cp.async.ca` copies: 32, 64 or 128 bits (4, 8 or 16 bytes).
#[diagnostic::on_unimplemented(
    message = "SM80_CP_ASYNC_CACHEALWAYS<{Self}>: cp.async.ca copies 32, 64 or 128 bits",
    label = "not a cp.async width"
)]
#[doc(hidden)]
pub trait CpAsyncBits: CopyBits {}
impl CpAsyncBits for typenum::U32 {}
impl CpAsyncBits for typenum::U64 {}
impl CpAsyncBits for typenum::U128 {}

/// The width `cp.async.cg` copies: 128 bits only (the PTX ISA allows `.cg` with a 16-byte
/// copy size only; CuTe's `SM80_CP_ASYNC_CACHEGLOBAL` static_asserts `sizeof(TS) == 16`).
#[diagnostic::on_unimplemented(
    message = "SM80_CP_ASYNC_CACHEGLOBAL<{Self}>: cp.async.cg copies 128 bits (16 bytes) only",
    label = "not 128 bits"
)]
#[doc(hidden)]
pub trait CpAsyncCgBits: CpAsyncBits {}
impl CpAsyncCgBits for typenum::U128 {}

/// One thread's `Bits`-bit value: `(1,Bits):(0,1)` (CuTe's `Layout<Shape<_1,Int<bits>>>`,
/// whose size-1 mode has stride 0).
type OneThread<Bits> = Layout<(U1, Bits), (U0, U1)>;

/// A plain copy of one `Bits`-bit register by one thread (CuTe's `UniversalCopy<uint_bit_t<Bits>>`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UniversalCopy<Bits>(PhantomData<Bits>);
impl<Bits: CopyBits> CopyTraits for UniversalCopy<Bits>
where
    (
        Layout![1],
        OneThread<Bits>,
        OneThread<Bits>,
        OneThread<Bits>,
    ): super::check::CopyLayoutsValid,
{
    type ThrID = Layout![1];
    type SrcLayout = OneThread<Bits>;
    type DstLayout = OneThread<Bits>;
    type RefLayout = OneThread<Bits>;
    type SRegisters = GenericArray<Bits::Uint, U1>;
    type DRegisters = GenericArray<Bits::Uint, U1>;
}

/// Defines a one-thread copy atom of `Bits` bits whose widths are `$Width` (the layouts of
/// [`UniversalCopy`]).
macro_rules! one_thread_copy {
    ($(#[$doc:meta])* $Name:ident: $Width:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $Name<Bits>(PhantomData<Bits>);
        impl<Bits: $Width> CopyTraits for $Name<Bits>
        where
            (
                Layout![1],
                OneThread<Bits>,
                OneThread<Bits>,
                OneThread<Bits>,
            ): super::check::CopyLayoutsValid,
        {
            type ThrID = Layout![1];
            type SrcLayout = OneThread<Bits>;
            type DstLayout = OneThread<Bits>;
            type RefLayout = OneThread<Bits>;
            type SRegisters = GenericArray<Bits::Uint, U1>;
            type DRegisters = GenericArray<Bits::Uint, U1>;
        }
    };
}

one_thread_copy! {
    /// `cp.async.ca.shared.global` of `Bits` bits by one thread, global to shared memory, cached
    /// at all levels (CuTe's `SM80_CP_ASYNC_CACHEALWAYS<uint_bit_t<Bits>>`).
    SM80_CP_ASYNC_CACHEALWAYS: CpAsyncBits
}
one_thread_copy! {
    /// `cp.async.cg.shared.global` of 128 bits by one thread, cached in L2 only (CuTe's
    /// `SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>`). Any other width is a compile error:
    ///
    /// ```compile_fail
    /// use cute_layout::atom::{CopyTraits, SM80_CP_ASYNC_CACHEGLOBAL};
    /// fn atom<A: CopyTraits>() {}
    /// atom::<SM80_CP_ASYNC_CACHEGLOBAL<cute_layout::typenum::U64>>();
    /// ```
    SM80_CP_ASYNC_CACHEGLOBAL: CpAsyncCgBits
}
one_thread_copy! {
    /// [`SM80_CP_ASYNC_CACHEALWAYS`] with a source size: `cp.async.ca.shared.global [dst],
    /// [src], bytes, src_bytes`, which fills the destination with zeros past `src_bytes` (CuTe's
    /// `SM80_CP_ASYNC_CACHEALWAYS_ZFILL`, whose traits carry the predicate `src_bytes = pred ?
    /// bytes : 0`). The same layouts.
    SM80_CP_ASYNC_CACHEALWAYS_ZFILL: CpAsyncBits
}
one_thread_copy! {
    /// [`SM80_CP_ASYNC_CACHEGLOBAL`] with a source size (zero fill; CuTe's
    /// `SM80_CP_ASYNC_CACHEGLOBAL_ZFILL`). The same layouts.
    SM80_CP_ASYNC_CACHEGLOBAL_ZFILL: CpAsyncCgBits
}

/// CuTe's `AutoVectorizingCopyWithAssumedAlignment<MaxVecBits>`: the copy policy of CuTe's
/// `copy` algorithm that vectorizes a tensor copy up to `MaxVecBits` (8, 16, 32, 64 or 128)
/// bits, assuming pointers and dynamic strides aligned that far. Its operation is a
/// [`UniversalCopy`] of `MaxVecBits`, but as an atom its traits name **one bit** on one
/// thread, `(1,1):(0,0)`, so that in elements of any `T` it is one element per thread
/// (`ValLayoutSrc<_, T>` = `(1,1):(0,0)`): how wide each copy is, the algorithm decides from the
/// tensors.
///
/// ```
/// use cute_layout::atom::{AutoVectorizingCopy, CopyTraits, ValLayoutSrc, half_t};
/// use cute_layout::Layout;
/// assert_eq!(<AutoVectorizingCopy as CopyTraits>::SrcLayout::new().to_string(), "(1,1):(0,0)");
/// assert_eq!(ValLayoutSrc::<AutoVectorizingCopy, half_t>::new().to_string(), "(1,1):(0,0)");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AutoVectorizingCopyWithAssumedAlignment<MaxVecBits = typenum::U128>(
    PhantomData<MaxVecBits>,
);
/// One thread's one bit: CuTe's `Layout<Shape<_1,_1>, Stride<_0,_0>>`.
type OneBit = Layout<(U1, U1), (U0, U0)>;
impl<MaxVecBits: CopyBits> CopyTraits for AutoVectorizingCopyWithAssumedAlignment<MaxVecBits> {
    type ThrID = Layout![1];
    type SrcLayout = OneBit;
    type DstLayout = OneBit;
    type RefLayout = OneBit;
    type SRegisters = GenericArray<MaxVecBits::Uint, U1>;
    type DRegisters = GenericArray<MaxVecBits::Uint, U1>;
}
/// CuTe's `AutoVectorizingCopy`: [`AutoVectorizingCopyWithAssumedAlignment`] up to 128 bits
/// (pointers and dynamic strides assumed maximally aligned).
pub type AutoVectorizingCopy = AutoVectorizingCopyWithAssumedAlignment<typenum::U128>;
/// CuTe's `DefaultCopy`: [`AutoVectorizingCopyWithAssumedAlignment`] of 8 bits (no alignment
/// assumed).
pub type DefaultCopy = AutoVectorizingCopyWithAssumedAlignment<typenum::U8>;
