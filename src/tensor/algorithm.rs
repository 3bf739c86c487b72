//! CPU reference algorithms on tensors (CuTe `cute/algorithm/`): `copy`, `fill`, `axpby` and
//! `gemm` with CuTe's rank dispatch. Written once for every layout kind: elements are visited
//! in the order of the integral coordinate `i = 0, 1, …` (`T(i) = data[base + L(i)]`), as a
//! loop nest over the layouts' common flat modes with a stride per tensor (see `walk.rs`: no
//! coordinate division per element, for static, mixed and `DynLayout` tensors alike), or, where
//! the layouts have no such nest (a swizzle), by dividing `i` into each layout.

use core::ops::{Add, Mul};

use crate::error::{layout_error, ErrorKind, Result};

use super::walk::{gemm_plan, Plan};
use super::{EngineMut, HostEngine, Tensor, TensorLayout};

fn size_of<E: HostEngine, L: TensorLayout>(t: &Tensor<E, L>) -> i64 {
    t.layout().size().into()
}

/// A tensor's pointer, base and layout, read once before a loop (so that the loop does not
/// reload them after each write through the data pointer).
struct Raw<'a, T, L> {
    ptr: *mut T,
    base: i64,
    layout: &'a L,
}
impl<T, L: TensorLayout> Raw<'_, T, L> {
    /// The element at the integral coordinate `i`.
    ///
    /// # Safety
    ///
    /// `0 ≤ i < size(L)`: then `base + L(i)` lies in the engine (the tensor's invariant).
    #[inline(always)]
    unsafe fn at(&self, i: i64) -> *mut T {
        debug_assert!((0..self.layout.size().into()).contains(&i));
        // SAFETY: in the engine, by the caller's promise and the tensor's invariant.
        unsafe {
            self.ptr
                .add(self.base.wrapping_add(self.layout.eval(i)) as usize)
        }
    }
    /// The element at offset `o` from the tensor's base.
    ///
    /// # Safety
    ///
    /// `o` is an offset of the layout, `L(i)` for some `0 ≤ i < size(L)`.
    #[inline(always)]
    unsafe fn off(&self, o: i64) -> *mut T {
        // SAFETY: in the engine, by the caller's promise and the tensor's invariant.
        unsafe { self.ptr.add(self.base.wrapping_add(o) as usize) }
    }
}

/// The loop nest over the whole layouts of two tensors of the same size (computed at
/// compile time for static layouts).
#[inline(always)]
fn plan2<A: TensorLayout, B: TensorLayout>(a: &A, b: &B) -> Option<Plan<2>> {
    let fixed = const {
        match (A::STATIC_MODES, B::STATIC_MODES) {
            (Some(x), Some(y)) => Plan::of(&[[x.all(), y.all()]]),
            _ => None,
        }
    };
    if fixed.is_some() {
        return fixed;
    }
    let (x, y) = (a.modes()?, b.modes()?);
    Plan::of(&[[x.all(), y.all()]])
}
/// The reading view of a tensor (the pointer is only read through).
fn reader<E: HostEngine, L: TensorLayout>(t: &Tensor<E, L>) -> Raw<'_, E::Elem, L> {
    Raw {
        ptr: t.engine.as_ptr() as *mut E::Elem,
        base: t.base as i64,
        layout: &t.layout,
    }
}
/// The writing view of a tensor.
fn writer<E: HostEngine + EngineMut, L: TensorLayout>(t: &mut Tensor<E, L>) -> Raw<'_, E::Elem, L> {
    Raw {
        ptr: t.engine.as_mut_ptr(),
        base: t.base as i64,
        layout: &t.layout,
    }
}

fn mismatch(what: &str, a: i64, b: i64) -> crate::LayoutError {
    layout_error!(
        ErrorKind::ShapeMismatch,
        "{what}: {a} and {b} elements do not match"
    )
}

