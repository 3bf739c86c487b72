// Malformed `layout!` input: no input.
use cute_layout::layout;

fn main() {
    let _ = layout!();
}
