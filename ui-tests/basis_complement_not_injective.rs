// (4,2):(1@1,2@1) is not injective (both modes along e1 reach 2@1): no complement, the
// fold's condition named as for integer strides.
use cute_layout::layout;
use cute_layout::typenum::{U4, U8};

fn main() {
    let _ = layout!((4,4,2):(1@0,1@1,2@1)).complement((U4::default(), U8::default()));
}
