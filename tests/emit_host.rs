//! The CUDA C++ emission (`cute_layout::emit`), compiled by the host C++ compiler and evaluated at
//! every coordinate of a large set of layouts: random layouts with static and runtime leaves
//! (emitted as written and folded, `int` and `long long`), extreme values, swizzled layouts,
//! basis-strided layouts, tensors, every atom of the crate and tiled partitions. Each emitted
//! value must equal the crate's evaluation (`eval` / `try_eval`), and for partitions the value
//! the definition of CuTe's `thrfrg` gives when evaluated point by point.
//!
//! The compiler is `$CXX` or `g++` (`-std=c++17 -Wall -Wextra -Werror`: the emitted code must be
//! warning-free). Without one the test fails, unless `CUTE_SKIP_HOST_CXX=1`. More random cases:
//! `CUTE_EMIT_CASES=N` (default 150 per family).

use std::fmt::Write as _;
use std::process::Command;

use cute_layout::atom::*;
use cute_layout::emit::{
    runtime_parameters, tv_partition, CudaSource, Emit, EmitOptions, IndexType, Leaves,
};
use cute_layout::swizzle::DynSwizzle;
use cute_layout::{
    layout, AnyLayout, DynBasisLayout, DynComposedLayout, DynInt, DynLayout, DynScaledBasis,
    DynTuple, ErrorKind, Layout,
};

/// A deterministic generator (xorshift64*): the same cases on every machine.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
    fn coin(&mut self) -> bool {
        self.next() & 1 == 1
    }
}

/// One emitted function to check: the expected values of `name(i, params)` for `i` in
/// `0..index_count` and of `name_crd(c0.., params)` for every in-bounds coordinate (the modes
/// split column-major), each a list of components (one for offsets).
struct Case {
    name: String,
    params: Vec<i64>,
    components: usize,
    index: Vec<Vec<i64>>,
    mode_sizes: Vec<i64>,
    crd: Vec<Vec<i64>>,
}

fn mode_coords(mode_sizes: &[i64], i: i64) -> Vec<i64> {
    let mut r = i;
    let mut out = Vec::new();
    for (k, &m) in mode_sizes.iter().enumerate() {
        if k + 1 == mode_sizes.len() {
            out.push(r);
        } else {
            out.push(r % m);
            r /= m;
        }
    }
    out
}

fn crd_tuple(shape: &DynTuple, c: &[i64]) -> DynTuple {
    match shape {
        DynTuple::Int(_) => DynTuple::int(c[0]),
        DynTuple::Tuple(_) => DynTuple::tuple(c.iter().map(|&x| DynTuple::int(x))),
    }
}

fn mode_sizes(shape: &DynTuple) -> Vec<i64> {
    match shape {
        DynTuple::Int(i) => vec![i.value],
        DynTuple::Tuple(v) => v.iter().map(|m| m.size().unwrap()).collect(),
    }
}

/// The expected values of a function-like layout with offsets.
fn offset_case(
    name: &str,
    params: Vec<i64>,
    shape: &DynTuple,
    eval: impl Fn(i64) -> i64,
    call: impl Fn(&DynTuple) -> i64,
    extra: i64,
) -> Case {
    let size = shape.size().unwrap();
    let ms = mode_sizes(shape);
    Case {
        name: name.to_string(),
        params,
        components: 1,
        index: (0..size + extra).map(|i| vec![eval(i)]).collect(),
        crd: (0..size)
            .map(|i| vec![call(&crd_tuple(shape, &mode_coords(&ms, i)))])
            .collect(),
        mode_sizes: ms,
    }
}

