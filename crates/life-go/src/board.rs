//! The board as bitboards (one `u64` word per rank and colour) and the Life tick, both the fast
//! bit-parallel one and the plain cell-by-cell reference that reads like the rules.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::action::{Cell, file_name};
use crate::error::Error;

/// The smallest board side.
pub const MIN_SIDE: usize = 3;
/// The largest board side: a rank is one 64-bit word.
pub const MAX_SIDE: usize = 64;

/// A stone's colour. Black moves first and sits in seat 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Colour {
    /// Moves first; seat 0.
    Black,
    /// Moves second; seat 1.
    White,
}

impl Colour {
    /// The other colour.
    pub fn opponent(self) -> Self {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// The seat that plays this colour (Black 0, White 1).
    pub fn seat(self) -> usize {
        match self {
            Colour::Black => 0,
            Colour::White => 1,
        }
    }

    /// The colour played from `seat` (0 Black, 1 White).
    pub fn from_seat(seat: usize) -> Option<Self> {
        match seat {
            0 => Some(Colour::Black),
            1 => Some(Colour::White),
            _ => None,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "black",
            Colour::White => "white",
        })
    }
}

/// The bits of a rank that lie on a board `width` files wide.
#[inline]
pub(crate) fn row_mask(width: usize) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// A rectangular board of 3×3 to 64×64 cells; cells off it are always empty (no torus).
///
/// Rank `r` of each colour is the word `rows[r]`, file `f` its bit `f`. Words above the height
/// and bits beyond the width are always 0.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    black: [u64; MAX_SIDE],
    white: [u64; MAX_SIDE],
}

