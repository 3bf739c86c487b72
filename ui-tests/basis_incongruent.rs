// A basis layout's shape and stride must be congruent, as for integer strides.
use cute_layout::{typenum::{U4, U8}, Layout, E0, E1};

fn main() {
    let _: Layout<(U4, U8), ((E0, E1), E1)> = Layout::new_basis();
}
