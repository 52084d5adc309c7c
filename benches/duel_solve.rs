//! How long the equilibrium table takes to solve (the target: `hk` in at most 1 s), and how
//! fast the state machine plays.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use duel_rules::prelude::*;
use duel_rules::{RuleSet, solver::Solution};

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("duel_solve");
    group.sample_size(10);
    for preset in [Preset::Hk, Preset::Classic] {
        let rules = Arc::new(RuleSet::preset(preset));
        group.bench_function(preset.to_string(), |b| {
            b.iter(|| Solution::solve(black_box(rules.clone())).map(|s| s.iterations()))
        });
    }
    group.finish();
}

fn playout(c: &mut Criterion) {
    let config = Config::preset(Preset::Hk);
    c.bench_function("duel_playout/dice_vs_dice", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            let mut agents: Vec<Box<dyn Agent<Duel>>> = vec![
                Duel::agent("dice", seed).unwrap_or_else(|e| panic!("{e}")),
                Duel::agent("dice", seed + 1).unwrap_or_else(|e| panic!("{e}")),
            ];
            let mut state = Duel::new(config.clone(), seed).unwrap_or_else(|e| panic!("{e}"));
            let mut legal = Vec::new();
            let mut joint = Vec::with_capacity(2);
            while state.turn() != Turn::Over {
                joint.clear();
                for (p, agent) in agents.iter_mut().enumerate() {
                    state.legal_actions_into(p, &mut legal);
                    if let Some(d) = Decision::new(p, &state, &legal) {
                        joint.push(agent.choose(&d));
                    }
                }
                if state.apply_joint(&joint).is_err() {
                    break;
                }
            }
            black_box(state.round())
        })
    });
}

criterion_group!(benches, solve, playout);
criterion_main!(benches);
