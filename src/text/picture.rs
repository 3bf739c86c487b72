//! Pictures of layouts: CuTe's `print_latex` (TikZ) and SVG.
//!
//! * A layout of rank 1 or 2 (a rank-1 layout is drawn as one column, as CuTe draws it) as the
//!   grid of its offsets, row `m` and column `n` holding `L(m, n)`, each cell filled by its
//!   offset modulo 8 with CuTe's eight grays (`black!00`, `black!40`, `black!20`, …):
//!   [`layout_latex`], [`layout_svg`]. The same for a swizzled layout `Sw ∘ O ∘ B`, whose
//!   cells hold the swizzled offsets (anything that is an [`OffsetGrid`]).
//! * A thread-value (TV) layout, `(thread, value) → index` into an `M × N` tile
//!   (column-major, `index = m + n·M`), as CuTe's `print_latex` of a `TiledMMA` / `TiledCopy`
//!   draws it: every cell of the tile labelled `T<thread> V<value>` and filled by the thread
//!   modulo 8 with CuTe's eight pastel colours: [`tv_latex`], [`tv_svg`]. When several
//!   `(thread, value)` pairs reach one cell (a broadcast), the first in thread-major order labels
//!   it, as in CuTe; a cell no pair reaches stays white.
//!
//! * A bank map ([`bank_map_svg`]): one warp-wide shared-memory instruction as the banks
//!   (columns 0–31) by the wavefronts (rows, lane group after lane group), each cell listing
//!   the lanes whose word that bank serves in that wavefront, filled by lane group.
//!
//! A picture has at most [`MAX_PICTURE_CELLS`] cells; a larger one is an
//! [`ErrorKind::TooLarge`] error before anything is allocated.
//!
//! ```
//! use cute_layout::picture::{layout_latex, layout_svg, tv_svg};
//! use cute_layout::DynLayout;
//! let l: DynLayout = "(4,2):(2,1)".parse().unwrap();
//! let tex = layout_latex(&l).unwrap();
//! assert!(tex.contains(r"\node[fill=black!40] at (0,1) {1};"));
//! assert!(layout_svg(&l).unwrap().starts_with("<svg"));
//! // 2 threads × 2 values over a 2×2 tile: thread t holds row t.
//! let tv: DynLayout = "(2,2):(1,2)".parse().unwrap();
//! assert!(tv_svg(&tv, (2, 2)).unwrap().contains("<title>T1 V1</title>"));
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt::Write;

use crate::composed::DynComposedLayout;
use crate::error::{ErrorKind, LayoutError, Result};
use crate::runtime::layout::{DynLayout, DynTuple};

/// The largest picture: 2^16 = 65,536 cells (a 256 × 256 grid).
pub const MAX_PICTURE_CELLS: i64 = 1 << 16;

/// CuTe's grays for offsets (`print_latex` of a layout), by offset modulo 8.
const GRAYS: [u8; 8] = [0, 40, 20, 60, 10, 50, 30, 70];

/// CuTe's colours for threads (`print_latex` of a TV layout), by thread modulo 8.
const THREAD_RGB: [(u8, u8, u8); 8] = [
    (175, 175, 255),
    (175, 255, 175),
    (255, 255, 175),
    (255, 175, 175),
    (210, 210, 255),
    (210, 255, 210),
    (255, 255, 210),
    (255, 210, 210),
];

/// How a picture fills its cells.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Palette {
    /// `GRAYS[key % 8]` (offsets).
    Gray,
    /// `THREAD_RGB[key % 8]` (threads).
    Thread,
}

/// One cell: its label lines and the key its fill colour is chosen by.
struct Cell {
    lines: Vec<String>,
    key: i64,
    /// The SVG tooltip, when it is not the lines themselves.
    tip: Option<String>,
}

/// A grid of cells to draw, with its title.
struct Grid {
    title: String,
    rows: usize,
    cols: usize,
    cells: Vec<Option<Cell>>,
    palette: Palette,
}

impl Grid {
    fn cell(&self, m: usize, n: usize) -> Option<&Cell> {
        self.cells[m * self.cols + n].as_ref()
    }
}

