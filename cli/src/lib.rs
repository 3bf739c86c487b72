//! The `cute` tool (binary in `main.rs`): a calculator over `cute-layout`'s runtime engine,
//! pictures of layouts, and `cute explain` for compile errors. The library half holds what the
//! binary does, so that tests can call it too.

pub mod explain;
pub mod pycute;
pub mod tma;

use std::fmt;
use std::str::FromStr;

use cute_layout::algebra::{self, DynTiler};
use cute_layout::ops;
use cute_layout::{DynBasisLayout, DynComposedLayout, DynLayout, DynTuple, ErrorKind, LayoutError};
use serde_json::{json, Value};

/// A layout given on the command line: a plain layout `(4,2):(1,4)`, a swizzled layout
/// `Sw<3,4,3> o 0 o (8,64):(64,1)`, or a layout with basis strides `(4,8):(1@0,1@1)`.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// `shape:stride` with integer strides.
    Plain(DynLayout),
    /// `Sw<B,M,S> o offset o layout`.
    Swizzled(DynComposedLayout),
    /// `shape:stride` with scaled-basis strides.
    Basis(DynBasisLayout),
}

impl FromStr for Input {
    type Err = LayoutError;
    /// A swizzled layout when the text starts with `Sw`, a basis-strided layout when it holds
    /// an `@`, a plain layout otherwise; the library's parser and its errors.
    fn from_str(s: &str) -> Result<Self, LayoutError> {
        let t = s.trim_start();
        if t.starts_with("Sw") {
            Ok(Input::Swizzled(s.parse()?))
        } else if s.contains('@') {
            Ok(Input::Basis(s.parse()?))
        } else {
            Ok(Input::Plain(s.parse()?))
        }
    }
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Input::Plain(l) => fmt::Display::fmt(l, f),
            Input::Swizzled(l) => fmt::Display::fmt(l, f),
            Input::Basis(l) => fmt::Display::fmt(l, f),
        }
    }
}

impl From<DynLayout> for Input {
    fn from(l: DynLayout) -> Self {
        Input::Plain(l)
    }
}
impl From<DynComposedLayout> for Input {
    fn from(l: DynComposedLayout) -> Self {
        Input::Swizzled(l)
    }
}
impl From<DynBasisLayout> for Input {
    fn from(l: DynBasisLayout) -> Self {
        Input::Basis(l)
    }
}

/// An error of the tool: the library's error, or the tool's own (a bad argument).
pub type Error = LayoutError;

fn not_defined(op: &str, l: &Input, why: &str) -> Error {
    LayoutError::with_detail(
        ErrorKind::InvalidArgument,
        format!("{op}({l}) is not defined: {why}"),
    )
}

/// Parse command-line argument `name` with the library's parser, naming the argument in the
/// error.
pub fn arg<T: FromStr<Err = LayoutError>>(name: &str, text: &str) -> Result<T, Error> {
    text.parse().map_err(|e: LayoutError| {
        LayoutError::with_detail(e.kind(), format!("{name} `{text}`: {}", e.detail()))
    })
}

/// What a subcommand prints: human text and the JSON value for `--json`.
#[derive(Debug)]
pub struct Output {
    /// The text for a person.
    pub text: String,
    /// The value for scripts.
    pub json: Value,
}

/// The JSON description of a layout result.
pub fn layout_json(l: &Input) -> Value {
    match l {
        Input::Plain(p) => json!({
            "kind": "layout", "layout": p.to_string(), "shape": p.shape().to_string(),
            "stride": p.stride().to_string(), "size": p.size(), "cosize": p.cosize(),
            "rank": p.rank(), "depth": p.depth(),
        }),
        Input::Swizzled(c) => {
            let b = c.layout_b();
            json!({
                "kind": "swizzled", "layout": c.to_string(), "swizzle": c.layout_a().to_string(),
                "offset": c.offset().value, "inner": b.to_string(), "shape": b.shape().to_string(),
                "size": b.size(), "cosize": c.cosize(), "rank": b.rank(), "depth": b.depth(),
            })
        }
        Input::Basis(l) => json!({
            "kind": "basis", "layout": l.to_string(), "shape": l.shape().to_string(),
            "stride": l.stride().to_string(), "size": l.size(), "codomain": l.codomain().to_string(),
            "rank": l.rank(), "depth": l.depth(),
        }),
    }
}

