//! The action: a cell, named like a numeric keypad.
//!
//! ```text
//!  7 | 8 | 9
//! ---+---+---
//!  4 | 5 | 6
//! ---+---+---
//!  1 | 2 | 3
//! ```

use std::fmt;
use std::str::FromStr;

/// One of the nine cells, numbered 1 to 9 like a numeric keypad (7 8 9 is the top row, 1 2 3 the
/// bottom row), as the original program asks its players. A `Cell` is always valid: it can only
/// be made from a number in `1..=9`. It is also the game's action ([`Action`](crate::Action)):
/// a move puts the mover's mark in a cell.
///
/// It prints as its digit and parses from it (surrounding spaces allowed); it serialises as that
/// text, so records store `"5"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

game_core::serde_as_text!(Cell);

impl Cell {
    /// All nine cells, 1 to 9.
    pub const ALL: [Cell; 9] = [
        Cell(1),
        Cell(2),
        Cell(3),
        Cell(4),
        Cell(5),
        Cell(6),
        Cell(7),
        Cell(8),
        Cell(9),
    ];
    /// The four corners, in the order the original program lists them (1, 3, 7, 9).
    pub const CORNERS: CellSet = CellSet(0b1_0100_0101);
    /// The centre, 5.
    pub const CENTRE: Cell = Cell(5);
    /// The four edges, in the order the original program lists them (2, 4, 6, 8).
    pub const EDGES: CellSet = CellSet(0b0_1010_1010);

    /// The cell with keypad number `number`, or `None` outside `1..=9`.
    ///
    /// ```
    /// use tictactoe::Cell;
    ///
    /// let centre = Cell::new(5).expect("5 is on the keypad");
    /// assert_eq!(centre, Cell::CENTRE);
    /// assert_eq!(Cell::new(0), None);
    /// // Printed and parsed as its digit: the notation records store.
    /// assert_eq!(centre.to_string(), "5");
    /// assert_eq!(" 5 ".parse::<Cell>()?, centre);
    /// assert!("10".parse::<Cell>().is_err());
    /// # Ok::<(), tictactoe::ParseCellError>(())
    /// ```
    pub const fn new(number: u8) -> Option<Self> {
        if number >= 1 && number <= 9 {
            Some(Self(number))
        } else {
            None
        }
    }

    /// The keypad number, 1 to 9.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The cell's bit in a board mask: bit `number - 1`.
    #[inline]
    pub const fn bit(self) -> u16 {
        1 << (self.0 - 1)
    }

    /// Row from the top (0 for 7 8 9, 2 for 1 2 3) and column from the left (0 to 2).
    ///
    /// ```
    /// use tictactoe::Cell;
    ///
    /// // 7 is the top-left corner, 3 the bottom-right.
    /// assert_eq!(Cell::new(7).map(Cell::row_column), Some((0, 0)));
    /// assert_eq!(Cell::new(3).map(Cell::row_column), Some((2, 2)));
    /// ```
    pub const fn row_column(self) -> (u8, u8) {
        let index = self.0 - 1;
        (2 - index / 3, index % 3)
    }

    /// The cell at `row` from the top and `column` from the left, or `None` off the board.
    ///
    /// ```
    /// use tictactoe::Cell;
    ///
    /// assert_eq!(Cell::at(1, 1), Some(Cell::CENTRE));
    /// assert_eq!(Cell::at(0, 2), Cell::new(9));
    /// assert_eq!(Cell::at(3, 0), None);
    /// ```
    pub const fn at(row: u8, column: u8) -> Option<Self> {
        if row < 3 && column < 3 {
            Some(Self((2 - row) * 3 + column + 1))
        } else {
            None
        }
    }

    /// The cell of bit `index` (0 to 8) of a board mask.
    #[inline]
    pub(crate) const fn from_index(index: u32) -> Self {
        Self(index as u8 + 1)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Text or a number that is not a cell: the cell's own parse error (the crate's
/// [`Error`](crate::Error) wraps it), so that the action type needs nothing from the error
/// module.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseCellError {
    /// Text that is not a cell: cells are the digits 1 to 9, laid out like a numeric keypad.
    #[error(
        "\"{}\" is not a cell: type a digit from 1 to 9 (7 8 9 is the top row, 1 2 3 the bottom)",
        game_core::shorten(.0)
    )]
    Text(String),
    /// A number that is not a cell (cells are 1 to 9).
    #[error("{0} is not a cell: cells are numbered 1 to 9")]
    OutOfRange(u64),
}

impl FromStr for Cell {
    type Err = ParseCellError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().as_bytes() {
            [digit @ b'1'..=b'9'] => Ok(Self(digit - b'0')),
            _ => Err(ParseCellError::Text(s.to_string())),
        }
    }
}

impl TryFrom<u64> for Cell {
    type Error = ParseCellError;

    fn try_from(number: u64) -> Result<Self, Self::Error> {
        u8::try_from(number)
            .ok()
            .and_then(Cell::new)
            .ok_or(ParseCellError::OutOfRange(number))
    }
}

impl From<Cell> for u8 {
    fn from(cell: Cell) -> u8 {
        cell.0
    }
}

/// A set of cells as a 9-bit mask (bit `n - 1` for cell `n`); iterates in keypad order 1 to 9.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellSet(u16);

impl CellSet {
    /// No cells.
    pub const EMPTY: Self = Self(0);
    /// All nine cells.
    pub const FULL: Self = Self(0x1FF);

