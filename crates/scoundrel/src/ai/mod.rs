//! The AIs. `greedy`, `lookahead` and `search` play fair: they see only the
//! [`crate::Observation`]. The [`Solver`] is clairvoyant: it is handed a whole state, the
//! Dungeon's order included, and so is [`SolverAgent`], which is built from the deal it plays.

mod greedy;
mod lookahead;
mod search;
#[cfg(feature = "solver")]
mod solver;
mod turn;

use game_core::{Agent, AgentError, RandomAgent, Roster};

pub use greedy::{GreedyAgent, GreedyParams, play_greedy};
pub use lookahead::{LookaheadAgent, LookaheadParams, play_lookahead};
pub use search::{ARENA_PLAYOUTS, DEFAULT_PLAYOUTS, SearchAgent};
#[cfg(feature = "solver")]
pub use solver::{Solution, Solver, SolverAgent, solve};

use crate::Scoundrel;

/// The fair players by name: `greedy`, `lookahead`, `search` and `random`.
///
/// ```
/// use scoundrel::prelude::*;
///
/// let mut player = [Scoundrel::agent("greedy", 0)?];
/// let played = play::<Scoundrel, _>(Config::default(), 7, &mut player)?;
/// assert!(played.state().score().is_some());
/// assert!(Scoundrel::agent("solver", 0).is_err()); // it must be told the deal
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Roster for Scoundrel {
    /// The fair players. The clairvoyant [`SolverAgent`] is not among them: it must be told the
    /// deal ([`SolverAgent::for_deal`]), which an agent built by name is not.
    fn agent_names() -> Vec<String> {
        ["greedy", "lookahead", "search", "random"]
            .map(String::from)
            .to_vec()
    }

    /// `greedy`; `lookahead`; `search` with [`ARENA_PLAYOUTS`] playouts per decision (a smaller
    /// budget than [`SearchAgent::new`]'s, so the arena stays quick); `random`.
    fn agent(name: &str, seed: u64) -> Result<Box<dyn Agent<Self>>, AgentError> {
        Ok(match name {
            "greedy" => Box::new(GreedyAgent::new(seed)),
            "lookahead" => Box::new(LookaheadAgent::new(seed)),
            "search" => Box::new(SearchAgent::with_playouts(seed, ARENA_PLAYOUTS)),
            "random" => Box::new(RandomAgent::new(seed)),
            _ => return Err(Self::unknown_agent(name)),
        })
    }

    /// Each player alone (Scoundrel is played alone).
    fn standard_lineups() -> Vec<Vec<String>> {
        Self::agent_names()
            .into_iter()
            .map(|name| vec![name])
            .collect()
    }
}