/// `copy(src, dst)`: `dst(i) = src(i)` for every integral coordinate; an
/// [`ShapeMismatch`](crate::ErrorKind::ShapeMismatch) error when the sizes differ. (A `dst`
/// whose layout maps two coordinates to one element receives the last value.)
///
/// ```
/// use cute_layout::{layout, tensor::{try_copy, Tensor}};
/// let src: Vec<i32> = (0..6).collect();
/// let mut dst = [0; 6];
/// let s = Tensor::try_new(&src[..], layout!((2,3):(1,2))).unwrap();
/// let d = Tensor::try_new(&mut dst[..], layout!((2,3):(3,1))).unwrap(); // transpose
/// try_copy(&s, &mut { d }).unwrap();
/// assert_eq!(dst, [0, 2, 4, 1, 3, 5]);
/// ```
pub fn try_copy<T: Clone, E1, L1, E2, L2>(
    src: &Tensor<E1, L1>,
    dst: &mut Tensor<E2, L2>,
) -> Result<()>
where
    E1: HostEngine<Elem = T>,
    L1: TensorLayout,
    E2: HostEngine<Elem = T> + EngineMut,
    L2: TensorLayout,
{
    let (n, m) = (size_of(src), size_of(dst));
    if n != m {
        return Err(mismatch("copy", n, m));
    }
    let (s, d) = (reader(src), writer(dst));
    if let Some(p) = plan2(s.layout, d.layout) {
        // SAFETY: the plan visits `(L_src(i), L_dst(i))` for every `i < size` of both
        // (`walk.rs`); `dst` is borrowed mutably, `src` shared: disjoint.
        p.run(|[a, b]| unsafe { *d.off(b) = (*s.off(a)).clone() });
        return Ok(());
    }
    for i in 0..n {
        // SAFETY: `i < size` of both; `dst` is borrowed mutably, `src` shared: disjoint.
        unsafe { *d.at(i) = (*s.at(i)).clone() };
    }
    Ok(())
}

/// [`try_copy`], panicking with its error.
#[track_caller]
pub fn copy<T: Clone, E1, L1, E2, L2>(src: &Tensor<E1, L1>, dst: &mut Tensor<E2, L2>)
where
    E1: HostEngine<Elem = T>,
    L1: TensorLayout,
    E2: HostEngine<Elem = T> + EngineMut,
    L2: TensorLayout,
{
    if let Err(e) = try_copy(src, dst) {
        panic!("{e}")
    }
}

/// `fill(dst, v)`: every element of the tensor set to `v`.
///
/// ```
/// use cute_layout::{layout, tensor::{fill, make_tensor}};
/// let mut f = make_tensor::<u8, _>(layout!((2,2):(1,2)));
/// fill(&mut f, 7);
/// assert_eq!(f.engine().as_slice(), &[7, 7, 7, 7]);
/// ```
pub fn fill<T: Clone, E: HostEngine<Elem = T> + EngineMut, L: TensorLayout>(
    dst: &mut Tensor<E, L>,
    v: T,
) {
    let n = size_of(dst);
    let d = writer(dst);
    let fixed = const {
        match L::STATIC_MODES {
            Some(x) => Plan::of(&[[x.all()]]),
            None => None,
        }
    };
    if let Some(p) = fixed.or_else(|| Plan::of(&[[d.layout.modes()?.all()]])) {
        // SAFETY: the plan visits `L(i)` for every `i < size`.
        p.run(|[o]| unsafe { *d.off(o) = v.clone() });
        return;
    }
    for i in 0..n {
        // SAFETY: `i < size`.
        unsafe { *d.at(i) = v.clone() };
    }
}

/// `axpby(α, x, β, y)`: `y(i) = α·x(i) + β·y(i)`; a
/// [`ShapeMismatch`](crate::ErrorKind::ShapeMismatch) error when the sizes differ.
///
/// ```
/// use cute_layout::{layout, tensor::{try_axpby, Tensor}};
/// let x = [1.0f32, 2.0, 3.0];
/// let mut y = [10.0f32, 20.0, 30.0];
/// let xt = Tensor::try_new(&x[..], layout!(3:1)).unwrap();
/// let mut yt = Tensor::try_new(&mut y[..], layout!(3:1)).unwrap();
/// try_axpby(2.0, &xt, 0.5, &mut yt).unwrap();
/// assert_eq!(y, [7.0, 14.0, 21.0]);
/// ```
pub fn try_axpby<T, E1, L1, E2, L2>(
    alpha: T,
    x: &Tensor<E1, L1>,
    beta: T,
    y: &mut Tensor<E2, L2>,
) -> Result<()>
where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    E1: HostEngine<Elem = T>,
    L1: TensorLayout,
    E2: HostEngine<Elem = T> + EngineMut,
    L2: TensorLayout,
{
    let (n, m) = (size_of(x), size_of(y));
    if n != m {
        return Err(mismatch("axpby", n, m));
    }
    let (xr, yw) = (reader(x), writer(y));
    if let Some(p) = plan2(xr.layout, yw.layout) {
        // SAFETY: the plan visits `(L_x(i), L_y(i))` for every `i < size` of both.
        p.run(|[a, b]| unsafe { *yw.off(b) = alpha * *xr.off(a) + beta * *yw.off(b) });
        return Ok(());
    }
    for i in 0..n {
        // SAFETY: `i < size` of both.
        unsafe { *yw.at(i) = alpha * *xr.at(i) + beta * *yw.at(i) };
    }
    Ok(())
}

