// (8,2):(2,5) is injective (offsets 0,2,..,14 and 5,7,..,19), but in stride order the mode 2:5
// starts inside the span [0,16) of 8:2: the modes interleave and no layout completes the image.
// The refusal must name that, not "not injective".
use cute_layout::layout;
use cute_layout::typenum::U32;

fn main() {
    let _ = layout!((8,2):(2,5)).complement(U32::default());
}
