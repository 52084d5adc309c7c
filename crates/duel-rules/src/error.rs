//! The crate's one error type.

use game_core::{Player, TurnError};

use crate::action::{Action, ParseActionError};
use crate::rules::MoveName;

/// Everything that can go wrong in `duel-rules`: a contradictory rule set, a move that cannot be
/// played, text that does not parse, or a stored state that cannot be.
///
/// Seats count from 0 in the fields and from 1 in the messages, as players are shown.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A move of the wrong shape for the turn (see [`TurnError`]).
    #[error(transparent)]
    Turn(#[from] TurnError),

    /// A move name that is not a lower-case word.
    #[error("\"{}\" is not a move name: {reason}", shorten(name))]
    InvalidName {
        /// The name given.
        name: String,
        /// What is wrong with it.
        reason: &'static str,
    },

    /// A rule set that contradicts itself or that the game cannot be played with.
    #[error("invalid rule set: {0}")]
    InvalidRules(String),

    /// A number of players outside 2 to 8.
    #[error("a duel needs 2 to {max} players, not {found}")]
    PlayerCount {
        /// Players asked for.
        found: usize,
        /// The largest table.
        max: usize,
    },

    /// Text that is not an action.
    #[error(transparent)]
    ParseAction(#[from] ParseActionError),

    /// Text that is not one of the preset names.
    #[error("\"{}\" is not a rule set; choose hk, classic or extended", shorten(.0))]
    UnknownPreset(String),

    /// The rule set has no move of that name.
    #[error("player {}: the rules have no move called {name}", .player.saturating_add(1))]
    UnknownMove {
        /// The seat (from 0).
        player: Player,
        /// The name given.
        name: MoveName,
    },

    /// The move costs more qi than the player has.
    #[error("player {}: {name} costs {cost} qi but only {qi} are left", .player.saturating_add(1))]
    Unaffordable {
        /// The seat (from 0).
        player: Player,
        /// The move.
        name: MoveName,
        /// Its cost.
        cost: u32,
        /// The player's qi.
        qi: u32,
    },

    /// A player who is out tried to move, a player still in tried to sit out, or the seat does
    /// not exist. The message is a sentence about the player: "player 3 is not at the table".
    #[error("player {} {reason}", .player.saturating_add(1))]
    WrongStatus {
        /// The seat (from 0).
        player: Player,
        /// What is wrong.
        reason: &'static str,
    },

    /// An attack's target is missing, superfluous or not a player still in the game.
    #[error("player {}: {action}: {reason}", .player.saturating_add(1))]
    BadTarget {
        /// The seat (from 0).
        player: Player,
        /// The action refused.
        action: Action,
        /// What is wrong with its target.
        reason: &'static str,
    },

    /// A stored state that no game can reach.
    #[error("inconsistent state: {0}")]
    InvalidState(String),

    /// Chance outcomes offered to start a game
    /// ([`ExplicitChance`](game_core::ExplicitChance)): a duel has no randomness, so only the
    /// empty sequence starts one.
    #[error("{0:?} is not a start of a duel: it has no randomness, so no chance outcomes")]
    ChanceOutcomes(Vec<usize>),
}

/// What the equilibrium machinery (the feature `equilibrium`) refuses: a rule set whose table is
/// too large to solve, solver options out of range, or text that is not a bred player's genome.
/// Kept apart from [`Error`], which is about playing the game: no move is ever refused for
/// these reasons.
///
/// ```
/// use duel_rules::{evolution::Genome, solver::SolveError};
///
/// let err = "not a genome".parse::<Genome>().unwrap_err();
/// assert!(matches!(err, SolveError::InvalidGenome(_)));
/// ```
#[cfg(feature = "equilibrium")]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// A rule set too large for the equilibrium solver's table.
    #[error("the equilibrium table would be too large: {0}")]
    TooLargeToSolve(String),

    /// Solver options out of range (a discount outside (0, 1], a strategy discount outside
    /// (0, 1)).
    #[error("invalid solver options: {0}")]
    InvalidOptions(String),

    /// A bred player's text that is not a genome.
    #[error("not a genome: {0}")]
    InvalidGenome(String),
}

pub(crate) use game_core::shorten;
