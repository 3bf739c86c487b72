// Malformed `layout!` input: `:` and no stride.
use cute_layout::layout;

fn main() {
    let _ = layout!((4,2):);
}
