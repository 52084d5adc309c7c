//! Cells in the board's notation (`d4`) and the one kind of action, a drop.

use std::fmt;
use std::str::FromStr;

use game_core::shorten;

use crate::board::MAX_SIDE;

/// Text that is not an action (a cell such as `d4`), with the reason. The action's own error,
/// so that reading notation needs nothing of the crate's [`Error`](crate::Error), which wraps it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// Not written as a cell: letters for the file, then the rank's number from 1.
    #[error("\"{}\" is not a cell: {reason}", shorten(text))]
    Malformed {
        /// The text given.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// Written as a cell, but beyond the largest board (64×64), read without a board to say
    /// its own size; [`Game::parse_action`](game_core::Game::parse_action) answers
    /// [`OffBoard`](Self::OffBoard) with the game's size instead.
    #[error(
        "{} is off every board: the largest has {MAX_SIDE} files (a to {}) and {MAX_SIDE} ranks",
        shorten(text),
        file_name(MAX_SIDE - 1)
    )]
    BeyondEveryBoard {
        /// The text given.
        text: String,
    },
    /// Written as a cell, but off the game's board.
    #[error(
        "{} is off the {width}×{height} board: files a to {}, ranks 1 to {height}",
        shorten(text),
        file_name(width.saturating_sub(1))
    )]
    OffBoard {
        /// The text given.
        text: String,
        /// Files on the board.
        width: usize,
        /// Ranks on the board.
        height: usize,
    },
}

/// A cell: a file (column, from 0 at the left) and a rank (row, from 0 at the bottom).
///
/// Written as the file's letters and the rank's number from 1: `a1` is the bottom-left corner and,
/// on the 19×19 board, `s19` the top-right. Files run `a`–`z` (the letter `i` included), then
/// `aa`, `ab`, … as in a spreadsheet, so every file of a 64-file board has a name (`bl` is the
/// 64th). Parsing ignores case and surrounding spaces; printing is lower case. Serde reads
/// and writes the same text (`"d4"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    file: u8,
    rank: u8,
}

impl Cell {
    /// The top-right cell of the largest board (`bl64`).
    pub const MAX: Cell = Cell {
        file: (MAX_SIDE - 1) as u8,
        rank: (MAX_SIDE - 1) as u8,
    };

    /// The cell at `file` and `rank` (both from 0), or `None` beyond the largest board.
    ///
    /// ```
    /// use life_go::Cell;
    ///
    /// let d3 = Cell::new(3, 2).expect("on the largest board");
    /// assert_eq!(d3.to_string(), "d3");
    /// assert_eq!("d3".parse::<Cell>()?, d3);
    /// assert_eq!((d3.file(), d3.rank()), (3, 2));
    /// assert_eq!(Cell::new(64, 0), None);
    /// # Ok::<(), life_go::ParseActionError>(())
    /// ```
    pub fn new(file: usize, rank: usize) -> Option<Self> {
        (file < MAX_SIDE && rank < MAX_SIDE).then_some(Self {
            file: file as u8,
            rank: rank as u8,
        })
    }

    /// The file, from 0 at the left.
    pub fn file(self) -> usize {
        usize::from(self.file)
    }

    /// The rank, from 0 at the bottom.
    pub fn rank(self) -> usize {
        usize::from(self.rank)
    }
}

/// The letters of file `file` (from 0): `a`…`z`, `aa`…
pub fn file_name(file: usize) -> String {
    let mut letters = Vec::new();
    // Bijective base 26, written without `file + 1` so that `usize::MAX` cannot overflow.
    let mut n = file;
    loop {
        letters.push(b'a' + (n % 26) as u8);
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    letters.reverse();
    String::from_utf8(letters).unwrap_or_default()
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", file_name(self.file()), self.rank() + 1)
    }
}

impl FromStr for Cell {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let fail = |reason| ParseActionError::Malformed {
            text: text.to_string(),
            reason,
        };
        let beyond = || ParseActionError::BeyondEveryBoard {
            text: text.trim().to_string(),
        };
        let trimmed = text.trim();
        let split = trimmed
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(trimmed.len());
        let (letters, digits) = trimmed.split_at(split);
        if letters.is_empty() {
            return Err(fail("it should start with a file letter, as in d4"));
        }
        if digits.is_empty() {
            return Err(fail("it should end with a rank number, as in d4"));
        }
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(fail("the rank must be a number, as in d4"));
        }
        if digits.bytes().all(|b| b == b'0') {
            return Err(fail("ranks are numbered from 1"));
        }
        if letters.len() > 2 || digits.trim_start_matches('0').len() > 2 {
            return Err(beyond());
        }
        let mut file = 0usize;
        for b in letters.bytes() {
            file = file * 26 + usize::from(b.to_ascii_lowercase() - b'a') + 1;
        }
        let rank: usize = digits
            .parse()
            .map_err(|_| fail("the rank must be a number, as in d4"))?;
        Cell::new(file - 1, rank.saturating_sub(1)).ok_or_else(beyond)
    }
}

