//! What a stationary strategy guarantees: the opponent's exact best response to it, an optimal
//! policy of the opponent's Markov decision problem over the table's positions (win +1, loss −1,
//! a game that never ends 0), solved layer by layer.
//!
//! Against a fixed strategy of the first player, the second player faces a Markov decision
//! problem: a move per position, chance from the first player's mixing. Its value is found by
//! policy iteration with exact evaluation (a linear system per layer). Endless play needs care,
//! since a policy iteration that only compares one-round alternatives can miss a way of keeping
//! the game going forever through several positions: so the positions from which the second
//! player can keep the game in the layer for ever whatever the mix draws (the largest set closed
//! under some move of theirs) are given an extra choice, "keep the game going", worth 0. With it,
//! policy iteration stops only at the optimum: the values it ends with are a fixed point that no
//! policy, endless or not, beats (every policy's payoff is bounded by them, by the martingale
//! argument on the fixed point).

use crate::ai::layer::{Cell, Layer, Tables, gauss};

/// What the first player's `strategy` (a probability per move at every ordered position, as
/// [`Tables::index`], `moves` entries each; unaffordable moves ignored, the rest normalised)
/// guarantees at every position against the second player's exact best response.
pub(crate) fn best_response(t: &Tables, strategy: &[f64]) -> Vec<f64> {
    let mut guaranteed = vec![0.0; t.positions()];
    for total in 2..=2 * t.health {
        for h1 in 1..=t.health {
            let Some(h2) = total.checked_sub(h1) else {
                continue;
            };
            if !(1..=t.health).contains(&h2) {
                continue;
            }
            let layer = match t.trade.filter(|tr| tr.decides(h1, h2)) {
                Some(trade) => Layer::decided_grid(t, &trade, &guaranteed, (h1, h2)),
                None => Layer::new(t, &guaranteed, h1, h2, 1.0, false, 0.0),
            };
            let mix: Vec<Vec<f64>> = layer
                .unknowns
                .iter()
                .map(|stage| {
                    let at = t.index(h1, h2, stage.q1, stage.q2) * t.moves;
                    let mut p: Vec<f64> = t.affordable[stage.q1 as usize]
                        .iter()
                        .map(|&i| strategy.get(at + i).copied().unwrap_or(0.0).max(0.0))
                        .collect();
                    let total: f64 = p.iter().sum();
                    if total > 0.0 && total.is_finite() {
                        p.iter_mut().for_each(|x| *x /= total);
                    } else {
                        let u = 1.0 / p.len() as f64;
                        p.fill(u);
                    }
                    p
                })
                .collect();
            let values = minimise(&layer, &mix);
            for (stage, v) in layer.unknowns.iter().zip(values) {
                guaranteed[t.index(h1, h2, stage.q1, stage.q2)] = v;
            }
        }
    }
    guaranteed
}

/// The second player's choice at a position: a column, or keeping the game going for ever.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Choice {
    Column(usize),
    Stall,
}

