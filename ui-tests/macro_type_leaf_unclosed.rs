// A type leaf in `Layout!` whose generic arguments are not closed.
use cute_layout::Layout;

fn main() {
    let _: Option<Layout![(U<8, 4)]> = None;
}
