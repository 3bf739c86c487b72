//! A GEMM tiling stated at compile time: every layout below is a type, computed by trait
//! resolution, and the properties are checked when this file compiles (`assert_type_eq_all!`
//! and `const` assertions); the program then prints what the types say.
//!
//! ```sh
//! cargo run --example gemm_tiling
//! ```

use cute_layout::ops::{LogicalDivideOf, LogicalProductOf, ZippedDivideOf};
use cute_layout::typenum::{Unsigned, U1024, U16, U16384, U256, U64, U8};
use cute_layout::{layout, print_layout, Layout, ShapeOf, SizeOf};
use static_assertions::{assert_type_eq_all as same, const_assert_eq};

/// A 128x128 tile of C, row-major (the tile of a larger row-major matrix with 128 columns).
type CTile = Layout![(128,128):(128,1)];

/// The tile zipped-divided into 8x8 blocks: ((block rows, block cols), (block grid)).
type Blocks = ZippedDivideOf<CTile, (Layout![8:1], Layout![8:1])>;
same!(Blocks, Layout![((8,8),(16,16)):((128,1),(1024,8))]);

/// 256 threads as a 16x16 grid, each owning a 4x4 block of values: the logical product of
/// the value layout with the thread layout places one shifted copy of the 4x4 block per thread.
type Values = Layout![(4,4):(1,4)];
type Threads = Layout![(16,16):(1,16)];
type ValuesPerThread = LogicalProductOf<Values, Threads>;
same!(ValuesPerThread, Layout![((4,4),(16,16)):((1,4),(16,256))]);

/// The TV walkthrough's partition of the M mode: logical_divide(128:128, (16,4):(4,1)) gives
/// ((thread F, value R), rest) with strides 512, 128 (one row) and 8192.
type PartM = LogicalDivideOf<Layout![128:128], Layout![(16,4):(4,1)]>;
same!(PartM, Layout![((16,4),2):((512,128),8192)]);
/// The same permutation on the N mode (stride 1).
type PartN = LogicalDivideOf<Layout![128:1], Layout![(16,4):(4,1)]>;
same!(PartN, Layout![((16,4),2):((4,1),64)]);

// Sizes, at compile time: `SizeOf<L>` is the type `size(L)` returns, a static `C<N>` here.
const_assert_eq!(<SizeOf<CTile>>::VALUE, U16384::I64);
const_assert_eq!(<SizeOf<Blocks>>::VALUE, U16384::I64);
const_assert_eq!(<SizeOf<Threads>>::VALUE, U256::I64);
// 256 threads x 16 values: a 64x64 block of C.
const_assert_eq!(<SizeOf<ValuesPerThread>>::VALUE, U64::I64 * U64::I64);
const_assert_eq!(<SizeOf<PartM>>::VALUE, 128);
// Each thread of the 16 along M owns 4 rows in each of the 2 repetitions: 8 of 128 rows.
const_assert_eq!(128 / U16::USIZE, 8);
const_assert_eq!(U64::USIZE * U16::USIZE, U1024::USIZE);
// The shape of the blocked tile, as a type: ((block rows, block cols), (block grid)).
same!(ShapeOf<Blocks>, ((U8, U8), (U16, U16)));

fn main() {
    let tile: CTile = layout!((128,128):(128,1));
    let blocks = tile.zipped_divide((layout!(8:1), layout!(8:1)));
    println!("C tile               {tile}");
    println!("8x8 blocks (zipped)  {blocks}");
    // Block (1, 2) of the grid starts at row 8, column 16: offset 8·128 + 16.
    println!(
        "  block (1,2) starts at offset {}",
        blocks.call(((0, 0), (1, 2)))
    );
    assert_eq!(blocks.call(((0, 0), (1, 2))), 8 * 128 + 16);

    let vt = layout!((4,4):(1,4)).logical_product(layout!((16,16):(1,16)));
    println!("values x threads     {vt}");

    let part_m = layout!(128:128).logical_divide(layout!((16,4):(4,1)));
    let part_n = layout!(128:1).logical_divide(layout!((16,4):(4,1)));
    println!("M partition          {part_m}");
    println!("N partition          {part_n}");
    // Thread 0's rows (TV walkthrough): 0,1,2,3 and 64,65,66,67.
    let rows: Vec<i64> = (0..2)
        .flat_map(|rest| (0..4).map(move |r| part_m.call(((0, r), rest)) / 128))
        .collect();
    println!("  thread 0's rows    {rows:?}");
    assert_eq!(rows, [0, 1, 2, 3, 64, 65, 66, 67]);
    println!(
        "  all of it is in the types: {} bytes",
        core::mem::size_of_val(&part_m)
    );
    print_layout(&layout!((4,4):(1,4))).unwrap();
}