fn dyn_case(src: &mut CudaSource, name: &str, l: &DynLayout, opts: EmitOptions) -> Case {
    src.layout_with(name, l, opts).unwrap();
    let params = params_of(l, opts);
    // Out of bounds the last mode runs on (CuTe's idx2crd): checked for a few indices.
    let size = l.size();
    let extra = size.min(5);
    let index: Vec<i64> = (0..size + extra).map(|i| l.eval(i)).collect();
    // A layout's value at the top-level mode coordinates (c0, ..., c_r) is its value at their
    // colexicographic index (paper Eq. 4): the index values serve as the coordinate function's
    // expected values, each offset evaluated by the crate once.
    Case {
        name: name.to_string(),
        params,
        components: 1,
        crd: index[..size as usize].iter().map(|&v| vec![v]).collect(),
        index: index.iter().map(|&v| vec![v]).collect(),
        mode_sizes: mode_sizes(l.shape()),
    }
}

fn params_of<L: Emit>(l: &L, opts: EmitOptions) -> Vec<i64> {
    match opts.leaves {
        Leaves::Fold => vec![],
        Leaves::AsWritten => runtime_parameters(l)
            .unwrap()
            .into_iter()
            .map(|(_, v)| v)
            .collect(),
    }
}

/// A random shape/stride tree: depth ≤ 3, ≤ 4 modes per level, extents 1–7 (powers of two
/// often), strides −24..40 (zero included); each leaf static or runtime at random.
fn random_tree(rng: &mut Rng, depth: u32, budget: &mut i64) -> (DynTuple, DynTuple) {
    if depth == 0 || rng.below(3) == 0 {
        let s = if rng.coin() {
            1 << rng.below(4)
        } else {
            rng.range(1, 7)
        };
        let s = s.min((*budget).max(1));
        *budget /= s.max(1);
        let d = match rng.below(5) {
            0 => 0,
            1 => 1 << rng.below(6),
            _ => rng.range(-24, 40),
        };
        let leaf = |v: i64, st: bool| {
            DynTuple::Int(DynInt {
                value: v,
                is_static: st,
            })
        };
        let (ss, ds) = (rng.coin(), rng.coin());
        return (leaf(s, ss), leaf(d, ds));
    }
    let n = rng.range(0, 4) as usize; // the empty tuple included
    let (mut ss, mut ds) = (Vec::new(), Vec::new());
    for _ in 0..n {
        let (s, d) = random_tree(rng, depth - 1, budget);
        ss.push(s);
        ds.push(d);
    }
    (DynTuple::Tuple(ss), DynTuple::Tuple(ds))
}

fn random_layout(rng: &mut Rng) -> DynLayout {
    let mut budget = 2048;
    let (s, d) = random_tree(rng, 3, &mut budget);
    DynLayout::new(s, d).unwrap()
}

