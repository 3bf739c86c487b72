//! CUDA C++ from verified layouts (feature `emit`): every layout kind becomes plain index
//! arithmetic — no CuTe headers — for NVRTC at run time or for `nvcc` from a build script.
//!
//! # What is emitted
//!
//! For a layout emitted under the name `n` (a C identifier), [`CudaSource`] writes a comment
//! with the layout in CuTe notation (static leaves marked `_`), its size and the bound on its
//! values, then three `CUTE_HD constexpr` functions (`CUTE_HD` is
//! `__host__ __device__ __forceinline__` under a CUDA compiler and `inline` under a host one):
//!
//! | function | value |
//! |---|---|
//! | `I n_size(P_shape...)` | `size(L)` |
//! | `I n(I i, P...)` | `L(i)`, the integral coordinate `i` (paper Eq. 4 then 6) |
//! | `I n_crd(I c0, ..., I c{R-1}, P...)` | `L(c0, ..., c{R-1})`, one integral coordinate per top-level mode |
//!
//! `I` is the index type, `int` or `long long` ([`IndexType`]). Coordinates are split as the
//! crate's [`DynLayout::eval`](crate::DynLayout::eval) splits them: every leaf reduced by its
//! extent except the leaf that ends the path of last modes, which takes the whole rest (CuTe's
//! `idx2crd`: out of bounds, the last mode runs on); each mode of `n_crd` likewise. The split
//! runs in unsigned arithmetic (CuTe's unsigned index); static extents and strides are folded:
//! a power of two is a shift and a mask, any other constant a division the compiler turns into
//! a multiplication. Coordinates must be non-negative.
//!
//! * **Runtime leaves** ([`Leaves::AsWritten`], the default) become parameters `P...`, after the
//!   coordinates: the shape's runtime leaves `s<k>`, then the stride's `d<k>` (`k` is the leaf's
//!   position in the flattened tuple), then a composed layout's runtime offset `o` and a
//!   tensor's base `b`; `n_size` takes the shape's only. [`Leaves::Fold`] writes every value as
//!   a constant instead — the way to compile a layout chosen at run time with NVRTC.
//! * **Composed (swizzled) layouts** `Sw<B,M,S> ∘ O ∘ L` evaluate `x = O + L(c)` then
//!   `x ^ ((x & yyy) >> S)` (CuTe's `Swizzle`, [`SwizzleFn::apply`](crate::SwizzleFn::apply)).
//! * **Basis-strided layouts** ([`DynBasisLayout`]) return coordinates: a
//!   `struct n_coord { I v[N]; }` whose `v[j]` is the `j`-th leaf of the codomain, left to
//!   right (`(M,N):(1@0,1@1)` returns `{m, n}`).
//! * **Tensors** emit their index map, `base + L(c)` ([`Tensor::base`]).
//! * **Atoms, TiledMMA and TiledCopy** emit their thread-value layouts, `n_crd(thr, val)`
//!   ([`CudaSource::tiled_mma`], [`CudaSource::tiled_copy`], [`CudaSource::mma_atom`]), and a
//!   per-thread partition of a tile, `n_crd(thr, val, rest)` ([`CudaSource::partition`]).
//!
//! The index type is `int` when every value is known (static, or folded) and the size and the
//! bound on `|L(c)|` fit 31 bits, `long long` otherwise; [`EmitOptions::index`] forces one
//! (`int` with runtime leaves is the caller's promise that the values keep to 31 bits; with
//! known values that do not fit it is an error). Output is deterministic: the same layouts in
//! the same order give the same text.
//!
//! ```
//! use cute_layout::emit::CudaSource;
//! use cute_layout::layout;
//! let mut src = CudaSource::new();
//! src.layout("sA", &layout!((4,(2,2)):(1,(8,4)))).unwrap();
//! let text = src.to_string();
//! assert!(text.contains("CUTE_HD constexpr int sA(int i) {"));
//! assert!(text.contains("return (int)(u & 3u) + ((int)((u >> 2) & 1u) << 3) + ((int)(u >> 3) << 2);"));
//! assert!(text.contains("CUTE_HD constexpr int sA_crd(int c0, int c1) {"));
//! // A runtime leaf becomes a parameter.
//! let n = 6;
//! let mut src = CudaSource::new();
//! src.layout("g", &layout!((4,{n}):(1,4)).unwrap()).unwrap();
//! assert!(src.to_string().contains("CUTE_HD constexpr long long g(long long i, long long s1) {"));
//! ```

