//! Verdicts: how a fold reports a violated condition by the public trait that started it.
//!
//! A condition checked as a trait bound deep inside a recursive fold fails there, and rustc's
//! error lists every frame between it and the public trait ("required for `Cons<M<…>>` to
//! implement `ComposeStepSel<…>`"). Instead, a fold whose step finds the condition violated
//! goes on with a placeholder result and records the violation in an associated type
//! `Verdict`: [`Holds`] or a type naming the failing values. The public trait's impl then bounds
//! the verdict by the named condition (`Verdict::First: UpcastStrideDivides`), which [`Holds`]
//! satisfies: the error is the condition's, and its only "required for" note is the public
//! trait's.
//! A placeholder result never reaches a caller: the bound fails wherever the verdict is not
//! [`Holds`], and each placeholder's value is the rule's runtime error.
//!
//! A verdict is a second chain of projections beside the fold's result, normalized at every use:
//! it costs compile time where the fold is hot. Composition and complement (in every divide,
//! product and TiledMMA) keep their conditions as bounds of their steps (benches/HISTORY.md
//! §18 has the measurements).

use core::marker::PhantomData;

use typenum::{B0, B1};

use crate::int::select::Dyn;

/// Every condition holds: a verdict that satisfies every named condition (each condition's
/// trait has an impl for it).
pub struct Holds;

/// The first of a fold's two conditions fails for `P`.
pub struct FirstFails<P>(PhantomData<P>);
/// The second of a fold's two conditions fails for `P`.
pub struct SecondFails<P>(PhantomData<P>);
/// The verdict of a fold with two conditions, as what each condition must hold for: the failing
/// values, or [`Holds`]. The public trait bounds `First` by the first condition and `Second` by
/// the second.
pub trait Verdict2 {
    type First;
    type Second;
}
impl Verdict2 for Holds {
    type First = Holds;
    type Second = Holds;
}
impl<P> Verdict2 for FirstFails<P> {
    type First = P;
    type Second = Holds;
}
impl<P> Verdict2 for SecondFails<P> {
    type First = Holds;
    type Second = P;
}
/// One step's verdict for a fold with two conditions, from their selectors: `Self` says whether
/// the first holds, `SecondHolds` whether the second does ([`B1`] holds, [`B0`] fails, [`Dyn`]
/// is checked at run time and so holds here); `P` and `Q` are the values each names when it
/// fails. The first condition is decided first.
pub trait Decide2<P, SecondHolds, Q> {
    type Output;
}
impl<P, X, Q> Decide2<P, X, Q> for B0 {
    type Output = FirstFails<P>;
}
impl<P, Q> Decide2<P, B0, Q> for B1 {
    type Output = SecondFails<Q>;
}
impl<P, Q> Decide2<P, B0, Q> for Dyn {
    type Output = SecondFails<Q>;
}
macro_rules! decide2_holds {
    ($($A:ident $B:ident),*) => {$(
        impl<P, Q> Decide2<P, $B, Q> for $A {
            type Output = Holds;
        }
    )*};
}
decide2_holds!(B1 B1, B1 Dyn, Dyn B1, Dyn Dyn);

impl<P, W> Then<W> for FirstFails<P> {
    type Output = Self;
}
impl<P, W> Then<W> for SecondFails<P> {
    type Output = Self;
}

/// The first failure of `Self` then `W`.
pub trait Then<W> {
    type Output;
}
impl<W> Then<W> for Holds {
    type Output = W;
}
/// The first failure in a tuple of verdicts.
pub trait FirstFailure {
    type Output;
}
impl FirstFailure for () {
    type Output = Holds;
}
macro_rules! first_failure {
    ($W0:ident $($W:ident)*) => {
        impl<$W0: Then<<($($W,)*) as FirstFailure>::Output>, $($W,)*> FirstFailure for ($W0, $($W,)*)
        where
            ($($W,)*): FirstFailure,
        {
            type Output = <$W0 as Then<<($($W,)*) as FirstFailure>::Output>>::Output;
        }
    };
}
first_failure!(W0);
first_failure!(W0 W1);
first_failure!(W0 W1 W2);
first_failure!(W0 W1 W2 W3);
first_failure!(W0 W1 W2 W3 W4);
first_failure!(W0 W1 W2 W3 W4 W5);
first_failure!(W0 W1 W2 W3 W4 W5 W6);
first_failure!(W0 W1 W2 W3 W4 W5 W6 W7);
first_failure!(W0 W1 W2 W3 W4 W5 W6 W7 W8);
first_failure!(W0 W1 W2 W3 W4 W5 W6 W7 W8 W9);
first_failure!(W0 W1 W2 W3 W4 W5 W6 W7 W8 W9 W10);
first_failure!(W0 W1 W2 W3 W4 W5 W6 W7 W8 W9 W10 W11);
