// CuTe's Swizzle<B, M, S> requires |S| ≥ B: in a composed-layout literal (value and type
// macro) the macro names the condition at the swizzle.
use cute_layout::{layout, Layout};

type T = Layout![Sw<3,4,-2> o 0 o 8:1];

fn main() {
    let _ = layout!(Sw<3,4,2> o 0 o (8,64):(64,1));
    let _: Option<T> = None;
}
