//! Fragments of swizzled tensors: CuTe's decay of a sliced swizzled layout.

use super::*;

/// A slice coordinate with its roles swapped: each integer becomes `_` and each `_` the
/// integer 0. Slicing at the swapped coordinate keeps what slicing at the coordinate drops
/// (CuTe's `dice(c, layout)`: the modes the coordinate consumes).
#[doc(hidden)]
pub trait SwapSlice {
    /// The swapped coordinate.
    type Output: Plain;
}
impl SwapSlice for i64 {
    type Output = Underscore;
}
impl SwapSlice for Underscore {
    type Output = i64;
}
macro_rules! swap_slice_tuple {
    ($($T:ident)+) => {
        impl<$($T: SwapSlice),+> SwapSlice for ($($T,)+)
        where
            ($($T::Output,)+): Plain,
        {
            type Output = ($($T::Output,)+);
        }
    };
}
swap_slice_tuple!(A);
swap_slice_tuple!(A B);
swap_slice_tuple!(A B C);
swap_slice_tuple!(A B C D);
/// The swapped coordinate of `C`.
pub type SwapSliceOf<C> = <C as SwapSlice>::Output;

/// How a layout's thread partition is laid out as a register fragment — CuTe's
/// `make_fragment_like` of the partitioned tensor's layout, once slicing at a runtime thread
/// coordinate has done to it what CuTe does (`swizzle_layout.hpp`, `slice_and_offset`):
///
/// * a [`Layout`]: the partition `P` itself;
/// * a swizzled [`ComposedLayout`](crate::ComposedLayout) `Sw<B,M,S> ∘ O ∘ L`: the partition
///   `P` of `L` composed with the swizzle *decayed* at the thread's offset. The swizzle XORs
///   the `B` bits `Z` (from bit `M + max(0, −S)`) with the `B` bits `Y` (from bit
///   `M + max(0, S)`); as the partition `P` no longer moves the bits the thread consumed
///   (the diced modes `Q`), CuTe rewrites `Sw ∘ (O + Q(t)) ∘ P` as a layout: the layout
///   `(2^M, 2,…,2, 2^(|S|−B), 2,…,2, ∞) : (1, lo…, 2^(M+B), hi…, 2^(M+B+|S|))` (coalesced)
///   composed with `P`, one mode of shape 2 per swizzle bit. A `Z` bit `i` moves by
///   `±Z·2^i` and a `Y` bit by `(Y ± Z)·2^i`, the sign given by the partner bit (`Y` bit `i`
///   for a `Z` bit, `Z` bit `i` for a `Y` bit) of the offset `O ⊕ Q(t)`: a runtime stride where
///   `Q` moves the partner bit (or `O` is a runtime value), a static one where it does not.
///   Composing splits each mode of `P` at the swizzle bits, so the fragment's modes are as
///   CuTe's (`(4,2):(16,8192)` under `Sw<3,3,3>` becomes `((2,2),2):((16,32),8192)`), and
///   [`make_fragment_like`](crate::tensor::make_fragment_like) orders the runtime strides after every
///   static one, as CuTe's `compact_order` does.
/// * If `P` reaches a `Y` bit and its partner `Z` bit, no layout exists (CuTe keeps the
///   swizzle): the fragment follows `P`.
///
/// `Q` and `P` are the diced and sliced parts of the partition of `L` (static layouts whose
/// leaves reaching a swizzle bit have power-of-two shape and stride, as CuTe requires).
#[diagnostic::on_unimplemented(
    message = "no register fragment of a thread partition of `{Self}`",
    label = "a fragment is laid out from a static Layout or a static swizzled ComposedLayout",
    note = "for a swizzled layout the partition's modes that reach a swizzle bit must have power-of-two shapes and strides, and a static offset must be non-negative"
)]
#[doc(hidden)]
pub trait FragmentDecay<Q, P> {
    /// The layout the fragment is laid out by.
    type Output;
    /// That layout, from the partition `p`.
    fn fragment_decay(&self, p: P) -> Result<Self::Output>;
}
/// A layout: the partition as it is.
impl<S, D, Q, P> FragmentDecay<Q, P> for Layout<S, D> {
    type Output = P;
    #[inline]
    fn fragment_decay(&self, p: P) -> Result<P> {
        Ok(p)
    }
}
/// `Sw ∘ O ∘ L`: the partition composed with the decayed swizzle, or the partition where the
/// swizzle cannot decay.
impl<Sw, O, L, Q, P> FragmentDecay<Q, P> for crate::ComposedLayout<Sw, O, L>
where
    Sw: SwizzleGeom,
    O: OffsetBits,
    OnlyZy<Sw>: Compose<Q> + Compose<P>,
    ComposeOf<OnlyZy<Sw>, P>: Cosize,
    ComposeOf<OnlyZy<Sw>, Q>: Cosize,
    <ComposeOf<OnlyZy<Sw>, P> as Cosize>::Output: Sub<B1>,
    <ComposeOf<OnlyZy<Sw>, Q> as Cosize>::Output: Sub<B1>,
    Sw: Collides<Reach<Sw, P>>,
    P: DecayStep<CollidesSel<Sw, Reach<Sw, P>>, Sw, O::Bits, Reach<Sw, Q>>,
{
    type Output =
        <P as DecayStep<CollidesSel<Sw, Reach<Sw, P>>, Sw, O::Bits, Reach<Sw, Q>>>::Output;
    #[inline]
    fn fragment_decay(&self, p: P) -> Result<Self::Output> {
        p.decay_step()
    }
}

