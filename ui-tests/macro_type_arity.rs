// A tuple level of more than 12 elements in the type macro (here in the stride).
use cute_layout::Layout;

type L = Layout![(2,(1,1,1,1,1,1,1,1,1,1,1,1,1)):(1,(2,2,2,2,2,2,2,2,2,2,2,2,2))];

fn main() {
    let _: Option<L> = None;
}