/// [`try_axpby`], panicking with its error.
#[track_caller]
pub fn axpby<T, E1, L1, E2, L2>(alpha: T, x: &Tensor<E1, L1>, beta: T, y: &mut Tensor<E2, L2>)
where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    E1: HostEngine<Elem = T>,
    L1: TensorLayout,
    E2: HostEngine<Elem = T> + EngineMut,
    L2: TensorLayout,
{
    if let Err(e) = try_axpby(alpha, x, beta, y) {
        panic!("{e}")
    }
}

/// `C += A·B` as one loop nest ([`gemm_plan`]: computed at compile time for static layouts);
/// `false` (nothing done) where the layouts have no such nest.
#[inline(always)]
fn gemm_nest<T, EA, LA, EB, LB, EC, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
) -> bool
where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    EA: HostEngine<Elem = T>,
    LA: TensorLayout,
    EB: HostEngine<Elem = T>,
    LB: TensorLayout,
    EC: HostEngine<Elem = T> + EngineMut,
    LC: TensorLayout,
{
    let fixed = const {
        match (LA::STATIC_MODES, LB::STATIC_MODES, LC::STATIC_MODES) {
            (Some(x), Some(y), Some(z)) => gemm_plan(&x, &y, &z),
            _ => None,
        }
    };
    let plan = match fixed {
        Some(p) => p,
        None => {
            let (Some(x), Some(y), Some(z)) =
                (a.layout.modes(), b.layout.modes(), c.layout.modes())
            else {
                return false;
            };
            match gemm_plan(&x, &y, &z) {
                Some(p) => p,
                None => return false,
            }
        }
    };
    let (ar, br, cw) = (reader(a), reader(b), writer(c));
    // SAFETY: every loop's parts have one size (`gemm_plan` checks it), so every point of
    // the nest is, for each tensor, `L(i)` for a coordinate `i` of its layout; `c` is
    // borrowed mutably, `a` and `b` shared: disjoint.
    plan.run(|[oa, ob, oc]| unsafe { *cw.off(oc) = *cw.off(oc) + *ar.off(oa) * *br.off(ob) });
    true
}

