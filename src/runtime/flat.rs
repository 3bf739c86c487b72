//! The fast path of the runtime algebra: composition, complement, divide and
//! product on a flat depth-first encoding — the `(shape, stride)` leaves in order plus one token
//! per tree node — with no intermediate [`DynLayout`] and one tree built at the end.
//!
//! Every function here returns `None` for anything but the plain case: an error of the
//! operation, an overflow, a negative stride, a composition that the paper's sufficient
//! conditions do not show distributive, a tree near [`MAX_DEPTH`]. The caller then runs the
//! reference path (the `try_` functions' own code), which reports the error (or decides the
//! unusual case) exactly as before. So `Some(r)` is only ever returned where the reference path
//! returns `Ok(r)`: the fast path decides the same conditions, in the same arithmetic, and
//! checks the invariants of every intermediate that the reference path validates (the result's
//! own checks cover the intermediates that are sub-trees of the result).

use smallvec::SmallVec;

use super::ceil_div;
use super::compose::Unnamed;
use super::divide::Grouping;
use super::tiler::DynTiler;
use crate::runtime::layout::{node_shape, DynLayout, Node, Tok, MAX_DEPTH};
use crate::typelevel::distribute::distributes;

/// Flat `(shape, stride)` modes, inline up to 16.
pub(crate) type Leaves = SmallVec<[(i64, i64); 16]>;

/// A layout (or a sequence of layout nodes) in the flat depth-first encoding.
#[derive(Default)]
pub(crate) struct Flat {
    /// The leaves, left to right.
    pub(crate) modes: Leaves,
    /// The nodes, depth first.
    pub(crate) toks: SmallVec<[Tok; 16]>,
}

impl Flat {
    /// The encoding as a node.
    pub(crate) fn node(&self) -> Node<'_> {
        Node {
            toks: &self.toks,
            leaves: &self.modes,
        }
    }

    /// Appends a node of a layout's encoding.
    pub(crate) fn push_node(&mut self, n: Node<'_>) {
        self.toks.extend_from_slice(n.toks);
        self.modes.extend_from_slice(n.leaves);
    }

    /// Appends flat modes as one node, as [`super::modes_to_tuples`] builds them: a leaf for one
    /// mode, `1:0` for none, a flat tuple otherwise.
    pub(crate) fn push_modes(&mut self, m: &[(i64, i64)]) {
        match m {
            [] => {
                self.toks.push(Tok::Leaf);
                self.modes.push((1, 0));
            }
            [one] => {
                self.toks.push(Tok::Leaf);
                self.modes.push(*one);
            }
            _ => {
                self.toks.push(Tok::Open(m.len() as u32));
                for &x in m {
                    self.toks.push(Tok::Leaf);
                    self.modes.push(x);
                }
            }
        }
    }

    /// The layout of the (single) node, every leaf marked `is_static`, when it satisfies the
    /// invariants of `DynLayout` (`None` otherwise: the reference path names the error). No
    /// tree is built.
    pub(crate) fn to_layout(&self, is_static: bool) -> Option<DynLayout> {
        if !valid_leaves(&self.modes) {
            return None;
        }
        // Well formed by construction (one node, a leaf per mode; checked in debug builds);
        // the depth is at most the number of tokens.
        if self.toks.len() > MAX_DEPTH
            && node_shape(&self.toks).is_none_or(|(_, depth)| depth > MAX_DEPTH)
        {
            return None;
        }
        Some(DynLayout::from_encoding(&self.toks, &self.modes, is_static))
    }
}

/// Whether leaves satisfy the value invariants of `DynLayout` (positive shapes, size and
/// cosize within i64), the conditions `DynLayout::new` checks besides structure.
pub(crate) fn valid_leaves(modes: &[(i64, i64)]) -> bool {
    crate::runtime::layout::leaves_within_i64(modes.iter().copied())
}

/// [`crate::rules::coalesce::coalesce_in_place`] on `v[start..]`; `None` on overflow.
fn coalesce_tail(v: &mut Leaves, start: usize, keep_last: bool) -> Option<()> {
    let n = crate::rules::coalesce::coalesce_in_place(&mut v[start..], keep_last).ok()?;
    v.truncate(start + n);
    Some(())
}

/// The composition base case ([`crate::rules::compose::base_case`]) appending to `out`; `None`
/// where that reports an error.
fn base_case_into(a: &[(i64, i64)], s: i64, d: i64, out: &mut Leaves) -> Option<()> {
    crate::rules::compose::base_case(a, s, d, &mut |s, d| out.push((s, d))).ok()
}

