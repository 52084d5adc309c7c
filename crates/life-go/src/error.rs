//! The crate's one error type.

use crate::action::{Cell, ParseActionError, file_name};
use crate::board::Colour;

/// Everything that can go wrong in life-go: a refused move, a refused configuration or setup,
/// unparseable text, or an inconsistent serialised state.
///
/// New kinds of error may be added, so a `match` on it needs a catch-all arm.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A move applied at the wrong time (the game is over) or in the wrong shape.
    #[error(transparent)]
    Turn(#[from] game_core::TurnError),
    /// The board is smaller than 3×3 or larger than 64×64.
    #[error(
        "a board must be between {min}×{min} and {max}×{max} cells, not {width}×{height}",
        min = crate::board::MIN_SIDE,
        max = crate::board::MAX_SIDE
    )]
    BoardSize {
        /// Files asked for.
        width: usize,
        /// Ranks asked for.
        height: usize,
    },
    /// The move limit must allow at least one move.
    #[error("the move limit must be at least 1")]
    MoveLimit,
    /// A drop outside the board (worded as [`ParseActionError::OffBoard`], which the game's
    /// [`parse_action`](game_core::Game::parse_action) gives for such a cell).
    #[error(
        "{cell} is off the {width}×{height} board: files a to {}, ranks 1 to {height}",
        file_name(width.saturating_sub(1))
    )]
    OffBoard {
        /// The cell.
        cell: Cell,
        /// Files on the board.
        width: usize,
        /// Ranks on the board.
        height: usize,
    },
    /// A drop on a stone.
    #[error("{cell} is already taken")]
    Occupied {
        /// The cell.
        cell: Cell,
    },
    /// A drop with no stone among its 8 neighbours.
    #[error("{cell} has no stone next to it: a drop must touch a stone (of either colour)")]
    Isolated {
        /// The cell.
        cell: Cell,
    },
    /// Text that is not a cell such as `d4`, or not one of the board.
    #[error(transparent)]
    Parse(#[from] ParseActionError),
    /// A setup stone off the board.
    #[error("setup: the {colour} stone at {cell} is off the {width}×{height} board")]
    SetupOffBoard {
        /// Its colour.
        colour: Colour,
        /// The cell.
        cell: Cell,
        /// Files on the board.
        width: usize,
        /// Ranks on the board.
        height: usize,
    },
    /// Two setup stones on one cell.
    #[error("setup: {cell} is given twice")]
    SetupOverlap {
        /// The cell.
        cell: Cell,
    },
    /// A setup without stones of one colour (that colour would have lost before the first move).
    #[error("setup: {colour} has no stones")]
    SetupEmpty {
        /// The colour without stones.
        colour: Colour,
    },
    /// A mirrored random setup asking for no groups of stones.
    #[error("setup: a mirrored setup needs at least one group of stones per colour")]
    SetupGroups,
    /// Chance outcomes that are not a complete draw of the setup
    /// ([`ExplicitChance`](game_core::ExplicitChance)): for a mirrored setup, blinkers each
    /// possible where drawn, until the setup is complete; for the other setups, none.
    #[error("{0:?} is not a complete draw of this setup's blinkers")]
    ChanceOutcomes(Vec<usize>),
    /// A serialised state that does not describe a reachable-looking position.
    #[error("inconsistent state: {0}")]
    InvalidState(String),
}
