// The divides by a basis-strided tiler: the rest completes each mode of A that B steps along,
// and 2:1@2 names a mode a rank-2 A lacks. The errors name the rank condition and the mode.
use cute_layout::layout;

fn main() {
    let _ = layout!((8,8):(9,1)).zipped_divide(layout!(2:1@2));
}