mod cuda;
mod ir;

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::String;

use crate::atom::{MmaTraits, TiledCopyLayouts, TiledMmaLayouts};
use crate::basis::DynBasisLayout;
use crate::composed::{ComposedInner, ComposedLayout, ComposedOffset, ComposedOuter};
use crate::error::{layout_error, ErrorKind, Result};
use crate::layout::Layout;
use crate::runtime::layout::{DynLayout, DynTuple};
use crate::swizzle::DynSwizzle;
use crate::tensor::Tensor;
use crate::tuple::{Congruent, IntTuple};

/// The integer type of the emitted functions' coordinates, parameters and values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexType {
    /// `int` (offsets and sizes below 2³¹; `unsigned` splits).
    I32,
    /// `long long`.
    I64,
}

/// What the emission does with a layout's runtime leaves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Leaves {
    /// Runtime leaves become parameters of the emitted functions; static ones are folded.
    #[default]
    AsWritten,
    /// Every leaf is written as a constant (its value now): for layouts chosen at run time and
    /// compiled at run time.
    Fold,
}

/// Options of one emission.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EmitOptions {
    /// The index type; `None` chooses (see the [module documentation](self)).
    pub index: Option<IndexType>,
    /// Runtime leaves as parameters or folded.
    pub leaves: Leaves,
}

impl EmitOptions {
    /// Every leaf folded into a constant ([`Leaves::Fold`]), the index type chosen.
    ///
    /// ```
    /// use cute_layout::emit::{CudaSource, EmitOptions};
    /// use cute_layout::layout;
    /// let mut src = CudaSource::with_options(EmitOptions::folded());
    /// src.layout("g", &layout!((4,{6}):(1,4)).unwrap()).unwrap();
    /// assert!(src.to_string().contains("CUTE_HD constexpr int g(int i) {"));
    /// ```
    pub fn folded() -> Self {
        EmitOptions {
            index: None,
            leaves: Leaves::Fold,
        }
    }
}

/// What every emitted file starts with: the `CUTE_HD` qualifier for CUDA and host compilers.
pub const PRELUDE: &str = "\
// CUDA C++ index functions emitted by cute-layout from verified layouts.
#ifndef CUTE_HD
#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define CUTE_HD __host__ __device__ __forceinline__
#else
#define CUTE_HD inline
#endif
#endif
";

/// The intermediate form of one emission (hidden: the solver's gear).
#[doc(hidden)]
#[derive(Clone, Debug)]
pub struct EmitIr(ir::Ir);

/// A layout kind that can be emitted as CUDA C++: static and mixed [`Layout`]s,
/// [`DynLayout`], composed (swizzled) layouts, [`DynBasisLayout`] and [`Tensor`]s of these.
pub trait Emit {
    /// The intermediate form (hidden).
    #[doc(hidden)]
    fn emit_ir(&self, leaves: Leaves) -> Result<EmitIr>;
}

impl<S: Congruent<D>, D: IntTuple> Emit for Layout<S, D> {
    fn emit_ir(&self, leaves: Leaves) -> Result<EmitIr> {
        self.to_dyn().emit_ir(leaves)
    }
}

impl Emit for DynLayout {
    fn emit_ir(&self, leaves: Leaves) -> Result<EmitIr> {
        ir::from_layout(self, None, leaves).map(EmitIr)
    }
}

