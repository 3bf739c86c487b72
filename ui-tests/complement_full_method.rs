// The method form of complement_full on a layout with no complement must name the violated
// condition in its first line (not E0599 "trait bounds were not satisfied").
use cute_layout::layout;

fn main() {
    let _ = layout!((2,2):(1,1)).complement_full();
}
