// Malformed `layout!` input: no `:` between shape and stride.
use cute_layout::layout;

fn main() {
    let _ = layout!((4,2) (1,4));
}
