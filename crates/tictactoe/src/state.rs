//! The state machine: two 9-bit masks, one per mark.

use std::fmt;
use std::str::FromStr;

use game_core::{Game, GameRng, Player, Turn, TurnError};
use serde::{Deserialize, Serialize};

use crate::action::{Cell, CellSet};
use crate::error::Error;
use crate::rules::{Config, FirstPlayer};

/// A player's mark. Seat 0 plays X and seat 1 plays O, whoever moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Mark {
    /// Seat 0.
    X,
    /// Seat 1.
    O,
}

impl Mark {
    /// The seat that plays this mark: 0 for X, 1 for O.
    #[inline]
    pub const fn seat(self) -> Player {
        self as Player
    }

    /// The mark of `seat`, or `None` for a seat other than 0 and 1.
    ///
    /// ```
    /// use tictactoe::Mark;
    ///
    /// assert_eq!(Mark::of_seat(1), Some(Mark::O));
    /// assert_eq!(Mark::of_seat(2), None);
    /// assert_eq!(Mark::X.other().seat(), 1);
    /// assert_eq!("x".parse::<Mark>()?, Mark::X);
    /// # Ok::<(), tictactoe::Error>(())
    /// ```
    pub const fn of_seat(seat: Player) -> Option<Self> {
        match seat {
            0 => Some(Self::X),
            1 => Some(Self::O),
            _ => None,
        }
    }

    /// The other mark.
    #[inline]
    pub const fn other(self) -> Self {
        match self {
            Self::X => Self::O,
            Self::O => Self::X,
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::X => "X",
            Self::O => "O",
        })
    }
}

impl FromStr for Mark {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "X" | "x" => Ok(Self::X),
            "O" | "o" => Ok(Self::O),
            other => Err(Error::ParseMark(other.to_string())),
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// This mark made three in a row.
    Winner(Mark),
    /// The board filled up without three in a row.
    Draw,
}

/// The eight lines, as masks (bit `n - 1` for cell `n`): rows, columns, diagonals.
pub(crate) const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0x1FF;

/// `WON[mask]`: whether the cells of `mask` contain a line. Built at compile time from
/// [`LINES`]; [`has_line_reference`] is the plain loop it must agree with.
static WON: [bool; 512] = {
    let mut table = [false; 512];
    let mut mask = 0;
    while mask < 512 {
        table[mask] = has_line_reference(mask as u16);
        mask += 1;
    }
    table
};

/// Whether `mask` contains one of the eight lines, checked line by line.
pub(crate) const fn has_line_reference(mask: u16) -> bool {
    let mut i = 0;
    while i < LINES.len() {
        if mask & LINES[i] == LINES[i] {
            return true;
        }
        i += 1;
    }
    false
}

/// Whether `mask` contains a line (table lookup).
#[inline(always)]
pub(crate) fn has_line(mask: u16) -> bool {
    WON[usize::from(mask & FULL)]
}

/// A game of tic-tac-toe: a 3×3 board as two bitboards (one 9-bit mask per mark), who moved
/// first, the order the marks were played in, and the configuration. Seat 0 plays X, seat 1
/// plays O.
///
/// It serialises as `{"config":…,"first":"X","x":["5","1"],"o":["9"]}` (cells as their keypad
/// digits, as [`Cell`] prints them, each mark's cells in the order they were played, so that
/// the moves are kept: here X 5, O 9, X 1); deserialising checks that a game could reach the
/// position: no cell marked twice, mark counts that alternate from the first mover, nobody
/// playing on after a win, also in the order given.
///
/// Equality and hashing are about the position (configuration, first mover and marks), not the
/// order the marks came in: two games that reach one board by different move orders are equal,
/// as the solver and the counts of positions want. The order is [`TicTacToe::moves`], which
/// the information state ([`InformationState`](game_core::InformationState)) shows.
///
/// `Display` draws the board as the original program does; the alternate form (`{:#}`) writes the
/// number of each free cell into it, as a reminder of the keypad layout.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(try_from = "StateRepr", into = "StateRepr")]
pub struct TicTacToe {
    config: Config,
    first: Mark,
    marks: [u16; 2],
    /// Who moves next, `None` once the game is over: derived from `marks` and `first` (see
    /// [`TicTacToe::status_of`]), kept so that the hot path asks the board once per move.
    next: Option<Mark>,
    /// The cells played, four bits each (the keypad number), the latest in the lowest four
    /// bits: nine moves fit in 36 bits, and a move is one shift.
    history: u64,
}

