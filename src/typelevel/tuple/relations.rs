//! Relations between integer tuples: congruence (paper Definition 2.3) with the offset it
//! defines, weak congruence (Definition 2.4) and compatibility.

use super::*;

/// Congruence, `P ~ S` (paper Definition 2.3): the same tree structure.
///
/// This is the bound that every [`Layout`](struct@crate::Layout) puts on its shape and stride.
/// Leaves pair with leaves, tuples with tuples of the same rank, element by element.
#[diagnostic::on_unimplemented(
    message = "shape `{Self}` and stride `{D}` are not congruent",
    label = "shape and stride must have the same nesting",
    note = "a layout's shape and stride must be congruent: the same tree of tuples and integers (paper Definition 2.3)"
)]
pub trait Congruent<D>: IntTuple {
    /// `crd2idx(i, S, D)` for an integral coordinate `i` (paper Eq. 6): split `i` over the
    /// shape colexicographically, the last element of each tuple unreduced, and take the inner
    /// product with the stride. Wrapping arithmetic: exact whenever the offset fits `i64`.
    #[doc(hidden)]
    fn offset_of_index(&self, stride: &D, i: i64) -> i64;
    /// [`offset_of_index`](Congruent::offset_of_index) for an index `0 ≤ i < 2³²`: each
    /// quotient is a 32-bit division (a 32-bit multiply-high by a constant, one `imul`, where
    /// the 64-bit one is a two-operation `mul` and a longer dependency chain); the remainders
    /// `i − q·s` and the inner product stay in `i64`, so the optimiser folds them together
    /// (`r − 3q + 21q = r + 18q`), and the offset is the same.
    #[doc(hidden)]
    fn offset_of_index_u32(&self, stride: &D, i: i64) -> i64;
    /// Walk shape and stride together: `f(shape leaf, stride leaf)`.
    #[doc(hidden)]
    fn zip_leaves<F: FnMut(i64, i64)>(&self, stride: &D, f: &mut F);
    /// `Σ (sᵢ − 1)·|dᵢ|` over the leaves when every leaf is static (saturating), else `None`:
    /// what the compile-time check of a static layout's offsets reads.
    #[doc(hidden)]
    const STATIC_SPAN: Option<u128>;
    /// Whether splitting an index divides by a static size that is not a power of two (a
    /// multiply-high rather than a shift): then [`offset_of_index`] takes the 32-bit path for
    /// indices below 2³² ([`offset_of_index_u32`]).
    ///
    /// [`offset_of_index`]: Congruent::offset_of_index
    /// [`offset_of_index_u32`]: Congruent::offset_of_index_u32
    #[doc(hidden)]
    const NPOW2_DIVISOR: bool;
}

/// `crd2idx(i, S, D)` for an integral coordinate `i ≥ 0` (paper Eq. 6), what
/// [`Layout::eval`](crate::Layout::eval) and integer coordinates compute: for a static shape
/// whose index split divides by a constant that is not a power of two, an index below 2³² (a
/// well-predicted branch) is split with 32-bit arithmetic, as C++ does for an `unsigned` index;
/// any other index (up to `i64::MAX`, the extended last mode included) with 64-bit arithmetic.
/// Both give the same offset.
#[doc(hidden)]
#[inline(always)]
pub fn offset_of_index<S: Congruent<D>, D>(shape: &S, stride: &D, i: i64) -> i64 {
    if S::IS_STATIC && S::NPOW2_DIVISOR && (i as u64) <= u32::MAX as u64 {
        shape.offset_of_index_u32(stride, i)
    } else {
        shape.offset_of_index(stride, i)
    }
}

/// Whether a static size is a power of two (`false` for a dynamic one).
const fn static_pow2(s: Option<i64>) -> bool {
    match s {
        Some(s) => s > 0 && (s as u64).is_power_of_two(),
        None => true,
    }
}

/// `(s − 1)·|d|` of one static mode, saturating.
const fn leaf_span(s: Option<i64>, d: Option<i64>) -> Option<u128> {
    match (s, d) {
        (Some(s), Some(d)) => Some(
            ((s as i128) - 1)
                .unsigned_abs()
                .saturating_mul(d.unsigned_abs() as u128),
        ),
        _ => None,
    }
}

