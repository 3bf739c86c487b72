//! A tour of the foundation: static, mixed and parsed layouts, evaluated and printed.
//!
//! Run with `cargo run --example tour`.

use cute_layout::{layout, print_layout, DynLayout, Layout, LayoutError};

fn main() -> Result<(), LayoutError> {
    // A static layout: all of it is in the type, so the value is zero-sized.
    let s: Layout![(4,(2,2)):(1,(8,4))] = layout!((4,(2,2)):(1,(8,4)));
    println!("static  {s}  ({} bytes)", core::mem::size_of_val(&s));
    // One layout, three kinds of coordinate: integral, rank-2, natural (paper §2.2).
    println!(
        "  L(5) = L(1,1) = L(1,(1,0)) = {} = {} = {}",
        s.eval(5),
        s.call((1, 1)),
        s.call((1, (1, 0)))
    );

    // A mixed layout: runtime leaves in braces, checked when the layout is built.
    let n = 8;
    let m = layout!((4,{n}):(1,4))?;
    println!("mixed   {m:#}  (static leaves marked _)");
    println!("  L(3,7) = {}", m.call((3, 7)));

    // A layout parsed from CuTe notation at run time (paper §2.4.1's example).
    let d: DynLayout = "((2,2),(4,2)):((1,8),(2,16))".parse()?;
    println!("parsed  {d}");
    println!("  L(22) = {}", d.eval(22));
    if let Err(e) = "(4,2):(1,(4,8))".parse::<DynLayout>() {
        println!("  bad input: {e}");
    }

    // CuTe's print_layout: rows are mode 0, columns mode 1, each cell the offset.
    print_layout(&layout!(((2,2),2):((4,1),2)))?;
    Ok(())
}
