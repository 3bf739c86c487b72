// A slice coordinate of rank 3 for a rank-2 tensor: not weakly congruent with the shape.
use cute_layout::{layout, ops::Underscore as X, Tensor};

fn main() {
    let data = [0f32; 32];
    let t = Tensor::try_new(&data[..], layout!((4,8):(1,4))).unwrap();
    let _ = t.slice((X, 1, 2));
}
