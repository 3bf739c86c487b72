// Malformed `layout!` input: a size beyond i64.
use cute_layout::layout;

fn main() {
    let _ = layout!((4294967296,4294967296));
}
