//! The AIs. `greedy`, `lookahead` and `search` play fair: they see only the
//! [`crate::Observation`], which holds the cards left in the Dungeon as a set. `solver` is clairvoyant: it needs the Dungeon's
//! order, which a game shows only when configured with [`crate::Config::revealed`].

mod greedy;
mod lookahead;
mod search;
mod solver;
mod turn;

use game_core::{Agent, AgentError, RandomAgent, Roster};

pub use greedy::{GreedyAgent, GreedyParams, play_greedy};
pub use lookahead::{LookaheadAgent, LookaheadParams, play_lookahead};
pub use search::{ARENA_PLAYOUTS, DEFAULT_PLAYOUTS, SearchAgent};
pub use solver::{Solution, Solver, SolverAgent, solve};

use crate::Scoundrel;

impl Roster for Scoundrel {
    fn agent_names() -> Vec<String> {
        ["greedy", "lookahead", "search", "solver", "random"]
            .map(String::from)
            .to_vec()
    }

    /// `greedy`; `lookahead`; `search` with [`ARENA_PLAYOUTS`] playouts per decision (a smaller budget than
    /// [`SearchAgent::new`]'s, so the arena stays quick); `solver`, clairvoyant in a game created
    /// with [`crate::Config::revealed`] (see [`SolverAgent`]); `random`.
    fn agent(name: &str, seed: u64) -> Result<Box<dyn Agent<Self>>, AgentError> {
        Ok(match name {
            "greedy" => Box::new(GreedyAgent::new()),
            "lookahead" => Box::new(LookaheadAgent::new()),
            "search" => Box::new(SearchAgent::with_playouts(seed, ARENA_PLAYOUTS)),
            "solver" => Box::new(SolverAgent::new()),
            "random" => Box::new(RandomAgent::new(seed)),
            _ => return Err(Self::unknown_agent(name)),
        })
    }

    /// A lineup with `solver` plays revealed deals ([`crate::Config::revealed`]), so the arena
    /// measures the clairvoyant solver for what it is; fair lineups play the default rules.
    fn arena_config(lineup: &[String]) -> crate::Config {
        if lineup.iter().any(|name| name == "solver") {
            crate::Config::default().revealed()
        } else {
            crate::Config::default()
        }
    }

    /// The fair players, one lineup each (Scoundrel is played alone). `solver` is left out: it
    /// only means something in a game that reveals the Dungeon.
    fn standard_lineups() -> Vec<Vec<String>> {
        ["greedy", "lookahead", "search", "random"]
            .map(|name| vec![name.to_string()])
            .to_vec()
    }
}
