//! Parsing NVRTC's program log into [`Diagnostic`]s.
//!
//! NVRTC (the EDG front end) writes one header line per diagnostic, then, indented, any
//! continuation of the message, an echo of the source line (indented by two spaces) and a
//! caret under the column:
//!
//! ```text
//! kernel.cu(4): error: identifier "x" is undefined
//!       if (i < n) out[i] = x + 1.0f;
//!                           ^
//!
//! kernel.cu(3): warning #177-D: variable "unused" was declared but never referenced
//! ```
//!
//! Other lines (`nvrtc: error: invalid value for --gpu-architecture (-arch)`, `ptxas error :
//! ...`, `Remark: ...`, `2 errors detected in the compilation of "kernel.cu".`) carry no
//! position: they stay in the raw log and are shown by [`Error`](crate::Error)'s `Display`.

use crate::error::{Diagnostic, Severity};

/// A header line's parts: file, line, column (if the log gives one), severity, code, message.
struct Header<'a> {
    file: &'a str,
    line: u32,
    column: Option<u32>,
    severity: Severity,
    code: Option<&'a str>,
    message: &'a str,
}

/// Reads `file(line): severity[ #code]: message` (also `file(line,column)`); `None` for any
/// other line.
fn header(text: &str) -> Option<Header<'_>> {
    // The file name may itself contain parentheses: try each `(` in turn.
    for (open, _) in text.match_indices('(') {
        if open == 0 {
            continue;
        }
        let rest = &text[open + 1..];
        let Some(close) = rest.find("): ") else {
            continue;
        };
        let position = &rest[..close];
        let (line, column) = match position.split_once(',') {
            Some((l, c)) => (l.trim(), Some(c.trim())),
            None => (position, None),
        };
        let Ok(line) = line.parse::<u32>() else {
            continue;
        };
        let column = match column {
            Some(c) => match c.parse::<u32>() {
                Ok(c) => Some(c),
                Err(_) => continue,
            },
            None => None,
        };
        let after = &rest[close + 3..];
        let (kind, message) = match after.split_once(": ") {
            Some((k, m)) => (k, m),
            None => match after.strip_suffix(':') {
                Some(k) => (k, ""),
                None => continue,
            },
        };
        let (word, code) = match kind.split_once(" #") {
            Some((w, c)) => (w, Some(c)),
            None => (kind, None),
        };
        let Some(severity) = Severity::from_log(word.trim()) else {
            continue;
        };
        return Some(Header {
            file: &text[..open],
            line,
            column,
            severity,
            code,
            message: message.trim_end(),
        });
    }
    None
}

/// A line of only spaces and one `^`: the caret NVRTC prints under the column.
fn caret(text: &str) -> Option<usize> {
    let t = text.trim_end();
    let at = t.len().checked_sub(1)?;
    (t.ends_with('^') && t[..at].bytes().all(|b| b == b' ')).then_some(at)
}

/// Walks the log: every diagnostic with the indices of the lines it spans.
fn walk<'a>(lines: &[&'a str]) -> Vec<(Header<'a>, Vec<&'a str>, std::ops::Range<usize>)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(h) = header(lines[i]) else {
            i += 1;
            continue;
        };
        let start = i;
        i += 1;
        // Continuation, echo and caret: indented, non-blank lines that are not headers.
        let mut body = Vec::new();
        while i < lines.len() {
            let l = lines[i];
            let indented = l.starts_with(' ') || l.starts_with('\t');
            if l.trim().is_empty() || !indented || header(l).is_some() {
                break;
            }
            body.push(l);
            i += 1;
        }
        out.push((h, body, start..i));
    }
    out
}

