//! The configuration: who moves first.

use serde::{Deserialize, Serialize};

/// Which mark makes the first move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstPlayer {
    /// X always moves first (the standard rule, and the default).
    #[default]
    X,
    /// Lots are drawn with the game's seed, as the original program's `go_first` does: X or O, each
    /// with probability one half.
    ByLot,
}

/// Rule variants of tic-tac-toe. `Default` is the standard rule: X moves first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Who moves first.
    #[serde(default)]
    pub first: FirstPlayer,
}

impl Config {
    /// X always moves first.
    pub const X_FIRST: Self = Self {
        first: FirstPlayer::X,
    };
    /// The first mover is drawn by lot from the seed.
    pub const BY_LOT: Self = Self {
        first: FirstPlayer::ByLot,
    };
}
