//! The whole game tree, walked on the bitboards.

use serde::{Deserialize, Serialize};

use crate::state::{Mark, Outcome, TicTacToe, has_line_reference};

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
/// 46,080 are drawn. Every game is visited (no memoisation); see [`count_games_reference`] for
/// the plain version it is tested against.
///
/// ```
/// use tictactoe::prelude::*;
/// use tictactoe::count_games;
///
/// let counts = count_games(&TicTacToe::default());
/// assert_eq!((counts.x_wins, counts.o_wins, counts.draws), (131_184, 77_904, 46_080));
/// assert_eq!(counts.total(), 255_168);
/// ```
pub fn count_games(state: &TicTacToe) -> GameCounts {
    let Some(mover) = state.to_move() else {
        return finished(state);
    };
    let packed = walk(
        state.cells_of(mover).mask(),
        state.cells_of(mover.other()).mask(),
    );
    let (mover_wins, other_wins, draws) = (
        packed & FIELD,
        (packed >> 21) & FIELD,
        (packed >> 42) & FIELD,
    );
    let (x_wins, o_wins) = match mover {
        Mark::X => (mover_wins, other_wins),
        Mark::O => (other_wins, mover_wins),
    };
    GameCounts {
        x_wins,
        o_wins,
        draws,
    }
}

/// [`count_games`] written plainly: one recursive call per move, checking each new position.
pub fn count_games_reference(state: &TicTacToe) -> GameCounts {
    if state.is_over() {
        return finished(state);
    }
    let mut counts = GameCounts::default();
    for cell in state.free_cells() {
        let mut next = *state;
        if next.play(cell).is_ok() {
            let below = count_games_reference(&next);
            counts.x_wins += below.x_wins;
            counts.o_wins += below.o_wins;
            counts.draws += below.draws;
        }
    }
    counts
}

fn finished(state: &TicTacToe) -> GameCounts {
    let mut counts = GameCounts::default();
    match state.outcome() {
        Some(Outcome::Winner(Mark::X)) => counts.x_wins = 1,
        Some(Outcome::Winner(Mark::O)) => counts.o_wins = 1,
        Some(Outcome::Draw) => counts.draws = 1,
        None => {}
    }
    counts
}

/// One 21-bit field of a packed count (255,168 < 2^21).
const FIELD: u64 = (1 << 21) - 1;

/// `WINNING_CELLS[mask]`: the cells that would give `mask` a line it does not have yet.
static WINNING_CELLS: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut cell = 0;
        while cell < 9 {
            let bit = 1u16 << cell;
            if mask as u16 & bit == 0 && has_line_reference(mask as u16 | bit) {
                table[mask] |= bit;
            }
            cell += 1;
        }
        mask += 1;
    }
    table
};

/// Games below a position where the mover holds `mine` and the other `theirs`, packed as mover
/// wins | other wins << 21 | draws << 42. Winning moves and the last free cell are counted
/// without descending.
fn walk(mine: u16, theirs: u16) -> u64 {
    let free = !(mine | theirs) & 0x1FF;
    let wins = WINNING_CELLS[usize::from(mine & 0x1FF)] & free;
    let rest = free & !wins;
    let mut packed = u64::from(wins.count_ones());
    if rest == 0 {
        return packed;
    }
    if free & (free - 1) == 0 {
        // The last cell, and it does not win: a draw.
        return packed + (1 << 42);
    }
    let mut children = 0;
    let mut moves = rest;
    while moves != 0 {
        let bit = moves & moves.wrapping_neg();
        moves ^= bit;
        children += walk(theirs, mine | bit);
    }
    // The children count from the other side: swap the two win fields.
    packed += ((children & FIELD) << 21) | ((children >> 21) & FIELD) | (children & (FIELD << 42));
    packed
}
