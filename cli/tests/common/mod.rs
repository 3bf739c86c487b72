//! Shared test code: running the `cute` binary, and an evaluator of CuTe notation written
//! independently of the library (the oracle for postconditions).
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Run `cute ARGS` with `stdin`; (status code, stdout, stderr).
pub fn cute_with_stdin(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the cute binary runs");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out: Output = child.wait_with_output().expect("cute finishes");
    writer.join().expect("stdin writer");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Run `cute ARGS`; (status code, stdout, stderr).
pub fn cute(args: &[&str]) -> (i32, String, String) {
    cute_with_stdin(args, b"")
}

/// Run `cute ARGS`, expecting success; its standard output, trimmed.
pub fn ok(args: &[&str]) -> String {
    let (code, out, err) = cute(args);
    assert_eq!(code, 0, "cute {args:?} failed: {err}");
    assert!(err.is_empty(), "cute {args:?} wrote to stderr: {err}");
    out.trim_end().to_string()
}

/// Run `cute ARGS`, expecting the error exit status 2; its standard error.
pub fn fails(args: &[&str]) -> String {
    let (code, out, err) = cute(args);
    assert_eq!(
        code, 2,
        "cute {args:?} should fail with status 2; out: {out} err: {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// A nested integer tuple.
#[derive(Clone, Debug, PartialEq)]
pub enum T {
    I(i64),
    Tup(Vec<T>),
}

impl T {
    pub fn leaves(&self) -> Vec<i64> {
        match self {
            T::I(v) => vec![*v],
            T::Tup(items) => items.iter().flat_map(T::leaves).collect(),
        }
    }
    pub fn rank(&self) -> usize {
        match self {
            T::I(_) => 1,
            T::Tup(items) => items.len(),
        }
    }
    pub fn depth(&self) -> usize {
        match self {
            T::I(_) => 0,
            T::Tup(items) => 1 + items.iter().map(T::depth).max().unwrap_or(0),
        }
    }
}

fn tuple(s: &[u8], pos: &mut usize) -> T {
    if s[*pos] == b'(' {
        *pos += 1;
        let mut items = Vec::new();
        loop {
            items.push(tuple(s, pos));
            let c = s[*pos];
            *pos += 1;
            if c == b')' {
                return T::Tup(items);
            }
            assert_eq!(c, b',');
        }
    }
    let start = *pos;
    if s[*pos] == b'-' {
        *pos += 1;
    }
    while *pos < s.len() && s[*pos].is_ascii_digit() {
        *pos += 1;
    }
    T::I(
        std::str::from_utf8(&s[start..*pos])
            .unwrap()
            .parse()
            .unwrap(),
    )
}

/// A layout read by this file's own parser (plain CuTe notation, no spaces).
#[derive(Clone, Debug)]
pub struct L {
    pub shape: T,
    pub stride: T,
}

impl L {
    pub fn parse(text: &str) -> L {
        let s: Vec<u8> = text.bytes().filter(|c| !c.is_ascii_whitespace()).collect();
        let mut pos = 0;
        let shape = tuple(&s, &mut pos);
        assert_eq!(s[pos], b':', "{text}");
        pos += 1;
        let stride = tuple(&s, &mut pos);
        assert_eq!(pos, s.len(), "{text}");
        L { shape, stride }
    }
    pub fn size(&self) -> i64 {
        self.shape.leaves().iter().product()
    }
    /// `L(i)`: the colexicographic coordinate of `i` in the flattened shape, dotted with the
    /// strides (paper Definition 2.11); `i` beyond the size extends the last mode.
    pub fn at(&self, i: i64) -> i64 {
        let (s, d) = (self.shape.leaves(), self.stride.leaves());
        let mut rest = i;
        let mut off = 0;
        for k in 0..s.len() {
            let c = if k + 1 == s.len() { rest } else { rest % s[k] };
            off += c * d[k];
            rest /= s[k];
        }
        off
    }
    pub fn values(&self) -> Vec<i64> {
        (0..self.size()).map(|i| self.at(i)).collect()
    }
    /// The layout of mode `k` (top level).
    pub fn mode(&self, k: usize) -> L {
        match (&self.shape, &self.stride) {
            (T::Tup(s), T::Tup(d)) => L {
                shape: s[k].clone(),
                stride: d[k].clone(),
            },
            _ => {
                assert_eq!(k, 0);
                self.clone()
            }
        }
    }
    pub fn cosize(&self) -> i64 {
        self.values().iter().max().map_or(0, |m| m + 1)
    }
}