#[doc(hidden)]
/// Anything drawn as a grid of offsets: a [`DynLayout`], a static or mixed
/// [`Layout`](struct@crate::Layout), a swizzled [`DynComposedLayout`].
pub trait OffsetGrid {
    /// The title (the layout in CuTe notation), the number of rows and columns, and the offset
    /// at `(m, n)`; an error for a rank above 2 or more than [`MAX_PICTURE_CELLS`] cells.
    fn offsets(&self) -> Result<(String, i64, i64, Vec<i64>)>;
}

/// The rows and columns of a layout's picture: a rank-1 layout is one column.
fn extent(what: &dyn core::fmt::Display, b: &DynLayout) -> Result<(i64, i64)> {
    let (rows, cols) = match (b.rank(), b.shape()) {
        (1, DynTuple::Int(_)) => (b.size(), 1),
        (1, _) => (b.size(), 1),
        (2, _) => (b.mode(0)?.size(), b.mode(1)?.size()),
        (r, _) => {
            return Err(LayoutError::with_detail(
                ErrorKind::RankMismatch,
                format!("a picture needs a layout of rank 1 or 2, {what} has rank {r}"),
            ))
        }
    };
    check_cells(what, rows, cols)?;
    Ok((rows, cols))
}

fn check_cells(what: &dyn core::fmt::Display, rows: i64, cols: i64) -> Result<()> {
    match rows.checked_mul(cols) {
        Some(n) if n <= MAX_PICTURE_CELLS => Ok(()),
        _ => Err(LayoutError::with_detail(
            ErrorKind::TooLarge,
            format!(
                "the picture of {what} has {rows} × {cols} cells; at most MAX_PICTURE_CELLS = {MAX_PICTURE_CELLS} are drawn"
            ),
        )),
    }
}

/// The coordinate of cell `(m, n)` in a layout of the given rank.
fn coord(rank: usize, m: i64, n: i64) -> DynTuple {
    if rank == 1 {
        DynTuple::int(m)
    } else {
        DynTuple::ints([m, n])
    }
}

impl OffsetGrid for DynLayout {
    fn offsets(&self) -> Result<(String, i64, i64, Vec<i64>)> {
        let (rows, cols) = extent(self, self)?;
        let mut v = Vec::new();
        for m in 0..rows {
            for n in 0..cols {
                v.push(self.try_eval(&coord(self.rank(), m, n))?);
            }
        }
        Ok((format!("{self}"), rows, cols, v))
    }
}

impl OffsetGrid for DynComposedLayout {
    fn offsets(&self) -> Result<(String, i64, i64, Vec<i64>)> {
        let b = self.layout_b();
        let (rows, cols) = extent(self, b)?;
        let mut v = Vec::new();
        for m in 0..rows {
            for n in 0..cols {
                v.push(self.try_call(coord(b.rank(), m, n))?);
            }
        }
        Ok((format!("{self}"), rows, cols, v))
    }
}

impl<S: crate::tuple::Congruent<D>, D: crate::tuple::IntTuple> OffsetGrid for crate::Layout<S, D> {
    fn offsets(&self) -> Result<(String, i64, i64, Vec<i64>)> {
        self.to_dyn().offsets()
    }
}

fn offset_grid<L: OffsetGrid + ?Sized>(l: &L) -> Result<Grid> {
    let (title, rows, cols, offsets) = l.offsets()?;
    Ok(Grid {
        title,
        rows: rows as usize,
        cols: cols as usize,
        cells: offsets
            .into_iter()
            .map(|o| {
                Some(Cell {
                    lines: vec![format!("{o}")],
                    key: o,
                    tip: None,
                })
            })
            .collect(),
        palette: Palette::Gray,
    })
}

