//! # game-core
//!
//! What every recess game shares: the [`Game`] trait, seeded randomness ([`GameRng`]), game
//! [`Record`]s, [`Agent`]s (random, MCTS, information-set MCTS), the [`arena`] that plays them
//! against each other, and the [`conformance`] checks every game runs in its tests.
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
pub mod arena;
pub mod conformance;
mod game;
mod record;
mod rng;

pub use agents::{Agent, AgentError, Decision, RandomAgent, Roster};
pub use game::{Game, Player, PlayerResult, SampleWorld, Turn, TurnError};
pub use record::{Match, Record, ReplayError};
pub use rng::{GameRng, derive_seed, splitmix64};