/// A layout result.
pub fn layout_output(l: Input) -> Output {
    Output {
        text: format!("{l}\n"),
        json: layout_json(&l),
    }
}

/// The most values `cute eval L` prints without an index.
pub const MAX_EVAL_VALUES: i64 = 1 << 20;

/// `cute show L`: size, cosize, rank, depth and, for rank 1 or 2, CuTe's `print_layout` table.
pub fn show(l: &Input) -> Result<Output, Error> {
    let mut json = layout_json(l);
    let (size, rank, depth, co) = match l {
        Input::Plain(p) => (
            p.size(),
            p.rank(),
            p.depth(),
            format!("cosize: {}", p.cosize()),
        ),
        Input::Swizzled(c) => (
            c.layout_b().size(),
            c.layout_b().rank(),
            c.layout_b().depth(),
            format!("cosize: {}", c.cosize()),
        ),
        Input::Basis(b) => (
            b.size(),
            b.rank(),
            b.depth(),
            format!("codomain: {}", b.codomain()),
        ),
    };
    let mut text = format!("layout: {l}\nsize: {size}\n{co}\nrank: {rank}\ndepth: {depth}\n");
    match table(l)? {
        Some(t) => {
            text.push_str(&t);
            json["table"] = Value::String(t);
        }
        None => text.push_str("(no table: print_layout draws layouts of rank 1 or 2)\n"),
    }
    Ok(Output { text, json })
}

/// The `print_layout` table; a rank-1 layout drawn as one column (`(L,1)`, as CuTe's pictures
/// do), `None` above rank 2.
fn table(l: &Input) -> Result<Option<String>, Error> {
    let column = |s: &DynTuple| DynTuple::tuple([s.clone(), DynTuple::int(1)]);
    let t = match (l, l_rank(l)) {
        (_, r) if r > 2 => return Ok(None),
        (Input::Plain(p), 2) => p.to_table()?,
        (Input::Plain(p), _) => {
            let s = DynTuple::tuple([p.stride().clone(), DynTuple::int(0)]);
            retitle(DynLayout::new(column(p.shape()), s)?.to_table()?, l)
        }
        (Input::Swizzled(c), 2) => c.to_table()?,
        (Input::Swizzled(c), _) => {
            let b = c.layout_b();
            let s = DynTuple::tuple([b.stride().clone(), DynTuple::int(0)]);
            let b = DynLayout::new(column(b.shape()), s)?;
            let c2 = DynComposedLayout::try_new(*c.layout_a(), c.offset(), b)?;
            retitle(c2.to_table()?, l)
        }
        (Input::Basis(b), 2) => b.to_table()?,
        (Input::Basis(b), _) => {
            let s = cute_layout::DynBasisTuple::tuple([
                b.stride().clone(),
                cute_layout::DynBasisTuple::int(0),
            ]);
            retitle(DynBasisLayout::new(column(b.shape()), s)?.to_table()?, l)
        }
    };
    Ok(Some(t))
}

fn l_rank(l: &Input) -> usize {
    match l {
        Input::Plain(p) => p.rank(),
        Input::Swizzled(c) => c.layout_b().rank(),
        Input::Basis(b) => b.rank(),
    }
}

/// The table with its first line (the layout drawn) replaced by `l`.
fn retitle(t: String, l: &Input) -> String {
    match t.split_once('\n') {
        Some((_, rest)) => format!("{l}\n{rest}"),
        None => t,
    }
}