fn cases() -> usize {
    std::env::var("CUTE_EMIT_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(150)
}

/// Compiles `src` with a driver printing every case's values, runs it, and compares.
fn check(src: &CudaSource, cases: &[Case]) {
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "g++".to_string());
    if Command::new(&cxx).arg("--version").output().is_err() {
        if std::env::var("CUTE_SKIP_HOST_CXX").is_ok() {
            eprintln!("skipped: no host C++ compiler `{cxx}` (CUTE_SKIP_HOST_CXX set)");
            return;
        }
        panic!("no host C++ compiler `{cxx}`: set CXX, or CUTE_SKIP_HOST_CXX=1 to skip");
    }
    let mut text = String::from("#include <cstdio>\n");
    text.push_str(src.as_str());
    text.push_str("\nint main() {\n");
    for c in cases {
        let p: String = c.params.iter().map(|v| format!(", {v}LL")).collect();
        let show = if c.components == 1 {
            "std::printf(\" %lld\", (long long)v);".to_string()
        } else {
            format!(
                "for (int j = 0; j < {}; ++j) std::printf(\" %lld\", (long long)v.v[j]);",
                c.components
            )
        };
        let _ = writeln!(text, "  std::printf(\"{}\");", c.name);
        let _ = writeln!(
            text,
            "  for (long long i = 0; i < {}LL; ++i) {{ auto v = {}(i{p}); {show} }}",
            c.index.len(),
            c.name
        );
        let r = c.mode_sizes.len();
        let splits: String = (0..r)
            .map(|k| {
                if k + 1 == r {
                    format!("long long c{k} = r;")
                } else {
                    format!(
                        "long long c{k} = r % {}LL; r /= {}LL;",
                        c.mode_sizes[k], c.mode_sizes[k]
                    )
                }
            })
            .collect();
        let mut args: Vec<String> = (0..r).map(|k| format!("c{k}")).collect();
        args.extend(c.params.iter().map(|v| format!("{v}LL")));
        let start = if r == 0 {
            "(void)i;"
        } else {
            "long long r = i;"
        };
        let _ = writeln!(
            text,
            "  for (long long i = 0; i < {}LL; ++i) {{ {start} {splits} auto v = {}_crd({}); {show} }}",
            c.crd.len(),
            c.name,
            args.join(", ")
        );
        let _ = writeln!(text, "  std::printf(\"\\n\");");
    }
    text.push_str("  return 0;\n}\n");

    // One directory per call: the tests of this file run in parallel.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("cute_emit_{}_{call}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cpp = dir.join("emitted.cpp");
    let exe = dir.join("emitted");
    std::fs::write(&cpp, &text).unwrap();
    let out = Command::new(&cxx)
        .args(["-std=c++17", "-O0", "-Wall", "-Wextra", "-Werror", "-o"])
        .arg(&exe)
        .arg(&cpp)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{cxx} rejected the emitted code ({}):\n{}",
        cpp.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).output().unwrap();
    assert!(run.status.success());
    let stdout = String::from_utf8(run.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), cases.len());
    for (c, line) in cases.iter().zip(lines) {
        let mut words = line.split(' ');
        assert_eq!(words.next(), Some(c.name.as_str()));
        let got: Vec<i64> = words.map(|w| w.parse().unwrap()).collect();
        let want: Vec<i64> = c.index.iter().chain(&c.crd).flatten().copied().collect();
        if got != want {
            let pos = got.iter().zip(&want).position(|(a, b)| a != b);
            panic!(
                "{}: the emitted functions disagree with the crate (first difference at value {pos:?}; {} values emitted, {} expected)\n{}",
                c.name,
                got.len(),
                want.len(),
                src.as_str()
                    .split("\n\n")
                    .find(|f| f.contains(&format!("// {}:", c.name)))
                    .unwrap_or("")
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn random_layouts_as_written_folded_and_wide() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut src = CudaSource::new();
    let mut cs = Vec::new();
    let modes = [
        EmitOptions::default(),
        EmitOptions::folded(),
        EmitOptions {
            index: Some(IndexType::I64),
            leaves: Leaves::AsWritten,
        },
        EmitOptions {
            index: Some(IndexType::I32),
            leaves: Leaves::AsWritten,
        },
    ];
    for k in 0..cases() {
        let l = random_layout(&mut rng);
        let opts = modes[k % modes.len()];
        cs.push(dyn_case(&mut src, &format!("r{k}"), &l, opts));
    }
    check(&src, &cs);
}

#[test]
fn extreme_values_and_shapes() {
    let mut src = CudaSource::new();
    let mut cs = Vec::new();
    let texts = [
        "1:0",
        "1:7",
        "(1,1,1):(0,0,0)",
        "():()",
        "(4,()):(3,())",
        "((),4):((),3)",
        "(2,(3,())):(5,(7,()))",
        "(2,3):(4611686018427387904,-3)",
        "(3,2):(-1537228672809129301,1537228672809129301)",
        "(2,2):(2147483647,-2147483648)",
        "(65536,2):(1,-4294967296)",
        "((2,(2,2)),(3,(1,5))):((1,(2,4)),(-8,(0,-24)))",
        "(7,11,13):(143,13,1)",
        "4096:-1",
    ];
    for (k, t) in texts.iter().enumerate() {
        let l: DynLayout = t.parse().unwrap();
        for (j, o) in [EmitOptions::default(), EmitOptions::folded()]
            .into_iter()
            .enumerate()
        {
            cs.push(dyn_case(&mut src, &format!("x{k}_{j}"), &l, o));
        }
    }
    // Static layouts from the macro, with static and mixed leaves.
    let n = 5;
    let a = layout!((4,(2,2)):(1,(8,4)));
    let b = layout!((3,({n},2)):({n},(1,-7))).unwrap();
    let c = layout!(((2,4),(4,8)):((1,64),(16,2)));
    for (name, l) in [("m0", a.to_dyn()), ("m1", b.to_dyn()), ("m2", c.to_dyn())] {
        cs.push(dyn_case(&mut src, name, &l, EmitOptions::default()));
    }
    // The static type itself emits the same as its runtime copy.
    src.layout("m3", &a).unwrap();
    cs.push(offset_case(
        "m3",
        vec![],
        a.to_dyn().shape(),
        |i| a.eval(i),
        |c| a.to_dyn().try_eval(c).unwrap(),
        3,
    ));
    check(&src, &cs);
}

#[test]
fn int_is_refused_where_values_do_not_fit() {
    let l: DynLayout = "(2,3):(4611686018427387904,-3)".parse().unwrap();
    let o = EmitOptions {
        index: Some(IndexType::I32),
        leaves: Leaves::Fold,
    };
    let e = CudaSource::new().layout_with("w", &l, o).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooLarge);
    assert!(e.to_string().contains("does not fit `int`"), "{e}");
    // At the boundary: 2^31 − 1 fits, 2^31 does not.
    let fits: DynLayout = "(2,2):(2147483646,1)".parse().unwrap();
    assert!(CudaSource::new().layout_with("f", &fits, o).is_ok());
    let over: DynLayout = "(2,2):(2147483647,1)".parse().unwrap();
    assert!(CudaSource::new().layout_with("f", &over, o).is_err());
    // Chosen automatically: `long long`.
    let mut s = CudaSource::new();
    s.layout("g", &over).unwrap();
    assert!(s.as_str().contains("long long g(long long i, "));
}

#[test]
fn names_are_checked() {
    let l = layout!(4:1);
    let mut s = CudaSource::new();
    for bad in ["", "1a", "a-b", "int", "__x", "_X", "a b"] {
        let e = s.layout(bad, &l).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{bad}");
    }
    s.layout("a", &l).unwrap();
    assert!(s.layout("a", &l).is_err());
    assert!(
        s.layout("a_size", &l).is_err(),
        "a_size is a function of `a`"
    );
    assert!(s.constant("a_crd", 3).is_err());
}

#[test]
fn swizzled_layouts() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut src = CudaSource::new();
    let mut cs = Vec::new();
    for k in 0..cases() {
        let b = rng.range(0, 3) as u32;
        let m = rng.range(0, 4) as u32;
        let s_abs = rng.range(b as i64, 5) as i32;
        let s = if rng.coin() && s_abs > 0 {
            -s_abs
        } else {
            s_abs
        };
        let sw = DynSwizzle::new(b as i64, m as i64, s as i64).unwrap();
        let mut inner = random_layout(&mut rng);
        // Keep offsets non-negative often (shared memory), negative sometimes.
        if rng.below(4) != 0 {
            let (sh, st) = inner.clone().into_parts();
            let st = abs_tree(&st);
            inner = DynLayout::new(sh, st).unwrap();
        }
        let off = DynInt {
            value: rng.range(0, 64),
            is_static: rng.coin(),
        };
        let c: DynComposedLayout =
            cute_layout::make_composed_layout(sw, off, inner.clone()).unwrap();
        let opts = if k % 2 == 0 {
            EmitOptions::default()
        } else {
            EmitOptions::folded()
        };
        let name = format!("w{k}");
        src.layout_with(&name, &c, opts).unwrap();
        cs.push(offset_case(
            &name,
            params_of(&c, opts),
            inner.shape(),
            |i| AnyLayout::eval(&c, i),
            |t| AnyLayout::try_call(&c, t.clone()).unwrap(),
            0,
        ));
    }
    // The static swizzled shared-memory tile of CuTe's SM80 GEMM tutorial.
    let s = layout!(Sw<3,3,3> o 0 o ((8,16),(8,8)):((8,64),(1,1024)));
    src.layout("smem", &s).unwrap();
    let sd = s.to_dyn();
    cs.push(offset_case(
        "smem",
        vec![],
        s.to_dyn().layout_b().shape(),
        |i| s.eval(i),
        |t| AnyLayout::try_call(&sd, t.clone()).unwrap(),
        0,
    ));
    check(&src, &cs);
}

