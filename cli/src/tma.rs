//! `cute tma`: the TMA descriptor CuTe's `make_tma_copy` builds for a gmem tensor, a
//! shared-memory tile layout and a CTA tile (`cute_layout::atom::tma`), one line per
//! `cuTensorMapEncodeTiled` argument, and with `--json` also where every shared-memory element
//! of the tile at the origin comes from (`smem_to_gmem`).

use cute_layout::atom::tma::{make_tma_copy_op, parse_smem_layout, TmaDataType, TmaOpKind};
use cute_layout::{DynLayout, DynTuple, ErrorKind, LayoutError};
use serde_json::json;

use crate::{arg, Error, Output};

/// The arguments of `cute tma`.
#[derive(clap::Args, Debug)]
pub struct TmaArgs {
    /// The operation: `load` (SM90_TMA_LOAD; with --multicast > 1 SM90_TMA_LOAD_MULTICAST) or
    /// `store` (SM90_TMA_STORE).
    #[arg(long)]
    pub op: String,
    /// The element width in bits: 8, 16, 32 or 64 (uint8_t, half_t, float, double).
    #[arg(long)]
    pub elem_bits: u32,
    /// The gmem layout in elements, CuTe's `(M,K[,L]):(sM,sK[,sL])`.
    #[arg(long, allow_hyphen_values = true)]
    pub gmem: String,
    /// The smem layout of one tile: the crate's notation (`Sw<3,3,3> o 0 o …`, swizzle on
    /// element offsets) or CuTe's printed form (`Sw<3,4,3> o smem_ptr[16b](unset) o …`,
    /// swizzle on bytes).
    #[arg(long, allow_hyphen_values = true)]
    pub smem: String,
    /// The CTA tile shape (default: the smem layout's mode sizes, CuTe's
    /// `product_each(shape(slayout))`).
    #[arg(long, allow_hyphen_values = true)]
    pub cta_tile: Option<String>,
    /// The number of CTAs a load is multicast to (default 1).
    #[arg(long, default_value_t = 1)]
    pub multicast: i64,
}

/// Runs `cute tma`.
pub fn run(a: &TmaArgs) -> Result<Output, Error> {
    let op = match (a.op.as_str(), a.multicast) {
        ("load", 1) => TmaOpKind::Load,
        ("load", _) | ("load_multicast", _) => TmaOpKind::LoadMulticast,
        ("store", _) => TmaOpKind::Store,
        (o, _) => {
            return Err(LayoutError::with_detail(
                ErrorKind::InvalidArgument,
                format!("--op `{o}`: expected load or store"),
            ))
        }
    };
    let dtype = TmaDataType::for_bits(a.elem_bits).ok_or_else(|| {
        LayoutError::with_detail(
            ErrorKind::InvalidArgument,
            format!("--elem-bits {}: expected 8, 16, 32 or 64", a.elem_bits),
        )
    })?;
    let gmem: DynLayout = arg("--gmem", &a.gmem)?;
    let smem = parse_smem_layout(&a.smem, a.elem_bits).map_err(|e| {
        LayoutError::with_detail(e.kind(), format!("--smem `{}`: {}", a.smem, e.detail()))
    })?;
    let tile: DynTuple = match &a.cta_tile {
        Some(t) => arg("--cta-tile", t)?,
        None => DynTuple::tuple(
            smem.layout_b()
                .shape()
                .elements()
                .iter()
                .map(|m| m.size().map(DynTuple::int))
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    let t = make_tma_copy_op(op, dtype, &gmem, &smem, &tile, a.multicast)?;
    let p = t.params();
    let list = |v: &[u64]| {
        let s: Vec<String> = v.iter().map(u64::to_string).collect();
        format!("[{}]", s.join(","))
    };
    let b32 = |v: &[u32]| v.iter().map(|&x| u64::from(x)).collect::<Vec<u64>>();
    let text = format!(
        "rank: {}\nglobal_dims: {}\nglobal_strides_bytes: {}\nbox_dims: {}\nelement_strides: {}\nswizzle: {}\ninterleave: none\ninstructions: {}\n",
        p.rank,
        list(p.global_dims()),
        list(p.global_strides_bytes()),
        list(&b32(p.box_dims())),
        list(&b32(p.element_strides())),
        p.swizzle,
        t.instructions()
    );
    let json = json!({
        "op": a.op,
        "elem_bits": a.elem_bits,
        "gmem": gmem.to_string(),
        "smem": smem.to_string(),
        "cta_tile": tile.to_string(),
        "rank": p.rank,
        "global_dims": p.global_dims(),
        "global_strides_bytes": p.global_strides_bytes(),
        "box_dims": p.box_dims(),
        "element_strides": p.element_strides(),
        "swizzle": p.swizzle.to_string(),
        "interleave": "none",
        "instructions": t.instructions(),
        "smem_to_gmem": t.smem_to_gmem()?,
    });
    Ok(Output { text, json })
}
