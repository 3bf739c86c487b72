// Malformed `layout!` input: tokens after the layout.
use cute_layout::layout;

fn main() {
    let _ = layout!((4,2):(1,4) 8);
}