/// `cute eval L [i|coord]`: one value, or every value `L(0) … L(size−1)`.
pub fn eval(l: &Input, at: Option<&str>) -> Result<Output, Error> {
    let one = |c: &DynTuple| -> Result<String, Error> {
        Ok(match l {
            Input::Plain(p) => p.try_eval(c)?.to_string(),
            Input::Swizzled(s) => s.try_call(c)?.to_string(),
            Input::Basis(b) => b.try_eval(c)?.to_string(),
        })
    };
    let number = |s: &str| -> Value {
        s.parse::<i64>()
            .map_or_else(|_| Value::String(s.to_string()), Value::from)
    };
    match at {
        Some(text) => {
            let c: DynTuple = arg("coordinate", text)?;
            let v = one(&c)?;
            Ok(Output {
                text: format!("{v}\n"),
                json: json!({"layout": l.to_string(), "coord": c.to_string(), "value": number(&v)}),
            })
        }
        None => {
            let size = match l {
                Input::Plain(p) => p.size(),
                Input::Swizzled(c) => c.layout_b().size(),
                Input::Basis(b) => b.size(),
            };
            if size > MAX_EVAL_VALUES {
                return Err(LayoutError::with_detail(
                    ErrorKind::TooLarge,
                    format!("{l} has {size} values; `cute eval` prints at most {MAX_EVAL_VALUES} (give an index or a coordinate)"),
                ));
            }
            let values = (0..size)
                .map(|i| one(&DynTuple::int(i)))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Output {
                text: format!("{}\n", values.join(" ")),
                json: json!({"layout": l.to_string(), "values": values.iter().map(|v| number(v)).collect::<Vec<_>>()}),
            })
        }
    }
}

/// Apply a layout-valued operation to every kind of input.
macro_rules! each {
    ($l:expr, |$x:ident| $body:expr) => {
        match $l {
            Input::Plain($x) => Input::from($body?),
            Input::Swizzled($x) => Input::from($body?),
            Input::Basis($x) => Input::from($body?),
        }
    };
}

/// The layout-valued operations with one layout argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unary {
    /// `coalesce(L)`.
    Coalesce,
    /// `right_inverse(L)`.
    RightInverse,
    /// `left_inverse(L)`.
    LeftInverse,
    /// `filter(L)`.
    Filter,
    /// `filter_zeros(L)`.
    FilterZeros,
}

/// `op(L)`.
pub fn unary(op: Unary, l: &Input) -> Result<Input, Error> {
    use ops::{Coalesce, Filter, FilterZeros, LeftInverse, RightInverse};
    let swizzled = "a swizzled layout is no layout function of its own (CuTe defines this operation on plain and basis-strided layouts)";
    Ok(match (op, l) {
        (Unary::Coalesce, l) => each!(l, |x| Coalesce::try_coalesce(x)),
        (Unary::RightInverse, Input::Plain(x)) => RightInverse::try_right_inverse(x)?.into(),
        (Unary::RightInverse, Input::Basis(x)) => RightInverse::try_right_inverse(x)?.into(),
        (Unary::LeftInverse, Input::Plain(x)) => LeftInverse::try_left_inverse(x)?.into(),
        (Unary::LeftInverse, Input::Basis(x)) => LeftInverse::try_left_inverse(x)?.into(),
        (Unary::Filter, Input::Plain(x)) => Filter::try_filter(x)?.into(),
        (Unary::Filter, Input::Basis(x)) => Filter::try_filter(x)?.into(),
        (Unary::FilterZeros, Input::Plain(x)) => FilterZeros::try_filter_zeros(x)?.into(),
        (Unary::FilterZeros, Input::Basis(x)) => FilterZeros::try_filter_zeros(x)?.into(),
        (op, l @ Input::Swizzled(_)) => {
            let name = match op {
                Unary::RightInverse => "right_inverse",
                Unary::LeftInverse => "left_inverse",
                Unary::Filter => "filter",
                _ => "filter_zeros",
            };
            return Err(not_defined(name, l, swizzled));
        }
    })
}

