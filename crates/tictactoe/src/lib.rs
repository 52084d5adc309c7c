//! # tictactoe
//!
//! Tic-tac-toe (井字棋) as a pure, deterministic state machine on two 9-bit bitboards,
//! implementing [`Game`](game_core::Game), with the rule-based computer player of the program it
//! comes from and a perfect one.
//!
//! ```
//! use tictactoe::prelude::*;
//!
//! // X (seat 0) moves first by default; cells are numbered like a keypad, 7 8 9 on top.
//! let mut game = TicTacToe::new(Config::default(), 42)?;
//! game.apply(&"5".parse()?)?;
//! assert_eq!(game.to_move(), Some(Mark::O));
//! // A taken cell is refused, and nothing changes.
//! let centre: Cell = "5".parse()?;
//! assert_eq!(game.check(&centre), Err(Error::Occupied(centre)));
//! assert!(game.apply(&centre).is_err());
//!
//! // A whole game between two AIs, lots drawn for the first move: the finished state and its
//! // record, which replays to the same state.
//! let mut agents: [Box<dyn Agent<TicTacToe>>; 2] =
//!     [Box::new(PerfectAgent::new(1)), Box::new(HeuristicAgent::new(2))];
//! let played = play::<TicTacToe, _>(Config::BY_LOT, 7, &mut agents)?;
//! println!("{}", played.state());
//! assert_ne!(played.state().winner(), Some(Mark::O)); // perfect (X) never loses
//! assert_eq!(played.record().replay()?, *played.state());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Rules
//! - Two players, X and O, play on a board of 3×3 cells, all empty at the start. Seat 0 always
//!   plays X and seat 1 always plays O.
//! - They take turns; on their turn a player puts one of their marks in an empty cell. Marks are
//!   never moved or removed, and a player cannot pass.
//! - X makes the first move (or, under [`FirstPlayer::ByLot`], lots decide who does; see the
//!   rule choices).
//! - A player who has three of their marks in a line — one of the three rows, one of the three
//!   columns, or one of the two diagonals — wins, and the game ends at once.
//! - When all nine cells are filled and nobody has a line, the game is a draw.
//! - Returns: +1 for the winner, −1 for the loser, 0 each for a draw. A game lasts at most 9
//!   moves.
//!
//! ## Rule choices
//! - Who moves first: [`FirstPlayer::X`] (the default; the game's seed is not used) or
//!   [`FirstPlayer::ByLot`], the original program's `go_first`: X when the first
//!   `GameRng::new(seed).below(2)` is 0, else O. The seat of a mark never changes; with O first,
//!   seat 1 moves first.
//! - Cells are named like a numeric keypad, as the original program asks its players: 7 8 9 is
//!   the top row, 1 2 3 the bottom row. The game's [`Action`] is a [`Cell`]; it prints as its
//!   digit, parses from it and serialises as that text (records store `"5"`).
//! - `heuristic` is the original program's `computer_move` exactly: take a cell that completes a
//!   line of one's own; else take a cell that would complete a line of the opponent's; else a
//!   free corner at random; else the centre; else a free edge at random. Its win and block scans
//!   go from cell 1 to 9 and take the first hit, and its random corner or edge is drawn uniformly
//!   from the free ones in keypad order with the agent's own seeded [`GameRng`](game_core::GameRng).
//! - `perfect` is minimax with scores that prefer a quicker win (and a later loss); among moves
//!   with equal scores it picks uniformly with its seed. It therefore never loses.
//! - A deserialised state must be one a game can reach: no cell marked twice, mark counts that
//!   alternate from the first mover, O first only under [`FirstPlayer::ByLot`], and no move after
//!   a win (the winner moved last and their last mark made every line they have). Each mark's
//!   cells are stored in the order they were played, and that order must not go on after a
//!   win either. Anything else is refused with an [`Error`].
//!
//! ## Origin
//! The game and its computer player come from the second tic-tac-toe post, "井字棋(下)", of the
//! Chinese blog series "通过游戏编程学Python" (Learning Python through game programming) by 问哥:
//! a Python program for the terminal in which a person plays a friend or the computer, chooses X
//! or O, and lots decide who moves first. Its `computer_move` is [`HeuristicAgent`]; its board
//! drawing is [`TicTacToe`]'s `Display`.
//!
//! ## Features
//! - [`TicTacToe`]: the state (bitboards, `Copy`, serde with validation, `Display` like the
//!   original program's board; `{:#}` shows the numbers of the free cells). [`Observation`] is
//!   the state itself: the game has no hidden information.
//! - [`Cell`] and [`CellSet`]: keypad cells, sets of cells as masks; [`Mark`] and [`Outcome`].
//! - AIs: [`HeuristicAgent`] (with [`heuristic_choice`], the rule and cells it picks from),
//!   [`PerfectAgent`], `game_core::RandomAgent` and game-core's `Uct`, built by name through
//!   [`Roster`](game_core::Roster) (`random`, `heuristic`, `perfect`, `mcts`, described in its
//!   [`Declaration`](game_core::Declaration)).
//! - [`count_games`]: the number of games from any position by result (every game visited, on
//!   the bitboards), with [`count_games_reference`], the plain walk it is tested against.
//! - [`solve`], [`score`], [`best_moves`]: the game solved by minimax.
//! - For learning agents, [`Learning`](game_core::Learning): 9 action ids, cell `k` (keypad
//!   numbering) being id `k - 1`; an observation tensor of shape `[3, 3, 3]` — planes for the
//!   empty cells, X's and O's, each 3 rows (top row, 7 8 9, first) by 3 columns, as OpenSpiel's
//!   tic-tac-toe — and `[4, 3, 3]` under [`FirstPlayer::ByLot`], whose fourth plane is all ones
//!   when O moved first; the observation string is the board as three rows of `X`, `O` and `.`.
//! - For game-theory algorithms (CFR, exploitability, search through OpenSpiel),
//!   [`InformationState`](game_core::InformationState): the moves in order (perfect recall),
//!   as a `[9, 9]` tensor of one-hot moves (`[10, 9]` by lot, with a row for O moving first)
//!   and as the keypad digits played, `"5 1 9"` (`"O first: 5 1 9"` by lot); and
//!   [`ExplicitChance`](game_core::ExplicitChance): under [`FirstPlayer::ByLot`] the lot is one
//!   chance event, X (outcome 0) or O (outcome 1), a half each, the draw the seed makes.
//! - With the feature `svg`, `ToSvg` (game-core's, in the prelude with `View`): the board as an
//!   SVG picture, the last move outlined and a winning line struck through.
//! - [`prelude`]: everything a program needs, game-core's part included, in one `use`.
//!
//! ## Facts the tests reproduce
//! 255,168 possible games (X wins 131,184, O wins 77,904, draws 46,080); 5,478 reachable positions
//! including the empty board (765 up to symmetry); 958 terminal positions; a draw under perfect
//! play.