/// The sum of two static spans, saturating; `None` when either is dynamic.
const fn add_span(a: Option<u128>, b: Option<u128>) -> Option<u128> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.saturating_add(b)),
        _ => None,
    }
}

macro_rules! congruent_leaf {
    ([$($g:tt)*] $S:ty) => {
        #[diagnostic::do_not_recommend]
        impl<D: Int, $($g)*> Congruent<D> for $S {
            #[inline(always)]
            fn offset_of_index(&self, stride: &D, i: i64) -> i64 {
                i.wrapping_mul(stride.value())
            }
            #[inline(always)]
            fn offset_of_index_u32(&self, stride: &D, i: i64) -> i64 {
                i.wrapping_mul(stride.value())
            }
            #[inline(always)]
            fn zip_leaves<F: FnMut(i64, i64)>(&self, stride: &D, f: &mut F) {
                f(Int::value(*self), stride.value())
            }
            const STATIC_SPAN: Option<u128> = leaf_span(<$S as Int>::STATIC, D::STATIC);
            const NPOW2_DIVISOR: bool = false;
        }
    };
}
for_each_leaf!(congruent_leaf);

/// The list form of [`Congruent`].
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "shape and stride are not congruent: different ranks or nesting",
    note = "a layout's shape and stride must be congruent: the same tree of tuples and integers (paper Definition 2.3)"
)]
pub trait ConsCongruent<D>: ConsTuple {
    fn offset_of_index(&self, stride: &D, i: i64) -> i64;
    fn offset_of_index_u32(&self, stride: &D, i: i64) -> i64;
    fn zip_leaves<F: FnMut(i64, i64)>(&self, stride: &D, f: &mut F);
    const STATIC_SPAN: Option<u128>;
    const NPOW2_DIVISOR: bool;
}
impl ConsCongruent<Nil> for Nil {
    const STATIC_SPAN: Option<u128> = Some(0);
    const NPOW2_DIVISOR: bool = false;
    #[inline(always)]
    fn offset_of_index(&self, _: &Nil, _: i64) -> i64 {
        0
    }
    #[inline(always)]
    fn offset_of_index_u32(&self, _: &Nil, _: i64) -> i64 {
        0
    }
    #[inline(always)]
    fn zip_leaves<F: FnMut(i64, i64)>(&self, _: &Nil, _: &mut F) {}
}
impl<SH, ST, DH, DT> ConsCongruent<Cons<DH, DT>> for Cons<SH, ST>
where
    SH: Congruent<DH>,
    ST: ConsCongruent<DT>,
    Cons<SH, ST>: ConsTuple,
{
    #[inline(always)]
    fn offset_of_index(&self, stride: &Cons<DH, DT>, i: i64) -> i64 {
        if ST::LEN == 0 {
            self.0.offset_of_index(&stride.0, i)
        } else {
            // Coordinates are non-negative and sizes positive: split the index with unsigned
            // division, which compiles to plain shifts and masks (multiply-high for other
            // constants) without the sign corrections of signed `%` and `/`; one division,
            // the remainder `i − q·s` from the quotient.
            let (u, s) = (i as u64, self.0.size_value() as u64);
            let q = u / s;
            let r = u.wrapping_sub(q.wrapping_mul(s));
            // The remainder is below the head's size: a static head below 2³² splits it with
            // 32-bit arithmetic.
            let head = if SH::IS_STATIC && s <= u32::MAX as u64 {
                self.0.offset_of_index_u32(&stride.0, r as i64)
            } else {
                self.0.offset_of_index(&stride.0, r as i64)
            };
            head.wrapping_add(self.1.offset_of_index(&stride.1, q as i64))
        }
    }
    #[inline(always)]
    fn offset_of_index_u32(&self, stride: &Cons<DH, DT>, i: i64) -> i64 {
        if ST::LEN == 0 {
            self.0.offset_of_index_u32(&stride.0, i)
        } else {
            let s = self.0.size_value();
            let (r, q) = if s > u32::MAX as i64 {
                // The index is below the head's size: all of it is the head's coordinate.
                (i, 0)
            } else {
                let q = ((i as u32) / (s as u32)) as i64;
                (i.wrapping_sub(q.wrapping_mul(s)), q)
            };
            self.0
                .offset_of_index_u32(&stride.0, r)
                .wrapping_add(self.1.offset_of_index_u32(&stride.1, q))
        }
    }
    #[inline(always)]
    fn zip_leaves<F: FnMut(i64, i64)>(&self, stride: &Cons<DH, DT>, f: &mut F) {
        self.0.zip_leaves(&stride.0, f);
        self.1.zip_leaves(&stride.1, f);
    }
    const STATIC_SPAN: Option<u128> = add_span(SH::STATIC_SPAN, ST::STATIC_SPAN);
    const NPOW2_DIVISOR: bool = (ST::LEN != 0 && !static_pow2(<SH::Size as Int>::STATIC))
        || SH::NPOW2_DIVISOR
        || ST::NPOW2_DIVISOR;
}
#[diagnostic::do_not_recommend] // report the tuple, not the list machinery
impl<S: ToCons + IntTuple, D: ToCons> Congruent<D> for S
where
    S::Cons: ConsCongruent<D::Cons>,
{
    #[inline(always)]
    fn offset_of_index(&self, stride: &D, i: i64) -> i64 {
        self.to_cons().offset_of_index(&stride.to_cons(), i)
    }
    #[inline(always)]
    fn offset_of_index_u32(&self, stride: &D, i: i64) -> i64 {
        self.to_cons().offset_of_index_u32(&stride.to_cons(), i)
    }
    #[inline(always)]
    fn zip_leaves<F: FnMut(i64, i64)>(&self, stride: &D, f: &mut F) {
        self.to_cons().zip_leaves(&stride.to_cons(), f)
    }
    const STATIC_SPAN: Option<u128> = <S::Cons as ConsCongruent<D::Cons>>::STATIC_SPAN;
    const NPOW2_DIVISOR: bool = <S::Cons as ConsCongruent<D::Cons>>::NPOW2_DIVISOR;
}

