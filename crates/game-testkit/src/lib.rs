//! # game-testkit
//!
//! The conformance kit every recess game runs in its tests, after OpenSpiel's `RandomSimTest`
//! and rs_poker's arena test utilities: a game written anywhere adds it as a dev-dependency and
//! calls [`check_conformance`] on its [`Declared`](game_core::Declared) game.
//!
//! One driver plays random games (random legal moves from a seeded start to the end; a seat
//! that must act without a legal action, a legal move refused, or a game outlasting its
//! [`max_game_length`](game_core::Game::max_game_length) is a violation in every check) and runs a
//! check's promises at every state. Each check below is a set of such promises, or a single
//! input checked as a fuzzer offers it.
//!
//! - [`check_conformance`]: everything below that a game's [`Declared`](game_core::Declared)
//!   declaration calls for, in one call: what every game's tests run.
//! - [`check_game`]: every promise listed on [`Game`](game_core::Game), at every step: legal
//!   actions unique, printing and parsing back, and only for the seats that act; the chosen one
//!   passes [`Game::check`](game_core::Game::check) and, as a one-element joint action, does what
//!   it does alone; actions that are not legal (gathered from other positions of the run) are
//!   refused with the error `check` gives and leave the state equal; a wrong-shaped move is
//!   refused; one seed gives one game; clone, serde round trip and record replay give equal
//!   states; a finished game has finite returns, summing to zero where declared, and a result
//!   per seat.
//! - [`check_sample_world`]: the "sample a consistent world" hook of a hidden-information game:
//!   a world sampled for a seat shows it the same observation, turn and legal actions.
//! - [`check_learning`] and [`check_learning_hidden`]: the [`Learning`](game_core::Learning)
//!   interface: ids round-trip, masks equal the legal actions, tensors have their declared
//!   length and are identical for states a seat cannot tell apart.
//! - [`check_information_state`] and [`check_information_state_hidden`]: perfect-recall
//!   [`InformationState`](game_core::InformationState)s: declared lengths, a seat never decides
//!   twice in one information state, its different actions lead to different ones, and worlds it
//!   cannot tell apart give it the same one.
//! - [`check_explicit_chance`]: the [`ExplicitChance`](game_core::ExplicitChance) start: the
//!   outcomes a seed draws are listed with valid probabilities and start the seeded game.
//! - [`check_mutations`]: the serialised JSON of many reachable states, mutated (numbers changed,
//!   strings swapped, list items dropped, doubled or reordered, fields removed, …): every result
//!   is either refused by deserialisation or is a state that passes the checks of [`check_game`]
//!   from there to the end of a random game.
//! - [`check_roster`]: a game's [`Roster`](game_core::Roster): every listed name builds, names
//!   not listed (misspelt, other case, junk around, empty) are refused, every agent answers
//!   odd decisions with an action offered, and each plays a whole game in every seat.
//! - [`check_apply`] and [`check_apply_joint`]: one action offered to one state, as a fuzzer
//!   does: accepted ⇒ it was legal; refused ⇒ the state is unchanged, the error says why and
//!   [`Game::check`](game_core::Game::check) said the same.
//! - [`check_notation`]: text offered to a parser: it parses or is refused, and what parses
//!   prints back to text that parses to the same value.
//! - [`check_narration`]: a narrated game ([`Narrate`](game_core::Narrate)) says something
//!   about its start, every move and its end, in printable text.
//! - [`check_svg`], [`check_svg_hidden`], [`check_svg_document`] and [`check_golden`]: drawings are well-formed and deterministic, a seat's drawing is the same
//!   in every world it cannot tell apart, and golden files stay as they were.
//! - [`Nim`]: a complete small game to try the checks on, and to read as an example.
//!
//! ```
//! use game_core::Game;
//! use game_testkit::{Nim, Options, check_apply, check_game, check_mutations, check_notation};
//!
//! // Nim, played at random from 50 seeds, every promise checked at every step.
//! let options = Options { games: 50, ..Options::default() };
//! let report = check_game::<Nim>(&(), &options)?;
//! assert!(report.refusals > 0); // takes that were not legal were offered, and refused
//!
//! // A fuzzer's move: taking 7 is refused and changes nothing.
//! let mut game = Nim::new((), 0)?;
//! assert!(!check_apply(&mut game, &7)?);
//! assert_eq!(check_notation::<u32>("x")?, None);
//!
//! // Corrupted stored games are refused, or are games that keep every promise.
//! let mutations = check_mutations::<Nim>(&(), &options)?;
//! assert!(mutations.refused > 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod apply;
mod conformance;
mod information;
mod learning;
mod mutation;
mod narration;
mod nim;
mod random_games;
mod roster;
mod simulation;
mod svg;

pub use apply::{check_apply, check_apply_joint, check_notation};
pub use conformance::{Conformance, check_conformance};
pub use information::{
    check_explicit_chance, check_information_state, check_information_state_hidden,
};
pub use learning::{check_learning, check_learning_hidden};
pub use mutation::{MutationReport, check_mutations};
pub use narration::check_narration;
pub use nim::{Nim, NimError};
pub use random_games::{check_game, check_sample_world};
pub use roster::check_roster;
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
    /// Run the slow checks every this many steps (1 = every step) and at the end of each game:
    /// the serde round trip and record replay, sampled worlds, the other actions of the
    /// deciding seat, the agents' odd decisions; [`check_mutations`] mutates the states of
    /// these steps.
    pub deep_check_every: usize,
    /// How many mutations [`check_mutations`] tries on each state it mutates.
    pub mutations_per_state: usize,
    /// How many games [`check_conformance`] gives [`check_roster`]: agents that search take
    /// longer than random moves.
    pub agent_games: usize,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            games: 200,
            first_seed: 0,
            illegal_probes: 4,
            deep_check_every: 1,
            mutations_per_state: 8,
            agent_games: 10,
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
