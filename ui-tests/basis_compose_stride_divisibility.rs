// Composition of a basis layout checks the same conditions as for integer strides, on A's
// shapes and B's strides: 3 neither divides nor is divided by A's first extent 4 (paper Eq. 20).
use cute_layout::layout;

fn main() {
    let a = layout!((4,6):(1@0,1@1));
    let _ = a.compose(layout!(3:3));
}
