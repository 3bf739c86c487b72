//! CuTe's `UniversalFMA` (`cute/arch/mma.hpp`, `cute/atom/mma_traits.hpp`): one thread's scalar
//! `d = a·b + c`, the MMA atom of a plain (non-tensor-core) GEMM.

use core::marker::PhantomData;

use generic_array::GenericArray;
use typenum::{U0, U1};

use super::MmaTraits;
use crate::Layout;

/// A 1x1x1 layout of one thread's one value: `(1,1):(0,0)` (CuTe's `Layout<Shape<_1,_1>>`,
/// whose size-1 modes have stride 0).
type One = Layout<(U1, U1), (U0, U0)>;

/// `d = a·b + c` on one thread (CuTe's `UniversalFMA<D, A = D, B = A, C = D>`): `Shape_MNK =
/// (1,1,1)`, one thread (`ThrID = 1`), and A, B, C each one value of that thread.
///
/// ```
/// use cute_layout::atom::{MmaTraits, UniversalFMA};
/// use cute_layout::Layout;
/// type Atom = UniversalFMA<f32>;
/// assert_eq!(<Atom as MmaTraits>::CLayout::new().to_string(), "(1,1):(0,0)");
/// let _: <Atom as MmaTraits>::DRegisters = [1.0f32].into();
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UniversalFMA<D, A = D, B = A, C = D>(PhantomData<(D, A, B, C)>);

impl<D, A, B, C> MmaTraits for UniversalFMA<D, A, B, C> {
    type ValTypeD = D;
    type ValTypeA = A;
    type ValTypeB = B;
    type ValTypeC = C;
    type Shape_MNK = (U1, U1, U1);
    type ThrID = Layout![1];
    type ALayout = One;
    type BLayout = One;
    type CLayout = One;
    type ARegisters = GenericArray<A, U1>;
    type BRegisters = GenericArray<B, U1>;
    type CRegisters = GenericArray<C, U1>;
    type DRegisters = GenericArray<D, U1>;
}
