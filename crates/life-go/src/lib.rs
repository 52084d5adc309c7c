//! # life-go
//!
//! Two-player Life (seed 002, from its ForthScript source `Game-Of-Life.4th`): Black and White take
//! turns dropping one stone of their colour next to any stone, and after every drop the whole
//! board takes one tick of Conway's Life in which births and survivors take the colour of the
//! majority of their neighbours. A colour with no stones left loses.
//!
//! ```
//! use game_core::{Game, Roster, Decision};
//! use life_go::{Colour, Config, LifeGo, Move};
//!
//! // The rule book's game: 19×19, 11 stones each, Black to move.
//! let mut game = LifeGo::new(Config::default(), 7)?;
//! assert_eq!(game.stones(Colour::Black), 11);
//!
//! // Moves are typed as cells. A drop must touch a stone; then the board ticks.
//! game.apply(&"e3".parse::<Move>()?)?;
//! assert!(game.apply(&"a19".parse::<Move>()?).is_err()); // nothing next to a19
//!
//! // Let two AIs finish the game (`strong` is the one that beats `eval`).
//! let mut players = [LifeGo::agent("eval", 1)?, LifeGo::agent("random", 2)?];
//! while let game_core::Turn::Player(seat) = game.turn() {
//!     let legal = game.legal_actions(seat);
//!     let observation = game.observation(seat);
//!     let decision = Decision::new(seat, &observation, &legal).expect("moves exist until the end");
//!     let mv = players[seat].choose(&decision);
//!     game.apply(&mv)?;
//! }
//! println!("{}", game.outcome().expect("the game is over"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Rule choices
//! Where the rule book (section 4) decides something the seed leaves open, this crate follows it:
//! - **End:** checked after every move: if exactly one colour has no stones it loses; if neither
//!   has any, the player who just moved loses. The seed's program checks only the player about to
//!   move, one move late; the two differ only when one move empties the board after the other
//!   player had already wiped itself out.
//! - **Limits** (new; the seed has none): after the move limit (400 moves in all by default), or
//!   when the player to move has no legal drop, the player with more stones wins and equal counts
//!   draw.
//! - **The tick** runs on the board with the new stone, so a stone dropped with fewer than two
//!   neighbours dies at once, and a stone's own colour does not count towards the majority (a
//!   1–1 tie leaves it as it is). Off the board is always empty (no torus).
//! - **Sizes:** any board from 3×3 to 64×64, rectangular allowed. The rule book's setup keeps its
//!   coordinates and needs 17×17 or more; smaller boards ([`Config::square`]) get a mirrored
//!   random setup drawn from the game's seed — black blinkers and their white images under a half
//!   turn ([`Setup::Mirrored`]) — or take a custom stone list ([`Setup::Custom`]). Files past `z`
//!   are named `aa`, `ab`, … A custom setup with a stone off the board, a cell given twice or a
//!   colour without stones is refused.
//! - **No legal drop** can only happen on a full board (any empty cell on a board with stones
//!   has a path of king moves to a stone, and the first empty cell on it touches one). A tick that
//!   fills a board is at best very rare (none exists on boards up to 4×5, by exhaustive search),
//!   so in practice this rule ends games whose custom setup fills the board.
//! - **Seats:** Black is seat 0 and moves first; White is seat 1. Returns are +1, −1, or 0 for
//!   both on a draw.
//!
//! ## Features
//! - [`LifeGo`] implements [`game_core::Game`] (perfect information: the observation is the
//!   state) and [`game_core::Roster`] with the agents `random`, `eval` (the seed's material
//!   balance, one move deep) and `strong` ([`StrongAgent`], alpha-beta on a node budget).
//! - [`Board::tick`] is bit-parallel (one `u64` per rank and colour, neighbour counts with bitwise
//!   adders); [`Board::tick_reference`] is the cell-by-cell rule book beside it, and a property
//!   test proves them equal. Legal drops ([`Board::drop_rows`]) are bit-parallel too.
//! - Serde for states (the board as text rows, checked when read), configurations and moves;
//!   `Display`/`FromStr` for cells and moves (`d4`), and [`parse_cells`] for setups.
//! - The workspace's `life_go` example plays it in a terminal (against an AI, or watching two,
//!   or tallying many seeded games with `--observe --games N`); `benches/life_tick.rs` measures
//!   the tick, legal drops and an `eval` decision.

mod action;
pub mod ai;
mod board;
mod error;
mod rules;
mod state;

pub use action::{Cell, Move, file_name, parse_cells};
pub use ai::{DEFAULT_NODE_BUDGET, EvalAgent, StrongAgent};
pub use board::{Board, Colour, MAX_SIDE, MIN_SIDE};
pub use error::LifeGoError;
pub use rules::{
    Config, DEFAULT_MOVE_LIMIT, DEFAULT_SIDE, RULE_BOOK_BLACK, RULE_BOOK_WHITE, Setup,
};
pub use state::{EndReason, LifeGo, Outcome};
