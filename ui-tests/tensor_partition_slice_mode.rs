// A tuple slice coordinate where the shape has an integer mode.
use cute_layout::{layout, ops::Underscore as X, Tensor};

fn main() {
    let data = [0f32; 32];
    let t = Tensor::try_new(&data[..], layout!((4,8):(1,4))).unwrap();
    let _ = t.slice(((X, 1), X));
}