/// The operations of a layout and a tiler.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WithTiler {
    /// `composition(A, B)`.
    Compose,
    /// `logical_divide(A, T)`.
    LogicalDivide,
    /// `zipped_divide(A, T)`.
    ZippedDivide,
    /// `tiled_divide(A, T)`.
    TiledDivide,
    /// `flat_divide(A, T)`.
    FlatDivide,
    /// `logical_product(A, B)`.
    LogicalProduct,
    /// `zipped_product(A, B)`.
    ZippedProduct,
    /// `tiled_product(A, B)`.
    TiledProduct,
    /// `flat_product(A, B)`.
    FlatProduct,
    /// `blocked_product(A, B)`.
    BlockedProduct,
    /// `raked_product(A, B)`.
    RakedProduct,
}

/// `op(A, T)` with a layout or tiler `T`.
pub fn with_tiler(op: WithTiler, a: &Input, t: &DynTiler) -> Result<Input, Error> {
    use ops::{
        BlockedProduct, Compose, FlatDivide, FlatProduct, LogicalDivide, LogicalProduct,
        RakedProduct, TiledDivide, TiledProduct, ZippedDivide, ZippedProduct,
    };
    let t = t.clone();
    Ok(match op {
        WithTiler::Compose => each!(a, |x| Compose::try_compose(x, t)),
        WithTiler::LogicalDivide => each!(a, |x| LogicalDivide::try_logical_divide(x, t)),
        WithTiler::ZippedDivide => each!(a, |x| ZippedDivide::try_zipped_divide(x, t)),
        WithTiler::TiledDivide => each!(a, |x| TiledDivide::try_tiled_divide(x, t)),
        WithTiler::FlatDivide => each!(a, |x| FlatDivide::try_flat_divide(x, t)),
        WithTiler::LogicalProduct => each!(a, |x| LogicalProduct::try_logical_product(x, t)),
        WithTiler::ZippedProduct => each!(a, |x| ZippedProduct::try_zipped_product(x, t)),
        WithTiler::TiledProduct => each!(a, |x| TiledProduct::try_tiled_product(x, t)),
        WithTiler::FlatProduct => each!(a, |x| FlatProduct::try_flat_product(x, t)),
        WithTiler::BlockedProduct => each!(a, |x| BlockedProduct::try_blocked_product(x, t)),
        WithTiler::RakedProduct => each!(a, |x| RakedProduct::try_raked_product(x, t)),
    })
}

/// `complement(A, M)`, or `complement(A)` = `complement(A, cosize(A))` without `M`. For a
/// basis-strided `A`, `M` may be a tuple (a cotarget of the codomain's structure).
pub fn complement(a: &Input, m: Option<&str>) -> Result<Input, Error> {
    use ops::{Complement, ComplementFull};
    let m: Option<DynTuple> = m.map(|m| arg("M", m)).transpose()?;
    let int = |m: &DynTuple| {
        m.as_int().ok_or_else(|| {
            LayoutError::with_detail(
                ErrorKind::InvalidArgument,
                format!("complement({a}, {m}): the cotarget of a layout with integer strides is an integer"),
            )
        })
    };
    Ok(match (a, m) {
        (Input::Plain(x), None) => ComplementFull::try_complement_full(x)?.into(),
        (Input::Plain(x), Some(m)) => algebra::try_complement(x, int(&m)?)?.into(),
        (Input::Swizzled(x), None) => ComplementFull::try_complement_full(x)?.into(),
        (Input::Swizzled(x), Some(m)) => algebra::try_complement(x.layout_b(), int(&m)?)?.into(),
        (Input::Basis(x), None) => ComplementFull::try_complement_full(x)?.into(),
        (Input::Basis(x), Some(m)) => Complement::try_complement(x, m)?.into(),
    })
}

