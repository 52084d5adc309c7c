//! # game-core
//!
//! What every recess game shares: the [`Game`] trait, seeded randomness ([`GameRng`]), game
//! [`Record`]s, [`Agent`]s (random, and one search engine, MCTS, information-set MCTS when its
//! worlds are drawn) and [`play`], which plays a whole game with them.
//!
//! Features add machinery, off by default so that a rules crate stays light:
//! - `arena`: the `arena` module, which plays lineups of agents over many seeded games in
//!   parallel (rayon) and reports win rates with confidence intervals;
//! - `testing`: the `testing` module, the conformance checks and test kit every game runs in
//!   its tests (serde_json for the round trips and state mutations);
//! - `svg`: the `svg` module, pictures of states: the `ToSvg` trait every game
//!   implements, the `View` it draws for, and a small SVG writer (no dependency).
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
#[cfg(feature = "arena")]
pub mod arena;
mod chance;
mod declaration;
mod game;
mod hash;
mod information;
mod learning;
mod play;
mod record;
mod rng;
#[cfg(feature = "svg")]
pub mod svg;
#[cfg(feature = "testing")]
pub mod testing;
mod text;

pub use agents::{Agent, AgentError, Decision, RandomAgent, Roster};
pub use chance::{ChanceError, Deal, ExplicitChance};
pub use declaration::{
    AgentInfo, AgentMaker, Bounds, Capabilities, Chance, Declaration, Declared, Dynamics, GameInfo,
    Information, Parameter, ParameterError, Parameters, Sampler, Value, agent_seed, squash,
    suggestion,
};
pub use game::{Game, Player, PlayerResult, SampleWorld, Turn, TurnError};
pub use hash::{FxHashMap, FxHasher};
pub use information::{InformationState, NoSuchSeat};
pub use learning::Learning;
pub use play::{PlayError, play};
pub use record::{Match, Record, ReplayError};
pub use rng::{GameRng, derive_seed, splitmix64};
pub use text::{SHOWN, shorten};

/// What a program that plays games needs, in one `use`; every game crate re-exports it in its
/// own `prelude`, so that one dependency line is enough.
pub mod prelude {
    pub use crate::agents::{Agent, AgentError, Decision, RandomAgent, Roster};
    pub use crate::chance::{Deal, ExplicitChance};
    pub use crate::declaration::{Declared, GameInfo, Parameters};
    pub use crate::game::{Game, Player, PlayerResult, SampleWorld, Turn, TurnError};
    pub use crate::information::{InformationState, NoSuchSeat};
    pub use crate::learning::Learning;
    pub use crate::play::{PlayError, play};
    pub use crate::record::{Match, Record, ReplayError};
    pub use crate::rng::GameRng;
    #[cfg(feature = "svg")]
    pub use crate::svg::{ToSvg, View};
}

#[doc(hidden)]
pub mod __private {
    //! What the crate's macros need, so users need not name these crates themselves.
    pub use serde;
}