/// The value of the second player's best response in one layer, the first player mixing with
/// `mix` (one probability per row of each unknown's game).
fn minimise(layer: &Layer, mix: &[Vec<f64>]) -> Vec<f64> {
    let n = layer.unknowns.len();
    let cell = |k: usize, r: usize, c: usize| {
        let s = &layer.unknowns[k];
        layer.cells[s.first + r * s.cols + c]
    };
    // The positions from which the second player can keep the game in the layer for ever: the
    // largest set in which some column keeps every row the mix may draw in the set.
    let mut endless = vec![true; n];
    loop {
        let mut changed = false;
        for k in 0..n {
            if !endless[k] {
                continue;
            }
            let keeps = (0..layer.unknowns[k].cols).any(|c| {
                mix[k].iter().enumerate().all(|(r, &p)| {
                    p <= 0.0
                        || matches!(cell(k, r, c), Cell::Stay { to, .. } if endless[to as usize])
                })
            });
            if !keeps {
                endless[k] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let q = |k: usize, c: usize, w: &[f64]| -> f64 {
        mix[k]
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p > 0.0)
            .map(|(r, &p)| {
                p * match cell(k, r, c) {
                    Cell::Stay { to, .. } => w[to as usize],
                    Cell::Leave(v) => v,
                }
            })
            .sum()
    };
    let zero = vec![0.0; n];
    let mut policy: Vec<Choice> = (0..n)
        .map(|k| {
            if endless[k] {
                Choice::Stall
            } else {
                let best = (0..layer.unknowns[k].cols)
                    .min_by(|&a, &b| q(k, a, &zero).total_cmp(&q(k, b, &zero)))
                    .unwrap_or(0);
                Choice::Column(best)
            }
        })
        .collect();
    let mut w = evaluate(layer, mix, &policy);
    // Policy iteration: switch only on a strict improvement, so the values fall monotonically
    // and the iteration ends. The bound guards against rounding only.
    for _ in 0..1000 {
        let mut changed = false;
        for k in 0..n {
            let current = match policy[k] {
                Choice::Stall => 0.0,
                Choice::Column(c) => q(k, c, &w),
            };
            let mut best = (current, policy[k]);
            if endless[k] && 0.0 < best.0 - 1e-13 {
                best = (0.0, Choice::Stall);
            }
            for c in 0..layer.unknowns[k].cols {
                let v = q(k, c, &w);
                if v < best.0 - 1e-13 {
                    best = (v, Choice::Column(c));
                }
            }
            if best.1 != policy[k] {
                policy[k] = best.1;
                changed = true;
            }
        }
        if !changed {
            break;
        }
        w = evaluate(layer, mix, &policy);
    }
    w
}

/// The values of a fixed policy of the second player: a linear system over the positions that
/// reach an exit (leaving the layer, or stalling, worth 0); the others never end and are
/// worth 0.
fn evaluate(layer: &Layer, mix: &[Vec<f64>], policy: &[Choice]) -> Vec<f64> {
    let n = layer.unknowns.len();
    // Per position: (probability, where) of staying, and the expected value of leaving.
    let mut stays: Vec<Vec<(f64, usize)>> = vec![Vec::new(); n];
    let mut leave = vec![0.0; n];
    let mut reaches = vec![false; n];
    for k in 0..n {
        let Choice::Column(c) = policy[k] else {
            reaches[k] = true;
            continue;
        };
        let s = &layer.unknowns[k];
        for (r, &p) in mix[k].iter().enumerate() {
            if p <= 0.0 {
                continue;
            }
            match layer.cells[s.first + r * s.cols + c] {
                Cell::Stay { to, .. } => stays[k].push((p, to as usize)),
                Cell::Leave(v) => {
                    leave[k] += p * v;
                    reaches[k] = true;
                }
            }
        }
    }
    loop {
        let mut changed = false;
        for k in 0..n {
            if !reaches[k] && stays[k].iter().any(|&(_, to)| reaches[to]) {
                reaches[k] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let live: Vec<usize> = (0..n).filter(|&k| reaches[k]).collect();
    let mut position = vec![usize::MAX; n];
    for (r, &k) in live.iter().enumerate() {
        position[k] = r;
    }
    let size = live.len();
    let mut a = vec![0.0; size * (size + 1)];
    for (r, &k) in live.iter().enumerate() {
        let line = &mut a[r * (size + 1)..(r + 1) * (size + 1)];
        line[r] += 1.0;
        line[size] = leave[k];
        for &(p, to) in &stays[k] {
            if position[to] != usize::MAX {
                line[position[to]] -= p;
            }
        }
    }
    let mut w = vec![0.0; n];
    if let Some(solution) = gauss(&mut a, size) {
        for (r, &k) in live.iter().enumerate() {
            w[k] = solution[r];
        }
    }
    w
}
