// ldmatrix is a warp instruction (32 threads); a thread layout of 16 threads cannot issue it.
use cute_layout::atom::{half_t, make_tiled_copy, CopyAtom, SM75_U32x4_LDSM_N};
use cute_layout::layout;

fn main() {
    let _ = make_tiled_copy(
        CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new(),
        layout!((4,4):(4,1)),
        layout!((1,8):(1,1)),
    );
}
