//! The pictures (`cute_layout::picture`, CuTe's `print_latex` and an SVG of the same grid)
//! through the public trait `OffsetGrid`: the gray fills follow CuTe's map, the SVG's colours
//! are those fills, and the title is escaped for XML.

use cute_layout::error::Result;
use cute_layout::picture::{layout_latex, layout_svg, OffsetGrid};

/// Nine cells in one column holding the offsets 0..9, under a title with XML's special
/// characters.
struct Column;

impl OffsetGrid for Column {
    fn offsets(&self) -> Result<(String, i64, i64, Vec<i64>)> {
        Ok(("Sw<3,4,3> & 'x' \"y\"".to_string(), 9, 1, (0..9).collect()))
    }
}

/// The TikZ fill of the cell at row `m` (column 0): `\node[fill=<fill>] at (m,0) {...};`.
fn tikz_fill_at(latex: &str, m: i64) -> &str {
    let at = format!("] at ({m},0) {{");
    let line = latex
        .lines()
        .find(|l| l.starts_with("\\node[fill=") && l.contains(&at))
        .unwrap_or_else(|| panic!("no cell at ({m},0) in\n{latex}"));
    &line["\\node[fill=".len()..line.find(&at).unwrap()]
}

/// The SVG cell whose text is `text`: its rectangle's fill and its text's colour.
fn svg_cell<'a>(svg: &'a str, text: &str) -> (&'a str, &'a str) {
    let attr = |s: &'a str, name: &str| -> &'a str {
        let i = s.find(name).unwrap() + name.len();
        &s[i..i + s[i..].find('"').unwrap()]
    };
    let cell = svg
        .split("<g>")
        .skip(1)
        .find(|g| g.contains(&format!(">{text}</text></g>")))
        .unwrap_or_else(|| panic!("no cell {text} in\n{svg}"));
    let rect = &cell[cell.find("<rect").unwrap()..];
    let ink = &cell[cell.find("<text").unwrap()..];
    (attr(rect, " fill=\""), attr(ink, " fill=\""))
}

#[test]
fn gray_fill_follows_cute_map() {
    let latex = layout_latex(&Column).unwrap();
    // CuTe's map (`TikzColor_BWx8`): offset 0 -> black!00, 1 -> black!40, 7 -> black!70, and
    // it repeats every 8 offsets.
    assert_eq!(tikz_fill_at(&latex, 0), "black!00");
    assert_eq!(tikz_fill_at(&latex, 1), "black!40");
    assert_eq!(tikz_fill_at(&latex, 7), "black!70");
    assert_eq!(tikz_fill_at(&latex, 8), "black!00");
    let svg = layout_svg(&Column).unwrap();
    assert_eq!(svg_cell(&svg, "0"), ("#ffffff", "black"));
    // black!70 is 30 % of white: 76.5, either way rounded, in each channel; white text on it.
    let (fill, ink) = svg_cell(&svg, "7");
    let v = u8::from_str_radix(&fill[1..3], 16).unwrap();
    assert!(v == 76 || v == 77, "{fill}");
    assert_eq!((&fill[1..3], &fill[3..5]), (&fill[3..5], &fill[5..7]));
    assert_eq!(ink, "white");
    assert_eq!(svg_cell(&svg, "8").0, "#ffffff");
}

#[test]
fn svg_title_is_escaped() {
    let svg = layout_svg(&Column).unwrap();
    let escaped = "Sw&lt;3,4,3&gt; &amp; &apos;x&apos; &quot;y&quot;";
    assert!(svg.contains(&format!("<title>{escaped}</title>")), "{svg}");
    assert!(!svg.contains("Sw<3"), "{svg}");
}
