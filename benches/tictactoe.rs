//! Tic-tac-toe speed: random playouts through the generic `Game` API, the whole game tree, and
//! a `perfect` decision.
//!
//! Targets: at least 10 million random games per second on one core, and the whole tree
//! (255,168 games) in at most 5 ms.
//!
//! Criterion measures wall-clock time: on a shared machine it includes the time the thread waits
//! for a core. `perf stat -e task-clock` around a loop of the same code gives the on-CPU time.
//!
//! - `random_playout`: one game with uniformly random moves drawn from a `GameRng`, through
//!   `Game::turn`, `legal_actions_into` (one reused buffer) and `apply` only.
//! - `random_playout_by_lot`: the same with the first mover drawn by lot, so every game also
//!   seeds a fresh ChaCha8 generator.
//! - `enumerate_tree`: every one of the 255,168 games, visited on the bitboards (`count_games`).
//! - `enumerate_tree_generic`: the same walk through the generic `Game` API.
//! - `perfect_decision`: one move of the `perfect` agent from the empty board.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_core::{Game, GameRng, Turn};
use recess::tictactoe::{Config, PerfectAgent, TicTacToe, count_games};

/// One uniformly random game through the generic API only, reusing `buffer` for the legal
/// actions (no allocation per move).
fn random_playout<G: Game>(
    config: &G::Config,
    seed: u64,
    rng: &mut GameRng,
    buffer: &mut Vec<G::Action>,
) -> f64 {
    let Ok(mut state) = G::new(config.clone(), seed) else {
        return f64::NAN;
    };
    while let Turn::Player(player) = state.turn() {
        state.legal_actions_into(player, buffer);
        let index = rng.index(buffer.len());
        if state.apply(&buffer[index]).is_err() {
            return f64::NAN;
        }
    }
    state.returns(0)
}

/// Counts the games below `state` through the generic API, one reusable buffer per depth.
fn count_generic<G: Game>(state: &G, buffers: &mut [Vec<G::Action>]) -> u64 {
    let Turn::Player(player) = state.turn() else {
        return 1;
    };
    let Some((buffer, deeper)) = buffers.split_first_mut() else {
        return 0;
    };
    state.legal_actions_into(player, buffer);
    let mut total = 0;
    for action in buffer.iter() {
        let mut next = state.clone();
        if next.apply(action).is_ok() {
            total += count_generic(&next, deeper);
        }
    }
    total
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("tictactoe");

    group.throughput(Throughput::Elements(1));
    group.bench_function("random_playout", |b| {
        let config = Config::default();
        let mut rng = GameRng::new(1);
        let mut buffer = Vec::with_capacity(9);
        b.iter(|| random_playout::<TicTacToe>(black_box(&config), 0, &mut rng, &mut buffer));
    });
    group.bench_function("random_playout_by_lot", |b| {
        let config = Config::BY_LOT;
        let mut rng = GameRng::new(1);
        let mut buffer = Vec::with_capacity(9);
        let mut seed = 0u64;
        b.iter(|| {
            seed = seed.wrapping_add(1);
            random_playout::<TicTacToe>(black_box(&config), seed, &mut rng, &mut buffer)
        });
    });

    group.throughput(Throughput::Elements(255_168));
    group.bench_function("enumerate_tree", |b| {
        b.iter(|| count_games(black_box(&TicTacToe::default())));
    });
    group.bench_function("enumerate_tree_generic", |b| {
        let mut buffers: Vec<Vec<_>> = (0..10).map(|_| Vec::with_capacity(9)).collect();
        b.iter(|| count_generic(black_box(&TicTacToe::default()), &mut buffers));
    });

    group.throughput(Throughput::Elements(1));
    group.bench_function("perfect_decision", |b| {
        let mut agent = PerfectAgent::new(1);
        let state = TicTacToe::default();
        b.iter(|| agent.choose_move(black_box(&state)));
    });
    group.finish();
}

criterion_group!(tictactoe, benches);
criterion_main!(tictactoe);