/// The constants of a static swizzle `Sw<B,M,S>` that its decay uses. It XORs the `B` bits `Y`
/// (from bit `M + max(0, S)`) onto the `B` bits `Z` (from bit `M + max(0, −S)`): the lower
/// field starts at bit `M`, the upper at `M + |S|`, and bit `i` of one field is the partner of
/// bit `i` of the other.
#[doc(hidden)]
pub trait SwizzleGeom {
    /// `B`: the number of bits in each field.
    type Bits: Unsigned;
    /// `2^M`: the lower field's first bit.
    type Lo: Unsigned + NonZero + Default;
    /// `2^B`.
    type Bits2: Unsigned + NonZero + Default;
    /// `2^(|S|−B)`: the gap between the fields, in units of `2^(M+B)`.
    type Gap: Unsigned + NonZero + Default;
    /// `2^(M+B)`.
    type GapStride: Unsigned + NonZero + Default;
    /// `2^(M+|S|)`: the upper field's first bit.
    type Hi: Unsigned + NonZero + Default;
    /// `2^(M+B+|S|)`: the first bit above both fields.
    type Rest: Unsigned + NonZero + Default;
    /// `2^|S|`.
    type Shift: Unsigned + NonZero;
    /// The upper field's bits.
    type HiMask: Unsigned;
    /// The lower field's bits.
    type LoMask: Unsigned;
    /// Whether the lower field is `Z` ([`ZBit`], `S > 0`) or `Y` ([`YBit`], `S < 0`); the
    /// upper field is the other.
    type LoKind;
    /// The upper field's kind.
    type HiKind;
}
/// A bit of the written field `Z`.
#[doc(hidden)]
pub struct ZBit;
/// A bit of the read field `Y`.
#[doc(hidden)]
pub struct YBit;
/// The magnitude of a swizzle's shift and which field lies below.
#[doc(hidden)]
pub trait ShiftSign {
    type Abs: Unsigned;
    type LoKind;
    type HiKind;
}
impl<U: Unsigned + NonZero> ShiftSign for PInt<U> {
    type Abs = U;
    type LoKind = ZBit;
    type HiKind = YBit;
}
impl<U: Unsigned + NonZero> ShiftSign for NInt<U> {
    type Abs = U;
    type LoKind = YBit;
    type HiKind = ZBit;
}
impl ShiftSign for Z0 {
    type Abs = U0;
    type LoKind = ZBit;
    type HiKind = YBit;
}
type Pow2<P> = Shleft<U1, P>;
impl<Bb: Unsigned, Mm, Ss: ShiftSign> SwizzleGeom for Swizzle<Bb, Mm, Ss>
where
    U1: Shl<Mm> + Shl<Bb> + Shl<Ss::Abs> + Shl<Diff<Ss::Abs, Bb>>,
    Ss::Abs: Sub<Bb>,
    Pow2<Mm>: Mul<Pow2<Bb>> + Mul<Pow2<Ss::Abs>> + Unsigned + NonZero + Default,
    Pow2<Bb>: Sub<B1> + Unsigned + NonZero + Default,
    Pow2<Ss::Abs>: Unsigned + NonZero,
    Pow2<Diff<Ss::Abs, Bb>>: Unsigned + NonZero + Default,
    Prod<Pow2<Mm>, Pow2<Bb>>: Unsigned + NonZero + Default,
    Prod<Pow2<Mm>, Pow2<Ss::Abs>>: Mul<Pow2<Bb>> + Unsigned + NonZero + Default,
    Prod<Prod<Pow2<Mm>, Pow2<Ss::Abs>>, Pow2<Bb>>: Unsigned + NonZero + Default,
    Sub1<Pow2<Bb>>: Mul<Prod<Pow2<Mm>, Pow2<Ss::Abs>>> + Mul<Pow2<Mm>>,
    Prod<Sub1<Pow2<Bb>>, Prod<Pow2<Mm>, Pow2<Ss::Abs>>>: Unsigned,
    Prod<Sub1<Pow2<Bb>>, Pow2<Mm>>: Unsigned,
{
    type Bits = Bb;
    type Lo = Pow2<Mm>;
    type Bits2 = Pow2<Bb>;
    type Gap = Pow2<Diff<Ss::Abs, Bb>>;
    type GapStride = Prod<Pow2<Mm>, Pow2<Bb>>;
    type Hi = Prod<Pow2<Mm>, Pow2<Ss::Abs>>;
    type Rest = Prod<Prod<Pow2<Mm>, Pow2<Ss::Abs>>, Pow2<Bb>>;
    type Shift = Pow2<Ss::Abs>;
    type HiMask = Prod<Sub1<Pow2<Bb>>, Prod<Pow2<Mm>, Pow2<Ss::Abs>>>;
    type LoMask = Prod<Sub1<Pow2<Bb>>, Pow2<Mm>>;
    type LoKind = Ss::LoKind;
    type HiKind = Ss::HiKind;
}

