//! The crate's one error type.

use crate::action::{Cell, ParseCellError};
use crate::state::Mark;

/// Everything that can go wrong: a refused move, text that does not parse, or a serialised
/// state that no game could reach.
///
/// It is `#[non_exhaustive]`: match it with a wildcard arm, as later versions may add reasons.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The move came at the wrong time (for tic-tac-toe: after the game ended).
    #[error(transparent)]
    Turn(#[from] game_core::TurnError),
    /// The cell already holds a mark.
    #[error("cell {0} is already taken")]
    Occupied(Cell),
    /// Text or a number that is not a cell.
    #[error(transparent)]
    Cell(#[from] ParseCellError),
    /// Text that is not a mark.
    #[error("\"{}\" is not a mark: type X or O", shorten(.0))]
    ParseMark(String),
    /// A serialised state lists a cell twice (in one list, or under both marks).
    #[error("cell {0} is marked twice")]
    MarkedTwice(Cell),
    /// A serialised state whose mark counts cannot follow from alternating moves.
    #[error("{x} X marks and {o} O marks cannot happen when {first} moves first")]
    MarkCounts {
        /// Number of X marks.
        x: u32,
        /// Number of O marks.
        o: u32,
        /// Who moved first.
        first: Mark,
    },
    /// A serialised state where O moved first although the configuration says X always does.
    #[error("the configuration has X move first, but the state says O did")]
    FirstPlayerMismatch,
    /// Chance outcomes that are not a start ([`ExplicitChance`](game_core::ExplicitChance)):
    /// by lot, one outcome, 0 (X first) or 1 (O first); with X first, none.
    #[error(
        "{0:?} is not a start of tic-tac-toe: by lot, one outcome, 0 (X first) or 1 (O first); \
         with X first, none"
    )]
    ChanceOutcomes(Vec<usize>),
    /// A serialised state in which play went on after someone had already won (or both won).
    #[error("the game went on after {0} had three in a row")]
    PlayedAfterWin(Mark),
}

pub(crate) use game_core::shorten;
