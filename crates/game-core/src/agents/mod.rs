//! Agents: programs that choose moves from what their seat may see.
//!
//! An [`Agent`] is handed a [`Decision`]: the acting player's observation and legal actions,
//! never the full state, so an AI for a hidden-information game cannot peek. Agents are seeded
//! and deterministic, like the games.
//!
//! [`RandomAgent`], uniform among the legal actions, is the baseline every AI must beat; the
//! crate `game-search` has Monte Carlo tree search for any game.
//!
//! ```
//! use game_core::{Agent, Game, RandomAgent, Turn};
//! use game_testkit::Nim;
//!
//! let mut game = Nim::new((), 0)?;
//! let mut agents = [RandomAgent::new(1), RandomAgent::new(2)];
//! while let Turn::Player(p) = game.turn() {
//!     let action = agents[p].act(&game, p).expect("the seat to move has a legal action");
//!     game.apply(&action)?;
//! }
//! assert_eq!(game.turn(), Turn::Over);
//! # Ok::<(), game_testkit::NimError>(())
//! ```

mod random;

pub use random::RandomAgent;

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
    /// use game_testkit::Nim;
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
    /// # Ok::<(), game_testkit::NimError>(())
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
