#![cfg(not(target_arch = "wasm32"))]
//! Perft tables: `tests/perft/*.txt`, checked against the engine and against the independent
//! slow implementation in `tests/perft/reference.rs`.
//!
//! File format (like shakmaty's perft files): blocks separated by blank lines, `#` comments;
//! each block is `id <name>`, `epd <variant string or position text>`, then `perft <depth>
//! <count>` lines.
//!
//! - `cargo test --test perft` checks every row whose count is at most [`NODE_LIMIT`] with the
//!   engine, and the rows of depth ≤ 3 whose count is at most [`REF_LIMIT`] with the reference.
//! - `cargo test --release --test perft -- --ignored` checks every row with the engine, and
//!   every row of depth ≤ 3 (plus deeper rows up to `HALMA_REF_NODES` leaves, default
//!   5 000 000) with the reference. `HALMA_PERFT_FILE=<name>` restricts a run to one file.

#[path = "perft/reference.rs"]
mod reference;

use halma::{Position, Variant, VariantId};
use std::path::Path;

/// Largest count the engine checks in a default (debug) run.
const NODE_LIMIT: u64 = 300_000;
/// Largest count the reference checks in a default (debug) run.
const REF_LIMIT: u64 = 5_000;

#[derive(Debug)]
struct Entry {
    file: String,
    id: String,
    epd: String,
    rows: Vec<(u32, u64)>,
}

impl Entry {
    fn position(&self) -> Position {
        if self.epd.contains(' ') {
            self.epd
                .parse()
                .unwrap_or_else(|e| panic!("{}: {}: {e}", self.file, self.id))
        } else {
            let v: Variant = self
                .epd
                .parse()
                .unwrap_or_else(|e| panic!("{}: {}: {e}", self.file, self.id));
            Position::start(v)
        }
    }
}

fn parse_file(name: &str, text: &str) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    let mut cur: Option<Entry> = None;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        let here = || format!("{name}:{}", i + 1);
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            out.extend(cur.take());
            continue;
        }
        let (key, rest) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{}: bad line", here()));
        let rest = rest.trim();
        match key {
            "id" => {
                out.extend(cur.take());
                cur = Some(Entry {
                    file: name.to_string(),
                    id: rest.to_string(),
                    epd: String::new(),
                    rows: Vec::new(),
                });
            }
            "epd" => {
                let e = cur
                    .as_mut()
                    .unwrap_or_else(|| panic!("{}: epd before id", here()));
                assert!(e.epd.is_empty(), "{}: second epd", here());
                e.epd = rest.to_string();
            }
            "perft" => {
                let e = cur
                    .as_mut()
                    .unwrap_or_else(|| panic!("{}: perft before id", here()));
                let (d, n) = rest
                    .split_once(' ')
                    .unwrap_or_else(|| panic!("{}: perft <depth> <count>", here()));
                let d: u32 = d.parse().unwrap_or_else(|_| panic!("{}: bad depth", here()));
                let n: u64 = n
                    .trim()
                    .parse()
                    .unwrap_or_else(|_| panic!("{}: bad count", here()));
                if let Some(&(last, _)) = e.rows.last() {
                    assert!(d > last, "{}: depths must increase", here());
                }
                e.rows.push((d, n));
            }
            other => panic!("{}: unknown key '{other}'", here()),
        }
    }
    out.extend(cur);
    for e in &out {
        assert!(!e.epd.is_empty(), "{name}: {} has no epd", e.id);
        assert!(!e.rows.is_empty(), "{name}: {} has no perft rows", e.id);
    }
    out
}

fn entries() -> Vec<Entry> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/perft")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    // `HALMA_PERFT_FILE=special` checks one file only.
    if let Ok(only) = std::env::var("HALMA_PERFT_FILE") {
        files.retain(|p| p.file_stem().is_some_and(|s| s.to_string_lossy() == only));
        assert!(!files.is_empty(), "no perft file {only}.txt");
    }
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&f).expect("read perft file");
        out.extend(parse_file(&name, &text));
    }
    let mut ids: Vec<&str> = out.iter().map(|e| e.id.as_str()).collect();
    ids.sort();
    for w in ids.windows(2) {
        assert_ne!(w[0], w[1], "duplicate perft id");
    }
    out
}

fn check_engine(limit: Option<u64>) {
    let mut checked = 0;
    for e in entries() {
        let p = e.position();
        for &(d, n) in &e.rows {
            if limit.is_some_and(|l| n > l) {
                continue;
            }
            assert_eq!(p.perft(d), n, "{}: {} ({}) perft {d}", e.file, e.id, e.epd);
            checked += 1;
        }
    }
    assert!(checked > 20, "only {checked} rows checked");
}

