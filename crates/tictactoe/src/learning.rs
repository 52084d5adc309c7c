//! Action ids and observation tensors for learning agents ([`Learning`]).
//!
//! - **Action ids**: 9. Cell `k` (keypad numbering, 1 to 9; 7 8 9 is the top row) is id `k - 1`,
//!   so id 0 is the bottom-left corner, id 4 the centre and id 8 the top-right corner.
//! - **Observation tensor**: planes × 3 rows × 3 columns, row 0 on top (cells 7 8 9), column 0 on
//!   the left, flattened in that order (index `plane * 9 + row * 3 + column`). Plane 0 marks the
//!   empty cells, plane 1 X's cells and plane 2 O's, as OpenSpiel's tic-tac-toe does: shape
//!   `[3, 3, 3]` under [`FirstPlayer::X`]. Under [`FirstPlayer::ByLot`] a fourth plane tells
//!   who the lots chose (all ones when O moved first, all zeros when X did), since the board
//!   alone does not say who moves next: shape `[4, 3, 3]`. Both seats see the same tensor; the
//!   game has no hidden information.
//! - **Observation string**: the three rows, top first, `X`, `O` or `.` per cell (`"X.O\n.X.\n..O"`).

use game_core::{Learning, Player};

use crate::action::Cell;
use crate::rules::{Config, FirstPlayer};
use crate::state::{Mark, TicTacToe};

/// `PLANES[mask]`: one tensor plane, the 9 cells in row-major order from the top row (cells
/// 7 8 9, 4 5 6, 1 2 3), 1.0 where `mask` (bit `k - 1` for cell `k`) holds the cell. Built at
/// compile time, so that a tensor is three copies.
static PLANES: [[f32; 9]; 512] = {
    let mut planes = [[0.0; 9]; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut at = 0;
        while at < 9 {
            let (row, column) = (at / 3, at % 3);
            if mask & (1 << ((2 - row) * 3 + column)) != 0 {
                planes[mask][at] = 1.0;
            }
            at += 1;
        }
        mask += 1;
    }
    planes
};

/// Action ids 0 to 8 (cell `k` is id `k - 1`) and a `[3, 3, 3]` tensor (`[4, 3, 3]` by lot).
///
/// ```
/// use tictactoe::prelude::*;
///
/// let config = Config::default();
/// assert_eq!(TicTacToe::num_distinct_actions(&config), 9);
/// assert_eq!(TicTacToe::action_id(&config, &Cell::CENTRE), Some(4));
/// assert_eq!(TicTacToe::action_from_id(&config, 8), Cell::new(9));
/// let mut game = TicTacToe::new(config, 0)?;
/// game.apply(&Cell::CENTRE)?;
/// assert_eq!(TicTacToe::observation_tensor_shape(&config), [3, 3, 3]);
/// assert_eq!(game.observation_tensor(1).len(), 27);
/// assert_eq!(game.legal_action_mask(1).iter().filter(|&&m| m).count(), 8);
/// assert_eq!(game.observation_string(0), "...\n.X.\n...");
/// # Ok::<(), Error>(())
/// ```
impl Learning for TicTacToe {
    /// Nine, one per cell.
    fn num_distinct_actions(_config: &Config) -> usize {
        9
    }

    /// Cell `k` is id `k - 1`.
    fn action_id(_config: &Config, action: &Cell) -> Option<usize> {
        Some(usize::from(action.number()) - 1)
    }

    /// Id `i` is cell `i + 1`.
    fn action_from_id(_config: &Config, id: usize) -> Option<Cell> {
        u8::try_from(id)
            .ok()
            .and_then(|id| id.checked_add(1))
            .and_then(Cell::new)
    }

    /// `[3, 3, 3]` (empty, X, O), or `[4, 3, 3]` under [`FirstPlayer::ByLot`] (plus: O moved
    /// first).
    fn observation_tensor_shape(config: &Config) -> Vec<usize> {
        match config.first {
            FirstPlayer::X => vec![3, 3, 3],
            FirstPlayer::ByLot => vec![4, 3, 3],
        }
    }

    fn config_of(&self) -> Config {
        self.config()
    }

    fn observation_tensor_into(&self, _player: Player, out: &mut [f32]) {
        let x = self.cells_of(Mark::X).mask();
        let o = self.cells_of(Mark::O).mask();
        let planes = [!(x | o) & 0x1FF, x, o];
        for (plane, mask) in out.chunks_mut(9).zip(planes) {
            let values = &PLANES[usize::from(mask)];
            if let Ok(whole) = <&mut [f32; 9]>::try_from(&mut *plane) {
                *whole = *values;
            } else {
                plane.copy_from_slice(&values[..plane.len()]);
            }
        }
        if self.config().first == FirstPlayer::ByLot {
            let o_first = f32::from(u8::from(self.first_mover() == Mark::O));
            out.iter_mut()
                .skip(27)
                .take(9)
                .for_each(|value| *value = o_first);
        }
    }

    fn observation_string(&self, _player: Player) -> String {
        let mut text = String::with_capacity(11);
        for row in 0..3 {
            if row > 0 {
                text.push('\n');
            }
            for column in 0..3 {
                let symbol = match Cell::at(row, column).and_then(|cell| self.mark_at(cell)) {
                    Some(Mark::X) => 'X',
                    Some(Mark::O) => 'O',
                    None => '.',
                };
                text.push(symbol);
            }
        }
        text
    }
}
