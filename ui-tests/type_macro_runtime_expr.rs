// In the type macro a runtime leaf is `{}`: an expression there would be silently ignored.
use cute_layout::Layout;

fn main() {
    let n = 8i64;
    let _ = n;
    let _: Option<Layout![(4,8):(1,{n})]> = None;
}
