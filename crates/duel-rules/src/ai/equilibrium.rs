//! `equilibrium`: the player of the solved table's strategies.

use std::sync::Arc;

use game_core::{Agent, Decision, GameRng, Player};

use crate::action::Action;
use crate::ai::DiceAgent;
use crate::ai::solver::{Solution, solution_for};
use crate::rules::RuleSet;
use crate::state::Duel;

/// Plays the equilibrium table's strategy at each position (ε-optimal, with a certificate: see
/// [`Solution`]), read from the solved table of the rules in play (shared between agents for
/// the presets).
///
/// The equilibrium is the two-player game's. In a free-for-all it plays that equilibrium
/// against one opponent at a time: the one most dangerous to it, whose two-player position is
/// worth least to it (ties drawn at random), aiming its attacks at them. Under a rule set whose
/// table would need more than [`MAX_SOLVER_BYTES`](crate::solver::MAX_SOLVER_BYTES)
/// ([`Solution::solve_with`] refuses it with
/// [`SolveError::TooLargeToSolve`](crate::solver::SolveError::TooLargeToSolve) before allocating
/// anything), it plays like `dice`; the refusal is remembered, so it is not asked again every
/// round.
#[derive(Clone, Debug)]
pub struct EquilibriumAgent {
    rng: GameRng,
    table: Option<(Arc<RuleSet>, Option<Arc<Solution>>)>,
    dice: DiceAgent,
}

impl EquilibriumAgent {
    /// An equilibrium player seeded with `seed` (the seed drives its mixing).
    pub fn new(seed: u64) -> Self {
        Self {
            rng: GameRng::new(seed),
            table: None,
            dice: DiceAgent::new(game_core::derive_seed(seed, 1)),
        }
    }

    /// The table for `rules`, solved (or fetched) once per rule set.
    pub fn solution(&mut self, rules: &Arc<RuleSet>) -> Option<Arc<Solution>> {
        match &self.table {
            Some((known, table)) if known == rules => table.clone(),
            _ => {
                let table = solution_for(rules).ok();
                self.table = Some((rules.clone(), table.clone()));
                table
            }
        }
    }

    fn pick(&mut self, decision: &Decision<'_, Duel>) -> Option<Action> {
        let state = decision.observation();
        let player: Player = decision.player();
        let table = self.solution(state.rules())?;
        let me = state.fighter(player)?;
        // The opponent to play the two-player equilibrium against: the only one, or the one
        // whose position against it is worth least to it.
        let mut worst: Vec<Player> = Vec::new();
        let mut lowest = f64::INFINITY;
        for (p, other) in state.fighters().iter().enumerate() {
            if p == player || !other.is_in() {
                continue;
            }
            let value = table.value(me, other)?;
            if value < lowest - 1e-9 {
                lowest = value;
                worst.clear();
            }
            if value <= lowest + 1e-9 {
                worst.push(p);
            }
        }
        // (No draw for a single candidate, so two-player play takes one draw a round.)
        let target = match worst.as_slice() {
            [only] => *only,
            _ => *self.rng.choose(&worst)?,
        };
        let mix = table.strategy(me, state.fighter(target)?)?;
        let weights: Vec<f64> = mix.iter().map(|(_, p)| *p).collect();
        let k = self.rng.weighted_index(&weights)?;
        let name = mix.get(k)?.0;
        let aimed = |a: &&Action| a.name() == Some(name) && a.target().is_none_or(|t| t == target);
        decision.legal().iter().find(aimed).copied()
    }
}

impl Default for EquilibriumAgent {
    /// The equilibrium player seeded with 0.
    fn default() -> Self {
        Self::new(0)
    }
}

impl Agent<Duel> for EquilibriumAgent {
    fn name(&self) -> &str {
        "equilibrium"
    }

    fn choose(&mut self, decision: &Decision<'_, Duel>) -> Action {
        match self.pick(decision) {
            Some(a) => a,
            None => self.dice.pick(decision),
        }
    }
}
