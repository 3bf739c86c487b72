//! The fast path of the runtime algebra: composition, complement, divide and
//! product on a flat depth-first encoding — the `(shape, stride)` leaves in order plus one token
//! per tree node — with no intermediate [`DynLayout`] and one tree built at the end.
//!
//! Every function here returns `None` for anything but the plain case: an error of the
//! operation, an overflow, a negative stride, a composition that the paper's sufficient
//! conditions do not show distributive, a tree near [`MAX_DEPTH`], a list longer than the
//! fixed buffers ([`MAX_LEAVES`] leaves, [`MAX_TOKS`] nodes). The caller then runs the
//! reference path (the `try_` functions' own code), which reports the error (or decides the
//! unusual case) exactly as before. So `Some(r)` is only ever returned where the reference path
//! returns `Ok(r)`: the fast path decides the same conditions, in the same arithmetic, and
//! checks the invariants of every intermediate that the reference path validates (the result's
//! own checks cover the intermediates that are sub-trees of the result).
//!
//! The working lists are [`Buf`]s: fixed arrays on the stack, neither zeroed nor spilled, so
//! that a push is a bounds check and a store.

use core::mem::MaybeUninit;
use core::ops::{Deref, DerefMut};

use smallvec::SmallVec;

use super::ceil_div;
use super::compose::Unnamed;
use super::divide::Grouping;
use super::tiler::DynTiler;
use crate::runtime::layout::{node_shape, DynLayout, Node, Tok, MAX_DEPTH};
use crate::typelevel::distribute::distributes;

/// The most leaves a fast-path list holds.
pub(crate) const MAX_LEAVES: usize = 16;
/// The most tree nodes (tuples and leaves) a fast-path encoding holds.
pub(crate) const MAX_TOKS: usize = 32;

/// A list of at most `N` `Copy` entries in a fixed array on the stack: creating one writes
/// only its length, a push is a bounds check and a store, and a push beyond `N` fails (`None`:
/// the fast path declines).
pub(crate) struct Buf<T: Copy, const N: usize> {
    /// `items[..len]` are initialized.
    items: [MaybeUninit<T>; N],
    len: usize,
}

impl<T: Copy, const N: usize> Buf<T, N> {
    /// An empty list.
    #[inline]
    pub(crate) fn new() -> Self {
        Buf {
            items: [const { MaybeUninit::uninit() }; N],
            len: 0,
        }
    }
    /// Appends `x`; `None` when full.
    #[inline]
    pub(crate) fn push(&mut self, x: T) -> Option<()> {
        self.items.get_mut(self.len)?.write(x);
        self.len += 1;
        Some(())
    }
    /// Appends `xs`; `None` (and nothing appended) when they do not fit.
    #[inline]
    pub(crate) fn extend(&mut self, xs: &[T]) -> Option<()> {
        let dst = self.items.get_mut(self.len..self.len + xs.len())?;
        for (d, &x) in dst.iter_mut().zip(xs) {
            d.write(x);
        }
        self.len += xs.len();
        Some(())
    }
    /// The entries as a `SmallVec` with `M` entries inline: when they fit, a copy of the first
    /// `M` slots (a fixed size: a few moves, no `memcpy` call, no spill check).
    #[inline]
    fn to_small<const M: usize>(&self) -> SmallVec<[T; M]>
    where
        [T; M]: smallvec::Array<Item = T>,
    {
        if self.len <= M && M <= N {
            let mut buf = MaybeUninit::<[T; M]>::uninit();
            // SAFETY: `M ≤ N` slots are read (copying possibly uninitialized `MaybeUninit`s is
            // sound) into a buffer of `M` `T`s (the same layout as `M` `MaybeUninit<T>`s), and
            // its first `len ≤ M` entries, initialized ones, are what the `SmallVec` holds.
            unsafe {
                core::ptr::copy_nonoverlapping(
                    self.items.as_ptr(),
                    buf.as_mut_ptr().cast::<MaybeUninit<T>>(),
                    M,
                );
                SmallVec::from_buf_and_len_unchecked(buf, self.len)
            }
        } else {
            SmallVec::from_slice(self)
        }
    }
    /// Keeps the first `n` entries (all of them when there are fewer).
    #[inline]
    pub(crate) fn truncate(&mut self, n: usize) {
        self.len = self.len.min(n);
    }
}

impl<T: Copy, const N: usize> Deref for Buf<T, N> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        // SAFETY: `items[..len]` are initialized (`len ≤ N`: every write goes through a
        // checked slot), and `MaybeUninit<T>` has `T`'s layout.
        unsafe { core::slice::from_raw_parts(self.items.as_ptr().cast::<T>(), self.len) }
    }
}

