//! life-go: the bit-parallel Life tick against the cell-by-cell reference (same run, same
//! positions), legal-drop generation, and one `eval` decision, on 19×19.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use life_go::Board;
use life_go::prelude::*;

/// A random 19×19 position: each cell empty, black or white with the given stone density.
fn random_board(seed: u64, density: f64) -> Board {
    let mut rng = GameRng::new(seed);
    let mut board = Board::empty(19, 19).expect("19×19 is a valid size");
    let cells: Vec<_> = board.cells().collect();
    for cell in cells {
        if rng.chance(density) {
            let colour = if rng.below(2) == 0 {
                Colour::Black
            } else {
                Colour::White
            };
            board.set(cell, Some(colour));
        }
    }
    board
}

fn positions() -> Vec<(&'static str, Board)> {
    let default = Config::default()
        .starting_board(0)
        .expect("the default setup is valid");
    vec![
        ("default", default),
        ("random_20pct", random_board(1, 0.2)),
        ("random_40pct", random_board(2, 0.4)),
    ]
}

fn ticks(c: &mut Criterion) {
    let mut group = c.benchmark_group("tick_19x19");
    for (name, board) in positions() {
        // The bit-parallel tick does the same work whatever the stones (no data-dependent
        // branches), so it ticks one board in place: no copy is timed with it.
        group.bench_with_input(
            BenchmarkId::new("bit_parallel", name),
            &board,
            |b, board| {
                let mut board = board.clone();
                b.iter(|| black_box(&mut board).tick())
            },
        );
        group.bench_with_input(BenchmarkId::new("reference", name), &board, |b, board| {
            b.iter(|| black_box(board).tick_reference())
        });
    }
    group.finish();
}

fn drops(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_drops_19x19");
    let mut out = Vec::with_capacity(361);
    for (name, board) in positions() {
        group.bench_with_input(BenchmarkId::new("list", name), &board, |b, board| {
            b.iter(|| {
                out.clear();
                black_box(board).legal_drops_into(&mut out);
                out.len()
            })
        });
        group.bench_with_input(BenchmarkId::new("rows", name), &board, |b, board| {
            b.iter(|| black_box(board).drop_rows())
        });
    }
    group.finish();
}

fn eval_decision(c: &mut Criterion) {
    let state = LifeGo::new(Config::default(), 0).expect("the default game starts");
    let legal = state.legal_actions(0);
    let mut agent = LifeGo::agent("eval", 1).expect("eval exists");
    c.bench_function("eval_decision_default", |b| {
        b.iter(|| {
            let decision =
                Decision::new(0, black_box(&state), &legal).expect("the opening has drops");
            agent.choose(&decision)
        })
    });
}

criterion_group!(benches, ticks, drops, eval_decision);
criterion_main!(benches);
