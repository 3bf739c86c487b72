// (5,3):(3,1) and (3,5):(5,1) share no factor in order: i ↦ A(i) + B(i) is no layout.
use cute_layout::ops::LayoutAddOf;
use cute_layout::Layout;

fn main() {
    let _ = LayoutAddOf::<Layout![(5,3):(3,1)], Layout![(3,5):(5,1)]>::default();
}
