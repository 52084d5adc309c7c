//! The AIs. `greedy`, `lookahead` and `search` play fair: they see only the
//! [`crate::Observation`]. The [`Solver`] is clairvoyant: it is handed a whole state, the
//! Dungeon's order included, and so is [`SolverAgent`], which is built from the deal it plays.

mod greedy;
mod lookahead;
mod search;
#[cfg(feature = "solver")]
mod solver;
mod turn;

use game_core::Ai;
use game_core::{Agent, AgentError, RandomAgent, Roster};

pub use greedy::{GreedyAgent, GreedyParams, play_greedy};
pub use lookahead::{LookaheadAgent, LookaheadParams, play_lookahead};
pub use search::{ARENA_PLAYOUTS, DEFAULT_PLAYOUTS, SearchAgent};
#[cfg(feature = "solver")]
pub use solver::{Solution, Solver, SolverAgent, solve};

use crate::Scoundrel;

/// Why `solver` does not build by name: it is clairvoyant (it must be told the deal), and
/// without the feature `solver` it is not compiled at all.
fn solver_by_name() -> AgentError {
    let why = if cfg!(feature = "solver") {
        "`solver` is clairvoyant: it must be told the deal (SolverAgent::for_deal), which an \
         agent built by name is not"
    } else {
        "`solver` needs scoundrel's feature `solver`, which is off, and must be told the deal"
    };
    AgentError::Unknown {
        game: <Scoundrel as game_core::Game>::NAME,
        name: "solver".into(),
        known: format!("{}; {why}", Scoundrel::agent_names().join(", ")),
    }
}

/// The fair players by name: `greedy`, `lookahead`, `search` and `random`.
///
/// ```
/// use scoundrel::prelude::*;
///
/// let mut player = [Scoundrel::agent("greedy", 0)?];
/// let played = play::<Scoundrel, _>(Config::default(), 7, &mut player)?;
/// assert!(played.state().score().is_some());
/// let solver = Scoundrel::agent("solver", 0).err().expect("it must be told the deal");
/// assert!(solver.to_string().contains("clairvoyant") || solver.to_string().contains("feature"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Roster for Scoundrel {
    /// `greedy`; `lookahead`; `search` with [`ARENA_PLAYOUTS`] playouts per decision (a smaller
    /// budget than [`SearchAgent::new`]'s, so the arena stays quick); `random`.
    fn ais() -> Vec<Ai<Self>> {
        vec![
            Ai::new(
                "greedy",
                "the best-scoring move now, with a few rules of thumb",
                |seed| Box::new(GreedyAgent::new(seed)),
            ),
            Ai::new(
                "lookahead",
                "looks through the room's orders before acting",
                |seed| Box::new(LookaheadAgent::new(seed)),
            ),
            Ai::new(
                "search",
                format!(
                    "tree search on Dungeons it cannot tell apart, {ARENA_PLAYOUTS} playouts a \
                     move"
                ),
                |seed| Box::new(SearchAgent::with_playouts(seed, ARENA_PLAYOUTS)),
            ),
            Ai::new("random", "uniform among the legal moves", |seed| {
                Box::new(RandomAgent::new(seed))
            }),
        ]
    }

    /// The table's, and for `solver` (clairvoyant, so not built by name) an error that says
    /// why.
    fn agent(name: &str, seed: u64) -> Result<Box<dyn Agent<Self>>, AgentError> {
        if name == "solver" {
            return Err(solver_by_name());
        }
        Self::ais()
            .into_iter()
            .find(|ai| ai.name == name)
            .map(|ai| (ai.build)(seed))
            .ok_or_else(|| Self::unknown_agent(name))
    }

    /// Each player alone (Scoundrel is played alone).
    fn standard_lineups() -> Vec<Vec<String>> {
        Self::agent_names()
            .into_iter()
            .map(|name| vec![name])
            .collect()
    }
}
