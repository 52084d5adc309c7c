//! The state machine: a board, whose move it is, and how the game ended.

use std::fmt;
use std::sync::Arc;

use game_core::{Game, Player, Turn, TurnError};
use serde::{Deserialize, Serialize};

use crate::action::{Action, Cell, ParseActionError};
use crate::board::{Board, Colour};
use crate::error::Error;
use crate::rules::{Config, Setup};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The loser has no stones left.
    WipedOut,
    /// The last move left no stones at all: the player who made it loses.
    BoardCleared,
    /// The move limit was reached: more stones wins, equal counts draw.
    MoveLimit,
    /// The player to move had no legal drop: more stones wins, equal counts draw.
    NoDrop,
}

/// How a game ended: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning colour, or `None` for a draw.
    pub winner: Option<Colour>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl fmt::Display for Outcome {
    /// One clause, with no colon, so that it reads inside a sentence (`Game over: white wins,
    /// black having no stones left.`).
    ///
    /// ```
    /// use life_go::{Colour, EndReason, Outcome};
    ///
    /// let wiped = Outcome { winner: Some(Colour::White), reason: EndReason::WipedOut };
    /// assert_eq!(wiped.to_string(), "white wins, black having no stones left");
    /// let even = Outcome { winner: None, reason: EndReason::MoveLimit };
    /// assert_eq!(even.to_string(), "a draw on equal stones at the move limit");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.winner, self.reason) {
            (Some(w), EndReason::WipedOut) => {
                write!(f, "{w} wins, {} having no stones left", w.opponent())
            }
            (Some(w), EndReason::BoardCleared) => {
                write!(f, "{w} wins, the last move having cleared the board")
            }
            (Some(w), EndReason::MoveLimit) => write!(f, "{w} wins on stones at the move limit"),
            (Some(w), EndReason::NoDrop) => write!(
                f,
                "{w} wins on stones, the player to move having no legal drop"
            ),
            (None, EndReason::NoDrop) => write!(
                f,
                "a draw on equal stones, the player to move having no legal drop"
            ),
            (None, EndReason::MoveLimit) => f.write_str("a draw on equal stones at the move limit"),
            (None, _) => f.write_str("a draw on equal stones"),
        }
    }
}

/// The winner by stone count, `None` when equal.
fn by_count(board: &Board) -> Option<Colour> {
    let (black, white) = (board.count(Colour::Black), board.count(Colour::White));
    match black.cmp(&white) {
        std::cmp::Ordering::Greater => Some(Colour::Black),
        std::cmp::Ordering::Less => Some(Colour::White),
        std::cmp::Ordering::Equal => None,
    }
}

/// The end rule, applied after `mover`'s move (the `moves`-th of the game) has been dropped and
/// ticked: a colour without stones loses (the mover, if both have none); then the move limit and
/// a player to move without a legal drop end the game by stone count.
pub(crate) fn end_after_move(
    board: &Board,
    mover: Colour,
    moves: u32,
    move_limit: u32,
) -> Option<Outcome> {
    let black = board.count(Colour::Black);
    let white = board.count(Colour::White);
    let wiped = |winner| {
        Some(Outcome {
            winner: Some(winner),
            reason: EndReason::WipedOut,
        })
    };
    match (black, white) {
        (0, 0) => Some(Outcome {
            winner: Some(mover.opponent()),
            reason: EndReason::BoardCleared,
        }),
        (0, _) => wiped(Colour::White),
        (_, 0) => wiped(Colour::Black),
        _ if moves >= move_limit => Some(Outcome {
            winner: by_count(board),
            reason: EndReason::MoveLimit,
        }),
        _ => no_drop(board),
    }
}

/// The end for a player to move without a legal drop, if that is the case.
///
/// On a board with at least one stone that happens exactly when the board is full: if any cell
/// were empty, walking from a stone to it cell by cell (king moves), the first empty cell met is next
/// to a stone: a legal drop. So counting stones suffices (a property test checks it
/// against the legal-drop generator).
fn no_drop(board: &Board) -> Option<Outcome> {
    let stones = board.count(Colour::Black) + board.count(Colour::White);
    let full = stones as usize == board.width() * board.height();
    (full || stones == 0).then(|| Outcome {
        winner: by_count(board),
        reason: EndReason::NoDrop,
    })
}

