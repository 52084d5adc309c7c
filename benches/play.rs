//! What a game costs to play and to search: one uniformly random game of each game through the
//! generic `Game` API, a clone of a state in the middle of a game, and one AI4 decision.
//!
//! - `random_play/<game>`: one game from `new(default, seed)` with uniformly random moves drawn
//!   from a `GameRng` (each seat's own draw at a simultaneous node), through `turn`,
//!   `legal_actions_into` (reused buffers) and `apply` / `apply_joint` only; throughput in games.
//! - `clone/<game>`: a clone of the state after 40 random moves (or at the end, if sooner).
//! - `big_two/ai4_decision`: one decision of a fresh `Ai4` (default budget, its beliefs built
//!   from the moves so far) for the seat to move after 12 moves of AI3.
//! - `big_two/ai4_decision_70k`: the same within a fixed budget of 70,000 playout steps and
//!   4,000 iterations, so that versions with different defaults compare step for step.
//!
//! The file uses only what every version of the crates has offered, so the same file can time
//! an older checkout beside this one.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use recess::big_two_reversal::{Ai3, Ai4, Ai4Config, BigTwo};
use recess::duel_rules::Duel;
use recess::game_core::{Agent, Decision, Game, GameRng, Turn};
use recess::life_go::LifeGo;
use recess::scoundrel::Scoundrel;
use recess::tictactoe::TicTacToe;

/// Plays uniformly random moves from `state`, at most `limit` of them.
fn random_moves<G: Game>(
    state: &mut G,
    limit: usize,
    rng: &mut GameRng,
    legal: &mut Vec<G::Action>,
) {
    let mut joint = Vec::new();
    for _ in 0..limit {
        match state.turn() {
            Turn::Over => return,
            Turn::Player(p) => {
                state.legal_actions_into(p, legal);
                let Some(action) = rng.choose(legal) else {
                    return;
                };
                if state.apply(action).is_err() {
                    return;
                }
            }
            Turn::Simultaneous => {
                joint.clear();
                for p in 0..state.num_players() {
                    state.legal_actions_into(p, legal);
                    let Some(action) = rng.choose(legal) else {
                        return;
                    };
                    joint.push(action.clone());
                }
                if state.apply_joint(&joint).is_err() {
                    return;
                }
            }
        }
    }
}

fn game<G: Game>(c: &mut Criterion, name: &str) {
    let mut group = c.benchmark_group("random_play");
    group.throughput(Throughput::Elements(1));
    let (mut seed, mut legal) = (0u64, Vec::new());
    group.bench_function(name, |b| {
        b.iter(|| {
            seed += 1;
            let mut rng = GameRng::new(seed);
            let Ok(mut state) = G::new(G::Config::default(), seed) else {
                return f64::NAN;
            };
            random_moves(&mut state, usize::MAX, &mut rng, &mut legal);
            black_box(state.returns(0))
        })
    });
    group.finish();
    let mut state = G::new(G::Config::default(), 7).expect("the default configuration");
    random_moves(&mut state, 40, &mut GameRng::new(7), &mut legal);
    c.bench_function(&format!("clone/{name}"), |b| {
        b.iter(|| black_box(state.clone()))
    });
}

fn random_play(c: &mut Criterion) {
    game::<TicTacToe>(c, "tictactoe");
    game::<Duel>(c, "duel");
    game::<LifeGo>(c, "life_go");
    game::<BigTwo>(c, "big_two");
    game::<Scoundrel>(c, "scoundrel");
}

fn ai4_decision(c: &mut Criterion) {
    let mut game = BigTwo::new(Default::default(), 3).expect("the default configuration");
    for _ in 0..12 {
        let Turn::Player(p) = game.turn() else { break };
        let (view, legal) = (game.observation(p), game.legal_actions(p));
        let action = Ai3::default().choose(&Decision::new(p, &view, &legal).expect("a move"));
        game.apply(&action).expect("AI3 plays legal moves");
    }
    // The first seat from here with a choice to make.
    while let Turn::Player(p) = game.turn()
        && game.legal_actions(p).len() < 2
    {
        let pass = game.legal_actions(p)[0];
        game.apply(&pass).expect("the only move");
    }
    let Turn::Player(seat) = game.turn() else {
        return;
    };
    let (view, legal) = (game.observation(seat), game.legal_actions(seat));
    let decision = Decision::new(seat, &view, &legal).expect("a choice");
    let mut group = c.benchmark_group("big_two");
    group.sample_size(20);
    group.bench_function("ai4_decision", |b| {
        b.iter(|| black_box(Ai4::new(1).choose(&decision)))
    });
    let fixed = Ai4Config {
        steps: 70_000,
        max_iterations: 4_000,
        ..Ai4Config::default()
    };
    group.bench_function("ai4_decision_70k", |b| {
        b.iter(|| black_box(Ai4::with_config(fixed, 1).choose(&decision)))
    });
    group.finish();
}

criterion_group!(benches, random_play, ai4_decision);
criterion_main!(benches);
