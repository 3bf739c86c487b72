//! The one error type of the crate: [`LayoutError`], with a matchable [`ErrorKind`].

use core::fmt;

/// What went wrong, as a condition one can match on.
///
/// The [`Display`](fmt::Display) of a [`LayoutError`] starts with [`ErrorKind::description`] and,
/// when the `alloc` feature is on, continues with the numbers and layouts involved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Checked integer arithmetic overflowed `i64`.
    Overflow,
    /// A shape entry is zero or negative (shapes are `HTuple(Z+)`, paper Definition 2.5).
    NonPositiveShape,
    /// Shape and stride do not have the same tree structure (paper Definition 2.3).
    Incongruent,
    /// A coordinate is negative, or is not weakly congruent with the shape (Definition 2.12).
    BadCoordinate,
    /// Text could not be parsed as a layout, an integer tuple or a tiler.
    Parse,
    /// A mode index or a rank is out of range (`get`, `select`, by-mode profiles, tilers).
    RankMismatch,
    /// Composition: the stride divisibility condition, paper Eq. (20), does not hold.
    StrideDivisibility,
    /// Composition: the shape divisibility condition, paper Eq. (21), does not hold.
    ShapeDivisibility,
    /// Composition: B's modes cannot be distributed over A (paper Eq. 23).
    NotDistributive,
    /// Complement: the layout is not injective, or its image cannot be completed by a layout.
    NotInjective,
    /// An operation defined only for non-negative strides met a negative one.
    NegativeStride,
    /// An operation got an argument outside its domain (e.g. a zero cotarget).
    InvalidArgument,
    /// Logical divide: the completed tiler `(B, B*)` misses an offset of `Z_|A|` (paper
    /// §3.5.2), so the divide would lose elements of `A`.
    NotSurjective,
    /// The layout's modes interleave: a mode's stride lies inside the span of the
    /// smaller-stride modes. Complement: no layout completes the image (paper Eq. 27-29, the
    /// sorted-stride algorithm); left inverse beyond its exact search: the mixed-radix
    /// construction does not apply.
    ModesInterleave,
    /// No layout satisfies the operation's defining equations (e.g. no left inverse
    /// `R(A(i)) = i` exists).
    NoLayout,
    /// A tuple is nested deeper than `dynamic::MAX_DEPTH` (64) levels, or a table would
    /// exceed `print::MAX_TABLE_CELLS` (2^20) cells.
    TooLarge,
    /// Swizzle parameters outside CuTe's conditions: `B ≥ 0`, `M ≥ 0`, `|S| ≥ B`, and (here)
    /// masks within the 63 value bits of an `i64`.
    InvalidSwizzle,
    /// Strides in different integer-semimodules meet (paper §3.1): a non-zero integer would be
    /// added to a basis element's tuple (`3 + 1@0`, `1@0 + 1@0@0`), which CuTe `static_assert`s.
    CodomainMismatch,
    /// The operation is not defined for layouts with basis (coordinate) strides.
    BasisStride,
    /// A shape or a stride does not divide as the operation requires (`tile_to_shape`: the
    /// block's mode sizes divide the target's; `upcast<N>`: strides and `N` divide one another,
    /// and the element count per wide element divides the size).
    NotDivisible,
    /// Tensors whose sizes or mode sizes must agree do not (`copy`, `axpby`, `gemm`).
    ShapeMismatch,
    /// A shared-memory address is not a multiple of the instruction's access width
    /// ([`banks`](crate::banks)).
    MisalignedAddress,
    /// Two layouts or shapes whose sizes must agree do not (`layout_add`: the sum of two
    /// functions is defined on a common domain; `common_coarsening`: every coarsening of a shape
    /// has its size).
    SizeMismatch,
    /// Two shapes have no common refinement (paper Definition 2.7: no shape refines both, e.g.
    /// `(2,(3,5))` and `((3,2),5)`, or integers that differ).
    NoCommonRefinement,
    /// `layout_add`: the two layouts are not both linear on any domain of their full size
    /// (their greatest common domain is smaller), so no layout is their sum.
    NoCommonDomain,
}

