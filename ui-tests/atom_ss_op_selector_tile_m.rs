// CuTe's ss_op_selector needs Tile_M to be a multiple of 64 (a wgmma covers 64 rows).
use cute_layout::atom::{gmma, half_t, ss_op_selector};
use cute_layout::typenum::{U32, U64};

fn main() {
    let _ = ss_op_selector::<half_t, half_t, f32, (U32, U64, U64), gmma::Major::K, gmma::Major::K>();
}
