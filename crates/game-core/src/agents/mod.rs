//! Agents: programs that choose moves from what their seat may see.
//!
//! An [`Agent`] is handed a [`Decision`]: the acting player's observation and legal actions,
//! never the full state, so an AI for a hidden-information game cannot peek. Agents are seeded
//! and deterministic, like the games.
//!
//! Three generic agents work for any game:
//! - [`RandomAgent`]: uniform among the legal actions; the baseline every AI must beat.
//! - [`Mcts`]: UCT search for perfect-information games (`Observation = Self`), any number of
//!   players. Use it when the state is fully visible and a game has no hand-written AI, or as a
//!   strong reference opponent: it needs nothing but the rules.
//! - [`InformationSetMcts`]: single-observer information-set MCTS for hidden-information games
//!   implementing [`SampleWorld`](crate::SampleWorld). Each iteration deals a world consistent
//!   with what the player sees, so it never peeks at hidden cards; use it for card games and
//!   secret moves, where running [`Mcts`] on the true state would be cheating.
//!
//! Both searches are driven by an iteration budget (not a clock), so a seed fixes every choice;
//! both score positions by [`Game::returns`] at the end of uniformly random rollouts, and add one
//! node to an arena-allocated tree per iteration. They are written for sequential games: at a
//! simultaneous node the deciding seat's action is searched and the other seats move at random.
//! A game offers them through its [`Roster`] under names of its choosing, for instance
//! `Box::new(InformationSetMcts::new(IsMctsConfig { iterations: 2000, ..Default::default() },
//! seed).with_name("ai4"))`; [`Mcts::root_statistics`] shows what the last search thought.
//!
//! ```
//! use game_core::agents::{InformationSetMcts, IsMctsConfig, Mcts, MctsConfig};
//! # use game_core::{Game, GameRng, Player, SampleWorld, Turn, TurnError};
//! # use serde::{Deserialize, Serialize};
//! # /// Take 1, 2 or 3 stones; whoever takes the last one wins.
//! # #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
//! # struct Nim { stones: u32, to_move: usize }
//! # impl Game for Nim {
//! #     type Config = ();
//! #     type Action = u32;
//! #     type Observation = Nim;
//! #     type Error = TurnError;
//! #     const NAME: &'static str = "nim";
//! #     const ZERO_SUM: bool = true;
//! #     fn new(_: (), _: u64) -> Result<Self, TurnError> { Ok(Nim { stones: 10, to_move: 0 }) }
//! #     fn num_players(&self) -> usize { 2 }
//! #     fn max_game_length(&self) -> usize { 10 }
//! #     fn turn(&self) -> Turn { if self.stones == 0 { Turn::Over } else { Turn::Player(self.to_move) } }
//! #     fn legal_actions_into(&self, p: Player, out: &mut Vec<u32>) {
//! #         out.clear();
//! #         if self.turn() == Turn::Player(p) { out.extend((1..=3).filter(|&t| t <= self.stones)); }
//! #     }
//! #     fn apply(&mut self, take: &u32) -> Result<(), TurnError> {
//! #         if self.stones == 0 || !(1..=3).contains(take) || *take > self.stones { return Err(TurnError::GameOver); }
//! #         self.stones -= take;
//! #         if self.stones > 0 { self.to_move = 1 - self.to_move; }
//! #         Ok(())
//! #     }
//! #     fn returns(&self, p: Player) -> f64 {
//! #         if self.stones > 0 { 0.0 } else if p == self.to_move { 1.0 } else { -1.0 }
//! #     }
//! #     fn observation(&self, _: Player) -> Nim { self.clone() }
//! # }
//! # impl SampleWorld for Nim {
//! #     fn sample_world(observation: &Nim, _: Player, _: &mut GameRng) -> Nim { observation.clone() }
//! # }
//! use game_core::{Agent, Decision, RandomAgent};
//!
//! // Nim (take 1 to 3 stones from 10; whoever takes the last wins): MCTS against random.
//! let mut agents: Vec<Box<dyn Agent<Nim>>> = vec![
//!     Box::new(Mcts::new(MctsConfig { iterations: 500, ..MctsConfig::default() }, 1)),
//!     Box::new(RandomAgent::new(2)),
//! ];
//! let mut game = Nim::new((), 0).unwrap();
//! while let Turn::Player(p) = game.turn() {
//!     let view = game.observation(p);
//!     let legal = game.legal_actions(p);
//!     let decision = Decision::new(p, &view, &legal).unwrap();
//!     let action = agents[p].choose(&decision);
//!     game.apply(&action).unwrap();
//! }
//! assert_eq!(game.returns(0), 1.0); // the first player can force a win, and MCTS finds it
//!
//! // The information-set agent, given the same game, plays the same opening.
//! let start = Nim::new((), 0).unwrap();
//! let legal = start.legal_actions(0);
//! let decision = Decision::<Nim>::new(0, &start, &legal).unwrap();
//! let mut ismcts = InformationSetMcts::new(IsMctsConfig { iterations: 2000, ..Default::default() }, 3);
//! assert_eq!(ismcts.choose(&decision), 2);
//! ```

