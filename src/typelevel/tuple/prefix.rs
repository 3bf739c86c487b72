//! Prefix products: the compact strides of a shape (column-major `prefix_product`, row-major
//! `SuffixProduct`).

use super::*;

/// Exclusive prefix product from `Acc`: the compact column-major strides of a shape
/// (`prefix_product((4,(2,3))) = (1,(4,8))`), computed by typenum for static shapes.
#[doc(hidden)]
pub trait PrefixProduct<Acc: Int>: IntTuple {
    /// The strides, congruent with the shape.
    type Output: IntTuple;
    /// `Acc · size(Self)`: the product after this sub-tree.
    type Next: Int;
    /// The values: strides and next accumulator.
    fn prefix_product_from(&self, acc: Acc) -> Result<(Self::Output, Self::Next)>;
}

/// The compact column-major stride type of shape `S` (CuTe `LayoutLeft`).
pub type ColumnMajor<S> = <S as PrefixProduct<U1>>::Output;

macro_rules! prefix_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<Acc: Int + IntTuple + IntMul<$S>, $($g)*> PrefixProduct<Acc> for $S {
            type Output = Acc;
            type Next = <Acc as IntMul<$S>>::Output;
            #[inline(always)]
            fn prefix_product_from(&self, acc: Acc) -> Result<(Acc, Self::Next)> {
                Ok((acc, acc.mul(*self)?))
            }
        }
        impl<Acc: Int + IntTuple + IntMul<$S>, $($g)*> SuffixProduct<Acc> for $S {
            type Output = Acc;
            type Next = <Acc as IntMul<$S>>::Output;
            #[inline(always)]
            fn suffix_product_from(&self, acc: Acc) -> Result<(Acc, Self::Next)> {
                Ok((acc, acc.mul(*self)?))
            }
        }
    };
}
for_each_leaf!(prefix_leaf);
#[doc(hidden)]
pub trait ConsPrefixProduct<Acc: Int> {
    type Output: Plain;
    type Next: Int;
    fn prefix_product_from(&self, acc: Acc) -> Result<(Self::Output, Self::Next)>;
}
impl<Acc: Int> ConsPrefixProduct<Acc> for Nil {
    type Output = Nil;
    type Next = Acc;
    #[inline(always)]
    fn prefix_product_from(&self, acc: Acc) -> Result<(Nil, Acc)> {
        Ok((Nil, acc))
    }
}
impl<Acc: Int, H: PrefixProduct<Acc>, T: ConsPrefixProduct<H::Next>> ConsPrefixProduct<Acc>
    for Cons<H, T>
{
    type Output = Cons<H::Output, T::Output>;
    type Next = T::Next;
    #[inline(always)]
    fn prefix_product_from(&self, acc: Acc) -> Result<(Self::Output, Self::Next)> {
        let (h, next) = self.0.prefix_product_from(acc)?;
        let (t, last) = self.1.prefix_product_from(next)?;
        Ok((Cons(h, t), last))
    }
}
impl<S: ToCons + IntTuple, Acc: Int> PrefixProduct<Acc> for S
where
    S::Cons: ConsPrefixProduct<Acc>,
    <S::Cons as ConsPrefixProduct<Acc>>::Output: FromCons,
    TupleOf<<S::Cons as ConsPrefixProduct<Acc>>::Output>: IntTuple,
{
    type Output = TupleOf<<S::Cons as ConsPrefixProduct<Acc>>::Output>;
    type Next = <S::Cons as ConsPrefixProduct<Acc>>::Next;
    #[inline(always)]
    fn prefix_product_from(&self, acc: Acc) -> Result<(Self::Output, Self::Next)> {
        let (o, n) = self.to_cons().prefix_product_from(acc)?;
        Ok((o.from_cons(), n))
    }
}

/// Compact row-major strides (CuTe `LayoutRight`): the last leaf is fastest.
/// `(4,(2,3))` gives `(6,(3,1))`.
#[doc(hidden)]
pub trait SuffixProduct<Acc: Int>: IntTuple {
    /// The strides, congruent with the shape.
    type Output: IntTuple;
    /// `Acc · size(Self)`.
    type Next: Int;
    /// The values.
    fn suffix_product_from(&self, acc: Acc) -> Result<(Self::Output, Self::Next)>;
}
/// The compact row-major stride type of shape `S` (CuTe `LayoutRight`).
pub type RowMajor<S> = <S as SuffixProduct<U1>>::Output;

#[doc(hidden)]
pub trait ConsSuffixProduct<Acc: Int> {
    type Output: Plain;
    type Next: Int;
    fn suffix_product_from(&self, acc: Acc) -> Result<(Self::Output, Self::Next)>;
}
impl<Acc: Int> ConsSuffixProduct<Acc> for Nil {
    type Output = Nil;
    type Next = Acc;
    #[inline(always)]
    fn suffix_product_from(&self, acc: Acc) -> Result<(Nil, Acc)> {
        Ok((Nil, acc))
    }
}
/// Right to left: the tail is strided first, the head gets the product of the tail's size.
impl<Acc: Int, H: SuffixProduct<T::Next>, T: ConsSuffixProduct<Acc>> ConsSuffixProduct<Acc>
    for Cons<H, T>
{
    type Output = Cons<H::Output, T::Output>;
    type Next = H::Next;
    #[inline(always)]
    fn suffix_product_from(&self, acc: Acc) -> Result<(Self::Output, Self::Next)> {
        let (t, next) = self.1.suffix_product_from(acc)?;
        let (h, last) = self.0.suffix_product_from(next)?;
        Ok((Cons(h, t), last))
    }
}
impl<S: ToCons + IntTuple, Acc: Int> SuffixProduct<Acc> for S
where
    S::Cons: ConsSuffixProduct<Acc>,
    <S::Cons as ConsSuffixProduct<Acc>>::Output: FromCons,
    TupleOf<<S::Cons as ConsSuffixProduct<Acc>>::Output>: IntTuple,
{
    type Output = TupleOf<<S::Cons as ConsSuffixProduct<Acc>>::Output>;
    type Next = <S::Cons as ConsSuffixProduct<Acc>>::Next;
    #[inline(always)]
    fn suffix_product_from(&self, acc: Acc) -> Result<(Self::Output, Self::Next)> {
        let (o, n) = self.to_cons().suffix_product_from(acc)?;
        Ok((o.from_cons(), n))
    }
}

/// `prefix_product(s)`: compact column-major strides of shape `s`.
pub fn prefix_product<S: PrefixProduct<U1>>(s: &S) -> Result<ColumnMajor<S>> {
    Ok(s.prefix_product_from(U1::default())?.0)
}
/// Compact row-major strides of shape `s`.
pub fn suffix_product<S: SuffixProduct<U1>>(s: &S) -> Result<RowMajor<S>> {
    Ok(s.suffix_product_from(U1::default())?.0)
}
