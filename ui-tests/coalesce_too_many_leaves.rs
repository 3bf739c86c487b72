// Coalescing to 14 leaves, none of which merge: one tuple level would need 14 elements.
use cute_layout::layout;

fn main() {
    let a = layout!(((2,2,2,2,2,2,2),(2,2,2,2,2,2,2)):((1,4,16,64,256,1024,4096),(16384,65536,262144,1048576,4194304,16777216,67108864)));
    let _ = a.coalesce();
}
