// Malformed `layout!` input: the stride does not have the nesting of the shape.
use cute_layout::layout;

fn main() {
    let _ = layout!((4,(2,2)):(1,8));
}