mod ismcts;
mod mcts;
mod random;
mod search;
mod uct;

pub use ismcts::{InformationSetMcts, IsMctsConfig};
pub use mcts::{Mcts, MctsConfig};
pub use random::RandomAgent;
pub use search::ChildStats;

use crate::game::{Game, Player};

/// What an agent is told when it must act: the acting seat, what it sees, and its legal actions
/// (never empty: [`Decision::new`] refuses an empty list).
#[derive(Debug)]
pub struct Decision<'a, G: Game> {
    player: Player,
    observation: &'a G::Observation,
    legal: &'a [G::Action],
}

impl<G: Game> Clone for Decision<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Decision<'_, G> {}

impl<'a, G: Game> Decision<'a, G> {
    /// A decision for `player`, or `None` when `legal` is empty (there is nothing to decide).
    pub fn new(
        player: Player,
        observation: &'a G::Observation,
        legal: &'a [G::Action],
    ) -> Option<Self> {
        (!legal.is_empty()).then_some(Self {
            player,
            observation,
            legal,
        })
    }

    /// The seat that acts.
    pub fn player(&self) -> Player {
        self.player
    }

    /// What that seat sees.
    pub fn observation(&self) -> &'a G::Observation {
        self.observation
    }

    /// That seat's legal actions; never empty.
    pub fn legal(&self) -> &'a [G::Action] {
        self.legal
    }

    /// The legal action at `index` modulo the number of legal actions: a safe way for an agent
    /// to turn a sampled index into an action.
    pub fn action(&self, index: usize) -> &'a G::Action {
        &self.legal[index % self.legal.len()]
    }
}

/// A program that plays a game.
pub trait Agent<G: Game>: Send {
    /// The agent's name as the arena prints it (`"random"`, `"perfect"`).
    fn name(&self) -> &str;

    /// Picks one of `decision.legal()`. Returning anything else is a bug the arena reports.
    fn choose(&mut self, decision: &Decision<'_, G>) -> G::Action;
}

impl<G: Game> Agent<G> for Box<dyn Agent<G>> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn choose(&mut self, decision: &Decision<'_, G>) -> G::Action {
        (**self).choose(decision)
    }
}

/// Why an agent could not be built from its name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AgentError {
    /// No agent of that name exists for this game.
    #[error("{game} has no agent called {name:?}; choose one of: {known}")]
    Unknown {
        /// The game's name.
        game: &'static str,
        /// The name asked for.
        name: String,
        /// The names on offer, comma-separated.
        known: String,
    },
    /// The lineup has the wrong number of agents for the game.
    #[error("{game} needs a lineup of {expected} agents, got {found}")]
    LineupSize {
        /// The game's name.
        game: &'static str,
        /// Seats at the table.
        expected: usize,
        /// Agents given.
        found: usize,
    },
}

/// A game's agents by name: what the arena and the examples use to build lineups.
pub trait Roster: Game {
    /// Names of the agents on offer, as the arena and the examples accept them.
    fn agent_names() -> Vec<String>;

    /// The agent called `name`, seeded with `seed`.
    fn agent(name: &str, seed: u64) -> Result<Box<dyn Agent<Self>>, AgentError>;

    /// The lineups the arena runs when it is given none: each a list of agent names, one per seat.
    fn standard_lineups() -> Vec<Vec<String>>;

    /// The configuration the arena plays `lineup` under: the default, unless a game needs
    /// another for some agents (Scoundrel's clairvoyant `solver` needs a revealed Dungeon).
    fn arena_config(lineup: &[String]) -> Self::Config {
        let _ = lineup;
        Self::Config::default()
    }

    /// The error for an unknown `name`, listing the known ones.
    fn unknown_agent(name: &str) -> AgentError {
        AgentError::Unknown {
            game: Self::NAME,
            name: name.to_string(),
            known: Self::agent_names().join(", "),
        }
    }
}