impl<T: Copy, const N: usize> DerefMut for Buf<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as for `deref`; `&mut self` is exclusive.
        unsafe { core::slice::from_raw_parts_mut(self.items.as_mut_ptr().cast::<T>(), self.len) }
    }
}

/// Flat `(shape, stride)` modes, at most [`MAX_LEAVES`].
pub(crate) type Leaves = Buf<(i64, i64), MAX_LEAVES>;

/// A layout (or a sequence of layout nodes) in the flat depth-first encoding.
pub(crate) struct Flat {
    /// The leaves, left to right.
    pub(crate) modes: Leaves,
    /// The nodes, depth first.
    pub(crate) toks: Buf<Tok, MAX_TOKS>,
    /// Whether a [`Flat::push_modes`] did not fit (then [`Flat::to_layout`] declines).
    overflow: bool,
}

impl Default for Flat {
    #[inline]
    fn default() -> Self {
        Flat {
            modes: Buf::new(),
            toks: Buf::new(),
            overflow: false,
        }
    }
}

impl Flat {
    /// The encoding as a node.
    #[inline]
    pub(crate) fn node(&self) -> Node<'_> {
        Node {
            toks: &self.toks,
            leaves: &self.modes,
        }
    }

    /// Appends a node of a layout's encoding.
    #[inline]
    fn push_node(&mut self, n: Node<'_>) -> Option<()> {
        self.toks.extend(n.toks)?;
        self.modes.extend(n.leaves)
    }

    /// Appends flat modes as one node, as [`super::modes_to_tuples`] builds them: a leaf for one
    /// mode, `1:0` for none, a flat tuple otherwise. Modes that do not fit make
    /// [`Flat::to_layout`] decline.
    pub(crate) fn push_modes(&mut self, m: &[(i64, i64)]) {
        let start = self.modes.len();
        if self
            .modes
            .extend(m)
            .and_then(|()| self.close_modes(start))
            .is_none()
        {
            self.overflow = true;
        }
    }

    /// Makes the modes `modes[start..]` (just appended) one node: appends its tokens, and the
    /// mode `1:0` when there are none (the node [`Flat::push_modes`] appends).
    #[inline]
    fn close_modes(&mut self, start: usize) -> Option<()> {
        match self.modes.len() - start {
            0 => {
                self.toks.push(Tok::Leaf)?;
                self.modes.push((1, 0))
            }
            1 => self.toks.push(Tok::Leaf),
            n => {
                self.toks.push(Tok::Open(n as u32))?;
                for _ in 0..n {
                    self.toks.push(Tok::Leaf)?;
                }
                Some(())
            }
        }
    }

    /// The layout of the (single) node, every leaf marked `is_static`, when it satisfies the
    /// invariants of `DynLayout` (`None` otherwise: the reference path names the error). No
    /// tree is built.
    #[inline(always)]
    pub(crate) fn to_layout(&self, is_static: bool) -> Option<DynLayout> {
        if self.overflow || !valid_leaves(&self.modes) {
            return None;
        }
        // Well formed by construction (one node, a leaf per mode; checked in debug builds);
        // the depth is at most the number of tokens.
        if self.toks.len() > MAX_DEPTH
            && node_shape(&self.toks).is_none_or(|(_, depth)| depth > MAX_DEPTH)
        {
            return None;
        }
        Some(DynLayout::from_encoding(
            self.toks.to_small(),
            self.modes.to_small(),
            is_static,
        ))
    }
}

/// Whether leaves satisfy the value invariants of `DynLayout` (positive shapes, size and
/// cosize within i64), the conditions `DynLayout::new` checks besides structure.
pub(crate) fn valid_leaves(modes: &[(i64, i64)]) -> bool {
    crate::runtime::layout::leaves_within_i64(modes.iter().copied())
}

/// [`crate::rules::coalesce::coalesce_in_place`] on `v[start..]`; `None` on overflow.
#[inline]
fn coalesce_tail(v: &mut Leaves, start: usize, keep_last: bool) -> Option<()> {
    let tail = v.get_mut(start..)?;
    // One mode stays as it is unless it has size 1 and need not be kept.
    if let [(s, _)] = tail {
        if *s > 1 || keep_last {
            return Some(());
        }
    }
    let n = crate::rules::coalesce::coalesce_in_place(tail, keep_last).ok()?;
    v.truncate(start + n);
    Some(())
}