/// A game of life-go: the board, the move count, the outcome once it has ended, and the drops
/// played, which its information states show.
///
/// Black (seat 0) moves first and the players alternate, so the move count says whose turn it is.
/// It implements [`Game`]: create one with [`Game::new`], list drops with
/// [`Game::legal_actions`], test one with [`Game::check`] and play it with [`Game::apply`].
///
/// A game knows its drops from its *origin*: the setup for a game from [`Game::new`]; for one
/// read from a stored position whose drops do not lead to it (a position edited by hand, or
/// stored without its drops), that position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "StateData", into = "StateData")]
pub struct LifeGo {
    config: Config,
    board: Board,
    moves: u32,
    last_drop: Option<Cell>,
    outcome: Option<Outcome>,
    /// Where the known drops start, shared by clones.
    origin: Arc<Origin>,
    /// The drops played since the origin, in order.
    drops: Vec<Cell>,
}

/// A position the known drops of a game start from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Origin {
    /// The stones.
    pub(crate) board: Board,
    /// Moves played before it (0 for a setup).
    pub(crate) moves: u32,
    /// The last of those moves' drops.
    pub(crate) last_drop: Option<Cell>,
}

impl LifeGo {
    /// The configuration the game was created with.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Moves played so far.
    pub fn moves_played(&self) -> u32 {
        self.moves
    }

    /// The colour whose turn it is (after the end: the one that would move next).
    pub fn to_move(&self) -> Colour {
        if self.moves.is_multiple_of(2) {
            Colour::Black
        } else {
            Colour::White
        }
    }

    /// Where the last stone was dropped (it may have died in the tick that followed).
    pub fn last_drop(&self) -> Option<Cell> {
        self.last_drop
    }

    /// How the game ended, once it has.
    ///
    /// ```
    /// use life_go::prelude::*;
    ///
    /// let mut agents = [LifeGo::agent("strong", 1)?, LifeGo::agent("random", 2)?];
    /// let played = play::<LifeGo, _>(Config::square(9), 4, &mut agents)?;
    /// let end = played.state();
    /// let outcome = end.outcome().expect("a played game is over");
    /// assert!(end.is_over());
    /// println!("{outcome} after {} moves", end.moves_played());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// `colour`'s stones on the board.
    pub fn stones(&self, colour: Colour) -> u32 {
        self.board.count(colour)
    }