/// CuTe's `swizzle_only_zy`: the swizzle's `Y` and `Z` bits of an offset as a layout,
/// `(2^M, 2^B, 2^(|S|−B), 2^B, 2) : (0, 2^M, 0, 2^(M+|S|), 0)` (its last mode extends, as
/// CuTe's does, over any larger offset).
#[doc(hidden)]
pub type OnlyZy<Sw> = Layout<
    (
        <Sw as SwizzleGeom>::Lo,
        <Sw as SwizzleGeom>::Bits2,
        <Sw as SwizzleGeom>::Gap,
        <Sw as SwizzleGeom>::Bits2,
        U2,
    ),
    (U0, <Sw as SwizzleGeom>::Lo, U0, <Sw as SwizzleGeom>::Hi, U0),
>;
/// The swizzle bits a static layout `L` can set: the largest offset of `OnlyZy ∘ L` (its
/// power-of-two modes set disjoint bits), CuTe's `(P ∘ L)(size − 1)` and, for the diced modes,
/// the runtime bits of `to_mixed_bits`.
#[doc(hidden)]
pub type Reach<Sw, L> = Sub1<<ComposeOf<OnlyZy<Sw>, L> as Cosize>::Output>;

/// Whether the swizzle bits `Active` hold a bit of the upper field and its partner in the
/// lower (CuTe's `swizzle_active_bits & ~swizzle(swizzle_active_bits)` is non-zero): [`B1`]
/// or [`B0`].
#[doc(hidden)]
pub trait Collides<Active> {
    type Sel;
}
impl<Sw: SwizzleGeom, Active> Collides<Active> for Sw
where
    Active: BitAnd<Sw::HiMask> + BitAnd<Sw::LoMask>,
    op::And<Active, Sw::HiMask>: Div<Sw::Shift>,
    Quot<op::And<Active, Sw::HiMask>, Sw::Shift>: BitAnd<op::And<Active, Sw::LoMask>>,
    op::And<Quot<op::And<Active, Sw::HiMask>, Sw::Shift>, op::And<Active, Sw::LoMask>>:
        IsNotEqual<U0>,
{
    type Sel = op::NotEq<
        op::And<Quot<op::And<Active, Sw::HiMask>, Sw::Shift>, op::And<Active, Sw::LoMask>>,
        U0,
    >;
}
#[doc(hidden)]
pub type CollidesSel<Sw, Active> = <Sw as Collides<Active>>::Sel;