fn abs_tree(t: &DynTuple) -> DynTuple {
    match t {
        DynTuple::Int(i) => DynTuple::Int(DynInt {
            value: i.value.abs(),
            is_static: i.is_static,
        }),
        DynTuple::Tuple(v) => DynTuple::tuple(v.iter().map(abs_tree)),
    }
}

fn basis_case(src: &mut CudaSource, name: &str, l: &DynBasisLayout, opts: EmitOptions) -> Case {
    src.layout_with(name, l, opts).unwrap();
    let params = params_of(l, opts);
    let size = l.size();
    let ms = mode_sizes(l.shape());
    let flat = |t: DynTuple| -> Vec<i64> { t.leaves().collect() };
    let index: Vec<Vec<i64>> = (0..size)
        .map(|i| flat(l.try_eval(&DynTuple::int(i)).unwrap()))
        .collect();
    let components = index.first().map_or(1, Vec::len);
    Case {
        name: name.to_string(),
        params,
        components,
        crd: (0..size)
            .map(|i| {
                flat(
                    l.try_eval(&crd_tuple(l.shape(), &mode_coords(&ms, i)))
                        .unwrap(),
                )
            })
            .collect(),
        index,
        mode_sizes: ms,
    }
}

#[test]
fn basis_strided_layouts_return_coordinates() {
    let mut src = CudaSource::new();
    let mut cs = Vec::new();
    let texts = [
        "(4,6):(1@0,1@1)",
        "(4,(2,3)):(1@1,(2@0,1@0))",
        "((2,2),3):((1@0,2@0),5@1)",
        "(3,4):(1@0,1@0@1)",
        "(2,3,2):(1@2,2@0,1@0)",
    ];
    for (k, t) in texts.iter().enumerate() {
        let l: DynBasisLayout = t.parse().unwrap();
        cs.push(basis_case(
            &mut src,
            &format!("b{k}"),
            &l,
            EmitOptions::default(),
        ));
        cs.push(basis_case(
            &mut src,
            &format!("bf{k}"),
            &l,
            EmitOptions::folded(),
        ));
    }
    // CuTe's identity tensor of an (8,(4,2)) tile.
    let id = cute_layout::basis::make_identity_layout(&"(8,(4,2))".parse().unwrap()).unwrap();
    cs.push(basis_case(&mut src, "ident", &id, EmitOptions::default()));
    // A mixed leaf: the scale of a basis element as a runtime parameter.
    let mixed = DynBasisLayout::new(
        "(4,5)".parse().unwrap(),
        cute_layout::DynBasisTuple::tuple([
            cute_layout::DynBasisTuple::Basis(DynScaledBasis {
                value: DynInt::fixed(1),
                modes: vec![0],
            }),
            cute_layout::DynBasisTuple::Basis(DynScaledBasis::new(3, [1])),
        ]),
    )
    .unwrap();
    cs.push(basis_case(&mut src, "bm", &mixed, EmitOptions::default()));
    check(&src, &cs);
}