/// `gemm(A, B, C)`: `C += A·B` with CuTe's rank dispatch (`cute/algorithm/gemm.hpp`, the
/// accumulating form `gemm(A, B, C) = gemm(C, A, B, C)`), on the ranks of `(A, B, C)`:
///
/// * `(1, 1, 1)`: `(V) × (V) → (V)`, element-wise `C(v) += A(v)·B(v)`;
/// * `(1, 1, 2)`: `(M) × (N) → (M,N)`, the outer product `C(m,n) += A(m)·B(n)`;
/// * `(2, 2, 2)`: `(M,K) × (N,K) → (M,N)`, `C(m,n) += Σₖ A(m,k)·B(n,k)`;
/// * `(2, 2, 3)`: `(V,M) × (V,N) → (V,M,N)`, batched outer products;
/// * `(3, 3, 3)`: `(V,M,K) × (V,N,K) → (V,M,N)`, batched products.
///
/// Mode sizes that disagree are a [`ShapeMismatch`](crate::ErrorKind::ShapeMismatch) error,
/// other ranks a [`RankMismatch`](crate::ErrorKind::RankMismatch) error.
///
/// ```
/// use cute_layout::{layout, tensor::{try_gemm, Tensor}};
/// // A = [[1,2],[3,4]] (M,K), B = [[5,6],[7,8]] as (N,K): C = A·Bᵀ.
/// let a = [1, 3, 2, 4]; // column major (M,K)
/// let b = [5, 7, 6, 8]; // column major (N,K)
/// let mut c = [0; 4];
/// let at = Tensor::try_new(&a[..], layout!((2,2):(1,2))).unwrap();
/// let bt = Tensor::try_new(&b[..], layout!((2,2):(1,2))).unwrap();
/// let mut ct = Tensor::try_new(&mut c[..], layout!((2,2):(1,2))).unwrap();
/// try_gemm(&at, &bt, &mut ct).unwrap();
/// assert_eq!(c, [1 * 5 + 2 * 6, 3 * 5 + 4 * 6, 1 * 7 + 2 * 8, 3 * 7 + 4 * 8]);
/// ```
pub fn try_gemm<T, EA, LA, EB, LB, EC, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
) -> Result<()>
where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    EA: HostEngine<Elem = T>,
    LA: TensorLayout,
    EB: HostEngine<Elem = T>,
    LB: TensorLayout,
    EC: HostEngine<Elem = T> + EngineMut,
    LC: TensorLayout,
{
    let (la, lb, lc) = (a.layout(), b.layout(), c.layout());
    let check = |what: &str, x: i64, y: i64| {
        if x == y {
            Ok(())
        } else {
            Err(mismatch(what, x, y))
        }
    };
    // `(v, m, k)` in a rank-3 tensor of modes `(V, M, K)`: the integral coordinate
    // `v + V·(m + M·k)` (colexicographic).
    match (la.rank(), lb.rank(), lc.rank()) {
        (1, 1, 1) => {
            let v = size_of(c);
            check("gemm (V)x(V)->(V): V of A and C", size_of(a), v)?;
            check("gemm (V)x(V)->(V): V of B and C", size_of(b), v)?;
            if gemm_nest(a, b, c) {
                return Ok(());
            }
            let (ar, br, cw) = (reader(a), reader(b), writer(c));
            for i in 0..v {
                // SAFETY: `i < V`, the size of all three.
                unsafe { *cw.at(i) = *cw.at(i) + *ar.at(i) * *br.at(i) };
            }
        }
        (1, 1, 2) => {
            let (m, n) = (lc.mode_size(0), lc.mode_size(1));
            check("gemm (M)x(N)->(M,N): M of A and C", size_of(a), m)?;
            check("gemm (M)x(N)->(M,N): N of B and C", size_of(b), n)?;
            if gemm_nest(a, b, c) {
                return Ok(());
            }
            let (ar, br, cw) = (reader(a), reader(b), writer(c));
            for j in 0..n {
                for i in 0..m {
                    // SAFETY: `i < M = size(A)`, `j < N = size(B)`, `i + M·j < M·N = size(C)`.
                    unsafe { *cw.at(i + m * j) = *cw.at(i + m * j) + *ar.at(i) * *br.at(j) };
                }
            }
        }
        (2, 2, 2) | (2, 2, 3) | (3, 3, 3) => {
            let batched = lc.rank() == 3;
            let outer = la.rank() == 2 && batched;
            // Modes as (V, M, K), (V, N, K), (V, M, N), with V = 1 and/or K = 1 where absent.
            let (v, m, n) = if batched {
                (lc.mode_size(0), lc.mode_size(1), lc.mode_size(2))
            } else {
                (1, lc.mode_size(0), lc.mode_size(1))
            };
            let (av, am, ak) = match (la.rank(), outer) {
                (3, _) => (la.mode_size(0), la.mode_size(1), la.mode_size(2)),
                (_, true) => (la.mode_size(0), la.mode_size(1), 1),
                _ => (1, la.mode_size(0), la.mode_size(1)),
            };
            let (bv, bn, bk) = match (lb.rank(), outer) {
                (3, _) => (lb.mode_size(0), lb.mode_size(1), lb.mode_size(2)),
                (_, true) => (lb.mode_size(0), lb.mode_size(1), 1),
                _ => (1, lb.mode_size(0), lb.mode_size(1)),
            };
            check("gemm: V of A and C", av, v)?;
            check("gemm: V of B and C", bv, v)?;
            check("gemm: M of A and C", am, m)?;
            check("gemm: N of B and C", bn, n)?;
            check("gemm: K of A and B", ak, bk)?;
            // The loops V, M, N, K innermost first: the order of the loops below.
            if gemm_nest(a, b, c) {
                return Ok(());
            }
            let (ar, br, cw) = (reader(a), reader(b), writer(c));
            for kk in 0..ak {
                for j in 0..n {
                    for i in 0..m {
                        for s in 0..v {
                            let ci = s + v * (i + m * j);
                            let ai = s + v * (i + m * kk);
                            let bi = s + v * (j + n * kk);
                            // SAFETY: each index is below the product of its tensor's mode
                            // sizes, checked equal above: its size.
                            unsafe { *cw.at(ci) = *cw.at(ci) + *ar.at(ai) * *br.at(bi) };
                        }
                    }
                }
            }
        }
        (ra, rb, rc) => {
            return Err(layout_error!(
            ErrorKind::RankMismatch,
            "gemm takes ranks (1,1,1), (1,1,2), (2,2,2), (2,2,3) or (3,3,3); got ({ra},{rb},{rc})"
        ))
        }
    }
    Ok(())
}

/// [`try_gemm`], panicking with its error.
#[track_caller]
pub fn gemm<T, EA, LA, EB, LB, EC, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
) where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    EA: HostEngine<Elem = T>,
    LA: TensorLayout,
    EB: HostEngine<Elem = T>,
    LB: TensorLayout,
    EC: HostEngine<Elem = T> + EngineMut,
    LC: TensorLayout,
{
    if let Err(e) = try_gemm(a, b, c) {
        panic!("{e}")
    }
}
