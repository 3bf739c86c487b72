//! The subcommands of the operations NVIDIA's reference PyCuTe (NVlabs/CuTe) has beside CuTe
//! C++'s — `layout-add`, `nullspace`, `coalesce-z`, `greatest-common-domain`,
//! `common-refinement`, `common-coarsening`, `tiler-to-layout` — and the layout builders
//! `recast`, `make-ordered-layout`, `make-layout-like`. Each calls the library's runtime engine
//! (`cute_layout::algebra`).

use clap::Subcommand;
use cute_layout::algebra::{self, DynTiler};
use cute_layout::{DynLayout, DynTuple, ErrorKind, LayoutError};
use serde_json::json;

use crate::{arg, layout_output, Error, Input, Output};

/// The PyCuTe operations, flattened into `cute`'s subcommands.
#[derive(Subcommand, Debug)]
pub enum Cmd {
    /// layout_add(A, B): the layout R with R(i) = A(i) + B(i) for every i < size (PyCuTe).
    LayoutAdd {
        /// The layout A.
        #[arg(allow_hyphen_values = true)]
        a: String,
        /// The layout B, of the same size.
        #[arg(allow_hyphen_values = true)]
        b: String,
    },
    /// nullspace(L): the layout of the coordinates L maps to 0 through its stride-0 modes
    /// (PyCuTe).
    Nullspace {
        /// The layout.
        #[arg(allow_hyphen_values = true)]
        layout: String,
    },
    /// coalesce_z(L): coalesce exact on the extended domain, its last mode kept (PyCuTe).
    CoalesceZ {
        /// The layout.
        #[arg(allow_hyphen_values = true)]
        layout: String,
    },
    /// greatest_common_domain(A, B): the factors two shapes share in order, as a layout
    /// (PyCuTe). A and B are shapes, or layouts (their shapes).
    GreatestCommonDomain {
        /// The shape (or layout) A.
        #[arg(allow_hyphen_values = true)]
        a: String,
        /// The shape (or layout) B.
        #[arg(allow_hyphen_values = true)]
        b: String,
    },
    /// common_refinement(A, B): the least shape refining both shapes (paper Definition 2.7).
    CommonRefinement {
        /// The shape A.
        #[arg(allow_hyphen_values = true)]
        a: String,
        /// The shape B.
        #[arg(allow_hyphen_values = true)]
        b: String,
    },
    /// common_coarsening(A, B): the greatest shape coarsening both shapes (paper
    /// Definition 2.7).
    CommonCoarsening {
        /// The shape A.
        #[arg(allow_hyphen_values = true)]
        a: String,
        /// The shape B.
        #[arg(allow_hyphen_values = true)]
        b: String,
    },
    /// tiler_to_layout(T): a tiler as one layout, by-mode tilers along basis strides (PyCuTe).
    TilerToLayout {
        /// The tiler: a layout, a shape, or by mode `<4:1,8:2>`.
        #[arg(allow_hyphen_values = true)]
        tiler: String,
    },
    /// recast(L, SCALE): L for elements SCALE times as wide (CuTe's recast_layout; SCALE is
    /// new/old width, `8`, `1/2`, `3/2`).
    Recast {
        /// The layout.
        #[arg(allow_hyphen_values = true)]
        layout: String,
        /// The ratio new/old of the element widths: `N` or `N/M`.
        scale: String,
    },
    /// make_ordered_layout(SHAPE, ORDER): the compact layout of SHAPE with its modes laid out
    /// in increasing ORDER (CuTe).
    MakeOrderedLayout {
        /// The shape.
        shape: String,
        /// One integer per mode of the shape, all distinct.
        #[arg(allow_hyphen_values = true)]
        order: String,
    },
    /// make_layout_like(L): the compact layout of L's shape with its leaves in the order of
    /// L's strides (CuTe; `_` marks static values, which decide stride-0 leaves).
    MakeLayoutLike {
        /// The layout.
        #[arg(allow_hyphen_values = true)]
        layout: String,
    },
}

