// A static layout whose cosize exceeds i64: offsets 0 … 2^63 − 1 need 2^63 slots. The
// macro refuses such a literal, so the layout is built from its types.
use cute_layout::{typenum::U2, Layout};

type Max = cute_layout::Layout![1:9223372036854775807];

fn main() {
    let l: Layout<U2, <Max as Parts>::Stride> = Layout::new();
    println!("{}", l.cosize());
}

trait Parts {
    type Stride;
}
impl<S, D> Parts for Layout<S, D> {
    type Stride = D;
}
