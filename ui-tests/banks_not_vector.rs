// A static copy whose vectors are not consecutive in shared memory: thread t reads column t,
// so its values are 32 floats apart and cannot be loaded 2 at a time.
use cute_layout::banks::StaticTvCopy;
use cute_layout::Layout;

type Tv = Layout![(32,32):(32,1)];
type Smem = Layout![(32,32):(32,1)];

const _: () = StaticTvCopy::<Tv, Smem, 32, 2, false>::ASSERT_CONFLICT_FREE;

fn main() {}