impl Board {
    /// An empty board `width` files wide and `height` ranks high.
    ///
    /// ```
    /// use life_go::{Board, Colour};
    ///
    /// let mut board = Board::empty(5, 5)?;
    /// assert!(board.is_empty());
    /// // A blinker: three stones in a row turn on the middle one, then back.
    /// for cell in ["b3", "c3", "d3"] {
    ///     board.set(cell.parse()?, Some(Colour::Black));
    /// }
    /// board.tick();
    /// assert_eq!(board.get("c4".parse()?), Some(Colour::Black));
    /// assert_eq!(board.get("b3".parse()?), None);
    /// assert_eq!(board.ticked().get("b3".parse()?), Some(Colour::Black));
    /// assert!(Board::empty(2, 5).is_err());
    /// # Ok::<(), life_go::Error>(())
    /// ```
    pub fn empty(width: usize, height: usize) -> Result<Self, Error> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&width) || !(MIN_SIDE..=MAX_SIDE).contains(&height) {
            return Err(Error::BoardSize { width, height });
        }
        Ok(Self {
            width: width as u8,
            height: height as u8,
            black: [0; MAX_SIDE],
            white: [0; MAX_SIDE],
        })
    }

    /// A board from its ranks as words (bit `f` of word `r` is the cell at file `f`, rank `r`):
    /// refused when the size is out of range, a stone lies off the board, or a cell holds both colours.
    pub fn from_rows(
        width: usize,
        height: usize,
        black: &[u64],
        white: &[u64],
    ) -> Result<Self, Error> {
        let mut board = Self::empty(width, height)?;
        let mask = row_mask(width);
        for (colour, rows) in [(Colour::Black, black), (Colour::White, white)] {
            for (rank, &word) in rows.iter().enumerate() {
                if word == 0 {
                    continue;
                }
                let off = if rank < height { word & !mask } else { word };
                if off != 0 {
                    let file = off.trailing_zeros() as usize;
                    let cell = Cell::new(file, rank.min(MAX_SIDE - 1)).unwrap_or(Cell::MAX);
                    return Err(Error::SetupOffBoard {
                        colour,
                        cell,
                        width,
                        height,
                    });
                }
                match colour {
                    Colour::Black => board.black[rank] = word,
                    Colour::White => board.white[rank] = word,
                }
            }
        }
        for rank in 0..height {
            let both = board.black[rank] & board.white[rank];
            if both != 0 {
                let file = both.trailing_zeros() as usize;
                let cell = Cell::new(file, rank).unwrap_or(Cell::MAX);
                return Err(Error::SetupOverlap { cell });
            }
        }
        Ok(board)
    }

    /// Files on the board.
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// Ranks on the board.
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// Whether `cell` lies on the board.
    pub fn contains(&self, cell: Cell) -> bool {
        cell.file() < self.width() && cell.rank() < self.height()
    }

    /// Every cell of the board, rank by rank from a1.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.height())
            .flat_map(move |rank| (0..self.width()).filter_map(move |file| Cell::new(file, rank)))
    }

    /// The stone on `cell`, or `None` when it is empty or off the board.
    pub fn get(&self, cell: Cell) -> Option<Colour> {
        if !self.contains(cell) {
            return None;
        }
        let bit = 1u64 << cell.file();
        if self.black[cell.rank()] & bit != 0 {
            Some(Colour::Black)
        } else if self.white[cell.rank()] & bit != 0 {
            Some(Colour::White)
        } else {
            None
        }
    }

    /// Puts `stone` (or nothing) on `cell`; cells off the board stay empty and are ignored.
    pub fn set(&mut self, cell: Cell, stone: Option<Colour>) {
        if !self.contains(cell) {
            return;
        }
        let bit = 1u64 << cell.file();
        let rank = cell.rank();
        self.black[rank] &= !bit;
        self.white[rank] &= !bit;
        match stone {
            Some(Colour::Black) => self.black[rank] |= bit,
            Some(Colour::White) => self.white[rank] |= bit,
            None => {}
        }
    }

    /// The ranks of `colour`'s stones as words, one per rank from rank 1.
    pub fn rows(&self, colour: Colour) -> &[u64] {
        let rows = match colour {
            Colour::Black => &self.black,
            Colour::White => &self.white,
        };
        &rows[..self.height()]
    }

    /// Number of `colour`'s stones.
    pub fn count(&self, colour: Colour) -> u32 {
        self.rows(colour).iter().map(|w| w.count_ones()).sum()
    }

    /// Whether no stone is on the board.
    pub fn is_empty(&self) -> bool {
        self.count(Colour::Black) + self.count(Colour::White) == 0
    }

    /// The stones (of either colour) among `cell`'s 8 neighbours, counting cells off the board
    /// as empty: `(black, white)`.
    pub fn neighbours(&self, cell: Cell) -> (u32, u32) {
        let (mut black, mut white) = (0, 0);
        for df in -1i32..=1 {
            for dr in -1i32..=1 {
                if df == 0 && dr == 0 {
                    continue;
                }
                let file = cell.file() as i32 + df;
                let rank = cell.rank() as i32 + dr;
                if file < 0 || rank < 0 {
                    continue; // off the board: always empty
                }
                match Cell::new(file as usize, rank as usize).and_then(|n| self.get(n)) {
                    Some(Colour::Black) => black += 1,
                    Some(Colour::White) => white += 1,
                    None => {}
                }
            }
        }
        (black, white)
    }

    /// The Life tick as the rules state it, one cell at a time on a copy of the board:
    /// - an empty cell with exactly 3 neighbours gets a stone of the majority colour among them;
    /// - a stone with fewer than 2 or more than 3 neighbours is removed;
    /// - a stone with 2 or 3 neighbours stays and takes the majority colour of its neighbours
    ///   (its own colour does not count; a 1–1 tie leaves it as it is).
    ///
    /// This is the slow reference that [`Board::tick`] is tested against.
    pub fn tick_reference(&self) -> Board {
        let mut next = self.clone();
        for cell in self.cells() {
            let (black, white) = self.neighbours(cell);
            let total = black + white;
            let majority = if black > white {
                Some(Colour::Black)
            } else if white > black {
                Some(Colour::White)
            } else {
                None
            };
            let stone = self.get(cell);
            let after = match stone {
                None if total == 3 => majority,
                None => None,
                Some(_) if !(2..=3).contains(&total) => None,
                Some(own) => Some(majority.unwrap_or(own)),
            };
            next.set(cell, after);
        }
        next
    }

    /// The Life tick, all cells at once, bit-parallel: for each rank, the neighbour counts of all
    /// 64 cells are added as bit-sliced numbers with bitwise full adders (first across each rank,
    /// then down the three ranks), and births, deaths and recolouring are bitwise formulas on them.
    ///
    /// Same result as [`Board::tick_reference`] (a property test checks it), about 100 times faster
    /// (`cargo bench --bench life_tick`).
    /// Its cost depends only on the board's height, not on the stones.
    pub fn tick(&mut self) {
        // Scratch sized to the board, so small boards do not clear scratch for 64 ranks.
        if self.height() <= 22 {
            self.tick_with::<24>();
        } else {
            self.tick_with::<{ MAX_SIDE + 2 }>();
        }
    }

    /// [`Board::tick`] with `N` ranks of scratch (at least the height plus 2).
    #[inline(always)]
    fn tick_with<const N: usize>(&mut self) {
        let height = self.height().min(N - 2);
        let mask = row_mask(self.width());
        // Pass 1: sums across each rank of the stones at file-1, file and file+1 (bit-sliced,
        // 0–3), for all stones and for black stones; index r+1 holds rank r, with an empty rank
        // of padding at either end.
        let mut three0 = [0u64; N];
        let mut three1 = [0u64; N];
        let mut black_three0 = [0u64; N];
        let mut black_three1 = [0u64; N];
        let rows = self.black[..height].iter().zip(&self.white[..height]);
        let sums = three0[1..=height]
            .iter_mut()
            .zip(&mut three1[1..=height])
            .zip(black_three0[1..=height].iter_mut())
            .zip(black_three1[1..=height].iter_mut());
        for ((&black, &white), (((t0, t1), b0), b1)) in rows.zip(sums) {
            let stones = black | white;
            let (s0, s1) = three_sum(stones);
            let (k0, k1) = three_sum(black);
            *t0 = s0;
            *t1 = s1;
            *b0 = k0;
            *b1 = k1;
        }
        // Pass 2: add the ranks below and above, and the two neighbours across.
        let (black_rows, white_rows) = (&mut self.black[..height], &mut self.white[..height]);
        let below = three0[..height]
            .iter()
            .zip(&three1[..height])
            .zip(black_three0[..height].iter().zip(&black_three1[..height]));
        let above = three0[2..height + 2]
            .iter()
            .zip(&three1[2..height + 2])
            .zip(
                black_three0[2..height + 2]
                    .iter()
                    .zip(&black_three1[2..height + 2]),
            );
        for (((black, white), ((&b0, &b1), (&bb0, &bb1))), ((&a0, &a1), (&ab0, &ab1))) in black_rows
            .iter_mut()
            .zip(white_rows.iter_mut())
            .zip(below)
            .zip(above)
        {
            let here_black = *black;
            let stones = here_black | *white;
            let (left, right) = (stones << 1, stones >> 1);
            let (two0, two1) = (left ^ right, left & right);
            let (black_left, black_right) = (here_black << 1, here_black >> 1);
            let (black_two0, black_two1) = (black_left ^ black_right, black_left & black_right);
            // All stones: neighbours = below three + here two + above three, in 0..=8.
            let x = b0 ^ a0;
            let ones = x ^ two0;
            let carry = (b0 & a0) | (two0 & x);
            // Exactly one of the four weight-2 bits set <=> the count is 2 or 3.
            let u = b1 ^ two1;
            let v = a1 ^ carry;
            let two_or_three = (u ^ v) & !((b1 & two1) | (a1 & carry));
            // Alive after the tick: 3 neighbours, or a stone with 2.
            let alive = two_or_three & (ones | stones) & mask;
            // Black neighbours, bits 0 and 1 (exact where the total is at most 3).
            let bx = bb0 ^ ab0;
            let black0 = bx ^ black_two0;
            let black_carry = (bb0 & ab0) | (black_two0 & bx);
            let black1 = bb1 ^ ab1 ^ black_two1 ^ black_carry;
            // Black if 2 or 3 black neighbours, or a 1–1 tie (2 neighbours) on a black stone.
            let next_black = alive & (black1 | (black0 & !ones & here_black));
            *black = next_black;
            *white = alive & !next_black;
        }
    }

    /// The board after one tick (see [`Board::tick`]).
    pub fn ticked(&self) -> Board {
        let mut next = self.clone();
        next.tick();
        next
    }

    /// The empty cells with at least one stone among their 8 neighbours (the legal drops), as one
    /// word per rank, computed bit-parallel.
    pub fn drop_rows(&self) -> [u64; MAX_SIDE] {
        let height = self.height().min(MAX_SIDE);
        let mask = row_mask(self.width());
        let mut out = [0u64; MAX_SIDE];
        let spread = |occ: u64| occ | (occ << 1) | (occ >> 1);
        let mut below = 0u64;
        let mut here = self.black[0] | self.white[0];
        for (rank, slot) in out.iter_mut().enumerate().take(height) {
            let above = if rank + 1 < height {
                self.black[rank + 1] | self.white[rank + 1]
            } else {
                0
            };
            let near = spread(below) | spread(here) | spread(above);
            *slot = near & !here & mask;
            below = here;
            here = above;
        }
        out
    }

    /// Whether `cell` is a legal drop: on the board, empty, with a stone among its 8 neighbours.
    ///
    /// ```
    /// use life_go::{Board, Colour, Error};
    ///
    /// let mut board = Board::empty(5, 5)?;
    /// board.set("c3".parse()?, Some(Colour::White));
    /// assert_eq!(board.check_drop("d4".parse()?), Ok(()));
    /// assert!(matches!(board.check_drop("a1".parse()?), Err(Error::Isolated { .. })));
    /// assert!(matches!(board.check_drop("c3".parse()?), Err(Error::Occupied { .. })));
    /// assert_eq!(board.legal_drop_count(), 8);
    /// # Ok::<(), life_go::Error>(())
    /// ```
    pub fn check_drop(&self, cell: Cell) -> Result<(), Error> {
        if !self.contains(cell) {
            return Err(Error::OffBoard {
                cell,
                width: self.width(),
                height: self.height(),
            });
        }
        if self.get(cell).is_some() {
            return Err(Error::Occupied { cell });
        }
        let (black, white) = self.neighbours(cell);
        if black + white == 0 {
            return Err(Error::Isolated { cell });
        }
        Ok(())
    }

    /// Appends the legal drops to `out`, rank by rank from a1 and file by file within a rank.
    pub fn legal_drops_into(&self, out: &mut Vec<Cell>) {
        for (rank, &word) in self.drop_rows().iter().enumerate().take(self.height()) {
            let mut bits = word;
            while bits != 0 {
                let file = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(cell) = Cell::new(file, rank) {
                    out.push(cell);
                }
            }
        }
    }

    /// Number of legal drops.
    pub fn legal_drop_count(&self) -> u32 {
        self.drop_rows().iter().map(|w| w.count_ones()).sum()
    }

    /// Puts a `colour` stone on `cell` without checking the drop rule (for search and setups);
    /// cells off the board are ignored.
    pub(crate) fn place(&mut self, cell: Cell, colour: Colour) {
        self.set(cell, Some(colour));
    }
}

