//! A tour: static, mixed and parsed layouts, evaluated and printed, and the layout algebra in
//! the type system and at run time.
//!
//! Run with `cargo run --bin tour` (README's first command).

use cute_layout::algebra::{self, DynTiler};
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

    // The algebra in the type system: results are types, checked when this file compiles.
    let c: Layout![(2,3):(9,5)] = layout!((4,6,8,10):(2,3,5,7)).compose(layout!(6:12));
    println!("composition  (4,6,8,10):(2,3,5,7) o 6:12 = {c}   (paper 3.3.3)");
    let tv = layout!(128:128).logical_divide(layout!((16,4):(4,1)));
    println!("logical_divide(128:128, (16,4):(4,1)) = {tv}   (TV walkthrough)");
    let p = layout!((3,4):(4,1)).blocked_product(layout!((2,5):(1,2)));
    println!("blocked_product((3,4):(4,1), (2,5):(1,2)) = {p}   (paper 3.5.1)");
    println!(
        "complement((4,8):(1,8)) = {}   (Table 7)",
        layout!((4,8):(1,8)).complement_full()
    );

    // The same algebra at run time, on layouts and tilers parsed from text.
    let a: DynLayout = "(8,16):(20,1)".parse()?;
    let t: DynTiler = "<4:1,8:2>".parse()?;
    println!(
        "zipped_divide({a}, {t}) = {}",
        algebra::try_zipped_divide(&a, &t)?
    );
    match algebra::try_composition(&"(4,6,8):(2,3,5)".parse()?, &"6:3".parse::<DynLayout>()?) {
        Ok(r) => println!("unexpected: {r}"),
        Err(e) => println!("(4,6,8):(2,3,5) o 6:3 is refused: {e}"),
    }

    // CuTe's print_layout: rows are mode 0, columns mode 1, each cell the offset.
    print_layout(&layout!(((2,2),2):((4,1),2)))?;
    Ok(())
}
