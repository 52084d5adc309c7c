//! # game-core
//!
//! The model of a recess game: what a game crate implements and every tool reads. The [`Game`]
//! trait and its [`Declared`] declaration, seeded randomness ([`GameRng`]), game [`Record`]s,
//! chance ([`ExplicitChance`]), information states, learning ids and tensors ([`Learning`]),
//! narration ([`Narrate`]), pictures ([`svg::ToSvg`]), the [`Agent`] trait with a
//! [`RandomAgent`], and [`play`], which plays a whole game with agents.
//!
//! The tools are crates of their own, built on this one, so that a rules crate stays light:
//! `game-search` (Monte Carlo tree search for any game), `game-testkit` (the conformance checks
//! every game runs in its tests), `game-arena` (lineups over many seeded games, with its whole
//! command line), `game-terminal` (playing at the terminal) and `game-replay` (records as
//! pages).
//!
//! ```
//! use game_core::{GameRng, derive_seed};
//!
//! let mut rng = GameRng::new(42);
//! let mut deck: Vec<u8> = (0..52).collect();
//! rng.shuffle(&mut deck);
//! // The same seed gives the same order on every platform, forever.
//! let mut again: Vec<u8> = (0..52).collect();
//! GameRng::new(42).shuffle(&mut again);
//! assert_eq!(deck, again);
//! assert_ne!(derive_seed(42, 0), derive_seed(42, 1));
//! ```

pub mod agents;
mod chance;
mod declaration;
mod game;
mod hash;
mod information;
mod learning;
mod narration;
mod play;
mod record;
mod rng;
pub mod svg;
mod text;

pub use agents::{Agent, AgentError, Decision, RandomAgent};
pub use chance::{ChanceError, Deal, ExplicitChance};
pub use declaration::{
    AgentFactory, AgentInfo, AgentMaker, Ai, Bounds, Capabilities, Chance, Declaration, Declared,
    Dynamics, GameInfo, Implemented, Information, Parameter, ParameterError, Parameters, Roster,
    Sampler, Value, agent_seed, squash, suggestion,
};
pub use game::{Game, Player, PlayerResult, SampleWorld, Turn, TurnError};
pub use hash::{FxHashMap, FxHasher};
pub use information::{InformationState, NoSuchSeat};
pub use learning::Learning;
pub use narration::Narrate;
pub use play::{PlayError, play};
pub use record::{Match, Record, ReplayError};
pub use rng::{GameRng, derive_seed, splitmix64};
pub use text::{SHOWN, capitalise, shorten, shorten_to};

/// What a program that plays games needs, in one `use`; every game crate re-exports it in its
/// own `prelude`, so that one dependency line is enough.
pub mod prelude {
    pub use crate::agents::{Agent, AgentError, Decision, RandomAgent};
    pub use crate::chance::{Deal, ExplicitChance};
    pub use crate::declaration::{Declared, GameInfo, Parameters, Roster};
    pub use crate::game::{Game, Player, PlayerResult, SampleWorld, Turn, TurnError};
    pub use crate::information::{InformationState, NoSuchSeat};
    pub use crate::learning::Learning;
    pub use crate::narration::Narrate;
    pub use crate::play::{PlayError, play};
    pub use crate::record::{Match, Record, ReplayError};
    pub use crate::rng::GameRng;
    pub use crate::svg::{ToSvg, View};
}

#[doc(hidden)]
pub mod __private {
    //! What the crate's macros need, so users need not name these crates themselves.
    pub use serde;
}