impl<A: ComposedOuter, O: ComposedOffset, B: ComposedInner> Emit for ComposedLayout<A, O, B> {
    fn emit_ir(&self, leaves: Leaves) -> Result<EmitIr> {
        let d = self.to_dyn();
        let sw: &DynSwizzle = d.layout_a();
        ir::from_composed(sw, d.offset(), d.layout_b(), leaves).map(EmitIr)
    }
}

impl Emit for DynBasisLayout {
    fn emit_ir(&self, leaves: Leaves) -> Result<EmitIr> {
        ir::from_basis(self, leaves).map(EmitIr)
    }
}

impl<E, L: Emit> Emit for Tensor<E, L> {
    fn emit_ir(&self, leaves: Leaves) -> Result<EmitIr> {
        let inner = self.layout().emit_ir(leaves)?.0;
        let base = i64::try_from(self.base()).map_err(|_| crate::LayoutError::overflow())?;
        ir::with_base(inner, base, leaves).map(EmitIr)
    }
}

const KEYWORDS: &[&str] = &[
    "alignas",
    "alignof",
    "and",
    "asm",
    "auto",
    "bool",
    "break",
    "case",
    "catch",
    "char",
    "class",
    "const",
    "constexpr",
    "continue",
    "decltype",
    "default",
    "delete",
    "do",
    "double",
    "else",
    "enum",
    "explicit",
    "export",
    "extern",
    "false",
    "float",
    "for",
    "friend",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "mutable",
    "namespace",
    "new",
    "noexcept",
    "not",
    "nullptr",
    "operator",
    "or",
    "private",
    "protected",
    "public",
    "register",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "template",
    "this",
    "throw",
    "true",
    "try",
    "typedef",
    "typeid",
    "typename",
    "union",
    "unsigned",
    "using",
    "virtual",
    "void",
    "volatile",
    "while",
    "xor",
];

/// Checks that `name` can name the emitted functions: a C identifier, not a keyword, not
/// reserved (a leading `__` or `_` + capital).
fn check_name(name: &str) -> Result<()> {
    let mut chars = name.chars();
    let ok_first = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    let ok_rest = chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    let reserved = name.starts_with("__")
        || (name.starts_with('_') && name[1..].starts_with(|c: char| c.is_ascii_uppercase()));
    if !ok_first || !ok_rest || reserved || KEYWORDS.contains(&name) {
        return Err(layout_error!(
            ErrorKind::InvalidArgument,
            "`{name}` cannot name emitted functions: it must be a C identifier that is neither a \
             keyword nor reserved"
        ));
    }
    Ok(())
}

fn choose_index(ir: &ir::Ir, forced: Option<IndexType>, name: &str) -> Result<IndexType> {
    let known = ir.params.is_empty();
    let fits =
        known && ir.size <= i32::MAX as i64 && ir.bound.is_some_and(|b| b <= i32::MAX as u64);
    match forced {
        Some(IndexType::I32) if known && !fits => Err(layout_error!(
            ErrorKind::TooLarge,
            "layout `{name}` ({}) does not fit `int`: size {}, values up to {} in magnitude",
            ir.notation,
            ir.size,
            ir.bound
                .map_or_else(|| String::from("beyond i64"), |b| format!("{b}"))
        )),
        Some(t) => Ok(t),
        None if fits => Ok(IndexType::I32),
        None => Ok(IndexType::I64),
    }
}

/// A CUDA C++ source being assembled: the [`PRELUDE`], then each emitted layout's functions
/// and any code added with [`CudaSource::code`], in order. Names are checked (C identifiers,
/// each used once).
///
/// ```
/// use cute_layout::emit::CudaSource;
/// use cute_layout::layout;
/// let mut src = CudaSource::new();
/// src.layout("sA", &layout!(Sw<3,3,3> o 0 o (8,64):(64,1))).unwrap();
/// assert!(src.to_string().contains("return (x ^ ((x & 448) >> 3));"));
/// assert!(src.layout("sA", &layout!(8:1)).is_err()); // a name is used once
/// assert!(src.layout("2x", &layout!(8:1)).is_err()); // not a C identifier
/// ```
#[derive(Clone, Debug)]
pub struct CudaSource {
    options: EmitOptions,
    names: BTreeSet<String>,
    text: String,
}