    /// The set of the cells whose bits are set in `mask` (bits above the ninth are ignored).
    ///
    /// ```
    /// use tictactoe::{Cell, CellSet};
    ///
    /// let corners = CellSet::from_mask(0b1_0100_0101);
    /// assert_eq!(corners, Cell::CORNERS);
    /// assert_eq!(corners.to_string(), "1 3 7 9");
    /// let numbers: Vec<u8> = corners.iter().map(Cell::number).collect();
    /// assert_eq!(numbers, [1, 3, 7, 9]);
    /// ```
    #[inline]
    pub const fn from_mask(mask: u16) -> Self {
        Self(mask & 0x1FF)
    }

    /// The 9-bit mask.
    #[inline]
    pub const fn mask(self) -> u16 {
        self.0
    }

    /// Number of cells.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `cell` is in the set.
    ///
    /// ```
    /// use tictactoe::{Cell, CellSet};
    ///
    /// let set: CellSet = [Cell::CENTRE, Cell::ALL[0]].into_iter().collect();
    /// assert!(set.contains(Cell::CENTRE));
    /// assert_eq!(set.len(), 2);
    /// assert_eq!(set.first(), Cell::new(1));
    /// assert!(!set.with(Cell::ALL[8]).is_empty());
    /// ```
    #[inline]
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 & cell.bit() != 0
    }

    /// The set with `cell` added.
    #[inline]
    pub const fn with(self, cell: Cell) -> Self {
        Self(self.0 | cell.bit())
    }

    /// The cells in both sets.
    #[inline]
    pub const fn intersection(self, other: Self) -> Self {
        Self(self.0 & other.0)
    }

    /// The `index`-th cell in keypad order, or `None` when there are not that many.
    pub fn nth(self, index: usize) -> Option<Cell> {
        self.iter().nth(index)
    }

    /// The lowest-numbered cell, or `None` when empty.
    #[inline]
    pub const fn first(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            Some(Cell::from_index(self.0.trailing_zeros()))
        }
    }

    /// The cells in keypad order.
    #[inline]
    pub const fn iter(self) -> CellIter {
        CellIter(self.0)
    }
}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellIter;

    fn into_iter(self) -> CellIter {
        self.iter()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        iter.into_iter().fold(Self::EMPTY, Self::with)
    }
}

impl fmt::Display for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, cell) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{cell}")?;
        }
        Ok(())
    }
}

/// Iterator over the cells of a [`CellSet`], lowest number first.
#[derive(Clone, Debug)]
pub struct CellIter(u16);

impl Iterator for CellIter {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Cell::from_index(index))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_for_every_cell() {
        for cell in Cell::ALL {
            assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
            assert_eq!(format!(" {cell}\n").parse::<Cell>(), Ok(cell));
        }
    }

    #[test]
    fn bad_text_is_refused() {
        for text in ["", "0", "10", "a", "55", "-1", "５", "1 2"] {
            assert!(
                matches!(text.parse::<Cell>(), Err(ParseCellError::Text(_))),
                "{text:?}"
            );
        }
    }

    #[test]
    fn keypad_layout() {
        assert_eq!(Cell::at(0, 0), Cell::new(7));
        assert_eq!(Cell::at(0, 2), Cell::new(9));
        assert_eq!(Cell::at(1, 1), Some(Cell::CENTRE));
        assert_eq!(Cell::at(2, 0), Cell::new(1));
        assert_eq!(Cell::at(3, 0), None);
        for cell in Cell::ALL {
            let (r, c) = cell.row_column();
            assert_eq!(Cell::at(r, c), Some(cell));
        }
    }

    #[test]
    fn serde_is_the_text_and_checks_range() {
        let cell = Cell::new(7).unwrap();
        assert_eq!(serde_json::to_string(&cell).unwrap(), "\"7\"");
        assert_eq!(serde_json::from_str::<Cell>("\"7\"").unwrap(), cell);
        for bad in [
            "\"0\"", "\"10\"", "\"-1\"", "\"\"", "\"x\"", "7", "7.5", "null",
        ] {
            assert!(serde_json::from_str::<Cell>(bad).is_err(), "{bad}");
        }
        let refused = serde_json::from_str::<Cell>("\"10\"")
            .unwrap_err()
            .to_string();
        assert!(refused.contains("not a cell"), "{refused}");
    }

    #[test]
    fn numbers_convert_within_range() {
        assert_eq!(Cell::try_from(7u64), Ok(Cell(7)));
        assert_eq!(Cell::try_from(0u64), Err(ParseCellError::OutOfRange(0)));
        assert_eq!(Cell::try_from(300u64), Err(ParseCellError::OutOfRange(300)));
        assert_eq!(u8::from(Cell::CENTRE), 5);
    }

    #[test]
    fn cell_sets() {
        let corners: Vec<u8> = Cell::CORNERS.iter().map(Cell::number).collect();
        assert_eq!(corners, [1, 3, 7, 9]);
        let edges: Vec<u8> = Cell::EDGES.iter().map(Cell::number).collect();
        assert_eq!(edges, [2, 4, 6, 8]);
        assert_eq!(CellSet::FULL.len(), 9);
        assert_eq!(Cell::EDGES.to_string(), "2 4 6 8");
        assert_eq!(Cell::EDGES.nth(2), Cell::new(6));
        assert_eq!(Cell::EDGES.nth(4), None);
        assert_eq!(CellSet::EMPTY.first(), None);
        let set: CellSet = [Cell::CENTRE, Cell::CENTRE].into_iter().collect();
        assert_eq!(set.len(), 1);
    }
}
