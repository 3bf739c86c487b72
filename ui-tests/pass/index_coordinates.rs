// Kernels index with usize, u32 and i32: `call` takes them, `index` returns a usize offset.
use cute_layout::layout;

fn main() {
    let l = layout!((4,8):(8,1));
    let data: Vec<u32> = (0..32).collect();
    for i in 0..4usize {
        for j in 0..8usize {
            assert_eq!(data[l.index((i, j))] as usize, 8 * i + j);
            assert_eq!(l.call((i as u32, j as i32)), (8 * i + j) as i64);
        }
    }
    println!("{} {:?}", l.size(), l.size());
}
