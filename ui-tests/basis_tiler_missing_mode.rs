// A basis-strided B picks modes of A: 2:1@2 steps along mode 2 of a rank-2 A, which no
// coordinate of A has (the runtime engine refuses it too, RankMismatch). The first line names
// the rank condition.
use cute_layout::layout;

fn main() {
    let _ = layout!((4,5):(1,4)).compose(layout!(2:1@2));
}
