// The cotarget has the codomain's structure: (e0, e1, e2) needs three entries.
use cute_layout::layout;
use cute_layout::typenum::{U8, U16};

fn main() {
    let _ = layout!((4,8,2):(1@0,1@1,1@2)).complement((U8::default(), U16::default()));
}