/// `max_common_vector(A, B)` of two layouts with integer strides.
pub fn max_common_vector(a: &Input, b: &Input) -> Result<i64, Error> {
    let plain = |l: &Input| match l {
        Input::Plain(p) => Ok(p.clone()),
        Input::Basis(b) if b.is_integral() => b.to_dyn_layout(),
        l => Err(not_defined(
            "max_common_vector",
            l,
            "it compares two layouts with integer strides",
        )),
    };
    algebra::try_max_common_vector(&plain(a)?, &plain(b)?)
}

/// The `(M,N)` tile of a TV picture: `(M,N)` or `MxN`.
pub fn tile_arg(text: &str) -> Result<(i64, i64), Error> {
    let t: DynTuple = arg("tile", &text.replace(['x', 'X'], ","))
        .or_else(|_| arg("tile", &format!("({})", text.replace(['x', 'X'], ","))))?;
    match t.elements() {
        [m, n] if m.as_int().is_some() && n.as_int().is_some() => {
            Ok((m.as_int().unwrap_or(0), n.as_int().unwrap_or(0)))
        }
        _ => Err(LayoutError::with_detail(
            ErrorKind::InvalidArgument,
            format!("tile `{text}`: expected two integers (M,N)"),
        )),
    }
}

/// A picture of `l` (`svg` or LaTeX), or of the TV layout `l` over `tile`.
pub fn picture(l: &Input, tile: Option<(i64, i64)>, svg: bool) -> Result<String, Error> {
    use cute_layout::picture as pic;
    match (l, tile) {
        (Input::Plain(p), Some(t)) => {
            if svg {
                pic::tv_svg(p, t)
            } else {
                pic::tv_latex(p, t)
            }
        }
        (l, Some(_)) => Err(not_defined(
            "a TV picture",
            l,
            "a TV layout maps (thread, value) to an index with integer strides",
        )),
        (Input::Plain(p), None) => {
            if svg {
                pic::layout_svg(p)
            } else {
                pic::layout_latex(p)
            }
        }
        (Input::Swizzled(c), None) => {
            if svg {
                pic::layout_svg(c)
            } else {
                pic::layout_latex(c)
            }
        }
        (Input::Basis(b), None) if b.is_integral() => {
            let p = b.to_dyn_layout()?;
            if svg {
                pic::layout_svg(&p)
            } else {
                pic::layout_latex(&p)
            }
        }
        (l, None) => Err(not_defined(
            "a picture",
            l,
            "the picture is a grid of integer offsets",
        )),
    }
}

/// `cute atom`: without a name, every atom's name (one per line); with one, the atom's layouts
/// in CuTe notation, one per line (`ThrID: 32:1`, `Shape_MNK: (16,8,16)`, `ALayout: …`, …);
/// with `picture` = `a`, `b` or `c` (MMA atoms), an SVG of that operand's TV layout over its
/// tile ((M,K), (N,K) or (M,N)), cells `T<t> V<v>`.
pub fn atom(name: Option<&str>, picture: Option<&str>) -> Result<Output, Error> {
    use cute_layout::atom::{atom_layouts, atom_names, AtomLayouts};
    let Some(name) = name else {
        let names = atom_names();
        return Ok(Output {
            text: names.iter().map(|n| format!("{n}\n")).collect(),
            json: serde_json::json!({ "atoms": names }),
        });
    };
    let layouts = atom_layouts(name).ok_or_else(|| {
        LayoutError::with_detail(
            ErrorKind::InvalidArgument,
            format!("no atom named `{name}` (`cute atom` lists them)"),
        )
    })?;
    if let Some(which) = picture {
        let AtomLayouts::Mma {
            shape_mnk: (m, n, k),
            a,
            b,
            c,
            ..
        } = &layouts
        else {
            return Err(LayoutError::with_detail(
                ErrorKind::InvalidArgument,
                format!("`{name}` is a copy atom: pictures of operands a, b, c are for MMA atoms"),
            ));
        };
        let (l, tile) = match which {
            "a" | "A" => (a, (*m, *k)),
            "b" | "B" => (b, (*n, *k)),
            "c" | "C" => (c, (*m, *n)),
            other => {
                return Err(LayoutError::with_detail(
                    ErrorKind::InvalidArgument,
                    format!("operand `{other}`: expected a, b or c"),
                ))
            }
        };
        let text = cute_layout::picture::tv_svg(l, tile)?;
        let json = serde_json::json!({ "atom": name, "operand": which, "picture": text });
        return Ok(Output { text, json });
    }
    let lines = layouts.lines();
    let mut json = serde_json::Map::new();
    json.insert("atom".into(), name.into());
    for line in &lines {
        if let Some((key, value)) = line.split_once(": ") {
            json.insert(key.into(), value.into());
        }
    }
    Ok(Output {
        text: lines.iter().map(|l| format!("{l}\n")).collect(),
        json: json.into(),
    })
}

