//! The AIs: `dice` (the original program's), `equilibrium` (the Nash-equilibrium player) and
//! `evolved` (bred by a genetic tournament), both with the feature `equilibrium`, and
//! `always-<move>` (one fixed move, to probe weaknesses; one for each move of the shipped rule
//! sets), reachable by name through [`game_core::Roster`].

// The equilibrium machinery (the feature `equilibrium`): the exact matrix-game solver, the
// Newton steps per health layer, the certificate, the solved tables, and the bred player.
#[cfg(feature = "equilibrium")]
mod certificate;
#[cfg(feature = "equilibrium")]
mod equilibrium;
#[cfg(feature = "equilibrium")]
mod evolved;
#[cfg(feature = "equilibrium")]
mod layer;
#[cfg(feature = "equilibrium")]
mod matrix;
#[cfg(feature = "equilibrium")]
mod solver;

use game_core::Ai;
use game_core::{Agent, AgentError, Decision, GameRng, Roster};

use crate::action::Action;
use crate::rules::{MoveName, known_chinese, shipped_moves};
use crate::state::Duel;

#[cfg(feature = "equilibrium")]
pub use equilibrium::EquilibriumAgent;
#[cfg(feature = "equilibrium")]
pub use evolved::{BreedOptions, EvolvedAgent, GENOME_MOVES, Generation, Genome, breed};
#[cfg(feature = "equilibrium")]
pub use matrix::{MatrixSolution, conceded, guaranteed, solve_matrix_game};
#[cfg(feature = "equilibrium")]
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
    /// An agent that charges every round (the rule set's free charge,
    /// [`RuleSet::fallback`](crate::RuleSet::fallback)); `seed` is unused, as a charge takes no
    /// target.
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

/// The AIs by name: `dice`, `equilibrium` and `evolved` (feature `equilibrium`), `always-<move>`.
///
/// ```
/// use duel_rules::prelude::*;
///
/// let mut agents = [Duel::agent("dice", 1)?, Duel::agent("always-shoot", 2)?];
/// let played = play::<Duel, _>(Config::default(), 0, &mut agents)?;
/// assert_eq!(played.state().turn(), Turn::Over);
/// assert!(Duel::agent("always-fly", 0).is_err()); // no rule set has that move
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Roster for Duel {
    fn ais() -> Vec<Ai<Self>> {
        let mut ais = vec![Ai::new(
            "dice",
            "a uniformly random move among those it can pay for",
            |seed| Box::new(DiceAgent::new(seed)) as Box<dyn Agent<Self>>,
        )];
        #[cfg(feature = "equilibrium")]
        ais.extend([
            Ai::new(
                "equilibrium",
                "a Nash-equilibrium mixed strategy, solved for the rule set",
                |seed| Box::new(EquilibriumAgent::new(seed)) as Box<dyn Agent<Self>>,
            ),
            Ai::new(
                "evolved",
                "a player bred by a genetic algorithm against the others",
                |seed| Box::new(EvolvedAgent::new(seed)),
            ),
        ]);
        // Only the moves of the shipped rule sets: a name no rule set knows (`always-fly`)
        // would quietly play charge all game. For a custom rule set's move, build
        // `AlwaysAgent::with_move` directly.
        ais.extend(shipped_moves().filter_map(|m| {
            let wanted = crate::action::parse_move_name(m).ok()?;
            Some(Ai::new(
                format!("always-{m}"),
                format!("{m} whenever it can, else the fallback move"),
                move |seed| Box::new(AlwaysAgent::with_move(wanted, seed)),
            ))
        }));
        ais
    }

    /// The table's, `always-` with a move's Chinese name too, and without the feature
    /// `equilibrium` an error that says why `equilibrium` and `evolved` are missing. Names are
    /// matched exactly: `always-Charge` or `always-charge ` is a typo, not a name.
    fn agent(name: &str, seed: u64) -> Result<Box<dyn Agent<Self>>, AgentError> {
        if !cfg!(feature = "equilibrium") && matches!(name, "equilibrium" | "evolved") {
            return Err(AgentError::Unknown {
                game: <Self as game_core::Game>::NAME,
                name: name.to_string(),
                known: format!(
                    "{}; `equilibrium` and `evolved` need duel-rules' feature `equilibrium`, \
                     which is off",
                    Self::agent_names().join(", ")
                ),
            });
        }
        let english = name
            .strip_prefix("always-")
            .and_then(known_chinese)
            .map(|m| format!("always-{m}"));
        let name = english.as_deref().unwrap_or(name);
        Self::ais()
            .into_iter()
            .find(|ai| ai.name == name)
            .map(|ai| (ai.build)(seed))
            .ok_or_else(|| Self::unknown_agent(name))
    }

    /// The equilibrium and evolved players against the others, and `dice` against itself;
    /// without the feature `equilibrium`, `dice` against the fixed moves.
    fn standard_lineups() -> Vec<Vec<String>> {
        let lineups: &[[&str; 2]] = if cfg!(feature = "equilibrium") {
            &[
                ["equilibrium", "dice"],
                ["equilibrium", "always-charge"],
                ["equilibrium", "always-block"],
                ["equilibrium", "always-shoot"],
                ["evolved", "dice"],
                ["equilibrium", "evolved"],
                ["dice", "dice"],
            ]
        } else {
            &[
                ["dice", "always-charge"],
                ["dice", "always-block"],
                ["dice", "always-shoot"],
                ["dice", "dice"],
            ]
        };
        lineups
            .iter()
            .map(|l| l.iter().map(|s| s.to_string()).collect())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The agents that need the feature `equilibrium`.
    const EQUILIBRIUM_AGENTS: [&str; 2] = ["equilibrium", "evolved"];

    /// The roster offers what the build has: with the feature `equilibrium` every listed agent,
    /// without it the same minus `equilibrium` and `evolved`, which are refused with a message
    /// that names the feature.
    #[test]
    fn the_roster_offers_what_the_features_build() {
        let names = Duel::agent_names();
        for name in &names {
            assert_eq!(
                Duel::agent(name, 0).map(|a| a.name().to_string()),
                Ok(name.clone())
            );
        }
        for lineup in Duel::standard_lineups() {
            assert!(lineup.iter().all(|name| names.contains(name)), "{lineup:?}");
        }
        for name in EQUILIBRIUM_AGENTS {
            let built = Duel::agent(name, 0);
            if cfg!(feature = "equilibrium") {
                assert!(built.is_ok(), "{name}");
            } else {
                assert!(!names.contains(&name.to_string()));
                let message = built.err().map(|e| e.to_string()).unwrap_or_default();
                assert!(
                    message.contains("feature `equilibrium`, which is off"),
                    "{message}"
                );
            }
        }
    }
}
