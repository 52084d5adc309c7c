//! Action ids and observation tensors for learning agents ([`Learning`]).
//!
//! - **Action ids**: one per cell, `width × height` in all. The drop on the cell at file `f`
//!   and rank `r` (both from 0; `a1` is file 0, rank 0) has id `r × width + f`: row-major from
//!   `a1` along rank 1, then rank 2, and so on, the order of
//!   [`Board::cells`](crate::Board::cells) and of the legal drops. On the 19×19 board `a1` is 0,
//!   `s1` 18, `a2` 19 and `s19` 360. A cell off the board has no id.
//! - **Observation tensor**: [`OBSERVATION_PLANES`] planes × `height` × `width`, flattened in
//!   that order, so the value of plane `p` at a cell is at `p × height × width + id`, where `id`
//!   is the cell's action id (row 0 of a plane is rank 1, the bottom of the board as printed):
//!   0. black stones (1 on a black stone, else 0);
//!   1. white stones;
//!   2. empty cells;
//!   3. the side to move: all ones when White is to move, all zeros when Black is (after the
//!      end: the colour that would move next);
//!   4. the moves played so far over the move limit, the same value on every cell (0 at the
//!      start, 1 when the limit is reached).
//!
//!   Together they are everything that decides the rest of the game; where the last stone was
//!   dropped is not in it. Both seats see the same tensor: the game has no hidden information.
//! - **Observation string**: the state as [`Display`](std::fmt::Display) prints it: the board,
//!   top rank first (`x` black, `o` white, `.` empty), then the stone counts, the moves played
//!   and whose turn it is or how the game ended; the same for both seats.

use game_core::{Learning, Player};

use crate::action::{Action, Cell};
use crate::board::Colour;
use crate::rules::Config;
use crate::state::LifeGo;

/// Planes of the observation tensor: black, white, empty, side to move, move-limit progress.
pub const OBSERVATION_PLANES: usize = 5;

/// One action id per cell, row-major from `a1`; five planes of `height × width`.
///
/// ```
/// use life_go::prelude::*;
///
/// let config = Config::default();
/// assert_eq!(LifeGo::num_distinct_actions(&config), 361);
/// let a2: Action = "a2".parse()?;
/// assert_eq!(LifeGo::action_id(&config, &a2), Some(19));
/// assert_eq!(LifeGo::action_from_id(&config, 19), Some(a2));
/// assert_eq!(LifeGo::observation_tensor_shape(&config), [5, 19, 19]);
/// # Ok::<(), Error>(())
/// ```
impl Learning for LifeGo {
    /// `width × height`, one id per cell.
    fn num_distinct_actions(config: &Config) -> usize {
        config.width.saturating_mul(config.height)
    }

    /// `rank × width + file`; `None` for a cell off the board.
    fn action_id(config: &Config, action: &Action) -> Option<usize> {
        let cell = action.cell();
        (cell.file() < config.width && cell.rank() < config.height)
            .then(|| cell.rank() * config.width + cell.file())
    }

    /// The cell at file `id % width`, rank `id / width`; `None` from `width × height` on.
    fn action_from_id(config: &Config, id: usize) -> Option<Action> {
        if id >= Self::num_distinct_actions(config) {
            return None;
        }
        let file = id.checked_rem(config.width)?;
        let rank = id.checked_div(config.width)?;
        Cell::new(file, rank).map(Action::at)
    }

    /// `[OBSERVATION_PLANES, height, width]`.
    fn observation_tensor_shape(config: &Config) -> Vec<usize> {
        vec![OBSERVATION_PLANES, config.height, config.width]
    }

    fn config_of(&self) -> Config {
        self.config().clone()
    }

    fn observation_tensor_into(&self, _player: Player, out: &mut [f32]) {
        let board = self.board();
        let (width, height) = (board.width(), board.height());
        let area = width * height;
        let black = board.rows(Colour::Black);
        let white = board.rows(Colour::White);
        let flag = |on: bool| if on { 1.0 } else { 0.0 };
        let to_move = flag(self.to_move() == Colour::White);
        let progress = self.moves_played() as f32 / self.config().move_limit.max(1) as f32;
        for rank in 0..height {
            for file in 0..width {
                let at = rank * width + file;
                let is_black = black[rank] >> file & 1 == 1;
                let is_white = white[rank] >> file & 1 == 1;
                let values = [
                    flag(is_black),
                    flag(is_white),
                    flag(!is_black && !is_white),
                    to_move,
                    progress,
                ];
                for (plane, value) in values.into_iter().enumerate() {
                    if let Some(slot) = out.get_mut(plane * area + at) {
                        *slot = value;
                    }
                }
            }
        }
    }

    fn observation_string(&self, _player: Player) -> String {
        self.to_string()
    }
}
