// local_tile: the coordinate indexes the rest mode (2,2) of zipped_divide; rank 3 is too many.
use cute_layout::{layout, typenum::U2, Tensor};

fn main() {
    let data = [0f32; 16];
    let t = Tensor::try_new(&data[..], layout!((4,4):(1,4))).unwrap();
    let _ = t.local_tile((U2::new(), U2::new()), (1, 0, 1));
}
