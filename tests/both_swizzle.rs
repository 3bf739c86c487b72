//! CuTe's swizzle functor in both forms (static `Swizzle<B, M, S>`, runtime `DynSwizzle`)
//! against values computed by pycute (`tests/data/gen_swizzle.py`, data in
//! `tests/data/swizzle_pycute.txt`), and its defining properties on random parameters.

use cute_layout::swizzle::{DynSwizzle, Swizzle, SwizzleFn};
use cute_layout::typenum::{N1, N2, N3, N4, N5, P1, P2, P3, P4, P5, U0, U1, U2, U3, U4};
use cute_layout::ErrorKind;
use proptest::prelude::*;

const TABLE: &str = include_str!("data/swizzle_pycute.txt");

/// FNV-1a (64 bit) over the 8-byte little-endian values, as the generator computes it.
fn fnv(values: impl Iterator<Item = i64>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for v in values {
        for byte in v.to_le_bytes() {
            h = (h ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
        }
    }
    h
}

struct Row {
    b: i64,
    m: i64,
    s: i64,
    size: i64,
    hash: u64,
    samples: Vec<i64>,
}

fn rows() -> Vec<Row> {
    TABLE
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            Row {
                b: f[0].parse().unwrap(),
                m: f[1].parse().unwrap(),
                s: f[2].parse().unwrap(),
                size: f[3].parse().unwrap(),
                hash: f[4].parse().unwrap(),
                samples: f[5..].iter().map(|v| v.parse().unwrap()).collect(),
            }
        })
        .collect()
}

/// The sample points of the generator: `[0, min(size, 128))`, then `size − 1 − k`.
fn sample_points(size: i64) -> impl Iterator<Item = i64> {
    (0..size.min(128)).chain((0..size.min(32)).map(move |k| size - 1 - k))
}

fn check_against_row(sw: &impl SwizzleFn, row: &Row) {
    let name = format!("Sw<{},{},{}>", row.b, row.m, row.s);
    assert_eq!(sw.size(), row.size, "{name}: size");
    let got: Vec<i64> = sample_points(row.size).map(|x| sw.apply(x)).collect();
    assert_eq!(got, row.samples, "{name}: values at the sample points");
    assert_eq!(
        fnv((0..row.size).map(|x| sw.apply(x))),
        row.hash,
        "{name}: values on [0, size)"
    );
}

#[test]
fn runtime_swizzles_match_pycute() {
    let rows = rows();
    // B ≤ 3, M ≤ 4, 1 ≤ |S| ≤ 5 with |S| ≥ B.
    assert_eq!(rows.len(), 170);
    for row in &rows {
        let sw = DynSwizzle::new(row.b, row.m, row.s).unwrap();
        check_against_row(&sw, row);
    }
}

macro_rules! static_rows {
    ($rows:expr; $(($B:ty, $M:ty, $S:ty)),* $(,)?) => {{
        let mut checked = 0;
        $(
            let sw = Swizzle::<$B, $M, $S>::new();
            let row = $rows
                .iter()
                .find(|r| (r.b, r.m, r.s) == (sw.bits() as i64, sw.base() as i64, sw.shift() as i64))
                .expect("the table has this swizzle");
            check_against_row(&sw, row);
            assert_eq!(sw.to_dyn(), DynSwizzle::new(row.b, row.m, row.s).unwrap());
            assert_eq!(sw.to_string(), sw.to_dyn().to_string());
            checked += 1;
        )*
        checked
    }};
}

#[test]
fn static_swizzles_match_pycute() {
    let rows = rows();
    let n = static_rows!(rows;
        (U3, U4, P3), (U3, U3, P3), (U2, U4, P3), (U3, U0, P3), (U1, U4, P1), (U2, U2, P2),
        (U3, U4, P5), (U3, U4, N3), (U2, U0, N3), (U1, U1, N1), (U3, U2, N4), (U3, U4, N5),
        (U0, U4, P4), (U0, U0, N2), (U2, U3, P5),
    );
    assert_eq!(n, 15);
}