/// The bits of a composed layout's offset: [`Known`] for a static non-negative offset,
/// [`Unknown`] for a runtime one (every bit may be set).
#[doc(hidden)]
pub trait OffsetBits {
    type Bits;
}
/// A static offset's bits.
#[doc(hidden)]
pub struct Known<O>(PhantomData<O>);
/// A runtime offset.
#[doc(hidden)]
pub struct Unknown;
impl OffsetBits for i64 {
    type Bits = Unknown;
}
impl OffsetBits for UTerm {
    type Bits = Known<UTerm>;
}
impl<U: Unsigned, B: Bit> OffsetBits for UInt<U, B> {
    type Bits = Known<UInt<U, B>>;
}

/// One step of [`FragmentDecay`] on a partition `Self`, by whether its swizzle bits collide:
/// [`B1`] keeps the partition, [`B0`] composes it with the decayed swizzle `DecayedSwizzle`.
#[doc(hidden)]
pub trait DecayStep<Collide, Sw, Off, DynMask> {
    type Output;
    fn decay_step(self) -> Result<Self::Output>;
}
impl<P, Sw, Off, DynMask> DecayStep<B1, Sw, Off, DynMask> for P {
    type Output = P;
    #[inline]
    fn decay_step(self) -> Result<P> {
        Ok(self)
    }
}
impl<P, Sw, Off, DynMask> DecayStep<B0, Sw, Off, DynMask> for P
where
    Sw: SwizzleGeom,
    DecayCtx<Off, DynMask>:
        BitModes<Sw::HiKind, Sw::Hi, Sw::Lo, Sw::Bits, Cons<M<U2, Sw::Rest>, Nil>>,
    DecayCtx<Off, DynMask>: BitModes<
        Sw::LoKind,
        Sw::Lo,
        Sw::Hi,
        Sw::Bits,
        Cons<M<Sw::Gap, Sw::GapStride>, HiModes<Sw, Off, DynMask>>,
    >,
    DecayedSwizzle<Sw, Off, DynMask>: ToLayout,
    LayoutOf<DecayedSwizzle<Sw, Off, DynMask>>: Coalesce,
    CoalesceOf<LayoutOf<DecayedSwizzle<Sw, Off, DynMask>>>: Compose<P>,
{
    type Output = ComposeOf<CoalesceOf<LayoutOf<DecayedSwizzle<Sw, Off, DynMask>>>, P>;
    #[inline]
    fn decay_step(self) -> Result<Self::Output> {
        type Ctx<Off, DynMask> = DecayCtx<Off, DynMask>;
        let hi = <Ctx<Off, DynMask> as BitModes<Sw::HiKind, Sw::Hi, Sw::Lo, Sw::Bits, _>>::modes(
            Cons(M(U2::new(), Sw::Rest::default()), Nil),
        );
        let lo = <Ctx<Off, DynMask> as BitModes<Sw::LoKind, Sw::Lo, Sw::Hi, Sw::Bits, _>>::modes(
            Cons(M(Sw::Gap::default(), Sw::GapStride::default()), hi),
        );
        Cons(M(Sw::Lo::default(), U1::new()), lo)
            .try_to_layout()?
            .try_coalesce()?
            .try_compose(self)
    }
}
/// The modes of the upper field's bits and the rest.
#[doc(hidden)]
pub type HiModes<Sw, Off, DynMask> = <DecayCtx<Off, DynMask> as BitModes<
    <Sw as SwizzleGeom>::HiKind,
    <Sw as SwizzleGeom>::Hi,
    <Sw as SwizzleGeom>::Lo,
    <Sw as SwizzleGeom>::Bits,
    Cons<M<U2, <Sw as SwizzleGeom>::Rest>, Nil>,
