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
//! - **Information state** ([`InformationState`]; perfect recall: everything a seat has seen,
//!   which in tic-tac-toe is the moves in order, the same for both seats). Tensor: 9 rows of 9,
//!   row `k` the move `k + 1` one-hot over the action ids (column `id` is cell `id + 1`), all
//!   zeros until that move is played; shape `[9, 9]`. Under [`FirstPlayer::ByLot`] a tenth row
//!   is all ones when O moved first (zeros when X did): shape `[10, 9]`. The mover of each row
//!   follows from the first mover, since turns alternate. String: the cells played, as keypad
//!   digits separated by spaces (`"5 1 9"`; empty before the first move), after OpenSpiel's
//!   tic-tac-toe, whose information state string is its history of action ids (`"4, 0, 8"`);
//!   under [`FirstPlayer::ByLot`] the lot first, `"O first: 5 1 9"` (`"X first"` before any
//!   move).

use game_core::{InformationState, Learning, Player};

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

    /// Planes of flags: every element is 0 or 1.
    fn observation_bounds(config: &Config) -> game_core::Bounds {
        game_core::Bounds::uniform(
            Self::observation_tensor_shape(config).iter().product(),
            0.0,
            1.0,
        )
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

/// Rows of the information state tensor before the lot's row: one per move.
const MOVE_ROWS: usize = 9;

/// The moves in order, as one-hot rows and as keypad digits.
///
/// ```
/// use tictactoe::prelude::*;
///
/// let mut game = TicTacToe::new(Config::X_FIRST, 0)?;
/// for cell in ["5", "1", "9"] {
///     game.apply(&cell.parse()?)?;
/// }
/// assert_eq!(game.information_state_string(1), "5 1 9");
/// let tensor = game.information_state_tensor(0);
/// assert_eq!(TicTacToe::information_state_tensor_shape(&Config::X_FIRST), [9, 9]);
/// assert_eq!((tensor[4], tensor[9], tensor[2 * 9 + 8]), (1.0, 1.0, 1.0)); // ids 4, 0, 8
/// assert_eq!(tensor.iter().sum::<f32>(), 3.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl InformationState for TicTacToe {
    /// `[9, 9]`: row `k` is move `k + 1`, one-hot over the action ids (column `id`, cell
    /// `id + 1`), all zeros until it is played. Under [`FirstPlayer::ByLot`], `[10, 9]`: a
    /// tenth row of all ones when O moved first (zeros when X did), as the observation's fourth
    /// plane.
    fn information_state_tensor_shape(config: &Config) -> Vec<usize> {
        match config.first {
            FirstPlayer::X => vec![MOVE_ROWS, 9],
            FirstPlayer::ByLot => vec![MOVE_ROWS + 1, 9],
        }
    }

    fn information_state_tensor_into(&self, player: Player, out: &mut [f32]) {
        if game_core::NoSuchSeat::check(self, player).is_err() {
            out.fill(0.0);
            return;
        }
        out.fill(0.0);
        for (row, cell) in self.moves().enumerate() {
            if let Some(value) = out.get_mut(row * 9 + usize::from(cell.number()) - 1) {
                *value = 1.0;
            }
        }
        if self.config().first == FirstPlayer::ByLot && self.first_mover() == Mark::O {
            out.iter_mut()
                .skip(MOVE_ROWS * 9)
                .take(9)
                .for_each(|value| *value = 1.0);
        }
    }

    /// The cells played, in order, as keypad digits separated by spaces (`"5 1 9"`; `""` before
    /// the first move), after OpenSpiel's tic-tac-toe, whose information state is its history
    /// of action ids (`"4, 0, 8"`). Under [`FirstPlayer::ByLot`] the lot comes first:
    /// `"O first: 5 1 9"`, `"X first"` before the first move.
    fn information_state_string(&self, player: Player) -> String {
        if let Err(refused) = game_core::NoSuchSeat::check(self, player) {
            return refused.to_string();
        }
        let moves: Vec<String> = self.moves().map(|cell| cell.to_string()).collect();
        let moves = moves.join(" ");
        match self.config().first {
            FirstPlayer::X => moves,
            FirstPlayer::ByLot if moves.is_empty() => format!("{} first", self.first_mover()),
            FirstPlayer::ByLot => format!("{} first: {moves}", self.first_mover()),
        }
    }
}
