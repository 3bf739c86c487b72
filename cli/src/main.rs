//! `cute`: a calculator for CuTe layouts, pictures of layouts, and compile errors in decimal.
//! See `cute --help` and the README section "The cute tool".

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use cute_layout::algebra::DynTiler;
use cute_layout_cli::{self as cli, arg, Input, Output, Unary, WithTiler};
use serde_json::json;

/// CuTe's layout algebra on the command line.
///
/// Layouts are written in CuTe notation: `(4,(2,2)):(1,(8,4))`, a shape alone for a
/// column-major layout (`(4,8)`), swizzled `Sw<3,4,3> o 0 o (8,64):(64,1)`, basis strides
/// `(4,8):(1@0,1@1)`. Tilers (compose, divides): a layout, or by mode `<4:1,8:2>`, `<_,3>`,
/// or a shape `(4,8)` = `<4,8>` as in CuTe. A product's B is a layout (a shape alone is
/// column-major), a by-mode `<…>`, or `_` (A unchanged).
/// Errors: the library's message on standard error, exit status 2.
#[derive(Parser, Debug)]
#[command(name = "cute", version, about, long_about)]
struct Cli {
    /// Print the result as JSON (for scripts).
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// The TMA descriptor of a tile copy (CuTe's make_tma_copy): the cuTensorMapEncodeTiled
    /// arguments, innermost dimension first; --json adds smem_to_gmem.
    Tma(cli::tma::TmaArgs),
    /// Size, cosize, rank, depth and the table of offsets (CuTe's print_layout).
    Show {
        /// The layout.
        #[arg(allow_hyphen_values = true)]
        layout: String,
    },
    /// L(i) or L(coord); without one, every value L(0) … L(size−1).
    Eval {
        /// The layout.
        #[arg(allow_hyphen_values = true)]
        layout: String,
        /// An index `i` or a coordinate `(m,n)`.
        #[arg(allow_hyphen_values = true)]
        at: Option<String>,
    },
    /// coalesce(L).
    Coalesce {
        /// The layout.
        #[arg(allow_hyphen_values = true)]
        layout: String,
    },
    /// composition(A, B) = A ∘ B, B a layout or a tiler (a by-mode tiler keeps only the modes
    /// it names, as in CuTe: `(4,5):(1,4)` ∘ `<2>` = `(2):(1)`).
    Compose {
        /// The outer layout A.
        #[arg(allow_hyphen_values = true)]
        a: String,
        /// The inner layout or tiler B.
        #[arg(allow_hyphen_values = true)]
        b: String,
    },
    /// complement(A, M); without M, complement(A, cosize(A)).
    Complement {
        /// The layout A.
        #[arg(allow_hyphen_values = true)]
        a: String,
        /// The cotarget M (a tuple for basis strides).
        #[arg(allow_hyphen_values = true)]
        m: Option<String>,
    },
    /// right_inverse(L).
    RightInverse {
        /// The layout.
        #[arg(allow_hyphen_values = true)]
        layout: String,
    },
    /// left_inverse(L).
    LeftInverse {
        /// The layout.
        #[arg(allow_hyphen_values = true)]
        layout: String,
    },
    /// logical_divide(A, T).
    LogicalDivide(Binary),
    /// zipped_divide(A, T).
    ZippedDivide(Binary),
    /// tiled_divide(A, T).
    TiledDivide(Binary),
    /// flat_divide(A, T).
    FlatDivide(Binary),
    /// logical_product(A, B).
    LogicalProduct(Binary),
    /// zipped_product(A, B).
    ZippedProduct(Binary),
    /// tiled_product(A, B).
    TiledProduct(Binary),
    /// flat_product(A, B).
    FlatProduct(Binary),
    /// blocked_product(A, B).
    BlockedProduct(Binary),
    /// raked_product(A, B).
    RakedProduct(Binary),
    /// filter(L): coalesce(filter_zeros(L)).
    Filter {
        /// The layout.
        #[arg(allow_hyphen_values = true)]
        layout: String,
    },
    /// filter_zeros(L): the shape of every stride-0 mode replaced by 1.
    FilterZeros {
        /// The layout.
        #[arg(allow_hyphen_values = true)]
        layout: String,
    },
    /// max_common_vector(A, B): the number of contiguous elements A and B agree on.
    MaxCommonVector {
        /// The layout A.
        #[arg(allow_hyphen_values = true)]
        a: String,
        /// The layout B.
        #[arg(allow_hyphen_values = true)]
        b: String,
    },
    /// The layout as an SVG picture (grid of offsets, or a TV layout with --tv M,N).
    Svg(PictureArgs),
    /// The layout as a LaTeX/TikZ picture (CuTe's print_latex).
    Latex(PictureArgs),
    /// An MMA or copy atom's layouts in CuTe notation, one per line; without NAME, the atoms.
    Atom {
        /// The atom, e.g. `SM80_16x8x16_F32F16F16F32_TN` or `UniversalCopy<128>`.
        name: Option<String>,
        /// Instead, an SVG of an MMA atom's operand `a`, `b` or `c` as a TV picture.
        #[arg(long, value_name = "OPERAND")]
        svg: Option<String>,
    },
    /// Rewrite typenum types on standard input to decimal: `cargo check 2>&1 | cute explain`.
    Explain,
    /// The operations of NVIDIA's PyCuTe beside CuTe's, and the layout builders.
    #[command(flatten)]
    PyCute(cli::pycute::Cmd),
    /// Shared-memory bank conflicts of one warp-wide instruction (the H100-fitted model):
    /// prints `wavefronts=W conflicts=C`.
    Banks {
        /// The PTX instruction, e.g. `ld.shared.v4.b32` or
        /// `ldmatrix.sync.aligned.m8n8.x4.shared.b16`.
        #[arg(long)]
        ptx: String,
        /// 32 comma-separated values in lane order: byte addresses, or with `--layout` the
        /// element indices (the layout's 1-D coordinates) each lane accesses first.
        #[arg(long, allow_hyphen_values = true)]
        addresses: String,
        /// A shared-memory layout (plain or `Sw<B,M,S> o 0 o …`) the addresses index into.
        #[arg(long, allow_hyphen_values = true, requires = "bits")]
        layout: Option<String>,
        /// The element size in bits, with `--layout`.
        #[arg(long, requires = "layout")]
        bits: Option<u32>,
        /// Instead, the bank map as an SVG: banks by wavefronts, each cell the lanes it serves.
        #[arg(long)]
        svg: bool,
    },
}

