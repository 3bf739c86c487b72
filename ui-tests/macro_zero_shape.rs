// Malformed `layout!` input: a zero shape entry.
use cute_layout::layout;

fn main() {
    let _ = layout!((4,0):(1,4));
}
