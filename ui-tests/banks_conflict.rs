// A static copy with bank conflicts: thread t loads row t of a 32x32 f32 tile (pitch 128
// bytes) 4 floats at a time; the 8 lanes of each quarter-warp hit banks 0-3 on 8 distinct
// words: 8-way. The error names the instruction, the degree and the lanes.
use cute_layout::banks::StaticTvCopy;
use cute_layout::Layout;

type Tv = Layout![(32,32):(1,32)];
type Smem = Layout![(32,32):(32,1)];

const _: () = StaticTvCopy::<Tv, Smem, 32, 4, false>::ASSERT_CONFLICT_FREE;

fn main() {}
