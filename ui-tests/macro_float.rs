// Malformed `layout!` input: a float where an integer is expected.
use cute_layout::layout;

fn main() {
    let _ = layout!((4,2.5):(1,4));
}
