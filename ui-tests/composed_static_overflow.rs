// A static composed layout whose offsets leave i64: a compile error naming the overflow.
use cute_layout::layout;

fn main() {
    let _ = layout!(Sw<3,4,3> o 9223372036854775700 o (8,64):(64,1));
}
