//! # life-go
//!
//! Two-player Life: Conway's Game of Life made into a board game for two. Black and White take
//! turns dropping one stone of their colour next to any stone, and after every drop the whole
//! board takes one tick of Life, in which new and surviving stones take the colour of most of
//! their neighbours. A colour with no stones left loses.
//!
//! ```
//! use life_go::prelude::*;
//!
//! // The standard game: 19×19, 11 stones each, Black to move.
//! let mut game = LifeGo::new(Config::default(), 7)?;
//! assert_eq!(game.stones(Colour::Black), 11);
//!
//! // Actions are typed as cells. A drop must touch a stone; then the board ticks.
//! game.apply(&"e3".parse::<Action>()?)?;
//! let far: Action = "a19".parse()?;
//! assert!(matches!(game.check(&far), Err(Error::Isolated { .. }))); // nothing next to a19
//! assert!(game.apply(&far).is_err()); // refused, and nothing changed
//!
//! // Two AIs play a whole game: `eval` as Black, `random` as White.
//! let mut agents = [LifeGo::agent("eval", 1)?, LifeGo::agent("random", 2)?];
//! let played = play::<LifeGo, _>(Config::default(), 7, &mut agents)?;
//! let outcome = played.state().outcome().expect("the game is over");
//! println!("{outcome}");
//! assert_eq!(outcome.winner, Some(Colour::Black));
//! // The record (configuration, seed and drops) replays to the same final state.
//! assert_eq!(played.record().replay()?, *played.state());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Rules
//! - **Board:** 19×19 cells. Files (columns) are lettered from `a` at the left, the letter `i`
//!   included, and ranks (rows) numbered from 1 at the bottom, so `a1` is the bottom-left corner
//!   and `s19` the top-right. Nothing wraps around: cells off the board are always empty. Two
//!   cells are neighbours when they touch by a side or a corner, so a cell has 8 neighbours (fewer
//!   on the edge).
//! - **Players:** Black and White, Black moving first; then they alternate. There is no pass.
//! - **Start:** Black has stones on d3 c5 e5 i10 k10 o4 p4 q4 o15 p17 q15, White on c4 d15 d16
//!   d17 e4 d6 j9 j11 p14 o16 q16 (11 each).
//! - **A move:** drop one stone of your colour on an empty cell that has at least one stone, of
//!   either colour, among its neighbours.
//! - **Then one tick of Life,** every cell at once, counted on the board with the new stone:
//!   - an empty cell with exactly 3 neighbouring stones gets a stone of the colour that most of
//!     those 3 have;
//!   - a stone with fewer than 2 or more than 3 neighbouring stones is removed;
//!   - a stone with 2 or 3 neighbouring stones stays, and takes the colour that most of them
//!     have (its own colour does not count; with one of each it keeps its colour).
//!
//!   So a stone dropped with fewer than two neighbours dies at once, and a drop can turn the
//!   opponent's stones into yours.
//! - **End:** after every move, a colour with no stones left loses (it can never get one back);
//!   if neither colour has any, the player who just moved loses. The game also ends after 400
//!   moves in all, or when the player to move has no legal drop: then the player with more
//!   stones wins, and equal counts are a draw.
//!
//! ## Rule choices
//! The original program states the drop and the tick; this crate decides the rest as follows.
//! - **End:** checked after every move, as stated above. The original program checks only the
//!   player about to move, one move late; the two differ only when one move empties the board
//!   after the other player had already wiped itself out.
//! - **Limits** (new; the original has none): the move limit (400 moves in all by default,
//!   [`Config::move_limit`]) and the end when the player to move has no legal drop, both decided
//!   by stone count. Games between strong players could otherwise go on without end.
//! - **The tick** runs on the board with the new stone, and a stone's own colour does not count
//!   towards the majority (a 1–1 tie leaves it as it is).
//! - **The short game** ([`Config::short`], new): 13×13 with a mirrored setup and 80 moves in
//!   all, for a person at the keyboard (about ten minutes); the rule book's 19×19 and 400 moves
//!   stay the default.
//! - **Sizes:** any board from 3×3 to 64×64, rectangular allowed. The standard setup keeps its
//!   cells and needs 17×17 or more; smaller boards ([`Config::square`]) get a mirrored random
//!   setup drawn from the game's seed — black blinkers and their white images under a half turn
//!   ([`Setup::Mirrored`]) — or take a custom stone list ([`Setup::Custom`]). Files past `z` are
//!   named `aa`, `ab`, … A custom setup with a stone off the board, a cell given twice or a
//!   colour without stones is refused.
//! - **No legal drop** can only happen on a full board (any empty cell on a board with stones
//!   has a path of king moves to a stone, and the first empty cell on it touches one). A tick that
//!   fills a board is at best very rare (none exists on boards up to 4×5, by exhaustive search),
//!   so in practice this rule ends games whose custom setup fills the board.
//! - **Seats:** Black is seat 0 and moves first; White is seat 1. Returns are +1, −1, or 0 for
//!   both on a draw.
//!
//! ## Learning
//! [`LifeGo`] implements game-core's [`Learning`](prelude::Learning), for learning agents. Both
//! seats get the same tensor and string: the game has no hidden information.
//! - **Action ids:** `width × height` (361 on the standard board), one per cell: the drop on
//!   the cell at file `f`, rank `r` (both from 0, `a1` being file 0, rank 0) has id
//!   `r × width + f`, row-major from `a1`: `a1` is 0, `b1` 1, `a2` is `width`, and on 19×19
//!   `s19` is 360. A cell off the board has no id. The legal-action ids come in increasing order.
//! - **Observation tensor:** shape `[5, height, width]` ([`OBSERVATION_PLANES`] planes),
//!   flattened in that order, each plane laid out like the ids (the value of plane `p` at the
//!   cell of id `i` is at index `p × width × height + i`; a plane's row 0 is rank 1). Plane 0
//!   marks black stones, 1 white stones, 2 empty cells; plane 3 is all ones when White is to
//!   move (all zeros for Black); plane 4 holds the moves played over the move limit on every
//!   cell (0 at the start, 1 at the limit). The standard board's tensor has 1,805 values.
//! - **Observation string:** the state as printed: the board, top rank first (`x` black,
//!   `o` white, `.` empty), the stone counts, the moves played and whose turn it is or how the
//!   game ended.
//! - **Information state** ([`InformationState`](prelude::InformationState), perfect recall:
//!   the drops in order, after the position they start from — the setup, or for a game read
//!   from a stored position its drops do not lead to, that position). Both seats get the same.
//!   Tensor, shape `[2 × width × height + 1 + move_limit × (1 + width + height)]`, 16,323
//!   values on the standard board (a one-hot cell per move would take 144,400): first the
//!   origin's black stones and white stones, two planes laid out like the ids; then the
//!   origin's moves played over the move limit (0 for a setup); then one row per move of the
//!   game, move 1 first, each a played flag, the file one-hot (`width` values, `a` first) and
//!   the rank one-hot (`height` values, rank 1 first). Rows of moves not yet played are
//!   zeros, and so are those before a stored origin, except its last drop's. Who dropped
//!   follows from the row (Black the odd moves). String: the drops in the notation, separated
//!   by spaces (`e3 d7`; empty before the first move); for a mirrored setup, the setup first
//!   (`setup black a1 b1 c1, white e7 f7 g7; d2`), and for a stored origin its move count,
//!   last drop and stones (`from move 12 after e3: black …, white …; f4`).
//! - **Chance events** ([`ExplicitChance`](prelude::ExplicitChance)): the rule-book and custom
//!   setups have none. A mirrored setup's draw is a sequence of events, each placing one black
//!   blinker (and its white image): outcome `i` is the `i`-th candidate — the blinkers across,
//!   then up, from each cell of the lower half, a1 first, rank by rank — uniform among those
//!   that still fit (their cells and images empty and clear of stones), until the setup has
//!   its groups or none fits. This draw gives every board exactly the probability the seeded
//!   shuffle gives it, and the blinkers a seed places are the outcomes of that seed.
//!
//! ## Origin
//! The game comes from a Russian blog post on Habr, known to us in a Japanese machine
//! translation titled 「狂気の危機にOnして」 ("On the brink of madness"). Its author built the
//! game in ForthScript for Zillions of Games and Axiom (the source file `Game-Of-Life.4th`), with
//! two computer players, `Random` and `Eval` (a one-move material balance), which this crate
//! keeps as `random` and `eval`.
//!
//! ## Features
//! - [`LifeGo`] implements game-core's `Game` (perfect information: the [`Observation`] is the
//!   state; [`Game::check`](prelude::Game::check) tests a drop without playing it) and `Roster`
//!   with the agents `random`, `eval` ([`EvalAgent`], the original's material balance, one move
//!   deep) and `strong` ([`StrongAgent`], alpha-beta on a node budget, which beats `eval`).
//!   [`StrongAgent::analyse`] gives its drop with how deep it looked and the lead (or the
//!   forced win or loss) it expects there, both sides playing its way: what a hint says. At
//!   [`HINT_NODE_BUDGET`], ten times the default, it won 19 of 20 short games against the
//!   default `strong`.
//! - `Learning` (see [Learning](#learning)): action ids, legal-action masks and observation
//!   tensors for learning agents; `InformationState` and `ExplicitChance` for game-theory
//!   algorithms (CFR, exploitability, search).
//! - [`MoveReport`] and [`Tick`]: what a move did (the drop, then the stones born, dead and
//!   turned in the tick), as data with `Display`, for narrating a game; [`MoveReport::gain`]
//!   ([`Gain`]) counts what the drop itself did for its mover against the board ticking
//!   without it (only the drop's 3×3 differs) and the lead before and after.
//! - [`ParseActionError`]: the notation's own error (a malformed cell, or one off the board);
//!   [`Game::parse_action`](prelude::Game::parse_action) refuses a cell off the game's board
//!   with the board's size, whatever its letters.
//! - With the feature `svg`, `ToSvg` (game-core's, in the prelude with `View`): the board as an
//!   SVG picture with the last drop and what the tick did (stones born, died and turned).
//! - [`prelude`]: everything a program needs, game-core's names included, in one `use`.
//! - [`Board::tick`] is bit-parallel (one `u64` per rank and colour, neighbour counts with bitwise
//!   adders); [`Board::tick_reference`] is the plain cell-by-cell tick beside it, and a property
//!   test proves them equal. Legal drops ([`Board::drop_rows`]) are bit-parallel too.
//! - Serde for states (the board as text rows, checked when read, and the drops that led
//!   there), configurations and actions;
//!   cells and actions are written as text (`"d4"`) by `Display`/`FromStr` and serde alike, and
//!   [`parse_cells`] reads setups.
//! - The workspace's `life_go` example plays it in a terminal (against an AI, or watching two,
//!   or tallying many seeded games with `--observe --games N`); `benches/life_tick.rs` measures
//!   the tick, legal drops and an `eval` decision.

