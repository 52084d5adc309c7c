//! Scoundrel: `greedy` games per second (beside the slower `lookahead` player in the same run),
//! and the exact solver's time per deal.
//!
//! `cargo bench --bench scoundrel -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use scoundrel::prelude::*;
use scoundrel::{GreedyParams, LookaheadParams, play_greedy, play_lookahead};

/// Whole games by the greedy rules: deal from a seed, then play to the end.
fn greedy(c: &mut Criterion) {
    let mut group = c.benchmark_group("scoundrel");
    group.throughput(Throughput::Elements(1));
    let params = GreedyParams::default();
    let mut seed = 0u64;
    group.bench_function("greedy_game", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            let mut game = Scoundrel::new(Config::default(), black_box(seed)).expect("a deal");
            play_greedy(&mut game, &params);
            black_box(game.score())
        })
    });
    // The same without dealing: the cost of the rules and the greedy player alone.
    let deals: Vec<Scoundrel> = (0..1024)
        .map(|s| Scoundrel::new(Config::default(), s).expect("a deal"))
        .collect();
    let mut i = 0usize;
    group.bench_function("greedy_game_predealt", |b| {
        b.iter(|| {
            i = (i + 1) % deals.len();
            let mut game = deals[i];
            play_greedy(&mut game, &params);
            black_box(game.score())
        })
    });
    // The one-turn lookahead player (the `greedy` of earlier versions), for comparison.
    let lookahead = LookaheadParams::default();
    group.bench_function("lookahead_game", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            let mut game = Scoundrel::new(Config::default(), black_box(seed)).expect("a deal");
            play_lookahead(&mut game, &lookahead);
            black_box(game.score())
        })
    });
    group.finish();
}

/// The exact solver on the deals of seeds 0–99 in turn: each iteration solves the next deal
/// from scratch (a fresh memo). With 100 flat samples of one iteration each (a deal takes longer
/// than the measurement time allows per sample), the samples are the 100 deals once each, so the
/// reported median is the median time per deal over seeds 0–99 (it takes a minute or so).
fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("scoundrel");
    group.sample_size(100);
    group.sampling_mode(SamplingMode::Flat);
    group.warm_up_time(Duration::from_millis(500));
    let deals: Vec<Scoundrel> = (0..100)
        .map(|s| Scoundrel::new(Config::default(), s).expect("a deal"))
        .collect();
    let mut next = 0usize;
    group.bench_function("solver_deal_seeds_0_99", |b| {
        b.iter_custom(|iterations| {
            let mut total = Duration::ZERO;
            for _ in 0..iterations {
                let deal = deals[next % deals.len()];
                next += 1;
                let start = Instant::now();
                black_box(Solver::new().best_score(black_box(&deal)));
                total += start.elapsed();
            }
            total
        })
    });
    group.finish();
}

criterion_group!(benches, greedy, solver);
criterion_main!(benches);
