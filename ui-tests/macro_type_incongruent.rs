// Malformed `Layout!` type: the stride does not have the nesting of the shape.
type L = cute_layout::Layout![(4,(2,2)):(1,(8,4),2)];

fn main() {}