/// Parses NVRTC's log of compiling `source` under the name `file_name` into its positioned
/// diagnostics, in log order. A diagnostic in `file_name` gets the text of its line of
/// `source` (`source_line`) and, when NVRTC printed a caret under its echo of that line, the
/// column. Lines without a position are left out (they stay in the raw log).
///
/// ```
/// use cute_layout_cuda::{parse_nvrtc_log, Severity};
/// let source = "extern \"C\" __global__ void k(float* out) {\n    out[0] = x;\n}\n";
/// let log = "kernel.cu(2): error: identifier \"x\" is undefined\n      out[0] = x;\n               ^\n\n\
///            1 error detected in the compilation of \"kernel.cu\".\n";
/// let d = parse_nvrtc_log(log, source, "kernel.cu");
/// assert_eq!(d.len(), 1);
/// assert_eq!((d[0].line, d[0].column, d[0].severity), (2, Some(14), Severity::Error));
/// assert_eq!(d[0].source_line.as_deref(), Some("    out[0] = x;"));
/// assert_eq!(
///     d[0].to_string(),
///     "kernel.cu:2: error: identifier \"x\" is undefined\n     2 |     out[0] = x;\n       |              ^"
/// );
/// ```
pub fn parse_nvrtc_log(log: &str, source: &str, file_name: &str) -> Vec<Diagnostic> {
    let lines: Vec<&str> = log.lines().collect();
    walk(&lines)
        .into_iter()
        .map(|(h, body, _)| {
            let source_line = (h.file == file_name && h.line > 0)
                .then(|| source.lines().nth(h.line as usize - 1))
                .flatten()
                .map(str::to_owned);
            // The echo is the line just above the first caret.
            let caret_at = body.iter().position(|l| caret(l).is_some());
            let echo_at = caret_at.and_then(|c| c.checked_sub(1));
            let mut column = h.column;
            if let (None, Some(c), Some(e)) = (column, caret_at, echo_at) {
                let col = caret(body[c]).unwrap_or(0);
                let echo = body[e].strip_prefix("  ");
                let matches = match (&source_line, echo) {
                    (Some(src), Some(echo)) => echo.trim_end() == src.trim_end(),
                    (None, Some(_)) => true,
                    (_, None) => false,
                };
                if matches && col >= 2 {
                    column = Some(col as u32 - 1);
                }
            }
            let notes = body
                .iter()
                .enumerate()
                .filter(|&(k, _)| Some(k) != caret_at && Some(k) != echo_at)
                .map(|(_, l)| l.trim().to_owned())
                .collect();
            Diagnostic {
                file: h.file.to_owned(),
                line: h.line,
                column,
                severity: h.severity,
                code: h.code.map(str::to_owned),
                message: h.message.to_owned(),
                notes,
                source_line,
            }
        })
        .collect()
}

/// The non-blank lines of `log` that belong to no diagnostic.
pub(crate) fn unparsed_lines(log: &str) -> Vec<&str> {
    let lines: Vec<&str> = log.lines().collect();
    let mut used = vec![false; lines.len()];
    for (_, _, span) in walk(&lines) {
        used[span].iter_mut().for_each(|u| *u = true);
    }
    lines
        .iter()
        .zip(used)
        .filter(|(l, used)| !used && !l.trim().is_empty())
        .map(|(l, _)| l.trim_end())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers() {
        let h = header("kernel.cu(12): error: identifier \"x\" is undefined").unwrap();
        assert_eq!((h.file, h.line, h.column), ("kernel.cu", 12, None));
        assert_eq!((h.severity, h.code), (Severity::Error, None));
        assert_eq!(h.message, "identifier \"x\" is undefined");

        let h = header("my (copy).cu(3,7): warning #177-D: variable \"z\" unused").unwrap();
        assert_eq!((h.file, h.line, h.column), ("my (copy).cu", 3, Some(7)));
        assert_eq!((h.severity, h.code), (Severity::Warning, Some("177-D")));

        let h = header("kernel.cu(7): catastrophic error: cannot open source file \"a.h\"");
        assert_eq!(h.unwrap().severity, Severity::Fatal);

        for other in [
            "nvrtc: error: invalid value for --gpu-architecture (-arch)",
            "ptxas error   : Entry function 'big' uses too much shared data",
            "1 error detected in the compilation of \"kernel.cu\".",
            "Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"",
            "kernel.cu(x): error: not a line number",
            "kernel.cu(3): frobnicate: unknown severity",
            "(3): error: no file",
        ] {
            assert!(header(other).is_none(), "{other}");
        }
    }

    #[test]
    fn carets() {
        assert_eq!(caret("      ^"), Some(6));
        assert_eq!(caret("^"), Some(0));
        assert_eq!(caret("   x ^"), None);
        assert_eq!(caret("    "), None);
    }
}