impl PartialEq for TicTacToe {
    fn eq(&self, other: &Self) -> bool {
        // `next` follows from the rest; the move order is left out on purpose (see the type).
        (self.config, self.first, self.marks) == (other.config, other.first, other.marks)
    }
}

impl Eq for TicTacToe {}

impl std::hash::Hash for TicTacToe {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.config, self.first, self.marks).hash(state);
    }
}

impl TicTacToe {
    /// A new game. With [`FirstPlayer::ByLot`] the first mover is drawn from `seed` (the first
    /// draw of [`GameRng::new`]`(seed).below(2)`: 0 is X, 1 is O); otherwise X moves first and
    /// the seed is not used.
    ///
    /// ```
    /// use tictactoe::prelude::*;
    ///
    /// let standard = TicTacToe::start(Config::default(), 0);
    /// assert_eq!(standard.to_move(), Some(Mark::X));
    /// // By lot, the seed decides who opens, the same way every time.
    /// let drawn = TicTacToe::start(Config::BY_LOT, 3);
    /// assert_eq!(drawn, TicTacToe::start(Config::BY_LOT, 3));
    /// // `Game::new` is the same, through the trait every game implements.
    /// assert_eq!(TicTacToe::new(Config::default(), 0)?, standard);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn start(config: Config, seed: u64) -> Self {
        let first = match config.first {
            FirstPlayer::X => Mark::X,
            FirstPlayer::ByLot => Self::lot(seed),
        };
        Self::empty(config, first)
    }

    /// The lot of `seed`: X when the first `GameRng::new(seed).below(2)` is 0, else O.
    pub(crate) fn lot(seed: u64) -> Mark {
        if GameRng::new(seed).below(2) == 0 {
            Mark::X
        } else {
            Mark::O
        }
    }

    /// An empty board with `first` to move (the caller has checked that the configuration
    /// allows it).
    pub(crate) fn empty(config: Config, first: Mark) -> Self {
        Self {
            config,
            first,
            marks: [0, 0],
            next: Some(first),
            history: 0,
        }
    }

    /// A position given by its marks, checked as deserialisation checks it.
    ///
    /// A set of marks does not say in which order they were played; the game takes them as
    /// played in keypad order, each mark's own cells from 1 to 9, except that a winner's last
    /// move is the highest of its cells that every one of its lines needs. That order is what
    /// [`TicTacToe::moves`] and the information state then show.
    ///
    /// ```
    /// use tictactoe::prelude::*;
    /// use tictactoe::{CellSet, Outcome};
    ///
    /// let cells = |text: &str| text.split(' ').map(|c| c.parse::<Cell>()).collect::<Result<CellSet, _>>();
    /// let won = TicTacToe::from_marks(Config::X_FIRST, Mark::X, cells("9 5 1")?, cells("2 3")?)?;
    /// assert_eq!(won.winner(), Some(Mark::X));
    /// let order: Vec<String> = won.moves().map(|cell| cell.to_string()).collect();
    /// assert_eq!(order, ["1", "2", "5", "3", "9"]);
    ///
    /// // X has the top row, O two of the middle: X won on its third move.
    /// let won = TicTacToe::from_marks(Config::default(), Mark::X, cells("7 8 9")?, cells("4 5")?)?;
    /// assert_eq!(won.outcome(), Some(Outcome::Winner(Mark::X)));
    /// assert_eq!(won.winning_cells(), cells("7 8 9")?);
    /// // Four X against one O cannot happen.
    /// assert!(TicTacToe::from_marks(Config::default(), Mark::X, cells("1 2 3 4")?, cells("5")?).is_err());
    /// # Ok::<(), Error>(())
    /// ```
    pub fn from_marks(config: Config, first: Mark, x: CellSet, o: CellSet) -> Result<Self, Error> {
        let (x, o) = (x.mask(), o.mask());
        if let Some(cell) = CellSet::from_mask(x & o).first() {
            return Err(Error::MarkedTwice(cell));
        }
        if config.first == FirstPlayer::X && first == Mark::O {
            return Err(Error::FirstPlayerMismatch);
        }
        let marks = [x, o];
        let (leader, follower) = (
            marks[first.seat()].count_ones(),
            marks[first.other().seat()].count_ones(),
        );
        if leader != follower && leader != follower + 1 {
            return Err(Error::MarkCounts {
                x: x.count_ones(),
                o: o.count_ones(),
                first,
            });
        }
        for mark in [Mark::X, Mark::O] {
            let mine = marks[mark.seat()];
            if !has_line(mine) {
                continue;
            }
            // The win must be the last move: the winner moved last, the other has no line, and
            // one of the winner's marks completed every line it has.
            let last = if (x | o).count_ones() % 2 == 1 {
                first
            } else {
                first.other()
            };
            if last != mark {
                return Err(Error::PlayedAfterWin(mark));
            }
            if has_line(marks[mark.other().seat()]) {
                return Err(Error::PlayedAfterWin(mark.other()));
            }
            let fresh = CellSet::from_mask(mine)
                .iter()
                .any(|cell| !has_line(mine & !cell.bit()));
            if !fresh {
                return Err(Error::PlayedAfterWin(mark));
            }
        }
        // Replay the marks in keypad order, a winner's line-making cell last: before it the
        // winner has no line (that is what "every line needs it" means) and the other mark
        // never has one, so this order is a game.
        let order = |mark: Mark| {
            let mine = marks[mark.seat()];
            let last = CellSet::from_mask(mine)
                .iter()
                .filter(|cell| has_line(mine) && !has_line(mine & !cell.bit()))
                .last();
            let mut cells: Vec<Cell> = CellSet::from_mask(mine)
                .iter()
                .filter(|&cell| Some(cell) != last)
                .collect();
            cells.extend(last);
            cells
        };
        let mut game = Self::empty(config, first);
        game.replay(&order(first), &order(first.other()))?;
        debug_assert_eq!(game.next, Self::status_of(marks, first));
        Ok(game)
    }

    /// Plays `leader`'s and `follower`'s cells alternately from an empty board, `leader`'s
    /// first; refused as [`Error::PlayedAfterWin`] when a move comes after a line.
    fn replay(&mut self, leader: &[Cell], follower: &[Cell]) -> Result<(), Error> {
        let mut turns = [leader.iter(), follower.iter()];
        for at in 0..leader.len() + follower.len() {
            let Some(&cell) = turns[at % 2].next() else {
                break;
            };
            if let Some(winner) = self.winner() {
                return Err(Error::PlayedAfterWin(winner));
            }
            self.play(cell)?;
        }
        Ok(())
    }

    /// The cells marked so far, in the order they were played (the first mover's first).
    ///
    /// ```
    /// use tictactoe::prelude::*;
    ///
    /// let mut game = TicTacToe::new(Config::X_FIRST, 0)?;
    /// for cell in ["5", "1", "9"] {
    ///     game.apply(&cell.parse()?)?;
    /// }
    /// let moves: Vec<u8> = game.moves().map(Cell::number).collect();
    /// assert_eq!(moves, [5, 1, 9]);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Cell> + DoubleEndedIterator + use<> {
        let history = self.history;
        (0..self.moves_played()).rev().map(move |back| {
            Cell::from_index((((history >> (4 * back)) & 0xF) as u32).saturating_sub(1))
        })
    }

    /// Who moves next in the position `marks` when `first` moved first: `None` when someone has
    /// a line or the board is full, else the mark whose turn it is by count.
    fn status_of(marks: [u16; 2], first: Mark) -> Option<Mark> {
        let [x, o] = marks;
        if has_line(x) || has_line(o) || x | o == FULL {
            None
        } else if (x | o).count_ones() % 2 == 0 {
            Some(first)
        } else {
            Some(first.other())
        }
    }

    /// The configuration.
    pub fn config(&self) -> Config {
        self.config
    }

    /// The mark that moved (or moves) first.
    pub fn first_mover(&self) -> Mark {
        self.first
    }

    /// The cells holding `mark`.
    #[inline]
    pub fn cells_of(&self, mark: Mark) -> CellSet {
        CellSet::from_mask(self.marks[mark.seat()])
    }

    /// The mark in `cell`, if any.
    ///
    /// ```
    /// use tictactoe::prelude::*;
    ///
    /// let mut game = TicTacToe::start(Config::default(), 0);
    /// game.play(Cell::CENTRE)?;
    /// assert_eq!(game.mark_at(Cell::CENTRE), Some(Mark::X));
    /// assert_eq!(game.free_cells().len(), 8);
    /// assert_eq!(game.moves_played(), 1);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn mark_at(&self, cell: Cell) -> Option<Mark> {
        if self.marks[0] & cell.bit() != 0 {
            Some(Mark::X)
        } else if self.marks[1] & cell.bit() != 0 {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// The empty cells (all of them may be played while the game is on).
    #[inline]
    pub fn free_cells(&self) -> CellSet {
        CellSet::from_mask(!(self.marks[0] | self.marks[1]))
    }

    /// Number of marks on the board.
    #[inline]
    pub fn moves_played(&self) -> usize {
        (self.marks[0] | self.marks[1]).count_ones() as usize
    }

    /// How the game ended, or `None` while it goes on.
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        let [x, o] = self.marks;
        if has_line(x) {
            Some(Outcome::Winner(Mark::X))
        } else if has_line(o) {
            Some(Outcome::Winner(Mark::O))
        } else if x | o == FULL {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// Whether the game has ended.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.next.is_none()
    }

    /// The winner, if someone has three in a row.
    ///
    /// ```
    /// use tictactoe::prelude::*;
    ///
    /// let mut game = TicTacToe::start(Config::default(), 0);
    /// for cell in ["1", "4", "2", "5", "3"] {
    ///     game.play(cell.parse()?)?;
    /// }
    /// assert_eq!(game.winner(), Some(Mark::X));
    /// assert!(game.is_over());
    /// assert_eq!(game.to_move(), None);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn winner(&self) -> Option<Mark> {
        match self.outcome() {
            Some(Outcome::Winner(mark)) => Some(mark),
            _ => None,
        }
    }

    /// The cells of the winning line(s), empty unless someone has won.
    pub fn winning_cells(&self) -> CellSet {
        let mut cells = 0;
        for mark in self.marks {
            for line in LINES {
                if mark & line == line {
                    cells |= line;
                }
            }
        }
        CellSet::from_mask(cells)
    }

    /// The mark to move, or `None` when the game is over.
    #[inline]
    pub fn to_move(&self) -> Option<Mark> {
        self.next
    }

    /// Puts the mover's mark in `cell`. Refused, with nothing changed, when the game is over or
    /// the cell is taken.
    ///
    /// ```
    /// use tictactoe::prelude::*;
    ///
    /// let mut game = TicTacToe::start(Config::default(), 0);
    /// game.play(Cell::CENTRE)?;
    /// // Taken: refused, and the game is as it was.
    /// let before = game;
    /// assert_eq!(game.play(Cell::CENTRE), Err(Error::Occupied(Cell::CENTRE)));
    /// assert_eq!(game, before);
    /// # Ok::<(), Error>(())
    /// ```
    #[inline]
    pub fn play(&mut self, cell: Cell) -> Result<(), Error> {
        let Some(mover) = self.to_move() else {
            return Err(TurnError::GameOver.into());
        };
        let [x, o] = self.marks;
        let occupied = x | o;
        let bit = cell.bit();
        if occupied & bit != 0 {
            return Err(Error::Occupied(cell));
        }
        // Select rather than index, so the masks can stay in registers on the playout path.
        let (x, o, mine) = match mover {
            Mark::X => (x | bit, o, x | bit),
            Mark::O => (x, o | bit, o | bit),
        };
        self.marks = [x, o];
        self.history = self.history << 4 | u64::from(cell.number());
        // `|`, not `||`: both tests are cheap, and one branch on "is the game over" predicts
        // better than two in random playouts.
        self.next = if has_line(mine) | (occupied | bit == FULL) {
            None
        } else {
            Some(mover.other())
        };
        Ok(())
    }
}

