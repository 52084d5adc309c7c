//! game-core's search engines: iterations per second.
//!
//! - `mcts/tictactoe/fast` and `mcts/tictactoe/reference`: one decision from the empty
//!   tic-tac-toe board (exploration 1.4, random rollouts) of `Uct` and of `Mcts`, the plain
//!   reference it is tested against. Criterion's throughput line is in iterations.
//! - `mcts/ismcts_big_two`: one decision of `Mcts` on `Sampled` worlds (information-set search)
//!   for the first seat to move in a Big Two deal (the first by seed where that seat has a
//!   choice), every iteration on a freshly sampled deal of the unseen cards.
//!
//! `scripts/mcts_vs_openspiel.py` prints `Uct`'s rate beside OpenSpiel's C++ `MCTSBot`
//! in one run.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use recess::big_two_reversal::BigTwo;
use recess::game_core::{Agent, Decision, Game, Turn};
use recess::game_search::{Mcts, MctsConfig, Sampled, Uct};
use recess::tictactoe::TicTacToe;

const ITERATIONS: usize = 20_000;

fn tictactoe(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts/tictactoe");
    group.throughput(Throughput::Elements(ITERATIONS as u64));
    let board = TicTacToe::new(Default::default(), 0).expect("the default configuration");
    let legal = board.legal_actions(0);
    let decision = Decision::<TicTacToe>::new(0, &board, &legal).expect("an empty board");
    let config = MctsConfig {
        iterations: ITERATIONS,
        exploration: 1.4,
        ..MctsConfig::default()
    };
    let mut fast = Uct::with_config(config.clone(), 1);
    group.bench_function("fast", |b| b.iter(|| black_box(fast.choose(&decision))));
    let mut reference = Mcts::with_config(config, 1);
    group.bench_function("reference", |b| {
        b.iter(|| black_box(reference.choose(&decision)))
    });
    group.finish();
}

fn ismcts_big_two(c: &mut Criterion) {
    let iterations = 2_000;
    let mut group = c.benchmark_group("mcts");
    group.throughput(Throughput::Elements(iterations as u64));
    // The first deal, by seed, whose first decision is a choice: with a single legal action the
    // agent answers without searching.
    let Some((game, seat)) = (0..100).find_map(|seed| {
        let game = BigTwo::new(Default::default(), seed).ok()?;
        let Turn::Player(seat) = game.turn() else {
            return None;
        };
        (game.legal_actions(seat).len() > 1).then_some((game, seat))
    }) else {
        return;
    };
    let view = game.observation(seat);
    let legal = game.legal_actions(seat);
    let decision = Decision::<BigTwo>::new(seat, &view, &legal).expect("a lead to make");
    let config = MctsConfig {
        iterations,
        exploration: 0.7,
        ..MctsConfig::default()
    };
    let mut agent = Mcts::with_config(config, 1).with_worlds(Sampled::new());
    group.bench_function("ismcts_big_two", |b| {
        b.iter(|| black_box(agent.choose(&decision)))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = tictactoe, ismcts_big_two
}
criterion_main!(benches);
