// Malformed `layout!` input: a negative shape entry.
use cute_layout::layout;

fn main() {
    let _ = layout!((4,-2):(1,4));
}
