//! # recess
//!
//! Reusable game-rules libraries: pure, deterministic state machines with seeded randomness,
//! AIs, an arena and conformance checks. This umbrella package re-exports every crate.

pub use big_two_reversal;
pub use cards_core;
pub use duel_rules;
pub use game_core;
pub use life_go;
pub use scoundrel;
pub use tictactoe;
