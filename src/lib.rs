#![doc = include_str!("../README.md")]
//!
//! ## This package
//!
//! The umbrella package `recess` re-exports every crate of the workspace, with game-core's
//! features `arena` and `testing` turned on.

pub use big_two_reversal;
pub use cards_core;
pub use duel_rules;
pub use game_core;
pub use life_go;
pub use scoundrel;
pub use tictactoe;