impl Default for CudaSource {
    fn default() -> Self {
        Self::new()
    }
}

impl CudaSource {
    /// An empty source (the prelude only), default options.
    pub fn new() -> Self {
        Self::with_options(EmitOptions::default())
    }

    /// An empty source whose emissions use `options`.
    pub fn with_options(options: EmitOptions) -> Self {
        CudaSource {
            options,
            names: BTreeSet::new(),
            text: String::from(PRELUDE),
        }
    }

    fn claim(&mut self, name: &str) -> Result<()> {
        check_name(name)?;
        for n in [
            String::from(name),
            format!("{name}_size"),
            format!("{name}_crd"),
            format!("{name}_coord"),
        ] {
            if self.names.contains(&n) {
                return Err(layout_error!(
                    ErrorKind::InvalidArgument,
                    "`{n}` is already emitted in this source"
                ));
            }
        }
        self.names.insert(String::from(name));
        for suffix in ["_size", "_crd", "_coord"] {
            self.names.insert(format!("{name}{suffix}"));
        }
        Ok(())
    }

    /// Emits `l` under `name` with this source's options (the functions of the
    /// [module documentation](self)).
    pub fn layout<L: Emit + ?Sized>(&mut self, name: &str, l: &L) -> Result<&mut Self> {
        let options = self.options;
        self.layout_with(name, l, options)
    }

    /// Emits `l` under `name` with `options`.
    ///
    /// ```
    /// use cute_layout::emit::{CudaSource, EmitOptions, IndexType, Leaves};
    /// use cute_layout::layout;
    /// let mut src = CudaSource::new();
    /// let o = EmitOptions { index: Some(IndexType::I64), leaves: Leaves::AsWritten };
    /// src.layout_with("w", &layout!((2,3):(3,1)), o).unwrap();
    /// assert!(src.to_string().contains("long long w(long long i)"));
    /// ```
    pub fn layout_with<L: Emit + ?Sized>(
        &mut self,
        name: &str,
        l: &L,
        options: EmitOptions,
    ) -> Result<&mut Self> {
        let EmitIr(ir) = l.emit_ir(options.leaves)?;
        let ty = choose_index(&ir, options.index, name)?;
        self.claim(name)?;
        self.text.push('\n');
        self.text.push_str(&cuda::functions(&ir, name, ty));
        Ok(self)
    }

    /// The thread-value layouts of an MMA atom (`Atom::ALayout`, `BLayout`, `CLayout`) as
    /// `<name>_a_tv`, `<name>_b_tv`, `<name>_c_tv`: `_crd(thr, val)` is the column-major index
    /// of the element in the atom's (M,K), (N,K), (M,N) tile.
    ///
    /// ```
    /// use cute_layout::atom::SM80_16x8x16_F32F16F16F32_TN;
    /// use cute_layout::emit::CudaSource;
    /// let mut src = CudaSource::new();
    /// src.mma_atom::<SM80_16x8x16_F32F16F16F32_TN>("mma").unwrap();
    /// assert!(src.to_string().contains("mma_c_tv_crd(int c0, int c1)"));
    /// ```
    pub fn mma_atom<A: MmaTraits>(&mut self, name: &str) -> Result<&mut Self>
    where
        A::ALayout: Emit + Default,
        A::BLayout: Emit + Default,
        A::CLayout: Emit + Default,
    {
        self.layout(&format!("{name}_a_tv"), &A::ALayout::default())?;
        self.layout(&format!("{name}_b_tv"), &A::BLayout::default())?;
        self.layout(&format!("{name}_c_tv"), &A::CLayout::default())
    }