/// A layout and a tiler (or second layout).
#[derive(clap::Args, Debug)]
struct Binary {
    /// The layout A.
    #[arg(allow_hyphen_values = true)]
    a: String,
    /// The tiler or layout T.
    #[arg(allow_hyphen_values = true)]
    t: String,
}

/// The arguments of a picture.
#[derive(clap::Args, Debug)]
struct PictureArgs {
    /// The layout (or the TV layout (thread, value) → index with --tv).
    #[arg(allow_hyphen_values = true)]
    layout: String,
    /// Draw a TV layout over the tile `(M,N)` (also `MxN`): cells `T<t> V<v>`.
    #[arg(long, value_name = "M,N")]
    tv: Option<String>,
}

fn layout(name: &str, text: &str) -> Result<Input, cli::Error> {
    arg(name, text)
}

fn binary(op: WithTiler, b: &Binary) -> Result<Output, cli::Error> {
    let a = layout("A", &b.a)?;
    let is_product = !matches!(
        op,
        WithTiler::Compose
            | WithTiler::LogicalDivide
            | WithTiler::ZippedDivide
            | WithTiler::TiledDivide
            | WithTiler::FlatDivide
    );
    // A product's B is a layout (a shape alone: column-major), as in CuTe; `<…>` multiplies
    // by mode and `_` leaves A as it is (CuTe: `logical_product(A, _) = A`). For composition
    // and the divides a shape is CuTe's by-mode tiler.
    let bt = b.t.trim();
    let t: DynTiler = if is_product && !bt.starts_with('<') && bt != "_" {
        DynTiler::from(arg::<cute_layout::DynLayout>("B", &b.t)?)
    } else {
        arg("T", &b.t)?
    };
    Ok(cli::layout_output(cli::with_tiler(op, &a, &t)?))
}

fn unary(op: Unary, l: &str) -> Result<Output, cli::Error> {
    Ok(cli::layout_output(cli::unary(op, &layout("L", l)?)?))
}

