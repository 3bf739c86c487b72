//! NVRTC's log parsed into diagnostics. The logs are NVRTC 13's own output (captured from
//! libnvrtc.so.13 compiling the sources below).

use cute_layout_cuda::{parse_nvrtc_log, Diagnostic, Error, Severity};

const SOURCE: &str = r#"extern "C" __global__ void k(float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int unused;
    if (i < n) out[i] = x + 1.0f;
    float y = undefined_fn(3);
}
#include "nothere.h"
"#;

const LOG: &str = "kernel.cu(4): error: identifier \"x\" is undefined
      if (i < n) out[i] = x + 1.0f;
                          ^

kernel.cu(5): error: identifier \"undefined_fn\" is undefined
      float y = undefined_fn(3);
                ^

kernel.cu(3): warning #177-D: variable \"unused\" was declared but never referenced
      int unused;
          ^

Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"

kernel.cu(7): catastrophic error: cannot open source file \"nothere.h\"
  #include \"nothere.h\"
                      ^

 and 1 catastrophic error detected in the compilation of \"kernel.cu\".
Compilation terminated.
";

#[test]
fn errors_warnings_and_a_fatal_error() {
    let d = parse_nvrtc_log(LOG, SOURCE, "kernel.cu");
    let summary: Vec<_> = d
        .iter()
        .map(|d| (d.line, d.column, d.severity, d.code.as_deref()))
        .collect();
    assert_eq!(
        summary,
        [
            (4, Some(25), Severity::Error, None),
            (5, Some(15), Severity::Error, None),
            (3, Some(9), Severity::Warning, Some("177-D")),
            (7, Some(21), Severity::Fatal, None),
        ]
    );
    assert_eq!(d[0].message, "identifier \"x\" is undefined");
    assert_eq!(
        d[0].source_line.as_deref(),
        Some("    if (i < n) out[i] = x + 1.0f;")
    );
    // The column points at `x` in the source line.
    let src = d[0].source_line.as_deref().unwrap();
    assert_eq!(&src[24..25], "x");
    assert_eq!(
        d[1].source_line.as_deref(),
        Some("    float y = undefined_fn(3);")
    );
    assert_eq!(
        d[2].message,
        "variable \"unused\" was declared but never referenced"
    );
    assert_eq!(d[3].source_line.as_deref(), Some("#include \"nothere.h\""));
    assert!(d
        .iter()
        .all(|d| d.file == "kernel.cu" && d.notes.is_empty()));
}

#[test]
fn display_shows_the_emitted_line() {
    let d = parse_nvrtc_log(LOG, SOURCE, "kernel.cu");
    assert_eq!(
        d[0].to_string(),
        "kernel.cu:4: error: identifier \"x\" is undefined\n     4 |     if (i < n) out[i] = \
         x + 1.0f;\n       |                         ^"
    );
    assert_eq!(
        d[2].to_string().lines().next(),
        Some("kernel.cu:3: warning #177-D: variable \"unused\" was declared but never referenced")
    );
    // The error shows every diagnostic, then the lines without a position.
    let e = Error::Nvrtc {
        log: LOG.to_owned(),
        diagnostics: d,
    };
    let text = e.to_string();
    assert!(text.starts_with("NVRTC compilation failed (3 error(s)):\nkernel.cu:4: error:"));
    assert!(
        text.contains("\n     5 |     float y = undefined_fn(3);\n"),
        "{text}"
    );
    assert!(
        text.contains("\nRemark: The warnings can be suppressed"),
        "{text}"
    );
    assert!(
        text.ends_with("detected in the compilation of \"kernel.cu\".\nCompilation terminated.")
    );
}