/// `A ∘ B` appended to `out` as one node (the reference: `compose::compose_parts` and
/// `build`), for `A` by its flat leaves and `B` by its flat encoding (one node).
pub(crate) fn compose_into(a: &[(i64, i64)], b: Node<'_>, out: &mut Flat) -> Option<()> {
    if b.leaves.iter().any(|&(s, d)| s > 1 && d < 0) {
        return None; // negative strides: the reference path
    }
    // `coalesce_for_composition`.
    let mut ac = Leaves::new();
    if a.is_empty() {
        ac.push((1, 0));
    } else {
        ac.extend_from_slice(a);
    }
    coalesce_tail(&mut ac, 0, true)?;
    // Each leaf's modes, coalesced, one after another; `ends[k]` ends leaf k's.
    let mut parts = Leaves::new();
    let mut ends: SmallVec<[u32; 16]> = SmallVec::new();
    for &(s, d) in b.leaves {
        if s == 1 {
            parts.push((1, 0));
        } else {
            let start = parts.len();
            base_case_into(&ac, s, d, &mut parts)?;
            coalesce_tail(&mut parts, start, false)?;
        }
        ends.push(parts.len() as u32);
    }
    if !distributes(&ac, b.leaves) {
        return None; // decided by evaluation on the reference path
    }
    // B's structure with each leaf replaced by its modes.
    let mut k = 0;
    let mut start = 0usize;
    for &t in b.toks {
        match t {
            Tok::Open(n) => out.toks.push(Tok::Open(n)),
            Tok::Leaf => {
                let end = *ends.get(k)? as usize;
                out.push_modes(&parts[start..end]);
                start = end;
                k += 1;
            }
        }
    }
    Some(())
}

/// `B`'s modes of size > 1 and stride > 0 sorted by `(stride, shape)` into `m` (empty on
/// entry): [`crate::rules::divide::sorted_live`].
fn sorted_live(b: &[(i64, i64)], m: &mut Leaves) {
    m.resize(b.len(), (0, 0));
    let n = crate::rules::divide::sorted_live(b, m);
    m.truncate(n);
}

/// `complement(B, M)`'s coalesced modes (`complement::complement_modes` then
/// `coalesce_modes(_, keep_last)`), appended to `out`, from B's flat modes; `None` on any error.
fn complement_into(
    b: &[(i64, i64)],
    sorted: &[(i64, i64)],
    m: i64,
    keep_last: bool,
    out: &mut Leaves,
) -> Option<()> {
    if m < 1 || b.iter().any(|&(s, d)| s > 1 && d < 0) {
        return None;
    }
    let start = out.len();
    let mut current = 1i64;
    for &(s, d) in sorted {
        if d < current {
            return None;
        }
        out.push((d / current, current));
        current = d.checked_mul(s)?;
    }
    out.push((ceil_div(m, current).max(1), current));
    coalesce_tail(out, start, keep_last)
}

/// Whether `(B, B*)` covers `Z_m` ([`crate::rules::divide::check_covers`]), from B's sorted
/// modes.
fn covers(sorted: &[(i64, i64)], m: i64) -> bool {
    crate::rules::divide::check_covers(sorted, m, &"B").is_ok()
}

/// `complement(A, M)` (the reference: `try_complement`), every leaf marked as `A`.
pub(crate) fn complement(a: &DynLayout, m: i64) -> Option<DynLayout> {
    let leaves = a.leaf_pairs();
    let mut sorted = Leaves::new();
    sorted_live(leaves, &mut sorted);
    let mut c = Leaves::new();
    complement_into(leaves, &sorted, m, true, &mut c)?;
    let mut out = Flat::default();
    out.push_modes(&c);
    out.to_layout(a.is_static())
}

/// `A ∘ B` for two layouts (the reference: `try_composition_layout`).
pub(crate) fn composition(a: &DynLayout, b: &DynLayout) -> Option<DynLayout> {
    let mut out = Flat::default();
    compose_op(a.node(), b, &mut out)?;
    out.to_layout(a.is_static() && b.is_static())
}

