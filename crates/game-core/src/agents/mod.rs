//! Agents: programs that choose moves from what their seat may see.
//!
//! An [`Agent`] is handed a [`Decision`]: the acting player's observation and legal actions,
//! never the full state, so an AI for a hidden-information game cannot peek. Agents are seeded
//! and deterministic, like the games.
//!
//! Generic agents that work for any game:
//! - [`RandomAgent`]: uniform among the legal actions; the baseline every AI must beat.
//! - [`Mcts`]: Monte Carlo tree search for any game, its varying parts parameters: how a world
//!   is drawn ([`Worlds`]: the state itself for perfect-information games, [`Sampled`] deals
//!   for information-set search, or beliefs a game's agent keeps) and how the simulated players
//!   move ([`Policy`]: [`Uniform`] random, or a game's own). Use it as it comes when a game has
//!   no hand-written AI, or as a strong reference opponent: it needs nothing but the rules.
//! - [`Uct`]: the search [`Mcts`] makes with its defaults on a sequential perfect-information
//!   game, choice for choice, by an engine specialised for such games and several times faster.
//!
//! The searches are driven by an iteration budget (not a clock), so a seed fixes every choice.
//! They are written for sequential games. A game offers them through its [`Roster`] under names
//! of its choosing, for instance `Box::new(Uct::new(seed))` as `"mcts"`;
//! [`Mcts::root_statistics`] shows what the last search thought.
//!
//! ```
//! use game_core::agents::{Mcts, MctsConfig};
//! use game_core::testing::Nim;
//! use game_core::{Agent, Decision, Game, RandomAgent, Turn};
//!
//! // Nim (take 1 to 3 stones; whoever takes the last wins) from 6: MCTS against random.
//! let mut agents: Vec<Box<dyn Agent<Nim>>> = vec![
//!     Box::new(Mcts::with_config(MctsConfig { iterations: 500, ..MctsConfig::default() }, 1)),
//!     Box::new(RandomAgent::new(2)),
//! ];
//! let mut game = Nim::new((), 0)?.with_stones(6);
//! while let Turn::Player(p) = game.turn() {
//!     let legal = game.legal_actions(p);
//!     let decision = Decision::new(p, &game, &legal).unwrap();
//!     let action = agents[p].choose(&decision);
//!     game.apply(&action)?;
//! }
//! assert_eq!(game.returns(0), 1.0); // the first player can force a win, and MCTS finds it
//! # Ok::<(), game_core::testing::NimError>(())
//! ```

mod mcts;
mod policy;
mod random;
mod search;
mod uct;
mod worlds;

pub use mcts::{Mcts, MctsConfig};
pub use policy::{Policy, Uniform};
pub use random::RandomAgent;
pub use search::ChildStats;
pub use uct::Uct;
pub use worlds::{Sampled, Visible, Worlds};

use crate::declaration::Declared;
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

    /// Picks `player`'s action in `game`: [`Agent::choose`] on the decision made of the seat's
    /// observation and legal actions; `None` when the seat has no legal action now (not its
    /// turn, or the game is over).
    ///
    /// The game is inferred from `game`, so an agent that plays every game ([`RandomAgent`])
    /// needs no annotation. Built by hand, a decision names its game:
    /// `Decision::<G>::new(player, &observation, &legal)`, since the observation and the
    /// actions alone do not say which game they belong to.
    ///
    /// ```
    /// use game_core::testing::Nim;
    /// use game_core::{Agent, Decision, Game, RandomAgent, Turn};
    ///
    /// let mut game = Nim::new((), 0)?;
    /// let mut agent = RandomAgent::new(7);
    /// while let Turn::Player(p) = game.turn() {
    ///     let action = agent.act(&game, p).expect("the seat to move has a legal action");
    ///     game.apply(&action)?;
    /// }
    /// // The same, with the decision built by hand.
    /// let game = Nim::new((), 1)?;
    /// let (observation, legal) = (game.observation(0), game.legal_actions(0));
    /// let decision = Decision::<Nim>::new(0, &observation, &legal).unwrap();
    /// assert!(legal.contains(&agent.choose(&decision)));
    /// assert_eq!(agent.act(&game, 1), None); // not seat 1's turn
    /// # Ok::<(), game_core::testing::NimError>(())
    /// ```
    fn act(&mut self, game: &G, player: Player) -> Option<G::Action> {
        let (observation, legal) = (game.observation(player), game.legal_actions(player));
        Some(self.choose(&Decision::new(player, &observation, &legal)?))
    }
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

/// A game's agents by name: what the arena and the examples use to build lineups. The names and
/// their descriptions are the declaration's ([`Declaration::agents`](crate::Declaration)).
pub trait Roster: Declared {
    /// Names of the agents on offer, as the arena and the examples accept them: the
    /// declaration's.
    fn agent_names() -> Vec<String> {
        Self::declaration().agent_names()
    }

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
