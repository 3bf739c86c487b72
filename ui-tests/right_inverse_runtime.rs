// The inverses search modes by stride at compile time: a runtime stride must be named.
use cute_layout::ops::RightInverseOf;
use cute_layout::Layout;

fn main() {
    let _ = RightInverseOf::<Layout![(4,8):(1,{})]>::default();
}