mod action;
mod ai;
mod chance;
mod declaration;
mod error;
mod learning;
mod narration;
mod rules;
mod state;
#[cfg(feature = "svg")]
mod svg;
mod tree;

pub use action::{Cell, CellIter, CellSet};
pub use ai::{
    HeuristicAgent, HeuristicChoice, HeuristicRule, MCTS_ITERATIONS, PerfectAgent, best_moves,
    heuristic_choice, score, solve,
};
pub use error::Error;
pub use rules::{Config, FirstPlayer};
pub use state::{Mark, Outcome, TicTacToe};
pub use tree::{GameCounts, count_games, count_games_reference};

/// The game's action: the [`Cell`] the player to move marks.
pub type Action = Cell;

/// What a player sees: the whole state, since tic-tac-toe has no hidden information.
pub type Observation = TicTacToe;

/// Everything a program needs in one `use tictactoe::prelude::*;`: game-core's prelude
/// ([`Game`](game_core::Game), [`Turn`](game_core::Turn), [`Agent`](game_core::Agent),
/// [`play`](game_core::play), [`Record`](game_core::Record), …) and this crate's game, its
/// configuration, action, error and agents.
pub mod prelude {
    pub use crate::{
        Action, Cell, CellSet, Config, Error, FirstPlayer, HeuristicAgent, Mark, Observation,
        Outcome, PerfectAgent, TicTacToe,
    };
    pub use game_core::prelude::*;
}