game_core::serde_as_text!(Cell);

impl TryFrom<String> for Cell {
    type Error = ParseActionError;

    fn try_from(text: String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

impl From<Cell> for String {
    fn from(cell: Cell) -> Self {
        cell.to_string()
    }
}

/// Parses a list of cells separated by spaces or commas (`"d3 c5 e5"`), as setups are written.
///
/// ```
/// use life_go::{Cell, parse_cells};
///
/// let cells = parse_cells("d3 c5, e5")?;
/// assert_eq!(cells, ["d3".parse::<Cell>()?, "c5".parse()?, "e5".parse()?]);
/// assert!(parse_cells("d3 zz").is_err());
/// # Ok::<(), life_go::ParseActionError>(())
/// ```
pub fn parse_cells(text: &str) -> Result<Vec<Cell>, ParseActionError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|token| !token.is_empty())
        .map(str::parse)
        .collect()
}

/// An action, that is a move: drop one stone of the mover's colour on `cell` (the only kind of
/// move; there is no pass).
///
/// Printed and parsed as the cell alone (`d4`), and serialised as that text, so game records
/// store the cells people type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Action {
    cell: Cell,
}

impl Action {
    /// A drop on `cell`.
    pub fn at(cell: Cell) -> Self {
        Self { cell }
    }

    /// Where the stone goes.
    pub fn cell(self) -> Cell {
        self.cell
    }
}

impl From<Cell> for Action {
    fn from(cell: Cell) -> Self {
        Self::at(cell)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cell.fmt(f)
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.parse().map(Self::at)
    }
}

game_core::serde_as_text!(Action);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_for_every_cell() {
        for file in 0..MAX_SIDE {
            for rank in 0..MAX_SIDE {
                let cell = Cell::new(file, rank).unwrap();
                let text = cell.to_string();
                assert_eq!(text.parse::<Cell>().unwrap(), cell, "{text}");
            }
        }
        assert_eq!(Cell::new(64, 0), None);
    }

    #[test]
    fn serde_writes_the_notation() {
        let action: Action = "D4".parse().unwrap();
        assert_eq!(serde_json::to_string(&action).unwrap(), "\"d4\"");
        assert_eq!(serde_json::to_string(&action.cell()).unwrap(), "\"d4\"");
        assert_eq!(serde_json::from_str::<Action>("\" d4\"").unwrap(), action);
        assert!(serde_json::from_str::<Action>("\"d0\"").is_err());
        assert!(serde_json::from_str::<Cell>("[3, 3]").is_err());
    }

    #[test]
    fn standard_names() {
        let cell: Cell = "d4".parse().unwrap();
        assert_eq!((cell.file(), cell.rank()), (3, 3));
        let cell: Cell = " S19 ".parse().unwrap();
        assert_eq!((cell.file(), cell.rank()), (18, 18));
        assert_eq!(file_name(8), "i");
        assert_eq!(file_name(26), "aa");
        assert_eq!(file_name(63), "bl");
    }

    #[test]
    fn bad_text_is_explained() {
        for bad in ["", "4", "d", "d0", "d00", "d-1", "d4x", "é4"] {
            assert!(
                matches!(bad.parse::<Cell>(), Err(ParseActionError::Malformed { .. })),
                "{bad:?}"
            );
        }
        for beyond in ["zzz1", "d100", "bm1", "a65", "z99"] {
            let err = beyond.parse::<Cell>().unwrap_err();
            assert!(
                matches!(err, ParseActionError::BeyondEveryBoard { .. }),
                "{beyond:?}"
            );
            assert!(
                err.to_string().contains("the largest has 64 files"),
                "{err}"
            );
        }
        // Leading zeros are a number's, not a larger board's.
        assert_eq!("d004".parse::<Cell>(), "d4".parse::<Cell>());
    }

    #[test]
    fn cell_lists() {
        let cells = parse_cells("d3, c5  e5").unwrap();
        assert_eq!(cells.len(), 3);
        assert!(parse_cells("d3 5c").is_err());
        assert!(parse_cells("").unwrap().is_empty());
    }
}