impl Default for TicTacToe {
    /// An empty board, X to move.
    fn default() -> Self {
        Self::start(Config::default(), 0)
    }
}

impl Game for TicTacToe {
    type Config = Config;
    type Action = Cell;
    type Observation = Self;
    type Error = Error;

    const NAME: &'static str = "tictactoe";
    const ZERO_SUM: bool = true;

    fn new(config: Config, seed: u64) -> Result<Self, Error> {
        Ok(Self::start(config, seed))
    }

    fn num_players(&self) -> usize {
        2
    }

    fn max_game_length(&self) -> usize {
        9
    }

    #[inline]
    fn turn(&self) -> Turn {
        match self.to_move() {
            Some(mark) => Turn::Player(mark.seat()),
            None => Turn::Over,
        }
    }

    #[inline]
    fn legal_actions_into(&self, player: Player, out: &mut Vec<Cell>) {
        out.clear();
        if let Some(mover) = self.next
            && mover.seat() == player
        {
            // Straight from the bitboard, lowest cell first; measured faster than copying rows
            // from a table of the 512 masks. No allocation once `out` has room for 9.
            out.extend(self.free_cells());
        }
    }

    #[inline]
    fn apply(&mut self, action: &Cell) -> Result<(), Error> {
        self.play(*action)
    }

