//! What the exact value iterations of the equilibrium tests share (`trade`, `approximation`):
//! every round's outcome learned by playing it through the rules, and the value of a matrix
//! game. Nothing here knows the solver's tables, layers, trades or caps.

use std::sync::Arc;

use duel_rules::solver::solve_matrix_game;
use duel_rules::{Duel, Fighter, RuleSet};
use game_core::Game;

/// What a round with moves `i` and `j` does at health `(h1, h2)`, learned by playing it:
/// health after, and each player's change of qi.
#[derive(Clone, Copy, Debug)]
pub struct Outcome {
    pub health: (u32, u32),
    pub qi: (i64, i64),
}

/// Every round of a rule set at every pair of healths up to `health`, played once each through
/// [`Duel::apply_joint`] with qi enough for every move (qi is unbounded in the game, so a
/// round's change of qi does not depend on how much a player has once it can afford its move).
pub struct Rounds {
    health: u32,
    costs: Vec<u32>,
    outcome: Vec<Outcome>,
}

impl Rounds {
    pub fn learn(rules: &Arc<RuleSet>, health: u32) -> Self {
        let m = rules.moves().len();
        let costs: Vec<u32> = rules.moves().iter().map(|mv| mv.cost).collect();
        let rich = costs.iter().copied().max().unwrap();
        let mut outcome = Vec::with_capacity((health * health) as usize * m * m);
        for h1 in 1..=health {
            for h2 in 1..=health {
                let start = [Fighter::new(h1, rich), Fighter::new(h2, rich)];
                let duel = Duel::from_parts(rules.clone(), 1, &start).unwrap();
                let legal = duel.legal_actions(0);
                let pick = |k: usize| {
                    *legal
                        .iter()
                        .find(|a| a.name() == Some(rules.moves()[k].name))
                        .unwrap()
                };
                for i in 0..m {
                    for j in 0..m {
                        let mut next = duel.clone();
                        next.apply_joint(&[pick(i), pick(j)]).unwrap();
                        let f = next.fighters();
                        outcome.push(Outcome {
                            health: (f[0].health, f[1].health),
                            qi: (
                                i64::from(f[0].qi) - i64::from(rich),
                                i64::from(f[1].qi) - i64::from(rich),
                            ),
                        });
                    }
                }
            }
        }
        Self {
            health,
            costs,
            outcome,
        }
    }

    /// How many moves the rule set has.
    pub fn moves(&self) -> usize {
        self.costs.len()
    }

    /// What move `i` costs.
    pub fn cost(&self, i: usize) -> u32 {
        self.costs[i]
    }

    /// The round with moves `i` and `j` at health `(h1, h2)`.
    pub fn outcome(&self, h1: u32, h2: u32, i: usize, j: usize) -> Outcome {
        let m = self.moves();
        self.outcome[(((h1 - 1) * self.health + h2 - 1) as usize * m + i) * m + j]
    }
}

/// The value of a matrix game: a pure saddle point when there is one, else the crate's exact
/// solver.
pub fn game_value(payoff: &[f64], rows: usize, cols: usize) -> f64 {
    let row_min: Vec<f64> = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| payoff[r * cols + c])
                .fold(f64::INFINITY, f64::min)
        })
        .collect();
    let col_max: Vec<f64> = (0..cols)
        .map(|c| {
            (0..rows)
                .map(|r| payoff[r * cols + c])
                .fold(f64::NEG_INFINITY, f64::max)
        })
        .collect();
    let lower = row_min.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let upper = col_max.iter().copied().fold(f64::INFINITY, f64::min);
    if lower == upper {
        lower
    } else {
        solve_matrix_game(payoff, rows, cols).value
    }
}
