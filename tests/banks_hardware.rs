//! The bank model (`cute_layout::banks`) against every configuration measured on an H100 with
//! ncu (`tests/data/banks/banks.txt`, written by `probes/banks/run.sh`): wavefronts and bank
//! conflicts must agree exactly, line by line.

use cute_layout::banks::{analyze, SmemInstruction};

const DATA: &str = include_str!("data/banks/banks.txt");
/// The configurations the probe measures: the data must hold every one of them.
const CONFIGS: &str = include_str!("../probes/banks/configs.txt");

#[test]
fn banks_model_matches_every_h100_measurement() {
    let mut checked = 0;
    let mut mismatches = Vec::new();
    for (n, line) in DATA.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let t: Vec<&str> = line.split(' ').collect();
        assert_eq!(t.len(), 37, "line {}: 37 tokens expected: {line}", n + 1);
        let instruction = SmemInstruction::from_ptx(t[1]).unwrap();
        let addresses: Vec<u32> = t[3..35].iter().map(|a| a.parse().unwrap()).collect();
        let (w, c): (u32, u32) = (t[35].parse().unwrap(), t[36].parse().unwrap());
        let r = analyze(instruction, &addresses).unwrap();
        checked += 1;
        if (r.wavefronts, r.conflicts) != (w, c) {
            mismatches.push(format!(
                "line {} (id {}, {} {}): measured wavefronts={w} conflicts={c}, model {r}",
                n + 1,
                t[0],
                t[1],
                t[2]
            ));
        }
    }
    let configs = CONFIGS.lines().filter(|l| !l.starts_with('#')).count();
    assert!(configs >= 512);
    assert_eq!(
        checked, configs,
        "banks.txt must hold every configuration of probes/banks/configs.txt (re-run the probe)"
    );
    assert!(
        mismatches.is_empty(),
        "{} of {checked} configurations disagree:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    println!("bank model: {checked}/{checked} H100 configurations agree");
}

/// Every kind of instruction is covered by the data, and the pair-merging rule is exercised
/// both ways (so the test above could fail on each rule of the model).
#[test]
fn banks_data_covers_every_instruction() {
    for i in SmemInstruction::ALL {
        let n = DATA
            .lines()
            .filter(|l| !l.starts_with('#') && l.split(' ').nth(1) == Some(i.ptx()))
            .count();
        assert!(n >= 11, "{i}: only {n} configurations recorded");
    }
}

/// The bank map (`bank_map`, what `picture::bank_map_svg` draws) of every recorded
/// configuration: as many rows (wavefronts) as the H100 measured, one lane group per ideal
/// wavefront, and every word of every used lane in exactly one cell.
#[test]
fn bank_maps_have_the_measured_wavefronts() {
    use cute_layout::banks::bank_map;
    for line in DATA
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let t: Vec<&str> = line.split(' ').collect();
        let instruction = SmemInstruction::from_ptx(t[1]).unwrap();
        let addresses: Vec<u32> = t[3..35].iter().map(|a| a.parse().unwrap()).collect();
        let (w, c): (usize, usize) = (t[35].parse().unwrap(), t[36].parse().unwrap());
        let map = bank_map(instruction, &addresses).unwrap();
        let rows: usize = map.groups.iter().map(|g| g.rows.len()).sum();
        assert_eq!(rows, w, "id {}: wavefronts", t[0]);
        assert_eq!(map.groups.len(), w - c, "id {}: ideal", t[0]);
        let words = instruction.bytes_per_lane().div_ceil(4);
        for lane in 0..instruction.active_lanes() {
            let cells: u32 = map
                .groups
                .iter()
                .flat_map(|g| g.rows.iter().flatten())
                .map(|m| (m >> lane) & 1)
                .sum();
            // A lane whose word another lane of its group already touches is still listed.
            assert_eq!(cells, words, "id {}: lane {lane}", t[0]);
        }
    }
}
