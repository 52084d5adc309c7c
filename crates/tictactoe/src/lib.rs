//! # tictactoe
//!
//! Tic-tac-toe (井字棋) as in the seed blog post "通过游戏编程学Python(7)— 井字棋": a pure,
//! deterministic state machine on two 9-bit bitboards, implementing [`game_core::Game`], with
//! the seed's rule-based computer player and a perfect one.
//!
//! ```
//! use game_core::{Agent, Decision, Game, Turn};
//! use tictactoe::{Cell, Config, HeuristicAgent, Outcome, PerfectAgent, TicTacToe};
//!
//! // X (seat 0) moves first by default; cells are numbered like a keypad.
//! let mut game = TicTacToe::new(Config::default(), 42)?;
//! game.apply(&"5".parse::<Cell>()?)?;
//! assert!(game.apply(&"5".parse::<Cell>()?).is_err()); // taken: refused, nothing changed
//!
//! // Let the seed's heuristic (O) and the perfect player (X) finish it.
//! let mut agents: [Box<dyn Agent<TicTacToe>>; 2] =
//!     [Box::new(PerfectAgent::new(1)), Box::new(HeuristicAgent::new(2))];
//! while let Turn::Player(seat) = game.turn() {
//!     let legal = game.legal_actions(seat);
//!     let decision = Decision::new(seat, &game, &legal).expect("a move to make");
//!     let cell = agents[seat].choose(&decision);
//!     game.apply(&cell)?;
//! }
//! println!("{game}");
//! assert_ne!(game.outcome(), Some(Outcome::Winner(tictactoe::Mark::O))); // perfect never loses
//! # Ok::<(), tictactoe::Error>(())
//! ```
//!
//! ## Rules
//! Two players mark a 3×3 board in turn, X and O; three in a row (row, column or diagonal) wins,
//! a full board without one is a draw. Seat 0 always plays X and seat 1 plays O; returns are
//! +1 for the winner, −1 for the loser, 0 each for a draw. A game lasts at most 9 moves.
//!
//! ## Rule choices
//! - Who moves first: [`FirstPlayer::X`] (the rule book's default; the seed is not used) or
//!   [`FirstPlayer::ByLot`], the seed program's `go_first`: X when the first
//!   `GameRng::new(seed).below(2)` is 0, else O. The seat of a mark never changes; with O first,
//!   seat 1 moves first.
//! - Cells are named like a numeric keypad, as the seed asks its players: 7 8 9 is the top row,
//!   1 2 3 the bottom row. An action is a [`Cell`]; it prints as its digit and parses from it.
//! - `heuristic` is the seed's `computer_move` exactly: its win and block scans go from cell 1
//!   to 9 and take the first hit, and its random corner or edge is drawn uniformly from the free
//!   ones in keypad order with the agent's own seeded [`game_core::GameRng`].
//! - `perfect` is minimax with scores that prefer a quicker win (and a later loss); among moves
//!   with equal scores it picks uniformly with its seed. It therefore never loses.
//! - A deserialised state must be one a game can reach: no cell marked twice, mark counts that
//!   alternate from the first mover, O first only under [`FirstPlayer::ByLot`], and no move after
//!   a win (the winner moved last and their last mark made every line they have).
//!
//! ## Features
//! - [`TicTacToe`]: the state (bitboards, `Copy`, serde with validation, `Display` like the
//!   seed's board; `{:#}` shows the numbers of the free cells).
//! - [`Cell`] and [`CellSet`]: keypad cells, sets of cells as masks.
//! - AIs in [`ai`]: [`HeuristicAgent`], [`PerfectAgent`], and `game_core::RandomAgent`, built by
//!   name through [`game_core::Roster`] (`random`, `heuristic`, `perfect`).
//! - [`count_games`]: the number of games from any position by result (every game visited, on
//!   the bitboards), with [`count_games_reference`], the plain walk it is tested against.
//! - [`ai::solve`], [`ai::score`], [`ai::best_moves`]: the game solved by minimax.
//!
//! ## Facts the tests reproduce
//! 255,168 possible games (X wins 131,184, O wins 77,904, draws 46,080); 5,478 reachable positions
//! including the empty board (765 up to symmetry); 958 terminal positions; a draw under perfect
//! play.

mod action;
pub mod ai;
mod error;
mod rules;
mod state;
mod tree;

pub use action::{Cell, CellIter, CellSet};
pub use ai::{HeuristicAgent, PerfectAgent};
pub use error::Error;
pub use rules::{Config, FirstPlayer};
pub use state::{Mark, Outcome, TicTacToe};
pub use tree::{GameCounts, count_games, count_games_reference};