>>::Output;
/// CuTe's decayed swizzle as flat modes: `(2^M, 2,…,2, 2^(|S|−B), 2,…,2, 2) : (1, lo…,
/// 2^(M+B), hi…, 2^(M+B+|S|))`, its last mode extending over larger offsets.
#[doc(hidden)]
pub type DecayedSwizzle<Sw, Off, DynMask> = Cons<
    M<<Sw as SwizzleGeom>::Lo, U1>,
    <DecayCtx<Off, DynMask> as BitModes<
        <Sw as SwizzleGeom>::LoKind,
        <Sw as SwizzleGeom>::Lo,
        <Sw as SwizzleGeom>::Hi,
        <Sw as SwizzleGeom>::Bits,
        Cons<
            M<<Sw as SwizzleGeom>::Gap, <Sw as SwizzleGeom>::GapStride>,
            HiModes<Sw, Off, DynMask>,
        >,
    >>::Output,
>;

/// The offset's bits and the bits the diced modes move (`DynMask`).
#[doc(hidden)]
pub struct DecayCtx<Off, DynMask>(PhantomData<(Off, DynMask)>);

/// The modes of `R` swizzle bits of field `Kind`, the first at `Own` with its partner at
/// `Partner` (each next bit doubles both), then `Tail`: shape 2, stride by [`BitStride`].
#[doc(hidden)]
pub trait BitModes<Kind, Own, Partner, R, Tail> {
    type Output;
    fn modes(tail: Tail) -> Self::Output;
}
impl<Ctx, Kind, Own, Partner, Tail> BitModes<Kind, Own, Partner, UTerm, Tail> for Ctx {
    type Output = Tail;
    #[inline]
    fn modes(tail: Tail) -> Tail {
        tail
    }
}
impl<Ctx, Kind, Own, Partner, Ur: Unsigned, Br: Bit, Tail>
    BitModes<Kind, Own, Partner, UInt<Ur, Br>, Tail> for Ctx
where
    Own: Add<Own>,
    Partner: Add<Partner>,
    UInt<Ur, Br>: Sub<B1>,
    Ctx: BitStride<Kind, Own, Partner>,
    Ctx: BitModes<Kind, Sum<Own, Own>, Sum<Partner, Partner>, Sub1<UInt<Ur, Br>>, Tail>,
{
    type Output =
        Cons<
            M<U2, <Ctx as BitStride<Kind, Own, Partner>>::Stride>,
            <Ctx as BitModes<
                Kind,
                Sum<Own, Own>,
                Sum<Partner, Partner>,
                Sub1<UInt<Ur, Br>>,
                Tail,
            >>::Output,
        >;
    #[inline]
    fn modes(tail: Tail) -> Self::Output {
        Cons(
            M(U2::new(), <Ctx as BitStride<Kind, Own, Partner>>::stride()),
            <Ctx as BitModes<
                Kind,
                Sum<Own, Own>,
                Sum<Partner, Partner>,
                Sub1<UInt<Ur, Br>>,
                Tail,
            >>::modes(tail),
        )
    }
}