    /// A TiledMMA's thread-value layouts (CuTe's `get_layoutA_TV` … `get_layoutC_TV`) as
    /// `<name>_a_tv`, `<name>_b_tv`, `<name>_c_tv` (`_crd(thr, val)` → column-major index in the
    /// tiled (M,K), (N,K), (M,N) tile), and `<name>_num_threads()`.
    pub fn tiled_mma<T: TiledMmaLayouts>(&mut self, name: &str, mma: &T) -> Result<&mut Self>
    where
        T::LayoutA_TV: Emit,
        T::LayoutB_TV: Emit,
        T::LayoutC_TV: Emit,
    {
        self.layout(&format!("{name}_a_tv"), &mma.layout_a_tv())?;
        self.layout(&format!("{name}_b_tv"), &mma.layout_b_tv())?;
        self.layout(&format!("{name}_c_tv"), &mma.layout_c_tv())?;
        let threads = mma.num_threads();
        self.constant(&format!("{name}_num_threads"), threads)
    }

    /// A TiledCopy's thread-value layouts: `<name>_tv` (CuTe's `TiledLayout_TV`: (thr, val) →
    /// column-major index in the copy's tile), `<name>_s_tv` and `<name>_d_tv` (source and
    /// destination, CuTe's `get_layoutS_TV` / `get_layoutD_TV`), and `<name>_num_threads()`.
    pub fn tiled_copy<T: TiledCopyLayouts>(&mut self, name: &str, copy: &T) -> Result<&mut Self>
    where
        T::TiledLayout_TV: Emit,
        T::LayoutS_TV: Emit,
        T::LayoutD_TV: Emit,
    {
        self.layout(&format!("{name}_tv"), &copy.tiled_layout_tv())?;
        self.layout(&format!("{name}_s_tv"), &copy.layout_s_tv())?;
        self.layout(&format!("{name}_d_tv"), &copy.layout_d_tv())?;
        let threads = copy.num_threads();
        self.constant(&format!("{name}_num_threads"), threads)
    }

    /// Emits the per-thread partition [`tv_partition`]`(tensor, tv, tile)` under `name`:
    /// `<name>_crd(thr, val, rest)` is the offset of value `val` of thread `thr` in tile `rest`.
    /// Its runtime parameters are [`runtime_parameters`] of the partition.
    ///
    /// ```
    /// use cute_layout::emit::CudaSource;
    /// use cute_layout::{layout, DynLayout};
    /// // 2 threads, 2 values each over a 2x2 tile of an (4,4):(1,4) tensor.
    /// let tv: DynLayout = "(_2,_2):(_1,_2)".parse().unwrap();
    /// let mut src = CudaSource::new();
    /// src.partition("p", &layout!((4,4):(1,4)), &tv, &[2, 2]).unwrap();
    /// assert!(src.to_string().contains("p_crd(int c0, int c1, int c2)"));
    /// ```
    pub fn partition<L: PartitionSource + ?Sized>(
        &mut self,
        name: &str,
        tensor: &L,
        tv: &DynLayout,
        tile: &[i64],
    ) -> Result<&mut Self> {
        let p = tv_partition(tensor, tv, tile)?;
        self.layout(name, &p)
    }

    /// A constant `CUTE_HD constexpr I name()` (a thread count, a tile extent).
    pub fn constant(&mut self, name: &str, value: i64) -> Result<&mut Self> {
        check_name(name)?;
        if !self.names.insert(String::from(name)) {
            return Err(layout_error!(
                ErrorKind::InvalidArgument,
                "`{name}` is already emitted in this source"
            ));
        }
        let ty = if i32::try_from(value).is_ok() {
            "int"
        } else {
            "long long"
        };
        let v = if ty == "int" {
            format!("{value}")
        } else {
            format!("{value}LL")
        };
        self.text.push_str(&format!(
            "CUTE_HD constexpr {ty} {name}() {{ return {v}; }}\n"
        ));
        Ok(self)
    }

