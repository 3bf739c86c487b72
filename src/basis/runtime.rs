//! The runtime basis-stride types ([`DynScaledBasis`], [`DynBasisTuple`], [`DynBasisLayout`]) and
//! their arithmetic; the module documentation is [`crate::basis`]'s.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::error::{ErrorKind, LayoutError, Result};
use crate::runtime::layout::{checked_add, checked_mul, DynInt, DynLayout, DynTuple, MAX_DEPTH};

/// The largest mode index a basis path may use (`63@63` is accepted, `1@64` is not): a
/// coordinate's tuple has at most `MAX_MODE_INDEX + 1` elements per level, so a short text
/// cannot ask for a huge tuple.
pub const MAX_MODE_INDEX: usize = 63;

/// A runtime scaled basis element `value·e_modes` (CuTe `ScaledBasis<T, Ns...>`): the
/// arithmetic tuple with `value` at the mode path `modes` (outermost first) and zeros
/// elsewhere. Empty `modes` is the plain integer `value`.
///
/// Equality requires the same path and the same value (static marks are ignored, as for
/// [`DynInt`]).
///
/// ```
/// use cute_layout::DynScaledBasis;
/// let e10 = DynScaledBasis::new(1, [1, 0]); // CuTe E<1,0>
/// assert_eq!(e10.to_string(), "1@0@1");     // printed innermost first
/// assert_eq!(e10.try_scale(3).unwrap().to_arithmetic_tuple().unwrap().to_string(), "(0,(3))");
/// assert_eq!(DynScaledBasis::int(5).to_string(), "5");
/// assert_eq!(format!("{:#}", DynScaledBasis::unit([0])), "_1@0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DynScaledBasis {
    /// The scale.
    pub value: DynInt,
    /// The mode path, outermost first (`E<1,0>` is `[1, 0]`); empty for an integer.
    pub modes: Vec<usize>,
}

impl DynScaledBasis {
    /// `value·e_modes` with a dynamic value.
    pub fn new(value: i64, modes: impl IntoIterator<Item = usize>) -> Self {
        DynScaledBasis {
            value: DynInt::dynamic(value),
            modes: modes.into_iter().collect(),
        }
    }
    /// The static unit basis element `E<modes...>` (CuTe prints it `_1@…`).
    pub fn unit(modes: impl IntoIterator<Item = usize>) -> Self {
        DynScaledBasis {
            value: DynInt::fixed(1),
            modes: modes.into_iter().collect(),
        }
    }
    /// The integer `value` (the empty path, `E<>` scaled).
    pub fn int(value: i64) -> Self {
        DynScaledBasis::new(value, [])
    }
    /// Whether this is an integer (empty path).
    pub fn is_int(&self) -> bool {
        self.modes.is_empty()
    }
    /// `k·(v·e_p) = (k·v)·e_p`, checked. The static mark is kept.
    pub fn try_scale(&self, k: i64) -> Result<Self> {
        Ok(DynScaledBasis {
            value: DynInt {
                value: checked_mul(self.value.value, k)?,
                is_static: self.value.is_static,
            },
            modes: self.modes.clone(),
        })
    }
    /// Checks the path against [`MAX_DEPTH`] and [`MAX_MODE_INDEX`] (an
    /// [`ErrorKind::TooLarge`] error).
    pub fn check(&self) -> Result<()> {
        if self.modes.len() > MAX_DEPTH {
            return Err(LayoutError::with_detail(
                ErrorKind::TooLarge,
                format!(
                    "a basis path of {} modes; at most MAX_DEPTH = {MAX_DEPTH} are allowed",
                    self.modes.len()
                ),
            ));
        }
        if let Some(&m) = self.modes.iter().find(|&&m| m > MAX_MODE_INDEX) {
            return Err(LayoutError::with_detail(
                ErrorKind::TooLarge,
                format!("mode index {m} exceeds MAX_MODE_INDEX = {MAX_MODE_INDEX}"),
            ));
        }
        Ok(())
    }
    /// The arithmetic tuple (CuTe `as_arithmetic_tuple`): `value` preceded by `N` zeros at each
    /// level `N` of the path — `3·e_{1,0} = (0,(3))`, `e_2 = (0,0,1)`, `5·e_{} = 5`.
    pub fn to_arithmetic_tuple(&self) -> Result<DynTuple> {
        self.check()?;
        let mut t = DynTuple::int(self.value.value);
        for &m in self.modes.iter().rev() {
            let mut v: Vec<DynTuple> = (0..m).map(|_| DynTuple::int(0)).collect();
            v.push(t);
            t = DynTuple::Tuple(v);
        }
        Ok(t)
    }
}