/// The stride of the swizzle bit `Own` of field `Kind` (partner bit `Partner`) in the decayed
/// swizzle (CuTe's `make_swizzle_strides`): `i64` where the partner bit of the offset is a
/// runtime value.
#[doc(hidden)]
pub trait BitStride<Kind, Own, Partner> {
    type Stride;
    fn stride() -> Self::Stride;
}
/// The partner bit of the offset: [`Dyn`] where the diced modes move it (or the offset is a
/// runtime value), else whether it is clear: [`B1`] (clear) or [`B0`] (set).
#[doc(hidden)]
pub trait PartnerClear<DynMask, Partner> {
    type Sel;
}
impl<DynMask, Partner> PartnerClear<DynMask, Partner> for Unknown {
    type Sel = Dyn;
}
impl<O, DynMask, Partner> PartnerClear<DynMask, Partner> for Known<O>
where
    DynMask: BitAnd<Partner>,
    op::And<DynMask, Partner>: IsEqual<U0>,
    O: BitAnd<Partner>,
    op::And<O, Partner>: IsEqual<U0>,
    op::Eq<op::And<DynMask, Partner>, U0>: Choose<op::Eq<op::And<O, Partner>, U0>, Dyn>,
{
    type Sel = <op::Eq<op::And<DynMask, Partner>, U0> as Choose<
        op::Eq<op::And<O, Partner>, U0>,
        Dyn,
    >>::Output;
}
/// A `Z` bit: `+Own` (partner `Y` bit clear), `−Own` (set), runtime (unknown).
impl<Off, DynMask, Own, Partner> BitStride<ZBit, Own, Partner> for DecayCtx<Off, DynMask>
where
    Own: Unsigned + NonZero,
    Off: PartnerClear<DynMask, Partner>,
    <Off as PartnerClear<DynMask, Partner>>::Sel: PickStride<Own, NInt<Own>>,
{
    type Stride =
        <<Off as PartnerClear<DynMask, Partner>>::Sel as PickStride<Own, NInt<Own>>>::Output;
    #[inline]
    fn stride() -> Self::Stride {
        <<Off as PartnerClear<DynMask, Partner>>::Sel as PickStride<_, _>>::pick(Own::I64)
    }
}
/// A `Y` bit: `Own + Partner` (partner `Z` bit clear), `Own − Partner` (set), runtime
/// (unknown).
impl<Off, DynMask, Own, Partner> BitStride<YBit, Own, Partner> for DecayCtx<Off, DynMask>
where
    Own: Unsigned + Add<Partner> + SignedDiff<Partner>,
    Partner: Unsigned,
    Off: PartnerClear<DynMask, Partner>,
    <Off as PartnerClear<DynMask, Partner>>::Sel:
        PickStride<Sum<Own, Partner>, <Own as SignedDiff<Partner>>::Output>,
{
    type Stride = <<Off as PartnerClear<DynMask, Partner>>::Sel as PickStride<
        Sum<Own, Partner>,
        <Own as SignedDiff<Partner>>::Output,
    >>::Output;
    #[inline]
    fn stride() -> Self::Stride {
        <<Off as PartnerClear<DynMask, Partner>>::Sel as PickStride<_, _>>::pick(
            Own::I64 + Partner::I64,
        )
    }
}
/// `A − B` of two distinct unsigned integers as a layout leaf: `UInt` if positive, `NInt` if
/// negative.
#[doc(hidden)]
pub trait SignedDiff<Bv> {
    type Output;
}
impl<A, Bv> SignedDiff<Bv> for A
where
    A: typenum::Cmp<Bv> + typenum::IsGreater<Bv>,
    op::Gr<A, Bv>: DiffBy<A, Bv>,
{
    type Output = <op::Gr<A, Bv> as DiffBy<A, Bv>>::Output;
}
/// [`SignedDiff`] by whether `A > B`.
#[doc(hidden)]
pub trait DiffBy<A, Bv> {
    type Output;
}
impl<A: Sub<Bv>, Bv> DiffBy<A, Bv> for B1 {
    type Output = Diff<A, Bv>;
}
impl<A, Bv: Sub<A>> DiffBy<A, Bv> for B0
where
    Diff<Bv, A>: Unsigned + NonZero,
{
    type Output = NInt<Diff<Bv, A>>;
}
/// The stride by the partner bit: `Clear` for [`B1`], `Set` for [`B0`], `i64` for [`Dyn`]
/// (given the magnitude: only the stride's kind matters to the fragment).
#[doc(hidden)]
pub trait PickStride<Clear, Set> {
    type Output;
    fn pick(magnitude: i64) -> Self::Output;
}
impl<Clear: Default, Set> PickStride<Clear, Set> for B1 {
    type Output = Clear;
    #[inline]
    fn pick(_: i64) -> Clear {
        Clear::default()
    }
}
impl<Clear, Set: Default> PickStride<Clear, Set> for B0 {
    type Output = Set;
    #[inline]
    fn pick(_: i64) -> Set {
        Set::default()
    }
}
impl<Clear, Set> PickStride<Clear, Set> for Dyn {
    type Output = i64;
    #[inline]
    fn pick(magnitude: i64) -> i64 {
        magnitude
    }
}