/// The composition base case ([`crate::rules::compose::base_case`]) appending to `out`; `None`
/// where that reports an error or `out` is full.
#[inline]
fn base_case_into(a: &[(i64, i64)], s: i64, d: i64, out: &mut Leaves) -> Option<()> {
    let mut fits = true;
    crate::rules::compose::base_case(a, s, d, &mut |s, d| {
        fits &= out.push((s, d)).is_some();
    })
    .ok()?;
    fits.then_some(())
}

/// `A ∘ B` appended to `out` as one node (the reference: `compose::compose_parts` and
/// `build`), for `A` by its flat leaves and `B` by its flat encoding (one node).
#[inline]
pub(crate) fn compose_into(a: &[(i64, i64)], b: Node<'_>, out: &mut Flat) -> Option<()> {
    if b.leaves.iter().any(|&(s, d)| s > 1 && d < 0) {
        return None; // negative strides: the reference path
    }
    // `coalesce_for_composition`.
    let mut ac = Leaves::new();
    if a.is_empty() {
        ac.push((1, 0))?;
    } else {
        ac.extend(a)?;
    }
    coalesce_tail(&mut ac, 0, true)?;
    // B's structure with each leaf replaced by its modes, coalesced.
    let mut leaves = b.leaves.iter();
    for &t in b.toks {
        match t {
            Tok::Open(n) => out.toks.push(Tok::Open(n))?,
            Tok::Leaf => {
                let &(s, d) = leaves.next()?;
                let start = out.modes.len();
                if s == 1 {
                    out.modes.push((1, 0))?;
                } else {
                    base_case_into(&ac, s, d, &mut out.modes)?;
                    coalesce_tail(&mut out.modes, start, false)?;
                }
                out.close_modes(start)?;
            }
        }
    }
    if !distributes(&ac, b.leaves) {
        return None; // decided by evaluation on the reference path
    }
    Some(())
}

/// `B`'s modes of size > 1 and stride > 0 sorted by `(stride, shape)` into `m` (empty on
/// entry): [`crate::rules::divide::sorted_live`].
#[inline]
fn sorted_live(b: &[(i64, i64)], m: &mut Leaves) -> Option<()> {
    let slots = m.items.get_mut(..b.len())?;
    for (s, &x) in slots.iter_mut().zip(b) {
        s.write(x);
    }
    m.len = b.len();
    let n = crate::rules::divide::sorted_live(b, m);
    m.truncate(n);
    Some(())
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
        out.push((d / current, current))?;
        current = d.checked_mul(s)?;
    }
    out.push((ceil_div(m, current).max(1), current))?;
    coalesce_tail(out, start, keep_last)
}

/// Whether `(B, B*)` covers `Z_m` ([`crate::rules::divide::check_covers`]), from B's sorted
/// modes.
fn covers(sorted: &[(i64, i64)], m: i64) -> bool {
    crate::rules::divide::check_covers(sorted, m, &"B").is_ok()
}

/// `complement(A, M)` (the reference: `try_complement`), every leaf marked as `A`.
#[inline]
pub(crate) fn complement(a: &DynLayout, m: i64) -> Option<DynLayout> {
    let leaves = a.leaf_pairs();
    let mut sorted = Leaves::new();
    sorted_live(leaves, &mut sorted)?;
    let mut out = Flat::default();
    complement_into(leaves, &sorted, m, true, &mut out.modes)?;
    out.close_modes(0)?;
    out.to_layout(a.is_static())
}

/// `coalesce(A)` (the reference: `try_coalesce`), every leaf marked as `A`.
pub(crate) fn coalesce(a: &DynLayout) -> Option<DynLayout> {
    let mut out = Flat::default();
    out.modes.extend(a.leaf_pairs())?;
    coalesce_tail(&mut out.modes, 0, false)?;
    out.close_modes(0)?;
    out.to_layout(a.is_static())
}

/// `A ∘ B` for two layouts (the reference: `try_composition_layout`).
pub(crate) fn composition(a: &DynLayout, b: &DynLayout) -> Option<DynLayout> {
    apply(a, b, compose_op)
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
    let b = b.node();
    let mut bb = Flat::default();
    bb.toks.push(Tok::Open(2))?;
    bb.push_node(b)?;
    let nb = bb.modes.len();
    let mut sorted = Leaves::new();
    sorted_live(b.leaves, &mut sorted)?;
    complement_into(b.leaves, &sorted, m, false, &mut bb.modes)?;
    // `complement_plain` validates B*; `check_covers`; `concat([B, B*])` validates (B, B*)
    // (its leaves valid, so are B*'s: a subset's size and cosize are at most the whole's).
    if !covers(&sorted, m) {
        return None;
    }
    bb.close_modes(nb)?;
    if !valid_leaves(&bb.modes)
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
    sorted_live(a, &mut sorted)?;
    let mut c = Leaves::new();
    complement_into(a, &sorted, m, true, &mut c)?;
    // `try_complement` validates A*, a layout of `c` (`1:0` when empty).
    if c.is_empty() {
        c.push((1, 0))?;
    }
    if !valid_leaves(&c) {
        return None;
    }
    out.toks.push(Tok::Open(2))?;
    out.push_node(a_node)?;
    compose_into(&c, b.node(), out)
}