/// Overload resolution and template instantiation: continuation lines before the echo,
/// notes as diagnostics of their own, a `detected during` line after the caret.
#[test]
fn notes_and_continuations() {
    let source = "template <class T> __device__ T twice(T x) { return x.foo * 2; }
__device__ void f(int);
__device__ void f(double*, int);
extern \"C\" __global__ void k(float* out) {
    out[0] = twice(out[1]);
    f(\"s\");
}
";
    let log = "kernel.cu(6): error: no instance of overloaded function \"f\" matches the argument list
            argument types are: (const char [2])
      f(\"s\");
      ^
kernel.cu(3): note #3322-D: number of parameters of function \"f(double *, int)\" does not match the call
  __device__ void f(double*, int);
                  ^
kernel.cu(2): note #3326-D: function \"f(int)\" does not match because argument #1 does not match parameter
  __device__ void f(int);
                  ^

kernel.cu(1): error: expression must have class type but it has type \"float\"
  template <class T> __device__ T twice(T x) { return x.foo * 2; }
                                                      ^
          detected during instantiation of \"T twice(T) [with T=float]\" at line 5

2 errors detected in the compilation of \"kernel.cu\".
";
    let d = parse_nvrtc_log(log, source, "kernel.cu");
    let lines: Vec<_> = d.iter().map(|d| (d.line, d.severity)).collect();
    assert_eq!(
        lines,
        [
            (6, Severity::Error),
            (3, Severity::Note),
            (2, Severity::Note),
            (1, Severity::Error)
        ]
    );
    assert_eq!(d[0].notes, ["argument types are: (const char [2])"]);
    assert_eq!(
        (d[0].column, d[0].source_line.as_deref()),
        (Some(5), Some("    f(\"s\");"))
    );
    assert_eq!(d[1].code.as_deref(), Some("3322-D"));
    assert_eq!(d[1].column, Some(17));
    assert_eq!(
        d[3].notes,
        ["detected during instantiation of \"T twice(T) [with T=float]\" at line 5"]
    );
    assert_eq!(d[3].column, Some(53));
    assert_eq!(&source[52..53], "x");
}

/// Lines without a position, a header from another file, an echo that does not match the
/// source (tabs expanded), Windows line ends, a line past the end of the source.
#[test]
fn robustness() {
    let log = "nvrtc: error: invalid value for --gpu-architecture (-arch)\n";
    assert_eq!(
        parse_nvrtc_log(log, "", "kernel.cu"),
        Vec::<Diagnostic>::new()
    );
    let e = Error::Nvrtc {
        log: log.to_owned(),
        diagnostics: vec![],
    };
    assert_eq!(
        e.to_string(),
        "NVRTC compilation failed:\nnvrtc: error: invalid value for --gpu-architecture (-arch)"
    );

    let log = "ptxas error   : Entry function 'big' uses too much shared data (0x13880 bytes, 0xc000 max)\n";
    assert!(parse_nvrtc_log(log, "", "kernel.cu").is_empty());

    let source = "#include \"tile.h\"\r\n\tint a = b;\r\n";
    let log = "tile.h(3): error: expected a \";\"\r\n      int x\r\n           ^\r\n\r\n\
               kernel.cu(2): error: identifier \"b\" is undefined\r\n          int a = b;\r\n                  ^\r\n\
               kernel.cu(9): warning: past the end\r\n";
    let d = parse_nvrtc_log(log, source, "kernel.cu");
    assert_eq!(d.len(), 3);
    // Another file: no source line; the column comes from the echo alone.
    assert_eq!(
        (d[0].file.as_str(), d[0].source_line.as_deref()),
        ("tile.h", None)
    );
    assert_eq!(d[0].column, Some(10));
    // The echo (tab expanded) does not match the source line: no column.
    assert_eq!(d[1].source_line.as_deref(), Some("\tint a = b;"));
    assert_eq!(d[1].column, None);
    assert_eq!(
        d[1].to_string(),
        "kernel.cu:2: error: identifier \"b\" is undefined\n     2 | \tint a = b;"
    );
    assert_eq!((d[2].line, d[2].source_line.as_deref()), (9, None));
    assert_eq!(d[2].to_string(), "kernel.cu:9: warning: past the end");
}
