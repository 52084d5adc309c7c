//! The AIs: `dice` (the original program's), `equilibrium` (the Nash-equilibrium player),
//! `evolved` (bred by a genetic tournament) and `always-<move>` (one fixed move, to probe
//! weaknesses; one for each move of the shipped rule sets), reachable by name through
//! [`game_core::Roster`].

mod certificate;
mod evolved;
mod layer;
mod matrix;
mod solver;

use std::sync::Arc;

use game_core::{Agent, AgentError, Decision, GameRng, Player, Roster};

use crate::action::Action;
use crate::rules::{MoveName, RuleSet, shipped_moves};
use crate::state::Duel;

pub use evolved::{BreedOptions, EvolvedAgent, GENOME_MOVES, Generation, Genome, breed};
pub use matrix::{MatrixSolution, conceded, guaranteed, solve_matrix_game};
pub use solver::{
    CUSTOM_TABLES, DEFAULT_DISCOUNT, Guarantee, MAX_SOLVER_BYTES, PositionGame, STRATEGY_DISCOUNT,
    Solution, SolverOptions, default_qi_cap, preset_solution, solution_for, solver_bytes,
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

impl Default for DiceAgent {
    /// The dice player seeded with 0.
    fn default() -> Self {
        Self::new(0)
    }
}

/// Plays one fixed move whenever it can afford it, else the rule set's free charge (a move the
/// rules do not have is never affordable).
#[derive(Clone, Debug)]
pub struct AlwaysAgent {
    label: String,
    /// The move it plays; `None`: the rule set's free charge.
    wanted: Option<MoveName>,
    rng: GameRng,
}

impl AlwaysAgent {
    /// An agent that charges every round (the rule set's free charge, [`RuleSet::fallback`]);
    /// `seed` is unused, as a charge takes no target.
    pub fn new(seed: u64) -> Self {
        Self {
            label: "always-charge".to_string(),
            wanted: None,
            rng: GameRng::new(seed),
        }
    }

    /// An agent that always plays `wanted` when it can; `seed` picks targets in a free-for-all.
    ///
    /// ```
    /// use duel_rules::{AlwaysAgent, MoveName};
    /// use game_core::Agent;
    ///
    /// let shooter = AlwaysAgent::with_move(MoveName::new("shoot")?, 1);
    /// assert_eq!(Agent::<duel_rules::Duel>::name(&shooter), "always-shoot");
    /// # Ok::<(), duel_rules::Error>(())
    /// ```
    pub fn with_move(wanted: MoveName, seed: u64) -> Self {
        Self {
            label: format!("always-{wanted}"),
            wanted: Some(wanted),
            rng: GameRng::new(seed),
        }
    }
}

impl Default for AlwaysAgent {
    /// The charging agent seeded with 0.
    fn default() -> Self {
        Self::new(0)
    }
}

impl Agent<Duel> for AlwaysAgent {
    fn name(&self) -> &str {
        &self.label
    }

    fn choose(&mut self, decision: &Decision<'_, Duel>) -> Action {
        let rules = decision.observation().rules();
        self.wanted
            .and_then(|wanted| rules.index_of(wanted))
            .and_then(|i| action_for(decision, i, &mut self.rng))
            .or_else(|| action_for(decision, rules.fallback(), &mut self.rng))
            .unwrap_or(*decision.action(0))
    }
}

/// Plays the equilibrium table's strategy at each position (ε-optimal, with a certificate: see
/// [`Solution`]), read from the solved table of the rules in play (shared between agents for
/// the presets).
///
/// Defined for two players. In a free-for-all, or under a rule set whose table would need more
/// than [`MAX_SOLVER_BYTES`] ([`Solution::solve_with`] refuses it with
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
        if state.fighters().len() != 2 {
            return None;
        }
        let table = self.solution(state.rules())?;
        let mix = table.strategy_of(state, player)?;
        let weights: Vec<f64> = mix.iter().map(|(_, p)| *p).collect();
        let k = self.rng.weighted_index(&weights)?;
        let name = mix.get(k)?.0;
        decision
            .legal()
            .iter()
            .find(|a| a.name() == Some(name))
            .copied()
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

impl Roster for Duel {
    fn agent_names() -> Vec<String> {
        let mut names = vec![
            "dice".to_string(),
            "equilibrium".to_string(),
            "evolved".to_string(),
        ];
        names.extend(shipped_moves().map(|m| format!("always-{m}")));
        names
    }

    fn agent(name: &str, seed: u64) -> Result<Box<dyn Agent<Self>>, AgentError> {
        match name {
            "dice" => Ok(Box::new(DiceAgent::new(seed))),
            "equilibrium" => Ok(Box::new(EquilibriumAgent::new(seed))),
            "evolved" => Ok(Box::new(EvolvedAgent::new(seed))),
            _ => {
                // Only the moves of the shipped rule sets: a name no rule set knows
                // (`always-fly`) would quietly play charge all game. For a custom rule set's
                // move, build `AlwaysAgent::with_move` directly.
                let wanted = name
                    .strip_prefix("always-")
                    .and_then(|m| crate::action::parse_move_name(m).ok())
                    .filter(|m| shipped_moves().any(|known| known == m.as_str()))
                    .ok_or_else(|| Self::unknown_agent(name))?;
                Ok(Box::new(AlwaysAgent::with_move(wanted, seed)))
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
