//! Criterion benchmarks of move generation and perft.
//!
//! - `movegen/<board> mid-game`: whole move lists (`Position::generate_moves` with reused
//!   scratch space) for all the fixed mid-game positions of `halma::bench_positions()` of
//!   that board; the time is for the whole set, the throughput is in lists per second.
//! - `movegen/<variant> start`: the same for one start position.
//! - `perft/...`: `halma` depth 3 and `star-2+any-camp+free-target` depth 4 from the start;
//!   the throughput is in leaves per second.
//!
//! Run with `cargo bench --bench movegen`. (The release profile has `panic = "abort"`, which
//! the bench profile inherits; cargo then builds the library twice, with abort for the CLI
//! and unwind for the bench, into the same file name, and the bench can fail to link. Until
//! `[profile.bench]` sets `panic = "unwind"`, run
//! `cargo bench --config 'profile.bench.panic="unwind"' --bench movegen`.)

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use halma::{Move, MoveGen, Position, Variant};
use std::time::Duration;

fn lists(c: &mut Criterion, name: &str, positions: &[Position]) {
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    let mut gen = MoveGen::new();
    let mut list: Vec<Move> = Vec::with_capacity(512);
    group.bench_function(BenchmarkId::from_parameter(name), |b| {
        b.iter(|| {
            let mut n = 0;
            for p in positions {
                list.clear();
                black_box(p).generate_moves(&mut gen, &mut list);
                n += list.len();
            }
            n
        })
    });
    group.finish();
}

fn movegen(c: &mut Criterion) {
    for (name, texts) in halma::bench_positions() {
        let positions: Vec<Position> = texts.iter().map(|t| t.parse().expect("bench position")).collect();
        assert!(!positions.is_empty(), "no bench positions for {name}");
        lists(c, &format!("{name} mid-game"), &positions);
    }
    for v in ["halma", "star-2", "star-6"] {
        let p = Position::start(v.parse::<Variant>().unwrap());
        lists(c, &format!("{v} start"), &[p]);
    }
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (variant, depth, nodes) in [
        ("halma", 3, 85_440u64),
        ("star-2+any-camp+free-target", 4, 115_600),
    ] {
        let p = Position::start(variant.parse::<Variant>().unwrap());
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{variant} {depth}"), |b| {
            b.iter(|| {
                let n = black_box(&p).perft(depth);
                assert_eq!(n, nodes);
                n
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_secs(1));
    targets = movegen, perft
}
criterion_main!(benches);
