// Six gmem modes whose strides do not continue: past the fifth they are grouped into one box dimension of 2 x 256 = 512 > 256.
use cute_layout::atom::half_t;
use cute_layout::atom::tma::{StaticTmaCopy, TmaDescriptorParams, SM90_TMA_LOAD};
use cute_layout::typenum::{U1, U2, U8, U256};
use cute_layout::Layout;

type Tma = StaticTmaCopy<SM90_TMA_LOAD, half_t, Layout![(8,2,2,2,2,256):(1,16,64,256,1024,4096)], Layout![(8,2,2,2,2,256):(1,8,16,32,64,128)], (U8, U2, U2, U2, U2, U256), U1>;
const PARAMS: TmaDescriptorParams = Tma::PARAMS;

fn main() {
    let _ = PARAMS;
}
