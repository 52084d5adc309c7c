//! The AIs: `dice` (the original program's), `equilibrium` (the Nash-equilibrium player),
//! `evolved` (bred by a genetic tournament) and `always-<move>` (one fixed move, to probe
//! weaknesses), reachable by name through [`game_core::Roster`].

mod certificate;
mod evolved;
mod layer;
mod matrix;
mod solver;

use std::sync::Arc;

use game_core::{Agent, AgentError, Decision, GameRng, Player, Roster};

use crate::action::Action;
use crate::rules::{MoveName, RuleSet};
use crate::state::Duel;

pub use evolved::{BreedOptions, EvolvedAgent, GENOME_MOVES, Generation, Genome, breed};
pub use matrix::{MatrixSolution, conceded, guaranteed, solve_matrix_game};
pub use solver::{
    CUSTOM_TABLES, DEFAULT_DISCOUNT, Guarantee, HIT_BONUS, MAX_SOLVER_BYTES, PositionGame,
    STRATEGY_DISCOUNT, Solution, SolverOptions, default_qi_cap, preset_solution, solution_for,
    solver_bytes,
};

/// The legal action playing move `index` of the rule set, aimed (in a free-for-all) at a random
/// opponent still in; `None` when it is not legal now.
fn action_for(decision: &Decision<'_, Duel>, index: usize, rng: &mut GameRng) -> Option<Action> {
    let name = decision.observation().rules().moves().get(index)?.name;
    let options: Vec<&Action> = decision
        .legal()
        .iter()
        .filter(|a| a.name() == Some(name))
        .collect();
    rng.choose(&options).map(|a| **a)
}

/// The original program's "dumb AI": it rolls a die over the affordable moves (each move
/// equally likely, whatever the number of targets), then picks a target at random.
#[derive(Clone, Debug)]
pub struct DiceAgent {
    rng: GameRng,
}

impl DiceAgent {
    /// A dice player seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            rng: GameRng::new(seed),
        }
    }

    fn pick(&mut self, decision: &Decision<'_, Duel>) -> Action {
        let mut names: Vec<MoveName> = Vec::new();
        for a in decision.legal() {
            if let Some(n) = a.name()
                && !names.contains(&n)
            {
                names.push(n);
            }
        }
        let Some(&name) = self.rng.choose(&names) else {
            return *decision.action(0);
        };
        let options: Vec<&Action> = decision
            .legal()
            .iter()
            .filter(|a| a.name() == Some(name))
            .collect();
        self.rng
            .choose(&options)
            .map_or(*decision.action(0), |a| **a)
    }
}

impl Agent<Duel> for DiceAgent {
    fn name(&self) -> &str {
        "dice"
    }

    fn choose(&mut self, decision: &Decision<'_, Duel>) -> Action {
        self.pick(decision)
    }
}

/// Plays one fixed move whenever it can afford it, else the rule set's free charge (a move the
/// rules do not have is never affordable).
#[derive(Clone, Debug)]
pub struct AlwaysAgent {
    label: String,
    wanted: MoveName,
    rng: GameRng,
}

impl AlwaysAgent {
    /// An agent that always plays `wanted` when it can; `seed` picks targets in a free-for-all.
    pub fn new(wanted: MoveName, seed: u64) -> Self {
        Self {
            label: format!("always-{wanted}"),
            wanted,
            rng: GameRng::new(seed),
        }
    }
}

impl Agent<Duel> for AlwaysAgent {
    fn name(&self) -> &str {
        &self.label
    }

    fn choose(&mut self, decision: &Decision<'_, Duel>) -> Action {
        let rules = decision.observation().rules();
        rules
            .index_of(self.wanted)
            .and_then(|i| action_for(decision, i, &mut self.rng))
            .or_else(|| action_for(decision, rules.fallback(), &mut self.rng))
            .unwrap_or(*decision.action(0))
    }
}

/// Plays the equilibrium table's strategy at each position (ε-optimal, with a certificate: see
/// [`Solution`]), read from the solved table of the rules in play (shared between agents for
/// the presets).
///
/// The equilibrium is the two-player game's. In a free-for-all it plays that equilibrium
/// against one opponent at a time: the one most dangerous to it, whose two-player position is
/// worth least to it (ties drawn at random), aiming its attacks at them. Under a rule set whose
/// table would need more than [`MAX_SOLVER_BYTES`] ([`Solution::solve_with`] refuses it with
/// [`crate::Error::TooLargeToSolve`] before allocating anything), it plays like `dice`; the
/// refusal is remembered, so it is not asked again every round.
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

/// The `always-<move>` agents listed by name (any move of any rule set is accepted too).
const ALWAYS: [&str; 7] = [
    "charge",
    "block",
    "shoot",
    "kamehameha",
    "dragon-palm",
    "seal",
    "buddha-palm",
];

impl Roster for Duel {
    fn agent_names() -> Vec<String> {
        let mut names = vec![
            "dice".to_string(),
            "equilibrium".to_string(),
            "evolved".to_string(),
        ];
        names.extend(ALWAYS.iter().map(|m| format!("always-{m}")));
        names
    }

    fn agent(name: &str, seed: u64) -> Result<Box<dyn Agent<Self>>, AgentError> {
        match name {
            "dice" => Ok(Box::new(DiceAgent::new(seed))),
            "equilibrium" => Ok(Box::new(EquilibriumAgent::new(seed))),
            "evolved" => Ok(Box::new(EvolvedAgent::new(seed))),
            _ => {
                let wanted = name
                    .strip_prefix("always-")
                    .and_then(|m| crate::action::parse_move_name(m).ok())
                    .ok_or_else(|| Self::unknown_agent(name))?;
                Ok(Box::new(AlwaysAgent::new(wanted, seed)))
            }
        }
    }

    fn standard_lineups() -> Vec<Vec<String>> {
        [
            ["equilibrium", "dice"],
            ["equilibrium", "always-charge"],
            ["equilibrium", "always-block"],
            ["equilibrium", "always-shoot"],
            ["evolved", "dice"],
            ["equilibrium", "evolved"],
            ["dice", "dice"],
        ]
        .iter()
        .map(|l| l.iter().map(|s| s.to_string()).collect())
        .collect()
    }
}