    /// Appends hand-written code (a kernel that calls the emitted functions).
    pub fn code(&mut self, code: &str) -> &mut Self {
        self.text.push('\n');
        self.text.push_str(code);
        if !code.ends_with('\n') {
            self.text.push('\n');
        }
        self
    }

    /// The source text.
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

impl core::fmt::Display for CudaSource {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.text)
    }
}

/// One layout's functions, with the [`PRELUDE`]: `CudaSource` with a single layout.
///
/// ```
/// let text = cute_layout::emit::emit_layout("id", &cute_layout::layout!(8:1), Default::default()).unwrap();
/// assert!(text.starts_with(cute_layout::emit::PRELUDE));
/// assert!(text.contains("return (int)u;"));
/// ```
pub fn emit_layout<L: Emit + ?Sized>(name: &str, l: &L, options: EmitOptions) -> Result<String> {
    let mut s = CudaSource::with_options(options);
    s.layout(name, l)?;
    Ok(s.text)
}

/// A tensor layout [`CudaSource::partition`] divides: a layout, or a composed layout whose
/// swizzle and offset stay outside the division.
#[doc(hidden)]
pub trait PartitionSource {
    /// The swizzle and offset (composed layouts) and the layout divided.
    #[doc(hidden)]
    fn partition_parts(&self) -> (Option<(DynSwizzle, crate::DynInt)>, DynLayout);
}

impl<S: Congruent<D>, D: IntTuple> PartitionSource for Layout<S, D> {
    fn partition_parts(&self) -> (Option<(DynSwizzle, crate::DynInt)>, DynLayout) {
        (None, self.to_dyn())
    }
}

impl PartitionSource for DynLayout {
    fn partition_parts(&self) -> (Option<(DynSwizzle, crate::DynInt)>, DynLayout) {
        (None, self.clone())
    }
}

impl<A: ComposedOuter, O: ComposedOffset, B: ComposedInner> PartitionSource
    for ComposedLayout<A, O, B>
{
    fn partition_parts(&self) -> (Option<(DynSwizzle, crate::DynInt)>, DynLayout) {
        let d = self.to_dyn();
        (Some((*d.layout_a(), d.offset())), d.layout_b().clone())
    }
}

/// A per-thread partition ([`tv_partition`]): a layout, or a composed (swizzled) layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TvPartition {
    /// The partition of a layout.
    Layout(DynLayout),
    /// The partition of a composed layout: its swizzle and offset outside the divided layout.
    Composed(crate::DynComposedLayout),
}

impl core::fmt::Display for TvPartition {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            TvPartition::Layout(l) => core::fmt::Display::fmt(l, f),
            TvPartition::Composed(c) => core::fmt::Display::fmt(c, f),
        }
    }
}

impl Emit for TvPartition {
    fn emit_ir(&self, leaves: Leaves) -> Result<EmitIr> {
        match self {
            TvPartition::Layout(l) => l.emit_ir(leaves),
            TvPartition::Composed(c) => c.emit_ir(leaves),
        }
    }
}

