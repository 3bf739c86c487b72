// complement of a basis layout, by codomain component: along e1 the modes (8,2):(2,5) are
// injective but interleave (in stride order, 5 lies inside the span 16 of 8:2), so that
// component has no complement. The refusal names the condition, as for integer strides.
use cute_layout::layout;

fn main() {
    let _ = layout!((4,(8,2)):(1@0,(2@1,5@1))).complement_full();
}
