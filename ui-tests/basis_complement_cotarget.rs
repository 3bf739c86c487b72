// With basis strides the complement is taken by codomain component: an integer cotarget
// (what an integer layout takes) has no meaning for the codomain (e0, e1). The runtime engine
// refuses it with ErrorKind::RankMismatch; statically it does not compile.
use cute_layout::layout;
use cute_layout::typenum::U32;

fn main() {
    let _ = layout!((4,8):(1@0,1@1)).complement(U32::default());
}
