// A user-defined atom copying SM80_16x8x8_F32F16F16F32_TN with one wrong stride in CLayout
// ((16,8) → (16,4)): two (thread, value) pairs land on the same accumulator element, so CLayout
// is no bijection onto the (M,N) tile and the impl does not compile.
use cute_layout::atom::{half_t, MmaTraits};
use cute_layout::atom::GenericArray;
use cute_layout::typenum::{U1, U16, U2, U4, U8};
use cute_layout::Layout;

struct MyAtom;
impl MmaTraits for MyAtom {
    type ValTypeD = f32;
    type ValTypeA = half_t;
    type ValTypeB = half_t;
    type ValTypeC = f32;
    type Shape_MNK = (U16, U8, U8);
    type ThrID = Layout![32];
    type ALayout = Layout![((4,8),(2,2)):((32,1),(16,8))];
    type BLayout = Layout![((4,8),2):((16,1),8)];
    type CLayout = Layout![((4,8),(2,2)):((32,1),(16,4))];
    type ARegisters = GenericArray<u32, U2>;
    type BRegisters = GenericArray<u32, U1>;
    type CRegisters = GenericArray<f32, U4>;
    type DRegisters = GenericArray<f32, U4>;
}

fn main() {}