fn check_reference(limit: Option<u64>, deep_limit: u64) {
    let mut checked = 0;
    for e in entries() {
        let p = e.position();
        let rules = reference::Rules::new(*p.variant());
        let st = rules.state_of(&p);
        reference::assert_same(&rules, &p, &st, &format!("{}: {}", e.file, e.id));
        for &(d, n) in &e.rows {
            let wanted = if d <= 3 {
                limit.is_none_or(|l| n <= l)
            } else {
                n <= deep_limit
            };
            if !wanted {
                continue;
            }
            assert_eq!(
                rules.perft(&st, d),
                n,
                "reference: {}: {} ({}) perft {d}",
                e.file,
                e.id,
                e.epd
            );
            checked += 1;
        }
    }
    assert!(checked > 10, "only {checked} rows checked");
}

#[test]
fn perft_tables() {
    check_engine(Some(NODE_LIMIT));
}

#[test]
fn perft_tables_reference() {
    check_reference(Some(REF_LIMIT), 0);
}

#[test]
#[ignore = "slow: every row; run with --release"]
fn perft_tables_deep() {
    check_engine(None);
}

#[test]
#[ignore = "slow: every row of depth <= 3 through the reference implementation; run with --release"]
fn perft_tables_reference_deep() {
    let deep = std::env::var("HALMA_REF_NODES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5_000_000);
    check_reference(None, deep);
}

/// The tables cover every variant id, the required option sets, and hold the cross-checked
/// values.
#[test]
fn tables_cover_variants() {
    if std::env::var_os("HALMA_PERFT_FILE").is_some() {
        return; // a run restricted to one file
    }
    let all = entries();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    for id in VariantId::ALL {
        assert!(
            dir.join(format!("{}.txt", id.as_str())).exists(),
            "no perft file for {}",
            id.as_str()
        );
        assert!(
            all.iter().any(|e| e.epd == id.as_str()),
            "no start position of {}",
            id.as_str()
        );
    }
    for opts in [
        "halma+long",
        "star-2+any-camp+free-target",
        "star-3+long",
        "star-6+any-camp",
        "halma+free-target",
        "halma+swap",
        "halma-4+teams=opposite",
        "star-2+side=3",
        "halma+size=12+camp=13",
    ] {
        assert!(all.iter().any(|e| e.epd == opts), "no perft entry for {opts}");
    }
    let rows = |epd: &str| -> Vec<(u32, u64)> { all.iter().find(|e| e.epd == epd).unwrap().rows.clone() };
    let star = rows("star-2+any-camp+free-target");
    for r in [(1, 14), (2, 196), (3, 4760), (4, 115600), (5, 3188520)] {
        assert!(star.contains(&r), "star-2+any-camp+free-target {r:?}");
    }
    let halma = rows("halma");
    for r in [(1, 40), (2, 1600), (3, 85440), (4, 4562496), (5, 289844520)] {
        assert!(halma.contains(&r), "halma {r:?}");
    }
    // Every entry goes to depth 3 at least, and every position is in canonical text.
    for e in &all {
        assert!(
            e.rows.iter().any(|&(d, _)| d >= 3),
            "{}: {} stops before depth 3",
            e.file,
            e.id
        );
        // (Variant strings may list options in any order, as the brief's
        // `star-2+any-camp+free-target` does; position text is canonical.)
        let p = e.position();
        if e.epd.contains(' ') {
            assert_eq!(p.to_string(), e.epd, "{}: {} is not canonical", e.file, e.id);
        }
    }
}

/// The engine's boards agree with the boards rebuilt from `docs/rules.md`.
#[test]
fn geometry_matches_reference() {
    for v in [
        "halma",
        "halma-4",
        "halma-10x10",
        "halma-8x8",
        "halma+size=12+camp=13",
        "halma+size=20+camp=15",
        "halma+size=5+camp=10",
        "star-2",
        "star-2+side=2",
        "star-6+side=3",
        "star-6+side=5",
        "solitaire",
    ] {
        let v: Variant = v.parse().unwrap();
        reference::check_board(&v);
    }
}

/// The reference's own start positions equal the engine's.
#[test]
fn start_positions_match_reference() {
    for id in VariantId::ALL {
        let v = Variant::new(id);
        let r = reference::Rules::new(v);
        let p = Position::start(v);
        reference::assert_same(&r, &p, &r.start(), id.as_str());
        assert_eq!(
            r.moves(&r.start()).len(),
            p.legal_moves().len(),
            "{}",
            id.as_str()
        );
    }
}
