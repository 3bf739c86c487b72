// Basis elements are stride leaves; a shape entry is a positive integer.
use cute_layout::layout;

fn main() {
    let _ = layout!((4@0,8):(1,4));
}