#[test]
fn tensors_emit_base_plus_layout() {
    let data = vec![0f32; 4096];
    let t = cute_layout::Tensor::try_with_offset(&data[..], 100, layout!((8,(4,4)):(16,(1,4))))
        .unwrap();
    let mut src = CudaSource::new();
    src.layout("t", &t).unwrap();
    let l = t.layout().to_dyn();
    let c = offset_case(
        "t",
        runtime_parameters(&t)
            .unwrap()
            .into_iter()
            .map(|p| p.1)
            .collect(),
        l.shape(),
        |i| 100 + l.eval(i),
        |c| 100 + l.try_eval(c).unwrap(),
        0,
    );
    check(&src, &[c]);
}

/// Every layout of every atom, each distinct layout emitted once (many atoms share their
/// thread and value layouts: the emission depends on the layout only).
#[test]
fn every_atom() {
    let mut src = CudaSource::new();
    let mut cs = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for (k, name) in atom_names().iter().enumerate() {
        let layouts: Vec<(&str, DynLayout)> = match atom_layouts(name).unwrap() {
            AtomLayouts::Mma {
                thr_id, a, b, c, ..
            } => {
                vec![("id", thr_id), ("a", a), ("b", b), ("c", c)]
            }
            AtomLayouts::Copy {
                thr_id,
                src: s,
                dst,
                ref_layout,
            } => vec![("id", thr_id), ("s", s), ("d", dst), ("r", ref_layout)],
        };
        for (part, l) in layouts {
            if !seen.insert(format!("{l:#}")) {
                continue;
            }
            cs.push(dyn_case(
                &mut src,
                &format!("atom{k}_{part}"),
                &l,
                EmitOptions::default(),
            ));
        }
    }
    check(&src, &cs);
}

