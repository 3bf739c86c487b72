// Malformed `layout!` input: a trailing comma.
use cute_layout::layout;

fn main() {
    let _ = layout!((4,2,):(1,4,));
}