/// The stones at file-1, file and file+1 of a rank, for all files at once: bits 0 and 1 of the
/// count (0–3).
#[inline(always)]
fn three_sum(stones: u64) -> (u64, u64) {
    let (left, right) = (stones << 1, stones >> 1);
    let pair = left ^ right;
    (pair ^ stones, (left & right) | (pair & stones))
}

impl fmt::Display for Board {
    /// A plain picture, top rank first: `x` black, `o` white, `.` empty, with coordinates.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..self.height()).rev() {
            write!(f, "{:>2} ", rank + 1)?;
            for file in 0..self.width() {
                let c = match Cell::new(file, rank).and_then(|c| self.get(c)) {
                    Some(Colour::Black) => 'x',
                    Some(Colour::White) => 'o',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "   ")?;
        for file in 0..self.width() {
            let name = file_name(file);
            write!(f, "{}", name.chars().last().unwrap_or(' '))?;
        }
        writeln!(f)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}", self.width, self.height)?;
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        let height = rows.len();
        let width = rows[0].len();
        let mut b = Board::empty(width, height).unwrap();
        for (i, row) in rows.iter().enumerate() {
            let rank = height - 1 - i;
            for (file, ch) in row.chars().enumerate() {
                let cell = Cell::new(file, rank).unwrap();
                match ch {
                    'x' => b.set(cell, Some(Colour::Black)),
                    'o' => b.set(cell, Some(Colour::White)),
                    _ => {}
                }
            }
        }
        b
    }

    #[test]
    fn fast_matches_reference_on_a_small_mix() {
        let b = board(&["xo..x", ".xo.o", "oox..", "..xxo", "x...x"]);
        assert_eq!(b.ticked(), b.tick_reference());
    }

    #[test]
    fn full_width_board_wraps_nothing() {
        let mut b = Board::empty(64, 3).unwrap();
        for rank in 0..3 {
            b.set(Cell::new(63, rank).unwrap(), Some(Colour::Black));
            b.set(Cell::new(0, rank).unwrap(), Some(Colour::White));
        }
        assert_eq!(b.ticked(), b.tick_reference());
    }

    #[test]
    fn fast_matches_reference_either_side_of_the_scratch_size() {
        for height in [20, 21, 22, 23, 24, 63, 64] {
            let mut b = Board::empty(19, height).unwrap();
            let mut rng = game_core::GameRng::new(height as u64);
            let cells: Vec<Cell> = b.cells().collect();
            for cell in cells {
                match rng.below(3) {
                    0 => b.set(cell, Some(Colour::Black)),
                    1 => b.set(cell, Some(Colour::White)),
                    _ => {}
                }
            }
            assert_eq!(b.ticked(), b.tick_reference(), "height {height}");
        }
    }

    #[test]
    fn drops_touch_stones() {
        let b = board(&["...", "...", "x.."]);
        let mut out = Vec::new();
        b.legal_drops_into(&mut out);
        let names: Vec<String> = out.iter().map(ToString::to_string).collect();
        assert_eq!(names, ["b1", "a2", "b2"]);
        assert!(matches!(
            b.check_drop("c3".parse().unwrap()),
            Err(Error::Isolated { .. })
        ));
        assert!(matches!(
            b.check_drop("a1".parse().unwrap()),
            Err(Error::Occupied { .. })
        ));
        assert!(matches!(
            b.check_drop("d1".parse().unwrap()),
            Err(Error::OffBoard { .. })
        ));
    }

    #[test]
    fn from_rows_refuses_bad_input() {
        assert!(Board::from_rows(3, 3, &[0b1000], &[]).is_err());
        assert!(Board::from_rows(3, 3, &[0, 0, 0, 1], &[]).is_err());
        assert!(Board::from_rows(3, 3, &[1], &[1]).is_err());
        assert!(Board::from_rows(2, 3, &[], &[]).is_err());
        assert!(Board::from_rows(3, 3, &[1], &[2]).is_ok());
    }
}
