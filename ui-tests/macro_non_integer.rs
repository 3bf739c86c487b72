// Malformed `layout!` input: an identifier where an integer is expected.
use cute_layout::layout;

fn main() {
    let _ = layout!((4,x):(1,4));
}