    /// The drops played since the game's origin, in order: every drop, for a game from its
    /// setup.
    ///
    /// ```
    /// use life_go::prelude::*;
    ///
    /// let mut game = LifeGo::new(Config::default(), 0)?;
    /// game.apply(&"e3".parse()?)?;
    /// game.apply(&"d7".parse()?)?;
    /// let drops: Vec<String> = game.drops().iter().map(|c| c.to_string()).collect();
    /// assert_eq!(drops, ["e3", "d7"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn drops(&self) -> &[Cell] {
        &self.drops
    }

    /// The position the known drops start from.
    pub(crate) fn origin(&self) -> &Origin {
        &self.origin
    }

    /// Whether the origin is the configuration's own fixed setup (rule book or custom), which
    /// the configuration alone already tells.
    pub(crate) fn origin_is_fixed_setup(&self) -> bool {
        self.origin.moves == 0 && !matches!(self.config.setup, Setup::Mirrored { .. })
    }

    /// A game from `seed`'s start.
    pub(crate) fn from_start(config: Config, seed: u64) -> Result<Self, Error> {
        let board = config.starting_board(seed)?;
        Ok(Self::from_setup(config, board))
    }

    /// A game from the setup `board` (already checked against `config`).
    pub(crate) fn from_setup(config: Config, board: Board) -> Self {
        let outcome = no_drop(&board);
        Self {
            origin: Arc::new(Origin {
                board: board.clone(),
                moves: 0,
                last_drop: None,
            }),
            config,
            board,
            moves: 0,
            last_drop: None,
            outcome,
            drops: Vec::new(),
        }
    }

    /// A game from the position `origin`, with no drop known before it.
    fn from_origin(config: Config, origin: Origin) -> Self {
        let outcome = outcome_of(&config, &origin);
        Self {
            config,
            board: origin.board.clone(),
            moves: origin.moves,
            last_drop: origin.last_drop,
            outcome,
            origin: Arc::new(origin),
            drops: Vec::new(),
        }
    }

    /// The game one move earlier, replayed from the origin: `None` when no drop is known since
    /// the origin. For pictures of what the last move did.
    #[cfg(feature = "svg")]
    pub(crate) fn before_last_drop(&self) -> Option<LifeGo> {
        let (_, earlier) = self.drops.split_last()?;
        let mut game = LifeGo::from_origin(self.config.clone(), (*self.origin).clone());
        for &cell in earlier {
            game.apply(&Action::at(cell)).ok()?;
        }
        Some(game)
    }

    /// The legal drops of the player to move (none once the game is over), from a1 rank by rank.
    ///
    /// ```
    /// use life_go::prelude::*;
    ///
    /// let game = LifeGo::new(Config::square(7), 3)?;
    /// let drops = game.legal_drops();
    /// assert!(!drops.is_empty());
    /// // The same drops, as actions, through the trait every game implements.
    /// let actions: Vec<Cell> = game.legal_actions(0).iter().map(|a| a.cell()).collect();
    /// assert_eq!(actions, drops);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn legal_drops(&self) -> Vec<Cell> {
        let mut out = Vec::new();
        if !self.is_over() {
            self.board.legal_drops_into(&mut out);
        }
        out
    }
}

/// What a player sees: everything, since life-go has no hidden information. Agents are given
/// the whole state.
pub type Observation = LifeGo;

impl Game for LifeGo {
    type Config = Config;
    type Action = Action;
    type Observation = Self;
    type Error = Error;

    const NAME: &'static str = "life-go";
    const ZERO_SUM: bool = true;

    fn new(config: Config, seed: u64) -> Result<Self, Error> {
        Self::from_start(config, seed)
    }

    fn num_players(&self) -> usize {
        2
    }

    fn max_game_length(&self) -> usize {
        self.config.move_limit as usize
    }

    fn turn(&self) -> Turn {
        if self.is_over() {
            Turn::Over
        } else {
            Turn::Player(self.to_move().seat())
        }
    }

    fn legal_actions_into(&self, player: Player, out: &mut Vec<Action>) {
        out.clear();
        if self.turn() != Turn::Player(player) {
            return;
        }
        let mut cells = Vec::new();
        self.board.legal_drops_into(&mut cells);
        out.extend(cells.into_iter().map(Action::at));
    }