/// The per-thread partition of a tensor layout (CuTe's `thrfrg` / `tidfrg`, before the thread
/// is sliced off): `(thr, val, rest) → offset`. The layout is divided into tiles of shape
/// `tile` (`zipped_divide`), and each tile's column-major index is replaced by the
/// thread-value layout `tv` ((thr, val) → index in the tile, threads may share an element);
/// tiles are numbered column-major. A composed (swizzled) layout keeps its swizzle and offset
/// outside the division (`A ∘ O ∘ B` divided is `A ∘ O ∘ (B divided)`).
///
/// Static marks: the partition's shape is static when the tensor's shape and `tv` are, its
/// strides when the tensor's strides are; other leaves are runtime values (parameters when
/// emitted as written).
///
/// ```
/// use cute_layout::emit::{tv_partition, runtime_parameters};
/// use cute_layout::{layout, DynLayout};
/// let tv: DynLayout = "(_2,_2):(_1,_2)".parse().unwrap();
/// let p = tv_partition(&layout!((4,4):(1,{4})).unwrap(), &tv, &[2, 2]).unwrap();
/// assert_eq!(p.to_string(), "(2,2,(2,2)):(1,4,(2,8))");
/// // The tensor has a runtime stride: each of the partition's strides is a parameter.
/// assert_eq!(runtime_parameters(&p).unwrap().len(), 4);
/// ```
pub fn tv_partition<L: PartitionSource + ?Sized>(
    tensor: &L,
    tv: &DynLayout,
    tile: &[i64],
) -> Result<TvPartition> {
    let tiler = DynTuple::tuple(tile.iter().map(|&t| DynTuple::int(t)));
    let (outer, layout) = tensor.partition_parts();
    let p = partition_layout(&layout, tv, &tiler)?;
    let (shape, stride) = p.into_parts();
    let shape = shape.with_static(layout.shape().is_static() && tv.is_static());
    let stride = stride.with_static(layout.stride().is_static());
    let p = DynLayout::new(shape, stride)?;
    Ok(match outer {
        None => TvPartition::Layout(p),
        Some((sw, offset)) => {
            TvPartition::Composed(crate::composed::make_composed_layout(sw, offset, p)?)
        }
    })
}

/// `(thr, val, rest) → offset`: `zipped_divide(layout, tiler)` with its tile mode composed with
/// `tv` (CuTe's `thrfrg`), flattened to three modes.
fn partition_layout(layout: &DynLayout, tv: &DynLayout, tiler: &DynTuple) -> Result<DynLayout> {
    use crate::runtime::{try_composition, try_zipped_divide};
    if tv.rank() != 2 {
        return Err(layout_error!(
            ErrorKind::InvalidArgument,
            "a thread-value layout has two modes (thr, val); {tv} has {}",
            tv.rank()
        ));
    }
    // Every (thr, val) must name an element of the tile (threads may share one: a broadcast).
    let tile_size = tiler.size()?;
    let (lo, hi) = ComposedInner::offset_range(tv);
    if lo < 0 || hi >= tile_size {
        return Err(layout_error!(
            ErrorKind::NotDivisible,
            "the thread-value layout {tv} reaches indices {lo}..={hi}, outside the tile {tiler} \
             (0..{tile_size})"
        ));
    }
    let tiler_layouts = crate::runtime::DynTiler::from_shape(tiler)?;
    let z = try_zipped_divide(layout, &tiler_layouts)?;
    let tile = z.mode(0)?;
    let rest = z.mode(1)?;
    let tvd = try_composition(&tile, tv)?;
    let thr = tvd.mode(0)?;
    let val = tvd.mode(1)?;
    let (ts, td) = thr.into_parts();
    let (vs, vd) = val.into_parts();
    let (rs, rd) = rest.into_parts();
    DynLayout::new(DynTuple::tuple([ts, vs, rs]), DynTuple::tuple([td, vd, rd]))
}

/// The runtime parameters the emitted functions of `l` take after their coordinates (see the
/// [module documentation](self)), in order, with their values now: what a caller passes.
///
/// ```
/// use cute_layout::emit::runtime_parameters;
/// use cute_layout::layout;
/// let l = layout!((4,{6}):({8},1)).unwrap();
/// assert_eq!(runtime_parameters(&l).unwrap(), [("s1".to_string(), 6), ("d0".to_string(), 8)]);
/// ```
pub fn runtime_parameters<L: Emit + ?Sized>(l: &L) -> Result<alloc::vec::Vec<(String, i64)>> {
    let EmitIr(ir) = l.emit_ir(Leaves::AsWritten)?;
    Ok(ir.params.into_iter().map(|p| (p.name, p.value)).collect())
}