/// The grid of a TV layout over an `M × N` tile (see the [module docs](self)).
fn tv_grid(tv: &DynLayout, (m_tile, n_tile): (i64, i64)) -> Result<Grid> {
    if m_tile <= 0 || n_tile <= 0 {
        return Err(LayoutError::with_detail(
            ErrorKind::NonPositiveShape,
            format!("the tile of a TV picture needs a positive shape, got ({m_tile},{n_tile})"),
        ));
    }
    if tv.rank() != 2 {
        return Err(LayoutError::with_detail(
            ErrorKind::RankMismatch,
            format!(
                "a TV layout has rank 2 (thread, value), {tv} has rank {}",
                tv.rank()
            ),
        ));
    }
    check_cells(
        &format_args!("the tile ({m_tile},{n_tile})"),
        m_tile,
        n_tile,
    )?;
    let (threads, values) = (tv.mode(0)?.size(), tv.mode(1)?.size());
    if threads
        .checked_mul(values)
        .is_none_or(|n| n > MAX_PICTURE_CELLS)
    {
        return Err(LayoutError::with_detail(
            ErrorKind::TooLarge,
            format!(
                "{tv} has {threads} × {values} (thread, value) pairs; at most MAX_PICTURE_CELLS = {MAX_PICTURE_CELLS} are drawn"
            ),
        ));
    }
    let tile = m_tile * n_tile;
    let mut cells: Vec<Option<Cell>> = (0..tile).map(|_| None).collect();
    for t in 0..threads {
        for v in 0..values {
            let idx = tv.try_eval(&DynTuple::ints([t, v]))?;
            if !(0..tile).contains(&idx) {
                return Err(LayoutError::with_detail(
                    ErrorKind::BadCoordinate,
                    format!(
                        "TV layout {tv} maps (thread {t}, value {v}) to index {idx}, outside the tile ({m_tile},{n_tile}) of {tile} elements"
                    ),
                ));
            }
            let (m, n) = (idx % m_tile, idx / m_tile);
            let slot = &mut cells[(m * n_tile + n) as usize];
            if slot.is_none() {
                *slot = Some(Cell {
                    lines: vec![format!("T{t}"), format!("V{v}")],
                    key: t,
                    tip: None,
                });
            }
        }
    }
    Ok(Grid {
        title: format!("TV layout {tv} over tile ({m_tile},{n_tile})"),
        rows: m_tile as usize,
        cols: n_tile as usize,
        cells,
        palette: Palette::Thread,
    })
}

/// CuTe's `print_latex` of a layout (rank 1 or 2) or swizzled layout: a standalone TikZ
/// document drawing the grid of offsets (see the [module docs](self)).
pub fn layout_latex<L: OffsetGrid + ?Sized>(l: &L) -> Result<String> {
    Ok(latex(&offset_grid(l)?))
}

/// The SVG picture of a layout (rank 1 or 2) or swizzled layout: the grid of offsets, filled
/// as [`layout_latex`] fills it.
pub fn layout_svg<L: OffsetGrid + ?Sized>(l: &L) -> Result<String> {
    Ok(svg(&offset_grid(l)?))
}

/// CuTe's `print_latex` of a TV layout `(thread, value) → index` over a `tile = (M, N)`
/// (column-major index `m + n·M`): cells labelled `T<t> V<v>`, filled by thread. Errors: a
/// rank other than 2, a non-positive tile, an index outside the tile, too many cells.
pub fn tv_latex(tv: &DynLayout, tile: (i64, i64)) -> Result<String> {
    Ok(latex(&tv_grid(tv, tile)?))
}

/// The SVG picture of a TV layout over a `tile = (M, N)`, as [`tv_latex`] draws it.
pub fn tv_svg(tv: &DynLayout, tile: (i64, i64)) -> Result<String> {
    Ok(svg(&tv_grid(tv, tile)?))
}