#[test]
fn cute_worked_examples() {
    // The common 128-byte-row swizzle of 16-bit elements in shared memory: Swizzle<3,3,3> on
    // element offsets permutes the 8-element chunks of each 64-element row by the row index.
    let s = DynSwizzle::new(3, 3, 3).unwrap();
    assert_eq!(s.to_string(), "Sw<3,3,3>");
    assert_eq!((s.yyy_mask(), s.zzz_mask()), (0b111_000_000, 0b111_000));
    for row in 0..8 {
        for chunk in 0..8 {
            let x = row * 64 + chunk * 8;
            assert_eq!(
                s.apply(x),
                row * 64 + (chunk ^ row) * 8,
                "row {row} chunk {chunk}"
            );
        }
    }
}

#[test]
fn invalid_parameters_are_errors_naming_the_condition() {
    for (b, m, s, what) in [
        (3, 4, 2, "|S| must be at least B"),
        (3, 4, -2, "|S| must be at least B"),
        (-1, 4, 3, "B (the number of bits) must be non-negative"),
        (
            2,
            -1,
            3,
            "M (the number of kept low bits) must be non-negative",
        ),
        (3, 60, 3, "must not exceed 63"),
        (1, 0, i64::MIN, "must not exceed 63"),
    ] {
        let e = DynSwizzle::new(b, m, s).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidSwizzle, "{e}");
        assert!(e.to_string().contains(what), "{e}");
    }
}

#[test]
fn parse_and_print_round_trip() {
    for text in ["Sw<3,4,3>", "Sw<0,0,0>", "Sw<2,1,-5>"] {
        let s: DynSwizzle = text.parse().unwrap();
        assert_eq!(s.to_string(), text);
    }
    assert_eq!(
        " Sw < 3 , 4 , 3 > "
            .parse::<DynSwizzle>()
            .unwrap()
            .to_string(),
        "Sw<3,4,3>"
    );
    for (bad, kind, what) in [
        (
            "SW_3_4_3",
            ErrorKind::Parse,
            "expected `Sw` at byte 0, found S",
        ),
        (
            "Sw<3,4,3",
            ErrorKind::Parse,
            "expected `>` at byte 8, found the end",
        ),
        ("Sw<3,4>", ErrorKind::Parse, "expected `,` at byte 6"),
        (
            "Sw<3,4,x>",
            ErrorKind::Parse,
            "expected an integer at byte 7",
        ),
        ("Sw<3,4,3>x", ErrorKind::Parse, "unexpected text at byte 9"),
        (
            "Sw<3,4,1>",
            ErrorKind::InvalidSwizzle,
            "|S| must be at least B",
        ),
    ] {
        let e = bad.parse::<DynSwizzle>().unwrap_err();
        assert_eq!(e.kind(), kind, "{bad}: {e}");
        assert!(e.to_string().contains(what), "{bad}: {e}");
    }
}

fn params() -> impl Strategy<Value = (i64, i64, i64)> {
    (0i64..=8, 0i64..=20, 1i64..=12, any::<bool>())
        .prop_filter_map("|S| ≥ B", |(b, m, s, neg)| {
            (s >= b).then_some((b, m, if neg { -s } else { s }))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(2000)))]

    /// An involution, and a bijection on [0, size) that keeps every other range [k·size, (k+1)·size).
    #[test]
    fn involution_and_bijection((b, m, s) in params(), x in 0i64..(1 << 40)) {
        let sw = DynSwizzle::new(b, m, s).unwrap();
        prop_assert_eq!(sw.apply(sw.apply(x)), x);
        let size = sw.size();
        prop_assert_eq!(sw.apply(x) / size, x / size);
        // Only the zzz bits change, by the yyy bits shifted onto them.
        prop_assert_eq!((sw.apply(x) ^ x) & !sw.zzz_mask(), 0);
    }

    #[test]
    fn permutes_its_domain((b, m, s) in params().prop_filter("small domain", |p| p.0 + p.1 + p.2.abs() <= 14)) {
        let sw = DynSwizzle::new(b, m, s).unwrap();
        let mut seen = vec![false; sw.size() as usize];
        for x in 0..sw.size() {
            let y = sw.apply(x);
            prop_assert!((0..sw.size()).contains(&y));
            prop_assert!(!seen[y as usize], "{} maps two offsets to {}", sw, y);
            seen[y as usize] = true;
        }
    }
}