/// `op` applied by mode along a tiler (the reference: `compose::by_mode_with`),
/// appending one node.
fn by_mode_into(a: Node<'_>, t: &DynTiler, op: Op, unnamed: Unnamed, out: &mut Flat) -> Option<()> {
    match t {
        DynTiler::Layout(b) => op(a, b, out),
        DynTiler::Basis(_) => None, // the reference path composes with basis strides
        DynTiler::Skip => out.push_node(a),
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
            out.toks.push(Tok::Open(n as u32))?;
            for (i, ai) in a.children().enumerate().take(n) {
                match ts.get(i) {
                    Some(ti) => by_mode_into(ai, ti, op, unnamed, out)?,
                    None => out.push_node(ai)?,
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
            tiles.push(modes.next()?)?;
            rests.push(modes.next()?)?;
        }
        DynTiler::Basis(_) => return None, // the reference path composes with basis strides
        DynTiler::Skip => {
            tiles.push(a)?;
            rests.push(Node {
                toks: &[Tok::Leaf],
                leaves: &[(1, 0)],
            })?;
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
                        tiles.push_tuple(&st)?;
                        rests.push_tuple(&sr)?;
                    }
                    Some(ti) => split_into(m, ti, op, tiles, rests)?,
                    None => rests.push(m)?,
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
    fn push(&mut self, node: Node<'_>) -> Option<()> {
        self.nodes.push_node(node)?;
        self.n += 1;
        Some(())
    }
    /// Appends the nodes of `g` as one tuple node (the reference's `concat_modes`).
    fn push_tuple(&mut self, g: &Group) -> Option<()> {
        self.nodes.toks.push(Tok::Open(g.n))?;
        self.nodes.push_node(g.nodes.node())?;
        self.n += 1;
        Some(())
    }
}

/// A group of tiles or rests as one mode: for a tuple tiler, the tuple of its nodes (the
/// reference's `concat_modes`); otherwise its single node, whose own modes are the group.
struct Mode<'a> {
    group: &'a Group,
    tuple: bool,
}

impl Mode<'_> {
    /// The number of modes.
    fn rank(&self) -> u32 {
        if self.tuple {
            self.group.n
        } else {
            self.group.nodes.node().rank() as u32
        }
    }
    /// Appends the mode as one node.
    fn push_to(&self, out: &mut Flat) -> Option<()> {
        if self.tuple {
            out.toks.push(Tok::Open(self.group.n))?;
        }
        out.push_node(self.group.nodes.node())
    }
    /// Appends the mode's modes, one node each.
    fn push_modes_to(&self, out: &mut Flat) -> Option<()> {
        let node = self.group.nodes.node();
        if self.tuple {
            return out.push_node(node);
        }
        node.children().try_for_each(|m| out.push_node(m))
    }
}

/// The zipped, tiled or flat grouping of a by-mode `op`'s tiles and rests (the reference:
/// `divide::grouped`), marked static iff `is_static`.
#[inline(always)]
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
    let tuple = matches!(t, DynTiler::Tuple(_));
    let tile = Mode {
        group: &tiles,
        tuple,
    };
    let rest = Mode {
        group: &rests,
        tuple,
    };
    let mut out = Flat::default();
    match g {
        Grouping::Zipped => {
            out.toks.push(Tok::Open(2))?;
            tile.push_to(&mut out)?;
            rest.push_to(&mut out)?;
        }
        Grouping::Tiled => {
            out.toks.push(Tok::Open(1 + rest.rank()))?;
            tile.push_to(&mut out)?;
            rest.push_modes_to(&mut out)?;
        }
        Grouping::Flat => {
            out.toks.push(Tok::Open(tile.rank() + rest.rank()))?;
            tile.push_modes_to(&mut out)?;
            rest.push_modes_to(&mut out)?;
        }
    }
    out.to_layout(is_static)
}

/// `op` by mode along a tiler, the result marked static iff `A` and the tiler are (the
/// reference: `compose::by_mode`).
#[inline(always)]
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
#[inline(always)]
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
