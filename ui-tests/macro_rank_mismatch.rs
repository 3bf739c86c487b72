// Malformed `layout!` input: the stride has more modes than the shape.
use cute_layout::layout;

fn main() {
    let _ = layout!((4,2):(1,4,8));
}