/// The SVG picture of a [`BankMap`](crate::banks::BankMap): 32 columns (the banks) and one row
/// per wavefront, lane group after lane group; a cell lists the lanes (`0-3,8`) whose word the
/// bank serves in that wavefront (shortened with `…` past 11 characters; the cell's tooltip has
/// them all), filled by lane group. A conflict-free instruction has one row per group.
///
/// ```
/// use cute_layout::banks::{bank_map, SmemInstruction};
/// use cute_layout::picture::bank_map_svg;
/// let column: [u32; 32] = core::array::from_fn(|l| 64 * l as u32); // 16-way conflict
/// let svg = bank_map_svg(&bank_map(SmemInstruction::LdSharedB32, &column).unwrap());
/// assert!(svg.contains("16 wavefronts"));
/// // wavefront 0 serves lane 0 in bank 0 and lane 1 in bank 16; wavefront 15 lanes 30 and 31
/// assert!(svg.contains("<title>0</title>") && svg.contains("<title>31</title>"));
/// ```
pub fn bank_map_svg(map: &crate::banks::BankMap) -> String {
    let lanes = |mask: u32| {
        let mut out = String::new();
        let mut l = 0;
        while l < 32 {
            if mask & (1 << l) == 0 {
                l += 1;
                continue;
            }
            let start = l;
            while l + 1 < 32 && mask & (1 << (l + 1)) != 0 {
                l += 1;
            }
            if !out.is_empty() {
                out.push(',');
            }
            let _ = match l - start {
                0 => write!(out, "{start}"),
                1 => write!(out, "{start},{l}"),
                _ => write!(out, "{start}-{l}"),
            };
            l += 1;
        }
        out
    };
    let rows: usize = map.groups.iter().map(|g| g.rows.len()).sum();
    let mut cells = Vec::with_capacity(rows * 32);
    for (k, g) in map.groups.iter().enumerate() {
        for row in &g.rows {
            cells.extend(row.iter().map(|&mask| {
                (mask != 0).then(|| {
                    let all = lanes(mask);
                    let short = if all.chars().count() > 11 {
                        let head: String = all.chars().take(10).collect();
                        format!("{head}…")
                    } else {
                        all.clone()
                    };
                    Cell {
                        lines: vec![short],
                        key: k as i64,
                        tip: Some(all),
                    }
                })
            }));
        }
    }
    let grid = Grid {
        title: format!(
            "{}: {rows} wavefronts, ideal {} (columns: banks; rows: wavefronts, lane group by lane group; cells: lanes)",
            map.instruction.ptx(),
            map.groups.len()
        ),
        rows,
        cols: 32,
        cells,
        palette: Palette::Gray,
    };
    svg(&grid)
}

/// CuTe's `print_latex`: print [`layout_latex`] of a layout or swizzled layout to standard
/// output.
#[cfg(feature = "std")]
pub fn print_latex<L: OffsetGrid + ?Sized>(l: &L) -> Result<()> {
    std::print!("{}", layout_latex(l)?);
    Ok(())
}

/// TikZ's fill for a cell.
fn tikz_fill(palette: Palette, key: i64) -> String {
    let k = key.rem_euclid(8) as usize;
    match palette {
        Palette::Gray => format!("black!{:02}", GRAYS[k]),
        Palette::Thread => {
            let (r, g, b) = THREAD_RGB[k];
            format!("{{rgb,255:red,{r};green,{g};blue,{b}}}")
        }
    }
}

fn latex(g: &Grid) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "% {}\n\\documentclass[convert]{{standalone}}\n\\usepackage{{tikz}}\n\n\\begin{{document}}\n\
         \\begin{{tikzpicture}}[x={{(0cm,-1cm)}},y={{(1cm,0cm)}},every node/.style={{minimum size=1cm, outer sep=0pt}}]\n\n",
        g.title
    );
    for m in 0..g.rows {
        for n in 0..g.cols {
            if let Some(c) = g.cell(m, n) {
                let text = if c.lines.len() == 1 {
                    c.lines[0].clone()
                } else {
                    format!("\\shortstack{{{}}}", c.lines.join(" \\\\ "))
                };
                let _ = writeln!(
                    out,
                    "\\node[fill={}] at ({m},{n}) {{{text}}};",
                    tikz_fill(g.palette, c.key)
                );
            }
        }
    }
    let _ = writeln!(
        out,
        "\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] (0,0) grid ({},{});\n",
        g.rows, g.cols
    );
    for m in 0..g.rows {
        let _ = writeln!(out, "\\node at ({m},-1) {{\\Large{{\\texttt{{{m}}}}}}};");
    }
    for n in 0..g.cols {
        let _ = writeln!(out, "\\node at (-1,{n}) {{\\Large{{\\texttt{{{n}}}}}}};");
    }
    out.push_str("\\end{tikzpicture}\n\\end{document}\n");
    out
}

