// tile_to_shape of a rank-3 block into a rank-2 target: rank(block) > rank(target).
use cute_layout::layout;
use cute_layout::typenum::U4;

fn main() {
    let _ = layout!((2,2,2):(1,2,4)).tile_to_shape((U4::new(), U4::new()));
}
