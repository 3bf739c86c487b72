// The common factors are found at compile time: a runtime shape entry must be named.
use cute_layout::ops::GreatestCommonDomainOf;
use cute_layout::Layout;

fn main() {
    let _ = GreatestCommonDomainOf::<Layout![(5,{}):(1,5)], Layout![(10,6):(1,10)]>::default();
}
