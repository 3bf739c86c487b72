// Paper §3.5.2: (B, complement(B, |A|)) must be surjective onto Z_|A|. With A = 16:1 and the
// tiler (3,2):(1,4), the complement is 2:8 and (B, B*) = ((3,2),2):((1,4),8) reaches only 12
// of the 16 offsets (3, 7, 11 and 15 are lost).
use cute_layout::layout;

fn main() {
    let _ = layout!(16:1).logical_divide(layout!((3,2):(1,4)));
}