impl ErrorKind {
    /// One line naming the violated condition.
    pub const fn description(self) -> &'static str {
        match self {
            ErrorKind::Overflow => "arithmetic overflow",
            ErrorKind::NonPositiveShape => "shape entries must be positive",
            ErrorKind::Incongruent => "shape and stride are not congruent",
            ErrorKind::BadCoordinate => "coordinate is not admissible for the shape",
            ErrorKind::Parse => "parse error",
            ErrorKind::RankMismatch => "rank mismatch",
            ErrorKind::StrideDivisibility => "stride divisibility (paper Eq. 20) violated",
            ErrorKind::ShapeDivisibility => "shape divisibility (paper Eq. 21) violated",
            ErrorKind::NotDistributive => {
                "composition does not distribute over B's modes (paper Eq. 23)"
            }
            ErrorKind::NotInjective => "layout is not injective (no complement exists)",
            ErrorKind::NegativeStride => "negative stride not supported here",
            ErrorKind::InvalidArgument => "invalid argument",
            ErrorKind::NotSurjective => {
                "tiler does not cover the layout (paper §3.5.2: (B, B*) must be surjective onto Z_|A|)"
            }
            ErrorKind::ModesInterleave => {
                "modes interleave: a mode's stride lies inside the span of the smaller-stride modes, so no layout completes the image (paper §3.5)"
            }
            ErrorKind::NoLayout => "no layout satisfies the defining equations",
            ErrorKind::TooLarge => "input exceeds a documented size limit",
            ErrorKind::InvalidSwizzle => "invalid swizzle parameters",
            ErrorKind::CodomainMismatch => {
                "strides lie in different integer-semimodules (paper §3.1): an integer cannot be added to a basis element's tuple"
            }
            ErrorKind::BasisStride => "operation not defined for basis (coordinate) strides",
            ErrorKind::NotDivisible => "a shape or stride does not divide as required",
            ErrorKind::ShapeMismatch => "tensor sizes do not match",
            ErrorKind::MisalignedAddress => {
                "shared-memory address is not aligned to the access width"
            }
            ErrorKind::SizeMismatch => "the sizes of the operands differ",
            ErrorKind::NoCommonRefinement => {
                "the shapes have no common refinement (paper Definition 2.7)"
            }
            ErrorKind::NoCommonDomain => {
                "no layout is the sum: the layouts are not both linear on a common domain of their size"
            }
        }
    }
}

/// An error of the layout algebra: the condition ([`ErrorKind`]) and, with `alloc`, the
/// numbers and layouts that violate it.
///
/// ```
/// use cute_layout::{ErrorKind, LayoutError};
/// let e = LayoutError::new(ErrorKind::Overflow);
/// assert_eq!(e.kind(), ErrorKind::Overflow);
/// assert_eq!(e.to_string(), "arithmetic overflow");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LayoutError {
    kind: ErrorKind,
    #[cfg(feature = "alloc")]
    detail: alloc::string::String,
}

impl LayoutError {
    /// An error with no detail beyond its kind.
    pub fn new(kind: ErrorKind) -> Self {
        LayoutError {
            kind,
            #[cfg(feature = "alloc")]
            detail: alloc::string::String::new(),
        }
    }

    /// An error with a detail message: the numbers and layouts involved.
    #[cfg(feature = "alloc")]
    pub fn with_detail(kind: ErrorKind, detail: impl Into<alloc::string::String>) -> Self {
        LayoutError {
            kind,
            detail: detail.into(),
        }
    }

    /// The violated condition.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The detail message (empty when none was given).
    #[cfg(feature = "alloc")]
    pub fn detail(&self) -> &str {
        &self.detail
    }

    /// Shorthand for an [`ErrorKind::Overflow`] error.
    pub fn overflow() -> Self {
        LayoutError::new(ErrorKind::Overflow)
    }
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.description())?;
        #[cfg(feature = "alloc")]
        if !self.detail.is_empty() {
            write!(f, ": {}", self.detail)?;
        }
        Ok(())
    }
}

/// `core::error::Error` (stable since Rust 1.81): available in every build, `no_std` included.
impl core::error::Error for LayoutError {}

/// The one-line [`description`](ErrorKind::description).
///
/// ```
/// use cute_layout::ErrorKind;
/// assert_eq!(ErrorKind::Overflow.to_string(), "arithmetic overflow");
/// ```
impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// `layout_error!(kind, "format", args...)`: an error whose detail is the formatted message
/// when the `alloc` feature is on, and the kind alone without it.
macro_rules! layout_error {
    ($kind:expr, $($fmt:tt)+) => {{
        #[cfg(feature = "alloc")]
        let e = $crate::error::LayoutError::with_detail($kind, alloc::format!($($fmt)+));
        #[cfg(not(feature = "alloc"))]
        let e = {
            // Evaluate nothing, but keep the arguments "used" in the no-alloc build.
            if false {
                let _ = ::core::format_args!($($fmt)+);
            }
            $crate::error::LayoutError::new($kind)
        };
        e
    }};
}
pub(crate) use layout_error;

/// Shorthand for `Result<T, LayoutError>`.
pub type Result<T> = core::result::Result<T, LayoutError>;