/// A layout with integer strides: a plain layout, or a basis-strided one whose strides are all
/// integers.
fn plain(op: &str, name: &str, text: &str) -> Result<DynLayout, Error> {
    match arg::<Input>(name, text)? {
        Input::Plain(l) => Ok(l),
        Input::Basis(b) if b.is_integral() => b.to_dyn_layout(),
        l => Err(LayoutError::with_detail(
            ErrorKind::InvalidArgument,
            format!("{op}({l}) is not defined: it takes a layout with integer strides"),
        )),
    }
}

/// A shape: a shape itself, or the shape of a layout (text with a `:`).
fn shape(name: &str, text: &str) -> Result<DynTuple, Error> {
    if text.contains(':') {
        Ok(plain_or_basis_shape(name, text)?)
    } else {
        arg(name, text)
    }
}

fn plain_or_basis_shape(name: &str, text: &str) -> Result<DynTuple, Error> {
    Ok(match arg::<Input>(name, text)? {
        Input::Plain(l) => l.shape().clone(),
        Input::Basis(l) => l.shape().clone(),
        Input::Swizzled(l) => l.layout_b().shape().clone(),
    })
}

/// A shape result: the text, and `{"shape", "size", "rank", "depth"}`.
fn shape_output(s: DynTuple) -> Result<Output, Error> {
    Ok(Output {
        text: format!("{s}\n"),
        json: json!({
            "kind": "shape", "shape": s.to_string(), "size": s.size()?, "rank": s.rank(),
            "depth": s.depth(),
        }),
    })
}

/// `SCALE` as `(num, den)`: `N` or `N/M`, positive.
pub fn scale_arg(text: &str) -> Result<(i64, i64), Error> {
    let bad = || {
        LayoutError::with_detail(
            ErrorKind::InvalidArgument,
            format!("SCALE `{text}`: expected a positive integer `N` or a ratio `N/M`"),
        )
    };
    let (n, d) = text.split_once('/').unwrap_or((text, "1"));
    let (n, d): (i64, i64) = (
        n.trim().parse().map_err(|_| bad())?,
        d.trim().parse().map_err(|_| bad())?,
    );
    if n < 1 || d < 1 {
        return Err(bad());
    }
    Ok((n, d))
}

/// Run one of the PyCuTe subcommands.
pub fn run(cmd: &Cmd) -> Result<Output, Error> {
    let layout = |l: DynLayout| Ok(layout_output(Input::from(l)));
    match cmd {
        Cmd::LayoutAdd { a, b } => layout(algebra::try_layout_add(
            &plain("layout_add", "A", a)?,
            &plain("layout_add", "B", b)?,
        )?),
        Cmd::Nullspace { layout: l } => {
            layout(algebra::try_nullspace(&plain("nullspace", "L", l)?)?)
        }
        Cmd::CoalesceZ { layout: l } => {
            layout(algebra::try_coalesce_z(&plain("coalesce_z", "L", l)?)?)
        }
        Cmd::GreatestCommonDomain { a, b } => layout(algebra::try_greatest_common_domain(
            &shape("A", a)?,
            &shape("B", b)?,
        )?),
        Cmd::CommonRefinement { a, b } => shape_output(algebra::try_common_refinement(
            &arg("A", a)?,
            &arg("B", b)?,
        )?),
        Cmd::CommonCoarsening { a, b } => shape_output(algebra::try_common_coarsening(
            &arg("A", a)?,
            &arg("B", b)?,
        )?),
        Cmd::TilerToLayout { tiler } => {
            let t: DynTiler = arg("T", tiler)?;
            let r = algebra::try_tiler_to_layout(&t)?;
            // A layout with integer strides only is shown as one.
            Ok(layout_output(match r.to_dyn_layout() {
                Ok(l) => Input::from(l),
                Err(_) => Input::from(r),
            }))
        }
        Cmd::Recast { layout: l, scale } => {
            let (num, den) = scale_arg(scale)?;
            // new/old = num/den: old width den, new width num.
            layout(algebra::try_recast_layout(
                &plain("recast", "L", l)?,
                den,
                num,
            )?)
        }
        Cmd::MakeOrderedLayout { shape: s, order } => layout(algebra::try_make_ordered_layout(
            &arg("SHAPE", s)?,
            &arg("ORDER", order)?,
        )?),
        Cmd::MakeLayoutLike { layout: l } => layout(algebra::try_make_layout_like(&plain(
            "make_layout_like",
            "L",
            l,
        )?)?),
    }
}
