//! `perfect`: minimax over the whole game, memoised once for every position.

use std::sync::OnceLock;

use game_core::{Agent, Decision, GameRng};

use crate::action::{Cell, CellSet};
use crate::state::{Mark, Outcome, TicTacToe, has_line};

use super::{legal_or_any, pick};

/// Not yet computed.
const UNKNOWN: i8 = i8::MIN;

/// Scores of positions by (mover's mask, opponent's mask): index `mover | opponent << 9`.
static SCORES: OnceLock<Vec<i8>> = OnceLock::new();

fn scores() -> &'static [i8] {
    SCORES.get_or_init(|| {
        let mut table = vec![UNKNOWN; 1 << 18];
        negamax(0, 0, &mut table);
        table
    })
}

/// The score for the player to move, holding `mover`, against `opponent`, who just moved.
///
/// A finished game scores `±(1 + empty cells)` (a loss for the mover when the opponent has a
/// line), 0 for a draw; otherwise the best of the negated scores of the moves. The empty-cell
/// term makes a quicker win (and a later loss) score higher, so `perfect` does not dawdle.
fn negamax(mover: u16, opponent: u16, table: &mut [i8]) -> i8 {
    let index = usize::from(mover) | usize::from(opponent) << 9;
    if let Some(&known) = table.get(index)
        && known != UNKNOWN
    {
        return known;
    }
    let occupied = mover | opponent;
    let empty = 9 - occupied.count_ones() as i8;
    let score = if has_line(opponent) {
        -(1 + empty)
    } else if empty == 0 {
        0
    } else {
        CellSet::from_mask(!occupied)
            .iter()
            .map(|cell| -negamax(opponent, mover | cell.bit(), table))
            .max()
            .unwrap_or(0)
    };
    if let Some(slot) = table.get_mut(index) {
        *slot = score;
    }
    score
}

fn lookup(mover: u16, opponent: u16) -> i8 {
    let index = usize::from(mover) | usize::from(opponent) << 9;
    scores().get(index).copied().unwrap_or(0)
}

/// The minimax score of `state` for the player to move: positive when they can force a win
/// (`1 +` the number of cells still empty after the winning move), negative when the opponent
/// can, 0 for a draw with best play. A finished game scores 0 for a draw and `-(1 + empty cells)`
/// after a win (the player "to move" is the loser).
pub fn score(state: &TicTacToe) -> i8 {
    let (mover, other) = match state.to_move() {
        Some(mark) => (mark, mark.other()),
        None => match state.winner() {
            Some(winner) => (winner.other(), winner),
            None => return 0,
        },
    };
    lookup(state.cells_of(mover).mask(), state.cells_of(other).mask())
}

/// The result of `state` under perfect play by both sides (the actual result once it is over).
///
/// ```
/// use tictactoe::prelude::*;
/// use tictactoe::{Outcome, solve};
///
/// assert_eq!(solve(&TicTacToe::default()), Outcome::Draw);
/// let mut game = TicTacToe::default();
/// game.play(Cell::CENTRE)?;
/// game.play(Cell::ALL[1])?; // O on an edge (2) loses against best play
/// assert_eq!(solve(&game), Outcome::Winner(Mark::X));
/// # Ok::<(), Error>(())
/// ```
pub fn solve(state: &TicTacToe) -> Outcome {
    if let Some(outcome) = state.outcome() {
        return outcome;
    }
    let mover = state.to_move().unwrap_or(Mark::X);
    match score(state) {
        s if s > 0 => Outcome::Winner(mover),
        s if s < 0 => Outcome::Winner(mover.other()),
        _ => Outcome::Draw,
    }
}