mod action;
mod ai;
mod board;
mod chance;
mod declaration;
mod error;
mod learning;
mod narration;
mod rules;
mod state;
#[cfg(feature = "svg")]
mod svg;

pub use action::{Action, Cell, ParseActionError, file_name, parse_cells};
pub use ai::{Analysis, DEFAULT_NODE_BUDGET, EvalAgent, HINT_NODE_BUDGET, Outlook, StrongAgent};
pub use board::{Board, Colour, MAX_SIDE, MIN_SIDE};
pub use error::Error;
pub use learning::OBSERVATION_PLANES;
pub use narration::{Gain, MoveReport, Tick};
pub use rules::{
    Config, DEFAULT_MOVE_LIMIT, DEFAULT_SIDE, RULE_BOOK_BLACK, RULE_BOOK_WHITE, SHORT_MOVE_LIMIT,
    SHORT_SIDE, Setup,
};
pub use state::{EndReason, LifeGo, Observation, Outcome};

/// The README's example, compiled and run with the doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// Everything a program needs in one `use life_go::prelude::*;`: game-core's prelude (`Game`,
/// `Turn`, `Agent`, `Decision`, `Roster`, `Record`, `play`, …) and this crate's game, its
/// configuration, actions, errors and agents.
pub mod prelude {
    pub use game_core::prelude::*;

    pub use crate::{
        Action, Cell, Colour, Config, Error, EvalAgent, LifeGo, Observation, Outcome, Setup,
        StrongAgent,
    };
}