impl fmt::Display for DynScaledBasis {
    /// The value, then `@N` for each mode index innermost first (CuTe's order).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.value, f)?;
        for m in self.modes.iter().rev() {
            write!(f, "@{m}")?;
        }
        Ok(())
    }
}

/// `a + b` on arithmetic tuples (CuTe `ArithmeticTuple::operator+`): element-wise, the shorter
/// tuple padded with zeros; an integer `0` is the identity on both sides. A non-zero integer
/// added to a tuple is an [`ErrorKind::CodomainMismatch`] error; overflow an
/// [`ErrorKind::Overflow`] error. Recurses once per level of the operands.
///
/// ```
/// use cute_layout::{basis::arithmetic_add, DynTuple};
/// let t = |s: &str| s.parse::<DynTuple>().unwrap();
/// assert_eq!(arithmetic_add(&t("(1)"), &t("(0,(2,3))")).unwrap(), t("(1,(2,3))"));
/// assert_eq!(arithmetic_add(&t("0"), &t("(0,4)")).unwrap(), t("(0,4)"));
/// assert!(arithmetic_add(&t("2"), &t("(0,4)")).is_err());
/// ```
pub fn arithmetic_add(a: &DynTuple, b: &DynTuple) -> Result<DynTuple> {
    match (a, b) {
        (DynTuple::Int(x), DynTuple::Int(y)) => Ok(DynTuple::int(checked_add(x.value, y.value)?)),
        (DynTuple::Int(x), t @ DynTuple::Tuple(_)) | (t @ DynTuple::Tuple(_), DynTuple::Int(x)) => {
            if x.value == 0 {
                Ok(t.clone())
            } else {
                Err(LayoutError::with_detail(
                    ErrorKind::CodomainMismatch,
                    format!("the integer {} cannot be added to the tuple {t}", x.value),
                ))
            }
        }
        (DynTuple::Tuple(xs), DynTuple::Tuple(ys)) => {
            let n = xs.len().max(ys.len());
            let zero = DynTuple::int(0);
            (0..n)
                .map(|i| arithmetic_add(xs.get(i).unwrap_or(&zero), ys.get(i).unwrap_or(&zero)))
                .collect::<Result<Vec<_>>>()
                .map(DynTuple::Tuple)
        }
    }
}

/// Equality of arithmetic tuples as elements of the semimodule (CuTe pads with zeros): the
/// shorter tuple is padded with zeros and an integer `0` equals any all-zero tuple. A result of
/// the algebra whose strides became `0` (CuTe's `_0`) has a smaller codomain than its argument,
/// and its values compare equal this way: `arithmetic_eq(0, (0,(0)))`.
///
/// ```
/// use cute_layout::{basis::arithmetic_eq, DynTuple};
/// let t = |s: &str| s.parse::<DynTuple>().unwrap();
/// assert!(arithmetic_eq(&t("0"), &t("(0,(0))")));
/// assert!(arithmetic_eq(&t("(1)"), &t("(1,0)")));
/// assert!(!arithmetic_eq(&t("(1)"), &t("(0,1)")));
/// assert!(!arithmetic_eq(&t("1"), &t("(1)")));
/// ```
pub fn arithmetic_eq(a: &DynTuple, b: &DynTuple) -> bool {
    let zero = DynTuple::int(0);
    match (a, b) {
        (DynTuple::Int(x), DynTuple::Int(y)) => x.value == y.value,
        (DynTuple::Int(x), t @ DynTuple::Tuple(_)) | (t @ DynTuple::Tuple(_), DynTuple::Int(x)) => {
            x.value == 0 && t.leaves().all(|v| v == 0)
        }
        (DynTuple::Tuple(xs), DynTuple::Tuple(ys)) => (0..xs.len().max(ys.len()))
            .all(|i| arithmetic_eq(xs.get(i).unwrap_or(&zero), ys.get(i).unwrap_or(&zero))),
    }
}

