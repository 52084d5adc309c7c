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
//! - **Information state** (documented in the crate docs, section "Learning"): the origin's
//!   stones and move count, then one row per move: a played flag, the file and the rank
//!   one-hot.

use game_core::{InformationState, Learning, Player};

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

    /// Planes of flags: every element is 0 or 1.
    fn observation_bounds(config: &Config) -> game_core::Bounds {
        let len = Self::observation_tensor_shape(config).iter().product();
        game_core::Bounds::uniform(len, 0.0, 1.0)
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

/// Values of a move's row in the information state tensor: the flag, then the file and the
/// rank one-hot.
fn move_width(config: &Config) -> usize {
    1 + config.width + config.height
}

/// The drops in order from the origin (its stones, its move count and last drop), as one-hot
/// rows and in the board's notation.
///
/// ```
/// use life_go::prelude::*;
///
/// let mut game = LifeGo::new(Config::default(), 0)?;
/// game.apply(&"e3".parse()?)?;
/// game.apply(&"d7".parse()?)?;
/// assert_eq!(game.information_state_string(0), "e3 d7");
/// // 19×19: the origin's stones (2 × 361), its move count, 400 moves of 1 + 19 + 19 values.
/// assert_eq!(LifeGo::information_state_tensor_shape(&Config::default()), [16_323]);
/// let tensor = game.information_state_tensor(1);
/// let first_move = 2 * 361 + 1;
/// assert_eq!(tensor[first_move], 1.0); // played
/// assert_eq!(tensor[first_move + 1 + 4], 1.0); // file e
/// assert_eq!(tensor[first_move + 1 + 19 + 2], 1.0); // rank 3
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl InformationState for LifeGo {
    /// `[2 × width × height + 1 + move_limit × (1 + width + height)]`: 16,323 on the standard
    /// board.
    fn information_state_tensor_shape(config: &Config) -> Vec<usize> {
        let area = config.width.saturating_mul(config.height);
        let moves = usize::try_from(config.move_limit).unwrap_or(usize::MAX);
        vec![
            area.saturating_mul(2)
                .saturating_add(1)
                .saturating_add(moves.saturating_mul(move_width(config))),
        ]
    }

    fn information_state_tensor_into(&self, player: Player, out: &mut [f32]) {
        if game_core::NoSuchSeat::check(self, player).is_err() {
            out.fill(0.0);
            return;
        }
        out.fill(0.0);
        let config = self.config();
        let origin = self.origin();
        let (width, height) = (origin.board.width(), origin.board.height());
        let area = width * height;
        for (plane, colour) in [Colour::Black, Colour::White].into_iter().enumerate() {
            for (rank, &row) in origin.board.rows(colour).iter().enumerate() {
                for file in (0..width).filter(|file| row >> file & 1 == 1) {
                    if let Some(value) = out.get_mut(plane * area + rank * width + file) {
                        *value = 1.0;
                    }
                }
            }
        }
        if let Some(value) = out.get_mut(2 * area) {
            *value = origin.moves as f32 / config.move_limit.max(1) as f32;
        }
        let rows = 2 * area + 1;
        let row_width = move_width(config);
        let known = origin.moves.checked_sub(1).zip(origin.last_drop);
        let drops = self
            .drops()
            .iter()
            .enumerate()
            .map(|(i, &cell)| (origin.moves as usize + i, cell));
        for (index, cell) in known.map(|(m, c)| (m as usize, c)).into_iter().chain(drops) {
            let at = rows + index * row_width;
            for offset in [0, 1 + cell.file(), 1 + width + cell.rank()] {
                if let Some(value) = out.get_mut(at + offset) {
                    *value = 1.0;
                }
            }
        }
    }

    /// The drops in the board's notation, separated by spaces (`"e3 d7"`; empty before the
    /// first move). Before them, when the configuration does not already tell it, the origin:
    /// a mirrored setup's stones (`"setup black a1 b1 c1, white e7 f7 g7; d2"`), or a stored
    /// position's move count, last drop and stones (`"from move 12 after e3: black …, white
    /// …; f4"`).
    fn information_state_string(&self, player: Player) -> String {
        if let Err(refused) = game_core::NoSuchSeat::check(self, player) {
            return refused.to_string();
        }
        let mut parts = Vec::new();
        if !self.origin_is_fixed_setup() {
            let origin = self.origin();
            let stones = |colour| {
                let cells: Vec<String> = origin
                    .board
                    .cells()
                    .filter(|&c| origin.board.get(c) == Some(colour))
                    .map(|c| c.to_string())
                    .collect();
                cells.join(" ")
            };
            let at = match (origin.moves, origin.last_drop) {
                (0, _) | (_, None) => "setup".to_string(),
                (moves, Some(cell)) => format!("from move {moves} after {cell}:"),
            };
            parts.push(format!(
                "{at} black {}, white {}",
                stones(Colour::Black),
                stones(Colour::White)
            ));
        }
        if !self.drops().is_empty() {
            let drops: Vec<String> = self.drops().iter().map(|c| c.to_string()).collect();
            parts.push(drops.join(" "));
        }
        parts.join("; ")
    }
}