type Mma = TiledMma<
    SM80_16x8x16_F32F16F16F32_TN,
    Layout![(2,2,1):(1,2,0)],
    (
        cute_layout::typenum::U32,
        cute_layout::typenum::U32,
        cute_layout::typenum::U16,
    ),
>;
type GThr = Layout![(32,4):(4,1)];
type GVal = Layout![(1,8):(1,1)];
type G2S = TiledCopy<
    CopyAtom<SM80_CP_ASYNC_CACHEALWAYS<cute_layout::typenum::U128>, half_t>,
    MakeTiledCopyTv<GThr, GVal>,
    MakeTiledCopyTiler<GThr, GVal>,
>;

/// `thrfrg` by its definition, point by point: value `v` of thread `t` in tile `r` is the
/// tensor's element at the tile's origin plus the tile coordinate of `tv(t, v)`.
fn thrfrg_expected(
    tensor: impl Fn(i64, i64) -> i64,
    tv: &DynLayout,
    tile: (i64, i64),
    extent: (i64, i64),
) -> (Vec<i64>, Vec<Vec<i64>>) {
    let (thr, val) = (tv.mode(0).unwrap().size(), tv.mode(1).unwrap().size());
    let rest = (extent.0 / tile.0, extent.1 / tile.1);
    let mut vals = Vec::new();
    for r in 0..rest.0 * rest.1 {
        for v in 0..val {
            for t in 0..thr {
                let idx = tv
                    .try_eval(&DynTuple::tuple([DynTuple::int(t), DynTuple::int(v)]))
                    .unwrap();
                let (m, n) = (idx % tile.0, idx / tile.0);
                let (rm, rn) = (r % rest.0, r / rest.0);
                vals.push(vec![tensor(rm * tile.0 + m, rn * tile.1 + n)]);
            }
        }
    }
    (vec![thr, val, rest.0 * rest.1], vals)
}

