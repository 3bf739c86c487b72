// make_tiled_copy_impl's tiler is a tuple of static integers and static layouts (CuTe's
// make_tile); `_` is not a tile of a copy.
use cute_layout::atom::{make_tiled_copy_impl, CopyAtom, UniversalCopy};
use cute_layout::layout;
use cute_layout::ops::Underscore;
use cute_layout::typenum::{U16, U32};

fn main() {
    let _ = make_tiled_copy_impl(
        CopyAtom::<UniversalCopy<U32>, u16>::new(),
        layout!((32,2):(2,1)),
        (Underscore, U16::new()),
    );
}