/// A stride tree of [`DynScaledBasis`] leaves: the stride of a [`DynBasisLayout`].
///
/// ```
/// use cute_layout::DynBasisTuple;
/// let d: DynBasisTuple = "((1@0,8@1),1@2)".parse().unwrap();
/// assert_eq!((d.rank(), d.depth()), (2, 2));
/// assert_eq!(d.leaves().map(|b| b.to_string()).collect::<Vec<_>>(), ["1@0", "8@1", "1@2"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DynBasisTuple {
    /// A stride leaf.
    Basis(DynScaledBasis),
    /// A tuple of sub-trees (possibly empty).
    Tuple(Vec<DynBasisTuple>),
}

/// Dropping without recursion, as for [`DynTuple`].
impl Drop for DynBasisTuple {
    fn drop(&mut self) {
        if let DynBasisTuple::Tuple(v) = self {
            if v.iter().all(|t| matches!(t, DynBasisTuple::Basis(_))) {
                return;
            }
            let mut stack = core::mem::take(v);
            while let Some(mut t) = stack.pop() {
                if let DynBasisTuple::Tuple(inner) = &mut t {
                    stack.append(inner);
                }
            }
        }
    }
}

impl From<&DynTuple> for DynBasisTuple {
    /// Integer strides: each leaf is a [`DynScaledBasis`] with the empty path.
    fn from(t: &DynTuple) -> Self {
        match t {
            DynTuple::Int(i) => DynBasisTuple::Basis(DynScaledBasis {
                value: *i,
                modes: Vec::new(),
            }),
            DynTuple::Tuple(v) => DynBasisTuple::Tuple(v.iter().map(DynBasisTuple::from).collect()),
        }
    }
}

impl DynBasisTuple {
    /// A leaf `value·e_modes` (dynamic value).
    pub fn basis(value: i64, modes: impl IntoIterator<Item = usize>) -> Self {
        DynBasisTuple::Basis(DynScaledBasis::new(value, modes))
    }
    /// An integer leaf.
    pub fn int(value: i64) -> Self {
        DynBasisTuple::Basis(DynScaledBasis::int(value))
    }
    /// A tuple of the given elements.
    pub fn tuple(items: impl IntoIterator<Item = DynBasisTuple>) -> Self {
        DynBasisTuple::Tuple(items.into_iter().collect())
    }
    /// `rank`: 1 for a leaf, the number of elements for a tuple.
    pub fn rank(&self) -> usize {
        match self {
            DynBasisTuple::Basis(_) => 1,
            DynBasisTuple::Tuple(v) => v.len(),
        }
    }
    /// `depth`: 0 for a leaf, `1 + max depth of the elements` for a tuple (no recursion).
    pub fn depth(&self) -> usize {
        let mut max = 0;
        let mut stack: Vec<(&DynBasisTuple, usize)> = alloc::vec![(self, 0)];
        while let Some((t, d)) = stack.pop() {
            if let DynBasisTuple::Tuple(v) = t {
                max = max.max(d + 1);
                stack.extend(v.iter().map(|x| (x, d + 1)));
            }
        }
        max
    }
    /// The elements of a tuple; a leaf is a rank-1 sequence of itself.
    pub fn elements(&self) -> &[DynBasisTuple] {
        match self {
            DynBasisTuple::Basis(_) => core::slice::from_ref(self),
            DynBasisTuple::Tuple(v) => v,
        }
    }
    /// Element `i` (a leaf is its own element 0).
    pub fn get(&self, i: usize) -> Result<&DynBasisTuple> {
        self.elements().get(i).ok_or_else(|| {
            LayoutError::with_detail(
                ErrorKind::RankMismatch,
                format!(
                    "index {i} is out of range for {self} of rank {}",
                    self.rank()
                ),
            )
        })
    }
    /// The leaves, left to right (no recursion).
    pub fn leaves(&self) -> impl Iterator<Item = &DynScaledBasis> + '_ {
        let mut stack: Vec<&DynBasisTuple> = alloc::vec![self];
        core::iter::from_fn(move || {
            while let Some(t) = stack.pop() {
                match t {
                    DynBasisTuple::Basis(b) => return Some(b),
                    DynBasisTuple::Tuple(v) => stack.extend(v.iter().rev()),
                }
            }
            None
        })
    }
    /// Whether every leaf's value is static.
    pub fn is_static(&self) -> bool {
        self.leaves().all(|b| b.value.is_static)
    }
    /// The same tree with every value marked static (`true`) or dynamic (`false`).
    pub fn with_static(&self, is_static: bool) -> DynBasisTuple {
        self.map_leaves(&mut |b| DynScaledBasis {
            value: DynInt {
                value: b.value.value,
                is_static,
            },
            modes: b.modes.clone(),
        })
    }
    /// The same tree with each leaf replaced by `f(leaf)`.
    pub fn map_leaves(&self, f: &mut dyn FnMut(&DynScaledBasis) -> DynScaledBasis) -> Self {
        match self {
            DynBasisTuple::Basis(b) => DynBasisTuple::Basis(f(b)),
            DynBasisTuple::Tuple(v) => {
                DynBasisTuple::Tuple(v.iter().map(|t| t.map_leaves(f)).collect())
            }
        }
    }
    /// Whether this tree has the structure of `shape` (paper Definition 2.3; no recursion).
    pub fn congruent(&self, shape: &DynTuple) -> bool {
        let mut stack: Vec<(&DynBasisTuple, &DynTuple)> = alloc::vec![(self, shape)];
        while let Some(pair) = stack.pop() {
            match pair {
                (DynBasisTuple::Basis(_), DynTuple::Int(_)) => {}
                (DynBasisTuple::Tuple(a), DynTuple::Tuple(b)) if a.len() == b.len() => {
                    stack.extend(a.iter().zip(b));
                }
                _ => return false,
            }
        }
        true
    }
    /// The integer strides, when every leaf has the empty path.
    pub fn to_int_tuple(&self) -> Option<DynTuple> {
        match self {
            DynBasisTuple::Basis(b) if b.is_int() => Some(DynTuple::Int(b.value)),
            DynBasisTuple::Basis(_) => None,
            DynBasisTuple::Tuple(v) => v
                .iter()
                .map(DynBasisTuple::to_int_tuple)
                .collect::<Option<Vec<_>>>()
                .map(DynTuple::Tuple),
        }
    }
}

