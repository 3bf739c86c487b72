//! The pictures as a person sees them: a few SVGs from `cute svg` rendered by headless Chromium
//! (Debian's package; `cli/tests/browser/install.sh` installs it); each screenshot must show the
//! picture (enough non-white pixels, and more than one colour). Skips, saying so, when no
//! `chromium` is on PATH.

use crate::common::ok;
use std::path::{Path, PathBuf};
use std::process::Command;

fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("chromium"))
        .find(|p| p.is_file())
}

/// (pixels not white, distinct colours) of a PNG.
fn ink(png_path: &Path) -> (usize, usize) {
    let decoder = png::Decoder::new(std::fs::File::open(png_path).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let mut colours = std::collections::HashSet::new();
    let mut inked = 0;
    for px in buf[..info.buffer_size()].chunks(channels) {
        let rgb = (px[0], px[1], px.get(2).copied().unwrap_or(px[0]));
        if rgb != (255, 255, 255) {
            inked += 1;
        }
        colours.insert(rgb);
    }
    (inked, colours.len())
}

#[test]
fn svgs_render_in_headless_chromium() {
    let Some(chromium) = chromium() else {
        // CI installs chromium and sets CUTE_REQUIRE_BROWSER, so there a missing browser fails.
        assert!(
            std::env::var_os("CUTE_REQUIRE_BROWSER").is_none(),
            "CUTE_REQUIRE_BROWSER is set but no chromium is on PATH"
        );
        println!("SKIPPED: no chromium on PATH (run cli/tests/browser/install.sh to install it)");
        return;
    };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cute-browser");
    std::fs::create_dir_all(&dir).unwrap();
    let cases: &[(&str, &[&str])] = &[
        ("layout", &["svg", "(8,8):(1,8)"]),
        ("swizzle", &["svg", "Sw<3,0,3> o 0 o (8,8):(8,1)"]),
        (
            "tv",
            &["svg", "--tv", "16,8", "((4,8),(2,2)):((32,1),(16,8))"],
        ),
    ];
    for (name, args) in cases {
        let svg_path = dir.join(format!("{name}.svg"));
        let png_path = dir.join(format!("{name}.png"));
        std::fs::write(&svg_path, ok(args)).unwrap();
        let _ = std::fs::remove_file(&png_path);
        let out = Command::new(&chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                &format!("--user-data-dir={}", dir.join("profile").display()),
                &format!("--screenshot={}", png_path.display()),
                "--window-size=500,720",
                &format!("file://{}", svg_path.display()),
            ])
            .output()
            .expect("chromium runs");
        assert!(
            png_path.is_file(),
            "{name}: no screenshot; chromium said {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let (inked, colours) = ink(&png_path);
        // A 500×720 screenshot: the picture's cells, lines and labels cover thousands of
        // pixels; a blank (or error) page does not, and has one or two colours.
        assert!(inked > 5_000, "{name}: only {inked} non-white pixels");
        assert!(colours > 4, "{name}: only {colours} colours");
    }
}
