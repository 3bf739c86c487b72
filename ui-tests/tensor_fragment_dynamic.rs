// A register fragment needs a static cosize: a runtime shape has none.
use cute_layout::{layout, tensor::make_tensor};

fn main() {
    let n = 4;
    let l = layout!(({n},8):(1,4)).unwrap();
    let _ = make_tensor::<f32, _>(l);
}