/// `s` with XML's special characters escaped.
fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The SVG fill and text colour for a cell.
fn svg_fill(palette: Palette, key: i64) -> (String, &'static str) {
    let k = key.rem_euclid(8) as usize;
    match palette {
        Palette::Gray => {
            let p = u32::from(GRAYS[k]);
            let v = 255 - (255 * p + 50) / 100;
            let text = if p >= 50 { "white" } else { "black" };
            (format!("#{v:02x}{v:02x}{v:02x}"), text)
        }
        Palette::Thread => {
            let (r, g, b) = THREAD_RGB[k];
            (format!("#{r:02x}{g:02x}{b:02x}"), "black")
        }
    }
}

fn svg(g: &Grid) -> String {
    let cell_w = match g.palette {
        Palette::Gray => {
            let longest = g
                .cells
                .iter()
                .flatten()
                .map(|c| c.lines[0].len())
                .max()
                .unwrap_or(1);
            (longest * 9 + 14).max(36)
        }
        Palette::Thread => 48,
    };
    let cell_h = if g.palette == Palette::Thread { 40 } else { 32 };
    let (left, top) = (40, 48);
    // Wide enough for the title line too (about 8 px a character at 13 px).
    let width = (left + g.cols * cell_w + 10).max(left + g.title.chars().count() * 8 + 10);
    let height = top + g.rows * cell_h + 10;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans Mono, monospace\" font-size=\"14\">"
    );
    let title = xml_escape(&g.title);
    let _ = writeln!(out, "<title>{title}</title>");
    let _ = writeln!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"white\"/>"
    );
    let _ = writeln!(
        out,
        "<text x=\"{left}\" y=\"16\" font-size=\"13\" fill=\"black\">{title}</text>"
    );
    for n in 0..g.cols {
        let x = left + n * cell_w + cell_w / 2;
        let _ = writeln!(
            out,
            "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" fill=\"#555555\">{n}</text>",
            top - 8
        );
    }
    for m in 0..g.rows {
        let y = top + m * cell_h + cell_h / 2 + 5;
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{y}\" text-anchor=\"end\" fill=\"#555555\">{m}</text>",
            left - 8
        );
    }
    for m in 0..g.rows {
        for n in 0..g.cols {
            let (x, y) = (left + n * cell_w, top + m * cell_h);
            let (fill, ink, lines, tip) = match g.cell(m, n) {
                Some(c) => {
                    let (f, i) = svg_fill(g.palette, c.key);
                    let lines = c.lines.join(" ");
                    let tip = c.tip.clone().unwrap_or_else(|| lines.clone());
                    (f, i, lines, tip)
                }
                None => (
                    String::from("#ffffff"),
                    "black",
                    String::new(),
                    String::new(),
                ),
            };
            let _ = write!(out, "<g><title>{tip}</title>");
            let _ = write!(
                out,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{cell_w}\" height=\"{cell_h}\" fill=\"{fill}\" stroke=\"black\" stroke-width=\"1\"/>"
            );
            let cx = x + cell_w / 2;
            match g.cell(m, n) {
                Some(c) if g.palette == Palette::Thread => {
                    let _ = write!(
                        out,
                        "<text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\" fill=\"{ink}\"><tspan x=\"{cx}\">{}</tspan><tspan x=\"{cx}\" dy=\"15\">{}</tspan></text>",
                        y + 17,
                        c.lines[0],
                        c.lines[1]
                    );
                }
                Some(_) => {
                    let _ = write!(
                        out,
                        "<text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" fill=\"{ink}\">{lines}</text>",
                        y + cell_h / 2 + 5
                    );
                }
                None => {}
            }
            out.push_str("</g>\n");
        }
    }
    out.push_str("</svg>\n");
    out
}