    /// Reads a cell such as `d4`, refusing one off this game's board with its size: `z99` and
    /// `n1` on a 13×13 board are both [`ParseActionError::OffBoard`]. A cell of the board is
    /// read whether or not a drop there is legal now ([`check`](Game::check) says).
    ///
    /// ```
    /// use life_go::prelude::*;
    /// use life_go::ParseActionError;
    ///
    /// let game = LifeGo::new(Config::short(), 0)?;
    /// assert_eq!(game.parse_action(0, "D4")?, "d4".parse()?);
    /// for text in ["n1", "z99"] {
    ///     let err = game.parse_action(0, text).unwrap_err();
    ///     assert!(matches!(err, ParseActionError::OffBoard { width: 13, height: 13, .. }));
    ///     assert!(err.to_string().ends_with("off the 13×13 board: files a to m, ranks 1 to 13"));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn parse_action(&self, _player: Player, text: &str) -> Result<Action, ParseActionError> {
        let off_board = || ParseActionError::OffBoard {
            text: text.trim().to_string(),
            width: self.board.width(),
            height: self.board.height(),
        };
        match text.parse::<Cell>() {
            Ok(cell) if self.board.contains(cell) => Ok(Action::at(cell)),
            Ok(_) | Err(ParseActionError::BeyondEveryBoard { .. }) => Err(off_board()),
            Err(err) => Err(err),
        }
    }

    /// Why `action` is not a legal drop now (the game is over, or its cell is off the board,
    /// taken or without a stone next to it), or `Ok` if it is: exactly what
    /// [`apply`](Game::apply) would answer, without changing anything.
    fn check(&self, action: &Action) -> Result<(), Error> {
        if self.is_over() {
            return Err(TurnError::GameOver.into());
        }
        self.board.check_drop(action.cell())
    }

    fn apply(&mut self, action: &Action) -> Result<(), Error> {
        self.check(action)?;
        let cell = action.cell();
        let mover = self.to_move();
        self.board.place(cell, mover);
        self.board.tick();
        self.moves += 1;
        self.last_drop = Some(cell);
        self.drops.push(cell);
        self.outcome = end_after_move(&self.board, mover, self.moves, self.config.move_limit);
        Ok(())
    }

    fn returns(&self, player: Player) -> f64 {
        match (
            self.outcome.and_then(|o| o.winner),
            Colour::from_seat(player),
        ) {
            (Some(winner), Some(colour)) if winner == colour => 1.0,
            (Some(_), Some(_)) => -1.0,
            _ => 0.0,
        }
    }

    fn observation(&self, _player: Player) -> Self {
        self.clone()
    }
}

impl fmt::Display for LifeGo {
    /// The board as plain text, then the counts and whose turn it is or how the game ended.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.board)?;
        write!(
            f,
            "black {} · white {} · move {}",
            self.stones(Colour::Black),
            self.stones(Colour::White),
            self.moves
        )?;
        match self.outcome {
            Some(outcome) => write!(f, " · {outcome}"),
            None => write!(f, " · {} to move", self.to_move()),
        }
    }
}

/// The board as text rows, top rank first (`x` black, `o` white, `.` empty).
fn board_rows(board: &Board) -> Vec<String> {
    (0..board.height())
        .rev()
        .map(|rank| {
            (0..board.width())
                .map(
                    |file| match Cell::new(file, rank).and_then(|c| board.get(c)) {
                        Some(Colour::Black) => 'x',
                        Some(Colour::White) => 'o',
                        None => '.',
                    },
                )
                .collect()
        })
        .collect()
}

/// The outcome of the position `origin` under `config`: the end rule after its last move, or
/// for a setup whether the first player has a drop.
fn outcome_of(config: &Config, origin: &Origin) -> Option<Outcome> {
    if origin.moves == 0 {
        no_drop(&origin.board)
    } else {
        let mover = if origin.moves % 2 == 1 {
            Colour::Black
        } else {
            Colour::White
        };
        end_after_move(&origin.board, mover, origin.moves, config.move_limit)
    }
}

/// The serialised form of a state: the board as text, top rank first (`x` black, `o` white,
/// `.` empty). Whose turn it is and the outcome follow from it and are recomputed when read.
/// Then the drops since the origin, and the origin itself unless it is the configuration's
/// fixed setup: `{"moves":…,"last_drop":…,"board":[…]}`, a position like the state's own.
#[derive(Serialize, Deserialize)]
struct StateData {
    config: Config,
    moves: u32,
    last_drop: Option<Cell>,
    board: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    origin: Option<PositionData>,
    #[serde(default)]
    drops: Vec<Cell>,
}

/// A stored position: the moves played before it, the last drop and the board.
#[derive(Serialize, Deserialize)]
struct PositionData {
    moves: u32,
    last_drop: Option<Cell>,
    board: Vec<String>,
}

