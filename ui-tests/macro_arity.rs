// A tuple level of more than 12 elements: the macros name the limit.
use cute_layout::layout;

fn main() {
    let _ = layout!((1,1,1,1,1,1,1,1,1,1,1,1,1):(1,1,1,1,1,1,1,1,1,1,1,1,1));
}