    /// Whether [`TicTacToe::play`] would accept `action`, and if not, the error it would return:
    /// [`TurnError::GameOver`] once the game is over, else [`Error::Occupied`] for a taken cell.
    #[inline]
    fn check(&self, action: &Cell) -> Result<(), Error> {
        if self.next.is_none() {
            Err(TurnError::GameOver.into())
        } else if (self.marks[0] | self.marks[1]) & action.bit() != 0 {
            Err(Error::Occupied(*action))
        } else {
            Ok(())
        }
    }

    /// +1 for a line of one's own, −1 for a line of the opponent's, 0 otherwise (a position never
    /// holds both), worked out without branching on who won, which a playout cannot predict.
    fn returns(&self, player: Player) -> f64 {
        let [x, o] = self.marks;
        let x_return = f64::from(i8::from(has_line(x)) - i8::from(has_line(o)));
        match Mark::of_seat(player) {
            Some(Mark::X) => x_return,
            Some(Mark::O) => -x_return,
            None => 0.0,
        }
    }

    fn observation(&self, _player: Player) -> Self {
        *self
    }
}

impl fmt::Display for TicTacToe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hints = f.alternate();
        for (row, numbers) in [[7u8, 8, 9], [4, 5, 6], [1, 2, 3]].into_iter().enumerate() {
            if row > 0 {
                writeln!(f, "-----------")?;
            }
            writeln!(f, "   |   |")?;
            let mut symbols = [' '; 3];
            for (symbol, number) in symbols.iter_mut().zip(numbers) {
                let cell = Cell::new(number).ok_or(fmt::Error)?;
                *symbol = match self.mark_at(cell) {
                    Some(Mark::X) => 'X',
                    Some(Mark::O) => 'O',
                    None if hints => char::from(b'0' + number),
                    None => ' ',
                };
            }
            writeln!(f, " {} | {} | {}", symbols[0], symbols[1], symbols[2])?;
            writeln!(f, "   |   |")?;
        }
        Ok(())
    }
}