impl From<LifeGo> for StateData {
    fn from(state: LifeGo) -> Self {
        let origin = (!state.origin_is_fixed_setup()).then(|| PositionData {
            moves: state.origin.moves,
            last_drop: state.origin.last_drop,
            board: board_rows(&state.origin.board),
        });
        Self {
            board: board_rows(&state.board),
            config: state.config,
            moves: state.moves,
            last_drop: state.last_drop,
            origin,
            drops: state.drops,
        }
    }
}

/// The position `data` describes under `config`, checked: the board's size and symbols, the
/// move count within the limit, a last drop on the board exactly when moves were played, and
/// before any move the fixed setup itself (for a mirrored setup: stones of both colours).
fn read_position(config: &Config, data: PositionData) -> Result<Origin, Error> {
    let invalid = |why: String| Error::InvalidState(why);
    let mut board = Board::empty(config.width, config.height)?;
    if data.board.len() != config.height {
        return Err(invalid(format!(
            "{} ranks given for a board {} high",
            data.board.len(),
            config.height
        )));
    }
    for (i, row) in data.board.iter().enumerate() {
        let rank = config.height - 1 - i;
        if row.chars().count() != config.width {
            return Err(invalid(format!(
                "rank {} has {} cells, not {}",
                rank + 1,
                row.chars().count(),
                config.width
            )));
        }
        for (file, ch) in row.chars().enumerate() {
            let stone = match ch {
                'x' => Some(Colour::Black),
                'o' => Some(Colour::White),
                '.' => None,
                other => {
                    return Err(invalid(format!(
                        "rank {} holds {other:?}; use x, o or .",
                        rank + 1
                    )));
                }
            };
            if let Some(cell) = Cell::new(file, rank) {
                board.set(cell, stone);
            }
        }
    }
    if data.moves > config.move_limit {
        return Err(invalid(format!(
            "{} moves played, past the limit of {}",
            data.moves, config.move_limit
        )));
    }
    if data.moves == 0 {
        if data.last_drop.is_some() {
            return Err(invalid("a last drop before any move".into()));
        }
        let fixed_setup = !matches!(config.setup, Setup::Mirrored { .. });
        if fixed_setup && config.starting_board(0)? != board {
            return Err(invalid(
                "no move played, yet the board is not the setup".into(),
            ));
        }
        for colour in [Colour::Black, Colour::White] {
            if board.count(colour) == 0 {
                return Err(Error::SetupEmpty { colour });
            }
        }
    } else {
        match data.last_drop {
            Some(cell) if board.contains(cell) => {}
            Some(cell) => {
                return Err(invalid(format!("the last drop {cell} is off the board")));
            }
            None => return Err(invalid("moves were played but no last drop given".into())),
        }
    }
    Ok(Origin {
        board,
        moves: data.moves,
        last_drop: data.last_drop,
    })
}

impl TryFrom<StateData> for LifeGo {
    type Error = Error;

    /// The stored position is what the game is at. Its drops are kept when, played from the
    /// origin (the stored one, else the fixed setup), they lead to exactly that position;
    /// otherwise the position is the game's origin, with no drop known before it.
    fn try_from(data: StateData) -> Result<Self, Error> {
        let config = data.config;
        config.validate()?;
        let position = read_position(
            &config,
            PositionData {
                moves: data.moves,
                last_drop: data.last_drop,
                board: data.board,
            },
        )?;
        let origin = match data.origin {
            Some(origin) => Some(read_position(&config, origin)?),
            None if matches!(config.setup, Setup::Mirrored { .. }) => None,
            None => Some(Origin {
                board: config.starting_board(0)?,
                moves: 0,
                last_drop: None,
            }),
        };
        let replayed = origin.and_then(|origin| {
            let mut game = LifeGo::from_origin(config.clone(), origin);
            for &cell in &data.drops {
                game.apply(&Action::at(cell)).ok()?;
            }
            let reached = (&game.board, game.moves, game.last_drop)
                == (&position.board, position.moves, position.last_drop);
            reached.then_some(game)
        });
        Ok(replayed.unwrap_or_else(|| LifeGo::from_origin(config, position)))
    }
}