impl fmt::Display for DynBasisTuple {
    /// CuTe's form, no spaces: `((1@0,8@1),1@2)`; `{:#}` marks static values `_`. Written
    /// without recursion.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        enum Item<'a> {
            Tree(&'a DynBasisTuple),
            Text(&'static str),
        }
        let mut stack = alloc::vec![Item::Tree(self)];
        while let Some(item) = stack.pop() {
            match item {
                Item::Text(t) => f.write_str(t)?,
                Item::Tree(DynBasisTuple::Basis(b)) => fmt::Display::fmt(b, f)?,
                Item::Tree(DynBasisTuple::Tuple(v)) => {
                    f.write_str("(")?;
                    stack.push(Item::Text(")"));
                    for (k, t) in v.iter().enumerate().rev() {
                        stack.push(Item::Tree(t));
                        if k > 0 {
                            stack.push(Item::Text(","));
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// `make_basis_like(shape)` (CuTe): the stride tree congruent with `shape` whose leaf at
/// position `p` is the static unit basis `E<p...>`; an integer shape gives `E<> = 1`.
///
/// ```
/// use cute_layout::basis::make_basis_like;
/// assert_eq!(make_basis_like(&"((2,3),4)".parse().unwrap()).to_string(), "((1@0@0,1@1@0),1@1)");
/// assert_eq!(make_basis_like(&"8".parse().unwrap()).to_string(), "1");
/// ```
pub fn make_basis_like(shape: &DynTuple) -> DynBasisTuple {
    fn go(s: &DynTuple, path: &mut Vec<usize>) -> DynBasisTuple {
        match s {
            DynTuple::Int(_) => DynBasisTuple::Basis(DynScaledBasis::unit(path.iter().copied())),
            DynTuple::Tuple(v) => DynBasisTuple::Tuple(
                v.iter()
                    .enumerate()
                    .map(|(i, t)| {
                        path.push(i);
                        let r = go(t, path);
                        path.pop();
                        r
                    })
                    .collect(),
            ),
        }
    }
    go(shape, &mut Vec::new())
}

/// `make_identity_layout(shape) = shape : make_basis_like(shape)` (CuTe): the layout mapping
/// every coordinate of `shape` to its natural coordinate, `I_S(c) = c` (paper §3.3.1).
///
/// ```
/// use cute_layout::basis::make_identity_layout;
/// let id = make_identity_layout(&"(4,8)".parse().unwrap()).unwrap();
/// assert_eq!(id.to_string(), "(4,8):(1@0,1@1)");
/// assert_eq!(id.eval(13).to_string(), "(1,3)");
/// ```
pub fn make_identity_layout(shape: &DynTuple) -> Result<DynBasisLayout> {
    DynBasisLayout::new(shape.clone(), make_basis_like(shape))
}

/// A layout whose strides are scaled basis elements: `shape : stride` with a [`DynTuple`] shape
/// and a [`DynBasisTuple`] stride, mapping coordinates to arithmetic tuples (paper §2.3.1). The
/// invariants are listed in the [module docs](crate::basis).
///
/// ```
/// use cute_layout::DynBasisLayout;
/// let l: DynBasisLayout = "(4,8):(1@0,1@1)".parse().unwrap();
/// assert_eq!(l.eval(9).to_string(), "(1,2)");
/// assert_eq!(l.codomain().to_string(), "(0,0)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DynBasisLayout {
    shape: DynTuple,
    stride: DynBasisTuple,
}

impl From<DynLayout> for DynBasisLayout {
    /// An integer layout: every stride has the empty path.
    fn from(l: DynLayout) -> Self {
        let stride = DynBasisTuple::from(l.stride());
        let (shape, _) = l.into_parts();
        DynBasisLayout { shape, stride }
    }
}

impl DynBasisLayout {
    /// `shape : stride`, checking the invariants listed in the [module docs](crate::basis).
    pub fn new(shape: DynTuple, stride: DynBasisTuple) -> Result<Self> {
        let (sd, dd) = (shape.depth(), stride.depth());
        if sd.max(dd) > MAX_DEPTH {
            return Err(LayoutError::with_detail(
                ErrorKind::TooLarge,
                format!(
                    "a tree nested {} levels deep; at most MAX_DEPTH = {MAX_DEPTH} are allowed",
                    sd.max(dd)
                ),
            ));
        }
        if !stride.congruent(&shape) {
            return Err(LayoutError::with_detail(
                ErrorKind::Incongruent,
                format!("shape {shape} and stride {stride}"),
            ));
        }
        if let Some(bad) = shape.leaves().find(|&s| s <= 0) {
            return Err(LayoutError::with_detail(
                ErrorKind::NonPositiveShape,
                format!("{bad} in shape {shape}"),
            ));
        }
        shape.size().map_err(|_| {
            LayoutError::with_detail(
                ErrorKind::Overflow,
                format!("size of shape {shape} exceeds i64"),
            )
        })?;
        for b in stride.leaves() {
            b.check()?;
        }
        // One integer-semimodule: no non-zero leaf's path is a proper prefix of another path.
        let leaves: Vec<&DynScaledBasis> = stride.leaves().collect();
        for p in leaves.iter().filter(|b| b.value.value != 0) {
            if let Some(q) = leaves
                .iter()
                .find(|q| q.modes.len() > p.modes.len() && q.modes.starts_with(&p.modes))
            {
                return Err(LayoutError::with_detail(
                    ErrorKind::CodomainMismatch,
                    format!(
                        "strides {p} and {q} of {shape}:{stride}: {p} would be added to a tuple"
                    ),
                ));
            }
        }
        // Per path, 1 + Σ (s − 1)·|v| fits: no in-bounds coordinate overflows.
        let mut span: BTreeMap<&[usize], i64> = BTreeMap::new();
        for (s, b) in shape.leaves().zip(stride.leaves()) {
            let e = span.entry(&b.modes).or_insert(1);
            *e = (s - 1)
                .checked_mul(b.value.value)
                .and_then(i64::checked_abs)
                .and_then(|x| x.checked_add(*e))
                .ok_or_else(|| {
                    LayoutError::with_detail(
                        ErrorKind::Overflow,
                        format!("the span of {shape}:{stride} along one basis exceeds i64"),
                    )
                })?;
        }
        Ok(DynBasisLayout { shape, stride })
    }

    /// The shape.
    pub fn shape(&self) -> &DynTuple {
        &self.shape
    }
    /// The stride tree.
    pub fn stride(&self) -> &DynBasisTuple {
        &self.stride
    }
    /// Shape and stride, by value.
    pub fn into_parts(self) -> (DynTuple, DynBasisTuple) {
        let DynBasisLayout { shape, stride } = self;
        (shape, stride)
    }
    /// `size(L)`.
    pub fn size(&self) -> i64 {
        self.shape.leaves().product()
    }
    /// `rank(L)`.
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }
    /// `depth(L)`.
    pub fn depth(&self) -> usize {
        self.shape.depth()
    }
    /// Whether every leaf of shape and stride is static.
    pub fn is_static(&self) -> bool {
        self.shape.is_static() && self.stride.is_static()
    }
    /// Whether every stride is an integer (empty path): the layout is an ordinary one.
    pub fn is_integral(&self) -> bool {
        self.stride.leaves().all(DynScaledBasis::is_int)
    }
    /// The ordinary [`DynLayout`], when every stride is an integer; otherwise an
    /// [`ErrorKind::BasisStride`] error.
    pub fn to_dyn_layout(&self) -> Result<DynLayout> {
        match self.stride.to_int_tuple() {
            Some(d) => DynLayout::new(self.shape.clone(), d),
            None => Err(LayoutError::with_detail(
                ErrorKind::BasisStride,
                format!("{self} has basis strides, so it is not an integer layout"),
            )),
        }
    }
    /// Mode `i` as a layout.
    pub fn mode(&self, i: usize) -> Result<DynBasisLayout> {
        Ok(DynBasisLayout {
            shape: self.shape.get(i)?.clone(),
            stride: self.stride.get(i)?.clone(),
        })
    }
    /// The top-level modes as layouts.
    pub fn modes(&self) -> impl Iterator<Item = DynBasisLayout> + '_ {
        self.shape
            .elements()
            .iter()
            .zip(self.stride.elements())
            .map(|(s, d)| DynBasisLayout {
                shape: s.clone(),
                stride: d.clone(),
            })
    }
    /// The flat `(shape, stride)` leaves, left to right.
    pub fn flat_modes(&self) -> Vec<(i64, DynScaledBasis)> {
        self.shape
            .leaves()
            .zip(self.stride.leaves().cloned())
            .collect()
    }

    /// The codomain's zero: the arithmetic tuple, all zeros, with the structure every value of
    /// this layout has (the union of the strides' paths; CuTe's static result type). `0` for an
    /// integer layout.
    pub fn codomain(&self) -> DynTuple {
        fn insert(node: &mut DynTuple, path: &[usize]) {
            if let Some((&i, rest)) = path.split_first() {
                if node.is_int() {
                    *node = DynTuple::Tuple(Vec::new());
                }
                if let DynTuple::Tuple(v) = node {
                    while v.len() <= i {
                        v.push(DynTuple::int(0));
                    }
                    insert(&mut v[i], rest);
                }
            }
        }
        let mut zero = DynTuple::int(0);
        for b in self.stride.leaves() {
            insert(&mut zero, &b.modes);
        }
        zero
    }

    /// `L(c) = Σ c_i·d_i` with arithmetic-tuple addition (paper Eq. 6 over `Z^S`), for any
    /// coordinate weakly congruent with the shape — integral, rank-R or natural; the last mode
    /// of each tuple extends. Checked: a negative or ill-formed coordinate is an
    /// [`ErrorKind::BadCoordinate`] error, overflow an [`ErrorKind::Overflow`] error (impossible
    /// in bounds). The result has the structure of [`codomain`](Self::codomain).
    pub fn try_eval(&self, c: &DynTuple) -> Result<DynTuple> {
        let mut acc = self.codomain();
        self.accumulate(c, &self.shape, &self.stride, &mut acc)?;
        Ok(acc)
    }
    /// `L(i)` for an integral coordinate `i`: the panicking form of
    /// [`try_eval`](Self::try_eval).
    #[track_caller]
    pub fn eval(&self, i: i64) -> DynTuple {
        crate::runtime::unwrap(self.try_eval(&DynTuple::int(i)))
    }

    fn accumulate(
        &self,
        c: &DynTuple,
        shape: &DynTuple,
        stride: &DynBasisTuple,
        acc: &mut DynTuple,
    ) -> Result<()> {
        match (c, shape, stride) {
            (DynTuple::Int(ci), DynTuple::Int(_), DynBasisTuple::Basis(b)) => {
                if ci.value < 0 {
                    return Err(LayoutError::with_detail(
                        ErrorKind::BadCoordinate,
                        format!("coordinate {} is negative", ci.value),
                    ));
                }
                add_at(acc, &b.modes, checked_mul(ci.value, b.value.value)?)
            }
            (DynTuple::Int(ci), DynTuple::Tuple(_), _) => {
                let natural = shape.idx2crd(ci.value)?;
                self.accumulate(&natural, shape, stride, acc)
            }
            (DynTuple::Tuple(cs), DynTuple::Tuple(ss), DynBasisTuple::Tuple(ds))
                if cs.len() == ss.len() =>
            {
                for ((c, s), d) in cs.iter().zip(ss).zip(ds) {
                    self.accumulate(c, s, d, acc)?;
                }
                Ok(())
            }
            _ => Err(LayoutError::with_detail(
                ErrorKind::BadCoordinate,
                format!("coordinate {c} is not weakly congruent with shape {shape}"),
            )),
        }
    }
}

/// Adds `v` at `path` of the arithmetic tuple `acc` (which has the codomain's structure).
fn add_at(acc: &mut DynTuple, path: &[usize], v: i64) -> Result<()> {
    if v == 0 {
        return Ok(());
    }
    let mut node = acc;
    for &i in path {
        node = match node {
            DynTuple::Tuple(xs) if i < xs.len() => &mut xs[i],
            _ => {
                return Err(LayoutError::with_detail(
                    ErrorKind::CodomainMismatch,
                    format!("no mode {i} in the codomain"),
                ))
            }
        };
    }
    match node {
        DynTuple::Int(x) => {
            x.value = checked_add(x.value, v)?;
            Ok(())
        }
        DynTuple::Tuple(_) => Err(LayoutError::with_detail(
            ErrorKind::CodomainMismatch,
            format!("the integer {v} cannot be added to the tuple {node}"),
        )),
    }
}

impl fmt::Display for DynBasisLayout {
    /// `shape:stride` in CuTe's notation: `(4,8):(1@0,1@1)`; `{:#}` marks static leaves `_`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.shape, f)?;
        f.write_str(":")?;
        fmt::Display::fmt(&self.stride, f)
    }
}

impl FromStr for DynBasisLayout {
    type Err = LayoutError;
    /// Parses `shape:stride` as printed, either form: `(4,8):(1@0,1@1)` or
    /// `(_4,_8):(_1@0,_1@1)`. The shape is read as [`DynTuple`] text; the stride by the
    /// descriptor grammar ([`crate::descriptor`]), where a leaf may also be a bare integer and
    /// carry a `_`. Errors carry the byte offset in `s`.
    fn from_str(s: &str) -> Result<Self> {
        let colon = s.find(':').ok_or_else(|| {
            LayoutError::with_detail(
                ErrorKind::Parse,
                format!(
                    "expected ':' between shape and stride at byte {}, found end of input",
                    s.len()
                ),
            )
        })?;
        let shape: DynTuple = s[..colon].parse()?;
        let stride = crate::descriptor::parse_stride_at(s, colon + 1)?;
        DynBasisLayout::new(shape, stride).map_err(|e| {
            LayoutError::with_detail(e.kind(), format!("{} (layout at byte 0)", e.detail()))
        })
    }
}

impl FromStr for DynBasisTuple {
    type Err = LayoutError;
    /// Parses a stride tree as printed (`{}` or `{:#}`): the descriptor grammar, where the
    /// whole may also be a single leaf and leaves may carry `_`. See [`crate::descriptor`].
    fn from_str(s: &str) -> Result<Self> {
        crate::descriptor::parse_stride_at(s, 0)
    }
}
