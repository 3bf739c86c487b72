// A basis element needs a literal mode index after each `@`.
use cute_layout::layout;

fn main() {
    let _ = layout!((4,8):(1@,1@1));
}
