// A user-defined copy atom whose source is 32 bits and whose destination is 16 bits: the sizes
// in bits differ and the impl does not compile.
use cute_layout::atom::CopyTraits;
use cute_layout::atom::GenericArray;
use cute_layout::typenum::U1;
use cute_layout::Layout;

struct Narrowing;
impl CopyTraits for Narrowing {
    type ThrID = Layout![1];
    type SrcLayout = Layout![(1,32):(0,1)];
    type DstLayout = Layout![(1,16):(0,1)];
    type RefLayout = Layout![(1,32):(0,1)];
    type SRegisters = GenericArray<u32, U1>;
    type DRegisters = GenericArray<u16, U1>;
}

fn main() {}