/// The serialised form of [`TicTacToe`].
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StateRepr {
    config: Config,
    first: Mark,
    x: Vec<Cell>,
    o: Vec<Cell>,
}

impl From<TicTacToe> for StateRepr {
    /// Each mark's cells in the order they were played.
    fn from(state: TicTacToe) -> Self {
        let (mut x, mut o) = (Vec::new(), Vec::new());
        for (at, cell) in state.moves().enumerate() {
            let mover = if at % 2 == 0 {
                state.first
            } else {
                state.first.other()
            };
            match mover {
                Mark::X => x.push(cell),
                Mark::O => o.push(cell),
            }
        }
        Self {
            config: state.config,
            first: state.first,
            x,
            o,
        }
    }
}

impl TryFrom<StateRepr> for TicTacToe {
    type Error = Error;

    fn try_from(repr: StateRepr) -> Result<Self, Error> {
        let mut sets = [CellSet::EMPTY; 2];
        for (set, cells) in sets.iter_mut().zip([&repr.x, &repr.o]) {
            for &cell in cells {
                if set.contains(cell) {
                    return Err(Error::MarkedTwice(cell));
                }
                *set = set.with(cell);
            }
        }
        // The position first, for its reasons; then the order the lists give.
        let position = Self::from_marks(repr.config, repr.first, sets[0], sets[1])?;
        let (leader, follower) = match repr.first {
            Mark::X => (&repr.x, &repr.o),
            Mark::O => (&repr.o, &repr.x),
        };
        let mut game = Self::empty(repr.config, repr.first);
        game.replay(leader, follower)?;
        debug_assert_eq!(game, position);
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(numbers: &[u8]) -> CellSet {
        numbers.iter().filter_map(|&n| Cell::new(n)).collect()
    }

    #[test]
    fn won_table_matches_the_line_loop() {
        for mask in 0..512u16 {
            assert_eq!(has_line(mask), has_line_reference(mask), "{mask:#b}");
        }
        // Independently counted: 282 of the 512 subsets of the board hold a line.
        assert_eq!(WON.iter().filter(|&&w| w).count(), 282);
    }

    #[test]
    fn cached_turn_and_returns_match_the_board() {
        // Every position reachable within 9 moves from both first movers.
        let mut seen = std::collections::HashSet::new();
        let mut frontier = vec![TicTacToe::default(), {
            let mut o_first = TicTacToe::start(Config::BY_LOT, 0);
            o_first.first = Mark::O;
            o_first.next = Some(Mark::O);
            o_first
        }];
        while let Some(state) = frontier.pop() {
            if !seen.insert(state) {
                continue;
            }
            assert_eq!(state.next, TicTacToe::status_of(state.marks, state.first));
            // The branch-free returns agree with the outcome.
            for (seat, mark) in [(0, Mark::X), (1, Mark::O)] {
                let expected = match state.outcome() {
                    Some(Outcome::Winner(winner)) if winner == mark => 1.0,
                    Some(Outcome::Winner(_)) => -1.0,
                    _ => 0.0,
                };
                assert_eq!(state.returns(seat), expected);
            }
            for cell in state.free_cells() {
                let mut next = state;
                if next.play(cell).is_ok() {
                    frontier.push(next);
                }
            }
        }
    }

    #[test]
    fn lines_are_the_rows_columns_and_diagonals() {
        let lines: Vec<String> = LINES
            .iter()
            .map(|&l| CellSet::from_mask(l).to_string())
            .collect();
        assert_eq!(
            lines,
            [
                "1 2 3", "4 5 6", "7 8 9", "1 4 7", "2 5 8", "3 6 9", "1 5 9", "3 5 7"
            ]
        );
    }

    #[test]
    fn x_moves_first_and_turns_alternate() {
        let mut game = TicTacToe::default();
        assert_eq!(game.to_move(), Some(Mark::X));
        game.play(Cell::CENTRE).unwrap();
        assert_eq!(game.to_move(), Some(Mark::O));
        assert_eq!(game.mark_at(Cell::CENTRE), Some(Mark::X));
        assert_eq!(game.play(Cell::CENTRE), Err(Error::Occupied(Cell::CENTRE)));
    }

    #[test]
    fn by_lot_draws_both_marks() {
        let firsts: Vec<Mark> = (0..64)
            .map(|seed| TicTacToe::start(Config::BY_LOT, seed).first_mover())
            .collect();
        assert!(firsts.contains(&Mark::X) && firsts.contains(&Mark::O));
        for seed in 0..64 {
            let expected = if GameRng::new(seed).below(2) == 0 {
                Mark::X
            } else {
                Mark::O
            };
            assert_eq!(
                TicTacToe::start(Config::BY_LOT, seed).first_mover(),
                expected
            );
            assert_eq!(
                TicTacToe::start(Config::X_FIRST, seed).first_mover(),
                Mark::X
            );
        }
    }

    #[test]
    fn a_win_ends_the_game() {
        let mut game = TicTacToe::default();
        for n in [7, 1, 8, 2, 9] {
            game.play(Cell::new(n).unwrap()).unwrap();
        }
        assert_eq!(game.outcome(), Some(Outcome::Winner(Mark::X)));
        assert_eq!(game.winning_cells(), cells(&[7, 8, 9]));
        assert_eq!(game.turn(), Turn::Over);
        let before = game;
        assert_eq!(
            game.play(Cell::new(3).unwrap()),
            Err(Error::Turn(TurnError::GameOver))
        );
        assert_eq!(game, before);
        assert_eq!(game.returns(0), 1.0);
        assert_eq!(game.returns(1), -1.0);
        assert_eq!(game.returns(2), 0.0);
    }

    #[test]
    fn display_matches_the_original_layout() {
        let game =
            TicTacToe::from_marks(Config::default(), Mark::X, cells(&[7, 5]), cells(&[3])).unwrap();
        let expected = "   |   |\n X |   |  \n   |   |\n-----------\n   |   |\n   | X |  \n   |   |\n-----------\n   |   |\n   |   | O\n   |   |\n";
        assert_eq!(game.to_string(), expected);
        let hinted = format!("{game:#}");
        assert!(hinted.contains(" X | 8 | 9\n"), "{hinted}");
        assert!(hinted.contains(" 1 | 2 | O\n"), "{hinted}");
    }

    #[test]
    fn mark_text() {
        assert_eq!("x".parse::<Mark>(), Ok(Mark::X));
        assert_eq!(" O ".parse::<Mark>(), Ok(Mark::O));
        assert!("0".parse::<Mark>().is_err());
        assert_eq!(Mark::X.to_string(), "X");
    }

    #[test]
    fn validation_refuses_impossible_positions() {
        let c = Config::default();
        let lot = Config::BY_LOT;
        // Overlap.
        assert_eq!(
            TicTacToe::from_marks(c, Mark::X, cells(&[5]), cells(&[5])),
            Err(Error::MarkedTwice(Cell::CENTRE))
        );
        // Counts.
        assert!(matches!(
            TicTacToe::from_marks(c, Mark::X, cells(&[1, 2]), cells(&[])),
            Err(Error::MarkCounts { x: 2, o: 0, .. })
        ));
        assert!(matches!(
            TicTacToe::from_marks(c, Mark::X, cells(&[]), cells(&[1])),
            Err(Error::MarkCounts { .. })
        ));
        assert!(TicTacToe::from_marks(lot, Mark::O, cells(&[]), cells(&[1])).is_ok());
        // O first under the X-first rule.
        assert_eq!(
            TicTacToe::from_marks(c, Mark::O, cells(&[]), cells(&[1])),
            Err(Error::FirstPlayerMismatch)
        );
        // O played after X's row: X 7 8 9, O 1 2 3? Both won.
        assert!(matches!(
            TicTacToe::from_marks(c, Mark::X, cells(&[7, 8, 9]), cells(&[1, 2, 3])),
            Err(Error::PlayedAfterWin(_))
        ));
        // X won but O moved after: X 7 8 9, O 1 2 4.
        assert_eq!(
            TicTacToe::from_marks(c, Mark::X, cells(&[7, 8, 9]), cells(&[1, 2, 4])),
            Err(Error::PlayedAfterWin(Mark::X))
        );
        // A legal win and a double line (7 8 9 and 3 5 7 cannot both be fresh; 1 5 9 and 7 8 9
        // share 9, so X's last mark at 9 made both).
        assert!(TicTacToe::from_marks(c, Mark::X, cells(&[7, 8, 9]), cells(&[1, 2])).is_ok());
        assert!(
            TicTacToe::from_marks(c, Mark::X, cells(&[1, 5, 7, 8, 9]), cells(&[2, 3, 4, 6]))
                .is_ok()
        );
    }

    #[test]
    fn serde_round_trip_and_refusals() {
        let mut game = TicTacToe::start(Config::BY_LOT, 3);
        game.play(Cell::CENTRE).unwrap();
        let json = serde_json::to_string(&game).unwrap();
        assert_eq!(serde_json::from_str::<TicTacToe>(&json).unwrap(), game);
        assert!(json.contains(r#""x":[],"o":["5"]"#) || json.contains(r#""x":["5"],"o":[]"#));
        let doubled = r#"{"config":{"first":"x"},"first":"X","x":["5","5"],"o":["1"]}"#;
        let refused = serde_json::from_str::<TicTacToe>(doubled).unwrap_err();
        assert!(
            refused
                .to_string()
                .starts_with(&Error::MarkedTwice(Cell::CENTRE).to_string()),
            "{refused}"
        );
        let off_board = r#"{"config":{"first":"x"},"first":"X","x":["10"],"o":[]}"#;
        assert!(serde_json::from_str::<TicTacToe>(off_board).is_err());
        let number = r#"{"config":{"first":"x"},"first":"X","x":[5],"o":[]}"#;
        assert!(serde_json::from_str::<TicTacToe>(number).is_err());
        let ok = r#"{"config":{"first":"x"},"first":"X","x":["5"],"o":[]}"#;
        assert_eq!(
            serde_json::from_str::<TicTacToe>(ok).unwrap().to_move(),
            Some(Mark::O)
        );
    }
}
