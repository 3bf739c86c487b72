// (2,2):(1,1) revisits offset 1: its modes overlap, so no mixed-radix reading of offsets
// exists and the type-level left inverse must say so.
use cute_layout::ops::LeftInverseOf;
use cute_layout::Layout;

fn main() {
    let _ = LeftInverseOf::<Layout![(2,2):(1,1)]>::default();
}
