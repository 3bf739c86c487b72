// `_` keeps a whole mode of the layout a tiler is applied to: it has no layout of its own.
use cute_layout::ops::{TilerToLayoutOf, Underscore};
use cute_layout::typenum::U3;

fn main() {
    let _ = TilerToLayoutOf::<(Underscore, U3)>::default();
}