/// The per-layout operation of a by-mode walk: `A` (a node of a layout's encoding), `B`,
/// appending one node.
pub(crate) type Op = fn(Node<'_>, &DynLayout, &mut Flat) -> Option<()>;

/// `A ∘ B` as an [`Op`].
pub(crate) fn compose_op(a: Node<'_>, b: &DynLayout, out: &mut Flat) -> Option<()> {
    compose_into(a.leaves, b.node(), out)
}

/// `A ⊘ B = A ∘ (B, complement(B, size(A)))` as an [`Op`] (the reference:
/// `divide::divide_layout`).
pub(crate) fn divide_op(a: Node<'_>, b: &DynLayout, out: &mut Flat) -> Option<()> {
    let a = a.leaves;
    // size(A): fits, an invariant.
    let m = a.iter().fold(1i64, |p, &(s, _)| p.wrapping_mul(s));
    // (B, B*) in the flat encoding.
    let mut bb = Flat::default();
    bb.toks.push(Tok::Open(2));
    bb.push_node(b.node());
    let nb = bb.modes.len();
    let mut sorted = Leaves::new();
    sorted_live(&bb.modes, &mut sorted);
    let mut rest = Leaves::new();
    complement_into(&bb.modes[..nb], &sorted, m, false, &mut rest)?;
    // `complement_plain` validates B*; `check_covers`; `concat([B, B*])` validates (B, B*).
    if !covers(&sorted, m) {
        return None;
    }
    bb.push_modes(&rest);
    if !valid_leaves(&bb.modes[nb..])
        || !valid_leaves(&bb.modes)
        || (bb.toks.len() > MAX_DEPTH
            && node_shape(&bb.toks).is_none_or(|(_, depth)| depth > MAX_DEPTH))
    {
        return None;
    }
    compose_into(a, bb.node(), out)
}

/// `A ⊗ B = (A, complement(A, size(A)·cosize(B)) ∘ B)` as an [`Op`] (the reference:
/// `product::product_layout`).
pub(crate) fn product_op(a_node: Node<'_>, b: &DynLayout, out: &mut Flat) -> Option<()> {
    let a = a_node.leaves;
    let size = a.iter().fold(1i64, |p, &(s, _)| p.wrapping_mul(s));
    let m = size.checked_mul(b.cosize())?;
    let mut sorted = Leaves::new();
    sorted_live(a, &mut sorted);
    let mut c = Leaves::new();
    complement_into(a, &sorted, m, true, &mut c)?;
    // `try_complement` validates A*, a layout of `c` (`1:0` when empty).
    if c.is_empty() {
        c.push((1, 0));
    }
    if !valid_leaves(&c) {
        return None;
    }
    out.toks.push(Tok::Open(2));
    out.push_node(a_node);
    compose_into(&c, b.node(), out)
}

/// `op` applied by mode along a tiler (the reference: `compose::by_mode_with`),
/// appending one node.
fn by_mode_into(a: Node<'_>, t: &DynTiler, op: Op, unnamed: Unnamed, out: &mut Flat) -> Option<()> {
    match t {
        DynTiler::Layout(b) => op(a, b, out),
        DynTiler::Basis(_) => None, // the reference path composes with basis strides
        DynTiler::Skip => {
            out.push_node(a);
            Some(())
        }
        DynTiler::Tuple(ts) => {
            let rank = a.rank();
            if ts.len() > rank {
                return None;
            }
            if a.is_leaf() && ts.len() == 1 {
                return by_mode_into(a, &ts[0], op, unnamed, out);
            }
            let n = match unnamed {
                Unnamed::Keep => rank,
                Unnamed::Drop => ts.len(),
            };
            out.toks.push(Tok::Open(n as u32));
            for (i, ai) in a.children().enumerate().take(n) {
                match ts.get(i) {
                    Some(ti) => by_mode_into(ai, ti, op, unnamed, out)?,
                    None => out.push_node(ai),
                }
            }
            Some(())
        }
    }
}

/// The tiles and rests of a by-mode `op` (the reference: `divide::split`): one node appended to
/// `tiles` and counted in `nt` per tile, likewise for the rests.
fn split_into(
    a: Node<'_>,
    t: &DynTiler,
    op: Op,
    tiles: &mut Group,
    rests: &mut Group,
) -> Option<()> {
    match t {
        DynTiler::Layout(b) => {
            let mut r = Flat::default();
            op(a, b, &mut r)?;
            let r = r.node();
            if r.is_leaf() || r.rank() != 2 {
                return None;
            }
            let mut modes = r.children();
            tiles.push(modes.next()?);
            rests.push(modes.next()?);
        }
        DynTiler::Basis(_) => return None, // the reference path composes with basis strides
        DynTiler::Skip => {
            tiles.push(a);
            rests.push(Node {
                toks: &[Tok::Leaf],
                leaves: &[(1, 0)],
            });
        }
        DynTiler::Tuple(ts) => {
            if ts.len() > a.rank() {
                return None;
            }
            for (i, m) in a.children().enumerate() {
                match ts.get(i) {
                    Some(sub @ DynTiler::Tuple(_)) => {
                        // A nested tuple tiler: this mode's tiles and rests, grouped.
                        let (mut st, mut sr) = (Group::default(), Group::default());
                        split_into(m, sub, op, &mut st, &mut sr)?;
                        tiles.push(st.tuple().node());
                        rests.push(sr.tuple().node());
                    }
                    Some(ti) => split_into(m, ti, op, tiles, rests)?,
                    None => rests.push(m),
                }
            }
        }
    }
    Some(())
}

/// A sequence of nodes and their count.
#[derive(Default)]
struct Group {
    nodes: Flat,
    n: u32,
}

impl Group {
    fn push(&mut self, node: Node<'_>) {
        self.nodes.push_node(node);
        self.n += 1;
    }
    /// The nodes as one tuple (the reference's `concat_modes`).
    fn tuple(&self) -> Flat {
        let mut f = Flat::default();
        f.toks.push(Tok::Open(self.n));
        f.toks.extend_from_slice(&self.nodes.toks);
        f.modes.extend_from_slice(&self.nodes.modes);
        f
    }
}

/// The zipped, tiled or flat grouping of a by-mode `op`'s tiles and rests (the reference:
/// `divide::grouped`), marked static iff `is_static`.
pub(crate) fn grouped(
    a: &DynLayout,
    t: &DynTiler,
    op: Op,
    g: Grouping,
    is_static: bool,
) -> Option<DynLayout> {
    let (mut tiles, mut rests) = (Group::default(), Group::default());
    split_into(a.node(), t, op, &mut tiles, &mut rests)?;
    // For a layout tiler (or a whole `_`) the tile and rest are single modes whose own modes
    // are the groups.
    let (tile, rest) = if matches!(t, DynTiler::Tuple(_)) {
        (tiles.tuple(), rests.tuple())
    } else {
        (tiles.nodes, rests.nodes)
    };
    let (tile, rest) = (tile.node(), rest.node());
    let mut out = Flat::default();
    match g {
        Grouping::Zipped => {
            out.toks.push(Tok::Open(2));
            out.push_node(tile);
            out.push_node(rest);
        }
        Grouping::Tiled => {
            out.toks.push(Tok::Open(1 + rest.rank() as u32));
            out.push_node(tile);
            rest.children().for_each(|m| out.push_node(m));
        }
        Grouping::Flat => {
            out.toks.push(Tok::Open((tile.rank() + rest.rank()) as u32));
            tile.children().for_each(|m| out.push_node(m));
            rest.children().for_each(|m| out.push_node(m));
        }
    }
    out.to_layout(is_static)
}

/// `op` by mode along a tiler, the result marked static iff `A` and the tiler are (the
/// reference: `compose::by_mode`).
pub(crate) fn by_mode(
    a: &DynLayout,
    t: &DynTiler,
    op: Op,
    unnamed: Unnamed,
    is_static: bool,
) -> Option<DynLayout> {
    let mut out = Flat::default();
    by_mode_into(a.node(), t, op, unnamed, &mut out)?;
    out.to_layout(is_static)
}

/// `op(A, B)` for a layout `B`, marked static iff both are.
pub(crate) fn apply(a: &DynLayout, b: &DynLayout, op: Op) -> Option<DynLayout> {
    let mut out = Flat::default();
    op(a.node(), b, &mut out)?;
    out.to_layout(a.is_static() && b.is_static())
}

/// Debug builds: the fast path's result `fast` must be the reference path's, static marks
/// included (`{:#}` prints them; `==` ignores them).
#[cfg(debug_assertions)]
#[track_caller]
pub(crate) fn debug_check(fast: &DynLayout, reference: crate::error::Result<DynLayout>) {
    match reference {
        Ok(r) => assert_eq!(
            alloc::format!("{r:#}"),
            alloc::format!("{fast:#}"),
            "the flat fast path disagrees with the reference path"
        ),
        Err(e) => panic!("the flat fast path gave {fast:#} where the reference path fails: {e}"),
    }
}