/// `cute banks`: the wavefronts and bank conflicts of one warp-wide shared-memory instruction
/// (`cute_layout::banks`). `values`: 32 comma-separated byte addresses in lane order, or,
/// with `smem = Some((layout, element_bits))`, the element indices each lane accesses first.
/// Text `wavefronts=W conflicts=C`; JSON with the ideal count, the n-way degree, the worst
/// bank and lanes.
pub fn banks(
    ptx: &str,
    values: &str,
    smem: Option<(&Input, u32)>,
    svg: bool,
) -> Result<Output, Error> {
    use cute_layout::banks::{analyze, element_address, SmemInstruction};
    let instruction = SmemInstruction::from_ptx(ptx)?;
    let parsed: Vec<i64> = values
        .split(',')
        .map(|v| {
            v.trim().parse::<i64>().map_err(|_| {
                LayoutError::with_detail(
                    ErrorKind::Parse,
                    format!("--addresses: `{}` is not an integer", v.trim()),
                )
            })
        })
        .collect::<Result<_, _>>()?;
    if parsed.len() != 32 {
        return Err(LayoutError::with_detail(
            ErrorKind::InvalidArgument,
            format!(
                "--addresses: {} values given, a warp has 32 lanes (one per lane, lane order)",
                parsed.len()
            ),
        ));
    }
    let mut addresses = [0u32; 32];
    for (lane, (a, &v)) in addresses.iter_mut().zip(&parsed).enumerate() {
        *a = match smem {
            None => u32::try_from(v).map_err(|_| {
                LayoutError::with_detail(
                    ErrorKind::InvalidArgument,
                    format!("--addresses: lane {lane}: {v} is not a shared-memory byte address (0 ≤ a < 2^32)"),
                )
            })?,
            Some((Input::Plain(l), bits)) => element_address(l, bits, v)?,
            Some((Input::Swizzled(l), bits)) => element_address(l, bits, v)?,
            Some((l @ Input::Basis(_), _)) => {
                return Err(not_defined(
                    "banks",
                    l,
                    "a shared-memory layout has integer strides",
                ))
            }
        };
    }
    let r = analyze(instruction, &addresses)?;
    if svg {
        let map = cute_layout::banks::bank_map(instruction, &addresses)?;
        let text = cute_layout::picture::bank_map_svg(&map);
        let json = serde_json::json!({ "instruction": instruction.ptx(), "picture": text });
        return Ok(Output { text, json });
    }
    Ok(Output {
        text: format!("{r}\n"),
        json: serde_json::json!({
            "instruction": instruction.ptx(),
            "addresses": addresses.to_vec(),
            "wavefronts": r.wavefronts,
            "conflicts": r.conflicts,
            "ideal": r.ideal,
            "degree": r.degree,
            "worst_bank": r.worst_bank,
            "worst_lanes": r.worst_lane_list().collect::<Vec<_>>(),
        }),
    })
}
