// downcast<2> of (4,8):(2,8): no stride is 1 (CuTe: "Downcast requires adjacent elements").
use cute_layout::layout;
use cute_layout::typenum::U2;

fn main() {
    let _ = layout!((4,8):(2,8)).downcast::<U2>();
}
