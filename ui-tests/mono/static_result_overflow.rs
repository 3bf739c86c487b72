// A static result beyond i64 is a compile error naming the overflow (never a wrapped value):
// the divide's complement has size 2^63 here (with the recursion limit the typenum
// arithmetic on 63-bit numbers needs).
#![recursion_limit = "512"]
use cute_layout::layout;

fn main() {
    let l = layout!(9223372036854775807:1).logical_divide(layout!(2:1));
    println!("{}", l.size());
}