fn run(cmd: &Cmd) -> Result<Output, cli::Error> {
    match cmd {
        Cmd::Show { layout: l } => cli::show(&layout("L", l)?),
        Cmd::Eval { layout: l, at } => cli::eval(&layout("L", l)?, at.as_deref()),
        Cmd::Coalesce { layout } => unary(Unary::Coalesce, layout),
        Cmd::RightInverse { layout } => unary(Unary::RightInverse, layout),
        Cmd::LeftInverse { layout } => unary(Unary::LeftInverse, layout),
        Cmd::Filter { layout } => unary(Unary::Filter, layout),
        Cmd::FilterZeros { layout } => unary(Unary::FilterZeros, layout),
        Cmd::Compose { a, b } => binary(
            WithTiler::Compose,
            &Binary {
                a: a.clone(),
                t: b.clone(),
            },
        ),
        Cmd::Complement { a, m } => Ok(cli::layout_output(cli::complement(
            &layout("A", a)?,
            m.as_deref(),
        )?)),
        Cmd::LogicalDivide(b) => binary(WithTiler::LogicalDivide, b),
        Cmd::ZippedDivide(b) => binary(WithTiler::ZippedDivide, b),
        Cmd::TiledDivide(b) => binary(WithTiler::TiledDivide, b),
        Cmd::FlatDivide(b) => binary(WithTiler::FlatDivide, b),
        Cmd::LogicalProduct(b) => binary(WithTiler::LogicalProduct, b),
        Cmd::ZippedProduct(b) => binary(WithTiler::ZippedProduct, b),
        Cmd::TiledProduct(b) => binary(WithTiler::TiledProduct, b),
        Cmd::FlatProduct(b) => binary(WithTiler::FlatProduct, b),
        Cmd::BlockedProduct(b) => binary(WithTiler::BlockedProduct, b),
        Cmd::RakedProduct(b) => binary(WithTiler::RakedProduct, b),
        Cmd::MaxCommonVector { a, b } => {
            let (a, b) = (layout("A", a)?, layout("B", b)?);
            let v = cli::max_common_vector(&a, &b)?;
            Ok(Output {
                text: format!("{v}\n"),
                json: json!({"a": a.to_string(), "b": b.to_string(), "value": v}),
            })
        }
        Cmd::Svg(p) | Cmd::Latex(p) => {
            let l = layout("L", &p.layout)?;
            let tile = p.tv.as_deref().map(cli::tile_arg).transpose()?;
            let text = cli::picture(&l, tile, matches!(cmd, Cmd::Svg(_)))?;
            let json = json!({"layout": l.to_string(), "picture": text});
            Ok(Output { text, json })
        }
        Cmd::Atom { name, svg } => cli::atom(name.as_deref(), svg.as_deref()),
        Cmd::Banks {
            ptx,
            addresses,
            layout: smem,
            bits,
            svg,
        } => {
            let smem = smem.as_deref().map(|l| layout("layout", l)).transpose()?;
            cli::banks(ptx, addresses, smem.as_ref().zip(*bits), *svg)
        }
        Cmd::PyCute(c) => cli::pycute::run(c),
        Cmd::Tma(a) => cli::tma::run(a),
        Cmd::Explain => unreachable!("handled in main"),
    }
}

/// `cute explain`: line by line, so that a pipe from cargo shows progress.
fn explain() -> io::Result<()> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let text = String::from_utf8_lossy(&line);
        out.write_all(cute_layout_cli::explain::explain(&text).as_bytes())?;
        out.flush()?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Cmd::Explain = cli.cmd {
        return match explain() {
            Ok(()) => ExitCode::SUCCESS,
            // A closed pipe (`| head`) ends the job quietly.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        };
    }
    let (result, code) = match run(&cli.cmd) {
        Ok(o) => (o, ExitCode::SUCCESS),
        Err(e) => {
            eprintln!("error: {e}");
            if !cli.json {
                return ExitCode::from(2);
            }
            let o = Output {
                text: String::new(),
                json: json!({"error": e.to_string(), "kind": format!("{:?}", e.kind())}),
            };
            (o, ExitCode::from(2))
        }
    };
    let text = if cli.json {
        format!("{}\n", result.json)
    } else {
        result.text
    };
    // A closed pipe (`| head`) is no error of ours.
    let _ = io::stdout().lock().write_all(text.as_bytes());
    code
}
