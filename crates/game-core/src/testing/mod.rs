//! The test kit every game runs in its tests (feature `testing`), after OpenSpiel's
//! `RandomSimTest` and rs_poker's arena test utilities.
//!
//! - [`check_game`]: many random games from many seeds, checking every promise listed on
//!   [`Game`](crate::Game) at every step: legal actions non-empty and unique until the end, each
//!   of them applies (alone and as a one-element joint action) and [`Game::check`](crate::Game::check) agrees; actions
//!   that are not legal (gathered from other positions of the run) are refused and leave the
//!   state equal; a wrong-shaped move is refused; clone, serde round trip and record replay give
//!   equal states; every legal action prints and parses back; the game ends within its bound;
//!   returns are finite and sum to zero where declared; a finished game has a result per seat.
//! - [`check_sample_world`]: the "sample a consistent world" hook of a hidden-information game.
//! - [`check_apply`] and [`check_apply_joint`]: one action offered to one state, as a fuzzer does:
//!   accepted ⇒ it was legal; refused ⇒ the state is unchanged, the error says why and
//!   [`Game::check`](crate::Game::check) said the same.
//! - [`check_notation`]: text offered to a parser: it parses or is refused, and what parses
//!   prints back to text that parses to the same value.
//! - [`check_mutations`]: the serialised JSON of many reachable states, mutated (numbers changed,
//!   strings swapped, list items dropped, doubled or reordered, fields removed, …): every result
//!   is either refused by deserialisation or is a state that passes the checks of [`check_game`]
//!   from there to the end of a random game.
//! - [`check_learning`] and [`check_learning_hidden`]: the [`Learning`](crate::Learning)
//!   interface: ids round-trip, masks equal the legal actions, tensors have their declared
//!   length and are identical for states a seat cannot tell apart.
//! - [`check_information_state`] and [`check_information_state_hidden`]: perfect-recall
//!   [`InformationState`](crate::InformationState)s: declared lengths, a seat never decides
//!   twice in one information state, its different actions lead to different ones, and worlds it
//!   cannot tell apart give it the same one.
//! - [`check_explicit_chance`]: the [`ExplicitChance`](crate::ExplicitChance) start: the
//!   outcomes a seed draws are listed with valid probabilities and start the seeded game.
//! - `check_svg`, `check_svg_hidden`, `check_svg_document` and `check_golden` (with the
//!   feature `svg`): drawings are well-formed and deterministic, a seat's drawing is the same
//!   in every world it cannot tell apart, and golden files stay as they were.
//! - [`Nim`]: a complete small game to try the checks on, and to read as an example.
//!
//! ```
//! # use game_core::{Game, Player, Turn, TurnError};
//! # use serde::{Deserialize, Serialize};
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
//! use game_core::testing::{Options, check_apply, check_game, check_mutations, check_notation};
//!
//! // Nim, played at random from 50 seeds, every promise checked at every step.
//! let report = check_game::<Nim>(&(), &Options { games: 50, ..Options::default() })?;
//! assert_eq!(report.games, 50);
//!
//! // A fuzzer's move: taking 7 is refused and changes nothing.
//! let mut game = Nim::new((), 0)?;
//! assert!(!check_apply(&mut game, &7)?);
//! assert_eq!(check_notation::<u32>("x")?, None);
//!
//! // Corrupted states must be refused or keep every promise. This toy deserialises without
//! // validation, so the check finds a state it should have refused (a seat that does not exist,
//! // or a finished game in which both players lose).
//! let found = check_mutations::<Nim>(&(), &Options { games: 5, ..Options::default() });
//! assert!(found.is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod apply;
mod checker;
mod information;
mod learning;
mod mutation;
mod nim;
mod random_games;
#[cfg(feature = "svg")]
mod svg;

pub use apply::{check_apply, check_apply_joint, check_notation};
pub use information::{
    check_explicit_chance, check_information_state, check_information_state_hidden,
};
pub use learning::{check_learning, check_learning_hidden};
pub use mutation::{MutationReport, check_mutations};
pub use nim::{Nim, NimError};
pub use random_games::{check_game, check_sample_world};
#[cfg(feature = "svg")]
pub use svg::{UPDATE_GOLDEN, check_golden, check_svg, check_svg_document, check_svg_hidden};

/// How much to check.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Number of random games.
    pub games: usize,
    /// Seed of the first game; game `i` uses a seed derived from `first_seed` and `i`.
    pub first_seed: u64,
    /// How many not-legal actions to try at each step.
    pub illegal_probes: usize,
    /// Check the serde round trip and record replay every this many steps (1 = every step);
    /// they are the slow checks for long games. [`check_mutations`] mutates the states of
    /// these steps.
    pub deep_check_every: usize,
    /// How many mutations [`check_mutations`] tries on each state it mutates.
    pub mutations_per_state: usize,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            games: 200,
            first_seed: 0,
            illegal_probes: 4,
            deep_check_every: 1,
            mutations_per_state: 8,
        }
    }
}

/// What the checks covered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Steps (single or joint actions) applied.
    pub steps: usize,
    /// Illegal actions that were tried and refused.
    pub refusals: usize,
    /// Longest game, in steps.
    pub longest: usize,
}

/// A broken promise, with where it happened.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{game}, {at}: {problem}")]
pub struct Violation {
    /// The game's name.
    pub game: &'static str,
    /// Where: the seed and step of a random game, or the input that was checked.
    pub at: String,
    /// What went wrong.
    pub problem: String,
}