/// Weak congruence, `P ≲ S` (paper Definition 2.4): `P` is congruent with a coarsening of `S`
/// — wherever `P` has an integer, `S` may have any sub-tree.
#[doc(hidden)]
pub trait WeaklyCongruent<S> {}
impl<S: IntTuple> WeaklyCongruent<S> for i64 {}
impl<S: IntTuple> WeaklyCongruent<S> for typenum::UTerm {}
impl<S: IntTuple, U: typenum::Unsigned, B: typenum::Bit> WeaklyCongruent<S>
    for typenum::UInt<U, B>
{
}
impl<P: ToCons, S: ToCons> WeaklyCongruent<S> for P where P::Cons: ConsWeaklyCongruent<S::Cons> {}
#[doc(hidden)]
pub trait ConsWeaklyCongruent<S> {}
impl ConsWeaklyCongruent<Nil> for Nil {}
impl<PH: WeaklyCongruent<SH>, PT: ConsWeaklyCongruent<ST>, SH, ST> ConsWeaklyCongruent<Cons<SH, ST>>
    for Cons<PH, PT>
{
}

/// Whether `p ≲ s` (weak congruence, Definition 2.4), on values.
pub fn weakly_congruent<P: IntTuple + WeaklyCongruent<S>, S: IntTuple>(_: &P, _: &S) -> bool {
    true
}

/// Whether `p ≼ s` (compatibility, paper Definition 2.7): sizes agree and, wherever `p` is a
/// tuple, `s` is a tuple of the same rank with compatible elements. Runtime sizes are compared
/// at run time.
#[cfg(feature = "alloc")]
pub fn compatible<P: IntTuple, S: IntTuple>(p: &P, s: &S) -> bool {
    p.to_dyn().compatible(&s.to_dyn())
}

/// Whether `p ~ s` (congruence, Definition 2.3), on values (decided by the types).
pub fn congruent<P: IntTuple + Congruent<S>, S: IntTuple>(_: &P, _: &S) -> bool {
    true
}
