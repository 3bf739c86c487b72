//! A load-independent harness for `valgrind --tool=callgrind` instruction counts.
//!
//! `counts CASE N` runs case `CASE` `N` times (arguments through `black_box`) and exits.
//! The instructions of one operation are `(Ir(N) − Ir(0)) / N`, so set-up and process start
//! cancel out (it also prints the allocations and reallocations per operation); `benches/counts.sh` does the subtraction for every case. Cases: the runtime
//! algebra of `benches/algebra.rs` on `DynLayout`s and on mixed layouts, and `DynLayout`
//! evaluation (`eval`, checked `try_eval`, `size`) on the two layouts of `benches/eval.rs`.

use cute_layout::algebra::{
    try_coalesce, try_complement, try_composition, try_logical_divide, try_logical_product,
    try_zipped_divide, DynTiler,
};
use cute_layout::{layout, DynLayout, DynTuple};
use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting allocations and reallocations.
struct Counting;
static ALLOCS: AtomicUsize = AtomicUsize::new(0);
// SAFETY: forwards every call to `System` unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: AllocLayout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract for `alloc`, passed on unchanged.
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: AllocLayout) {
        // SAFETY: `p` came from `System` with layout `l` (this allocator forwards every call).
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: AllocLayout, n: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as for `dealloc`; `n` is the caller's valid new size.
        unsafe { System.realloc(p, l, n) }
    }
}
#[global_allocator]
static GLOBAL: Counting = Counting;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let case = args.get(1).map(String::as_str).unwrap_or("list");
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let l = |s: &str| s.parse::<DynLayout>().unwrap();
    let v = |x: i64| black_box(x);

    let (a, b1, b2) = (l("(4,8):(1,4)"), l("(2,4):(4,1)"), l("(4,2):(1,8)"));
    let (c1, c2) = (l("4:2"), l("6:4"));
    let (d1, t1) = (l("24:1"), l("4:2"));
    let t2: DynTiler = "<2:1,4:1>".parse().unwrap();
    let (p1, p2) = (l("(3,4):(4,1)"), l("(2,5):(1,2)"));
    let co = l("(2,(1,6)):(1,(6,2))");
    let co2 = l("(4,2,3):(1,4,16)");
    let (pp1, pq1, pp2, pq2) = (l("(2,2):(4,1)"), l("6:1"), l("4:1"), l("(2,3):(1,4)"));
    let pow2 = l("((2,4),(4,8)):((1,8),(2,32))");
    let npow2 = l("((3,5),7):((1,21),3)");

    let ma = layout!(({v(4)}, {v(8)}):({v(1)}, {v(4)})).unwrap();
    let mb1 = layout!(({v(2)}, {v(4)}):({v(4)}, {v(1)})).unwrap();
    let mb2 = layout!(({v(4)}, {v(2)}):({v(1)}, {v(8)})).unwrap();
    let mc1 = layout!({v(4)}:{v(2)}).unwrap();
    let mc2 = layout!({v(6)}:{v(4)}).unwrap();
    let md1 = layout!({v(24)}:{v(1)}).unwrap();
    let mt1 = layout!({v(4)}:{v(2)}).unwrap();
    let mt2 = (
        layout!({v(2)}:{v(1)}).unwrap(),
        layout!({v(4)}:{v(1)}).unwrap(),
    );

    let mp1 = layout!(({v(2)}, {v(2)}):(4, 1)).unwrap();
    let mq1 = layout!({v(6)}:{v(1)}).unwrap();
    let mp2 = layout!({v(4)}:{v(1)}).unwrap();
    let mq2 = layout!(({v(2)}, {v(3)}):({v(1)}, {v(4)})).unwrap();
    let me1 = layout!(({v(2)}, ({v(1)}, {v(6)})):({v(1)}, ({v(6)}, {v(2)}))).unwrap();
    let me2 = layout!(({v(4)}, {v(2)}, {v(3)}):({v(1)}, {v(4)}, {v(16)})).unwrap();

    macro_rules! run {
        ($e:expr) => {{
            let before = ALLOCS.load(Ordering::Relaxed);
            for _ in 0..n {
                let _ = black_box($e);
            }
            if n > 0 {
                let allocs = ALLOCS.load(Ordering::Relaxed) - before;
                eprintln!("allocations/op {}", allocs as f64 / n as f64);
            }
        }};
    }
    match case {
        "dyn/compose1" => run!(try_composition(black_box(&a), black_box(&b1))),
        "dyn/compose2" => run!(try_composition(black_box(&a), black_box(&b2))),
        "dyn/complement1" => run!(try_complement(black_box(&c1), black_box(24))),
        "dyn/complement2" => run!(try_complement(black_box(&c2), black_box(24))),
        "dyn/logical_divide1" => run!(try_logical_divide(black_box(&d1), black_box(&t1))),
        "dyn/logical_divide2" => run!(try_logical_divide(black_box(&a), black_box(&t2))),
        "dyn/logical_product" => run!(try_logical_product(black_box(&p1), black_box(&p2))),
        "dyn/zipped_divide" => run!(try_zipped_divide(black_box(&a), black_box(&t2))),
        "dyn/coalesce" => run!(try_coalesce(black_box(&co))),
        "dyn/coalesce2" => run!(try_coalesce(black_box(&co2))),
        "dyn/logical_product1" => run!(try_logical_product(black_box(&pp1), black_box(&pq1))),
        "dyn/logical_product2" => run!(try_logical_product(black_box(&pp2), black_box(&pq2))),
        "mixed/logical_product1" => run!(black_box(mp1).try_logical_product(black_box(mq1))),
        "mixed/logical_product2" => run!(black_box(mp2).try_logical_product(black_box(mq2))),
        "mixed/coalesce1" => run!(black_box(me1).try_coalesce()),
        "mixed/coalesce2" => run!(black_box(me2).try_coalesce()),
        "mixed/compose1" => run!(black_box(ma).try_compose(black_box(mb1))),
        "mixed/compose2" => run!(black_box(ma).try_compose(black_box(mb2))),
        "mixed/complement1" => run!(black_box(mc1).try_complement(black_box(24i64))),
        "mixed/complement2" => run!(black_box(mc2).try_complement(black_box(24i64))),
        "mixed/logical_divide1" => run!(black_box(md1).try_logical_divide(black_box(mt1))),
        "mixed/logical_divide2" => run!(black_box(ma).try_logical_divide(black_box(mt2))),
        "eval/pow2" => run!(black_box(&pow2).eval(black_box(77))),
        "eval/npow2" => run!(black_box(&npow2).eval(black_box(77))),
        "try_eval/pow2" => run!(black_box(&pow2).try_eval(&DynTuple::int(black_box(77)))),
        "try_eval/npow2" => run!(black_box(&npow2).try_eval(&DynTuple::int(black_box(77)))),
        "size/pow2" => run!(black_box(&pow2).size()),
        _ => {
            println!("dyn/compose1 dyn/compose2 dyn/complement1 dyn/complement2 dyn/logical_divide1 dyn/logical_divide2 dyn/logical_product dyn/zipped_divide dyn/coalesce dyn/coalesce2 dyn/logical_product1 dyn/logical_product2 mixed/compose1 mixed/compose2 mixed/complement1 mixed/complement2 mixed/logical_divide1 mixed/logical_divide2 mixed/logical_product1 mixed/logical_product2 mixed/coalesce1 mixed/coalesce2 eval/pow2 eval/npow2 try_eval/pow2 try_eval/npow2 size/pow2");
        }
    }
}
