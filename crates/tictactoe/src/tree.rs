//! The whole game tree, walked on the bitboards.

use serde::{Deserialize, Serialize};

use crate::state::{Mark, TicTacToe, has_line};

/// How many distinct games (move sequences) end each way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameCounts {
    /// Games X wins.
    pub x_wins: u64,
    /// Games O wins.
    pub o_wins: u64,
    /// Drawn games.
    pub draws: u64,
}

impl GameCounts {
    /// All games.
    pub fn total(&self) -> u64 {
        self.x_wins + self.o_wins + self.draws
    }
}

/// Counts every way the game can go on from `state` to its end (a finished game counts as one).
/// From the empty board with X first: 255,168 games, of which X wins 131,184, O wins 77,904 and
/// 46,080 are drawn.
pub fn count_games(state: &TicTacToe) -> GameCounts {
    let marks = [
        state.cells_of(Mark::X).mask(),
        state.cells_of(Mark::O).mask(),
    ];
    let mut counts = [0u64; 3];
    match state.outcome() {
        Some(crate::Outcome::Winner(mark)) => counts[mark.seat()] += 1,
        Some(crate::Outcome::Draw) => counts[2] += 1,
        None => walk(
            marks,
            state.to_move().unwrap_or(Mark::X).seat(),
            &mut counts,
        ),
    }
    GameCounts {
        x_wins: counts[0],
        o_wins: counts[1],
        draws: counts[2],
    }
}

/// Depth-first walk: `side` (0 for X, 1 for O) moves in every free cell of `marks`.
fn walk(marks: [u16; 2], side: usize, counts: &mut [u64; 3]) {
    let mut free = !(marks[0] | marks[1]) & 0x1FF;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        let mut next = marks;
        next[side & 1] |= bit;
        if has_line(next[side & 1]) {
            counts[side & 1] += 1;
        } else if next[0] | next[1] == 0x1FF {
            counts[2] += 1;
        } else {
            walk(next, side ^ 1, counts);
        }
    }
}
