// layout_add sums two layouts on their common domain [0, size): the sizes must agree.
use cute_layout::ops::LayoutAddOf;
use cute_layout::Layout;

fn main() {
    let _ = LayoutAddOf::<Layout![6:1], Layout![8:1]>::default();
}