/// The moves with the best minimax score for the player to move (empty when the game is over):
/// the set `perfect` chooses from.
///
/// ```
/// use tictactoe::prelude::*;
/// use tictactoe::best_moves;
///
/// // Against X in the centre, only a corner holds the draw.
/// let mut game = TicTacToe::default();
/// game.play(Cell::CENTRE)?;
/// assert_eq!(best_moves(&game), Cell::CORNERS);
/// # Ok::<(), Error>(())
/// ```
pub fn best_moves(state: &TicTacToe) -> CellSet {
    let Some(mover) = state.to_move() else {
        return CellSet::EMPTY;
    };
    let mine = state.cells_of(mover).mask();
    let theirs = state.cells_of(mover.other()).mask();
    let mut best = i8::MIN;
    let mut moves = CellSet::EMPTY;
    for cell in state.free_cells() {
        let s = -lookup(theirs, mine | cell.bit());
        if s > best {
            best = s;
            moves = CellSet::EMPTY;
        }
        if s == best {
            moves = moves.with(cell);
        }
    }
    moves
}

/// Plays perfectly: never loses, wins as fast as it can when it can, and picks uniformly with
/// its seed among the moves with the best score ([`best_moves`]). The scores of every position
/// are computed once per process (about 5,500 positions) and shared, so a decision is a few
/// table lookups.
#[derive(Clone, Debug)]
pub struct PerfectAgent {
    rng: GameRng,
}

impl PerfectAgent {
    /// A perfect player seeded with `seed`.
    ///
    /// ```
    /// use tictactoe::prelude::*;
    ///
    /// // Perfect play on both sides is a draw, whatever the seeds.
    /// let mut agents = [PerfectAgent::new(1), PerfectAgent::new(2)];
    /// let played = play::<TicTacToe, _>(Config::default(), 0, &mut agents)?;
    /// assert_eq!(played.state().winner(), None);
    /// assert!(played.state().is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(seed: u64) -> Self {
        Self {
            rng: GameRng::new(seed),
        }
    }

    /// The move this agent makes in `state` (`None` when the game is over).
    pub fn choose_move(&mut self, state: &TicTacToe) -> Option<Cell> {
        pick(best_moves(state), &mut self.rng)
    }
}

impl Default for PerfectAgent {
    /// The perfect player seeded with 0.
    fn default() -> Self {
        Self::new(0)
    }
}

impl Agent<TicTacToe> for PerfectAgent {
    fn name(&self) -> &str {
        "perfect"
    }

    fn choose(&mut self, decision: &Decision<'_, TicTacToe>) -> Cell {
        let cell = self.choose_move(decision.observation());
        legal_or_any(cell, decision, &mut self.rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(numbers: &[u8]) -> CellSet {
        numbers.iter().filter_map(|&n| Cell::new(n)).collect()
    }

    #[test]
    fn the_empty_board_is_a_draw_and_every_first_move_draws() {
        let empty = TicTacToe::default();
        assert_eq!(solve(&empty), Outcome::Draw);
        assert_eq!(score(&empty), 0);
        assert_eq!(best_moves(&empty), CellSet::FULL);
    }

    #[test]
    fn takes_the_immediate_win_over_a_slower_one() {
        // X: 7 8; O: 4 5 — X to move; 9 wins now (6 would only block).
        let config = crate::Config::default();
        let state = TicTacToe::from_marks(config, Mark::X, cells(&[7, 8]), cells(&[4, 5])).unwrap();
        assert_eq!(best_moves(&state), cells(&[9]));
        assert_eq!(solve(&state), Outcome::Winner(Mark::X));
    }

    #[test]
    fn answers_a_corner_with_the_centre() {
        let config = crate::Config::default();
        let state = TicTacToe::from_marks(config, Mark::X, cells(&[7]), cells(&[])).unwrap();
        assert_eq!(best_moves(&state), cells(&[5]));
    }

    #[test]
    fn finished_games_have_no_moves() {
        let config = crate::Config::default();
        let won =
            TicTacToe::from_marks(config, Mark::X, cells(&[7, 8, 9]), cells(&[1, 2])).unwrap();
        assert_eq!(best_moves(&won), CellSet::EMPTY);
        assert_eq!(solve(&won), Outcome::Winner(Mark::X));
        assert_eq!(score(&won), -(1 + 4));
        assert_eq!(PerfectAgent::new(1).choose_move(&won), None);
    }
}
