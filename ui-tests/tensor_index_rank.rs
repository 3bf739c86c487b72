// A rank-3 coordinate for a rank-2 tensor.
use cute_layout::{layout, Tensor};

fn main() {
    let data = [0f32; 32];
    let t = Tensor::try_new(&data[..], layout!((4,8):(1,4))).unwrap();
    let _ = t[(1, 2, 3)];
}