#[test]
fn tiled_mma_tiled_copy_and_partitions() {
    let mma = Mma::default();
    let g2s = G2S::default();
    let mut src = CudaSource::new();
    src.tiled_mma("mma", &mma).unwrap();
    src.tiled_copy("g2s", &g2s).unwrap();
    let mut cs = Vec::new();
    for (name, l) in [
        ("mma_a_tv", mma.layout_a_tv().to_dyn()),
        ("mma_b_tv", mma.layout_b_tv().to_dyn()),
        ("mma_c_tv", mma.layout_c_tv().to_dyn()),
        ("g2s_tv", g2s.tiled_layout_tv().to_dyn()),
        ("g2s_s_tv", g2s.layout_s_tv().to_dyn()),
        ("g2s_d_tv", g2s.layout_d_tv().to_dyn()),
    ] {
        cs.push(offset_case(
            name,
            vec![],
            l.shape(),
            |i| l.eval(i),
            |c| l.try_eval(c).unwrap(),
            0,
        ));
    }

    // The MMA's C partition of a 128x128 column-major tile with a runtime leading dimension.
    let ld = 136;
    let gc = layout!((128,128):(1,{ld})).unwrap();
    let ctv = mma.layout_c_tv().to_dyn();
    src.partition("part_c", &gc, &ctv, &[32, 32]).unwrap();
    let (ms, vals) = thrfrg_expected(|m, n| m + ld * n, &ctv, (32, 32), (128, 128));
    cs.push(Case {
        name: "part_c".into(),
        params: runtime_parameters(&tv_partition(&gc, &ctv, &[32, 32]).unwrap())
            .unwrap()
            .into_iter()
            .map(|p| p.1)
            .collect(),
        components: 1,
        index: vec![],
        mode_sizes: ms,
        crd: vals,
    });

    // The MMA's A partition of the swizzled shared-memory tile (128x32 halfs).
    let sa = layout!(Sw<3,3,3> o 0 o ((8,16),(32,1)):((32,256),(1,0)));
    let sad = sa.to_dyn();
    let atv = mma.layout_a_tv().to_dyn();
    src.partition("part_a", &sa, &atv, &[32, 16]).unwrap();
    let (ms, vals) = thrfrg_expected(
        |m, k| {
            AnyLayout::try_call(&sad, DynTuple::tuple([DynTuple::int(m), DynTuple::int(k)]))
                .unwrap()
        },
        &atv,
        (32, 16),
        (128, 32),
    );
    cs.push(Case {
        name: "part_a".into(),
        params: vec![],
        components: 1,
        index: vec![],
        mode_sizes: ms,
        crd: vals,
    });

    // The cp.async copy's source partition of a row-major 128x32 global tile.
    let ga = layout!((128,32):(32,1));
    let gtv = g2s.tiled_layout_tv().to_dyn();
    src.partition("part_g", &ga, &gtv, &[32, 32]).unwrap();
    let (ms, vals) = thrfrg_expected(|m, k| 32 * m + k, &gtv, (32, 32), (128, 32));
    cs.push(Case {
        name: "part_g".into(),
        params: vec![],
        components: 1,
        index: vec![],
        mode_sizes: ms,
        crd: vals,
    });
    check(&src, &cs);
}

#[test]
fn partition_refuses_a_tv_layout_larger_than_the_tile() {
    let tv: DynLayout = "(4,4):(1,4)".parse().unwrap();
    let e = CudaSource::new()
        .partition("p", &layout!((8,8):(1,8)), &tv, &[2, 4])
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotDivisible);
    // A broadcast (two threads on one element) within the tile is a partition.
    let bc: DynLayout = "(4,2):(0,1)".parse().unwrap();
    assert!(CudaSource::new()
        .partition("p", &layout!((8,8):(1,8)), &bc, &[2, 1])
        .is_ok());
    let bad: DynLayout = "4:1".parse().unwrap();
    let e = CudaSource::new()
        .partition("p", &layout!((8,8):(1,8)), &bad, &[2, 2])
        .unwrap_err();
    assert!(e.to_string().contains("two modes"), "{e}");
}
