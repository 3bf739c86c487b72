//! Prints an atom's layouts in CuTe notation, one per line:
//! `cargo run --example atom -- SM80_16x8x16_F32F16F16F32_TN`.
//!
//! An unknown name prints an error and the known names, and exits with status 2.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name] = args.as_slice() else {
        eprintln!("usage: atom NAME (an atom's CuTe name, e.g. SM80_16x8x16_F32F16F16F32_TN)");
        return ExitCode::from(2);
    };
    match cute_layout::atom::atom_layouts(name) {
        Some(l) => {
            for line in l.lines() {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        None => {
            eprintln!("error: unknown atom `{name}`; the atoms are:");
            for n in cute_layout::atom::atom_names() {
                eprintln!("  {n}");
            }
            ExitCode::from(2)
        }
    }
}
