//! The mirrored setup's draw as explicit chance events ([`ExplicitChance`]).
//!
//! A mirrored setup ([`Setup::Mirrored`]) lists every black blinker that lies on the lower half
//! of the board (its *candidates*, in a fixed order), shuffles the list with the game's seed and
//! walks it, placing each blinker that still *fits* — its three cells and their white images
//! empty and without a stone next to them — until `groups` are placed. When none fits even on
//! the empty board, the first of the shuffled list is placed regardless.
//!
//! The same draw, event by event: each event places one blinker, chosen uniformly among the
//! candidates that fit the board so far, until `groups` are placed or none fits (on the empty
//! board with none fitting, uniformly among all candidates, and that one event completes the
//! setup). The two give every board the same probability. Placing stones never makes a
//! blinker fit that did not, so the blinkers the walk skipped can never be placed later, and
//! the next blinker placed is the first of the still-fitting ones in the shuffled order: in a
//! uniform shuffle, uniform among them, whatever came before. The outcomes a seed draws are the
//! blinkers its walk places, in the order placed.
//!
//! The rule-book and custom setups have nothing random: no event.

use game_core::{ExplicitChance, GameRng};

use crate::action::Cell;
use crate::board::{Board, Colour};
use crate::error::Error;
use crate::rules::{Config, Setup};
use crate::state::LifeGo;

/// The candidate blinkers of a mirrored setup on one board size, in their fixed order: for each
/// cell from a1 rank by rank, the blinker across from it, then the one up from it, when all
/// three cells lie on the lower half (each cell strictly before its half-turn image, rank by
/// rank).
pub(crate) struct Blinkers {
    width: usize,
    height: usize,
    lines: Vec<[Cell; 3]>,
}

impl Blinkers {
    /// The candidates of a `width`×`height` board.
    pub(crate) fn new(width: usize, height: usize) -> Blinkers {
        let mut blinkers = Blinkers {
            width,
            height,
            lines: Vec::new(),
        };
        let mut lines = Vec::new();
        for rank in 0..height {
            for file in 0..width {
                for across in [true, false] {
                    if let Some(cells) = blinkers.line(file, rank, across) {
                        lines.push(cells);
                    }
                }
            }
        }
        blinkers.lines = lines;
        blinkers
    }

    /// The blinker from the cell at `file` and `rank` across (or up), when it lies on the lower
    /// half of the board.
    fn line(&self, file: usize, rank: usize, across: bool) -> Option<[Cell; 3]> {
        let step = |i: usize| {
            if across {
                Cell::new(file + i, rank)
            } else {
                Cell::new(file, rank + i)
            }
        };
        let cells = [step(0)?, step(1)?, step(2)?];
        let lower = |c: Cell| {
            c.file() < self.width
                && c.rank() < self.height
                && self
                    .image(c)
                    .is_some_and(|m| (c.rank(), c.file()) < (m.rank(), m.file()))
        };
        cells.iter().all(|&c| lower(c)).then_some(cells)
    }

    /// How many candidates.
    pub(crate) fn len(&self) -> usize {
        self.lines.len()
    }

    /// `cell`'s image under a half turn about the centre.
    fn image(&self, cell: Cell) -> Option<Cell> {
        Cell::new(
            self.width.checked_sub(1 + cell.file())?,
            self.height.checked_sub(1 + cell.rank())?,
        )
    }

    /// Whether candidate `i` fits `board`: its cells empty and without a neighbouring stone,
    /// then, with its black stones placed, the same for their white images.
    fn fits(&self, board: &Board, i: usize) -> bool {
        let Some(cells) = self.lines.get(i) else {
            return false;
        };
        let free = |board: &Board, c: Cell| board.get(c).is_none() && board.neighbours(c) == (0, 0);
        if !cells.iter().all(|&c| free(board, c)) {
            return false;
        }
        let mut trial = board.clone();
        for &c in cells {
            trial.place(c, Colour::Black);
        }
        cells
            .iter()
            .filter_map(|&c| self.image(c))
            .all(|image| free(&trial, image))
    }

    /// Places candidate `i`: black on its cells, white on their images.
    pub(crate) fn place(&self, board: &mut Board, i: usize) {
        for &c in self.lines.get(i).into_iter().flatten() {
            board.place(c, Colour::Black);
            if let Some(image) = self.image(c) {
                board.place(image, Colour::White);
            }
        }
    }

    /// The candidates `seed` places, in the order placed: the walk of the shuffled list.
    pub(crate) fn seeded(&self, groups: usize, seed: u64) -> Vec<usize> {
        let Ok(mut board) = Board::empty(self.width, self.height) else {
            return Vec::new();
        };
        let mut order: Vec<usize> = (0..self.len()).collect();
        // A shuffle's draws depend only on the length: this is the order in which the setup
        // has always shuffled its list of blinkers.
        GameRng::new(seed).shuffle(&mut order);
        let mut placed = Vec::new();
        for &i in &order {
            if placed.len() == groups {
                break;
            }
            if self.fits(&board, i) {
                self.place(&mut board, i);
                placed.push(i);
            }
        }
        if placed.is_empty() {
            placed.extend(order.first());
        }
        placed
    }

    /// The board `drawn` places, when each outcome is possible where it is drawn.
    fn replay(&self, groups: usize, drawn: &[usize]) -> Option<Board> {
        let mut board = Board::empty(self.width, self.height).ok()?;
        for (at, &i) in drawn.iter().enumerate() {
            if !self.next(&board, groups, at).contains(&i) {
                return None;
            }
            self.place(&mut board, i);
        }
        Some(board)
    }

    /// The possible next outcomes once `placed` blinkers make `board`: none when `groups` are
    /// placed, else those that fit; on the empty board with none fitting, every candidate.
    fn next(&self, board: &Board, groups: usize, placed: usize) -> Vec<usize> {
        if placed >= groups {
            return Vec::new();
        }
        let fitting: Vec<usize> = (0..self.len()).filter(|&i| self.fits(board, i)).collect();
        if fitting.is_empty() && placed == 0 {
            (0..self.len()).collect()
        } else {
            fitting
        }
    }
}

/// The candidates and the number of groups of a valid mirrored configuration.
fn mirrored(config: &Config) -> Option<(Blinkers, usize)> {
    config.validate().ok()?;
    match config.setup {
        Setup::Mirrored { groups } if groups > 0 => {
            Some((Blinkers::new(config.width, config.height), groups))
        }
        _ => None,
    }
}

/// Cells as the notation writes them, separated by spaces.
fn cell_list(cells: impl IntoIterator<Item = Cell>) -> String {
    let names: Vec<String> = cells.into_iter().map(|c| c.to_string()).collect();
    names.join(" ")
}

/// A mirrored setup's blinkers as chance events, each uniform among the blinkers that still
/// fit; nothing for the other setups.
///
/// ```
/// use game_core::Deal;
/// use life_go::prelude::*;
///
/// let config = Config {
///     setup: Setup::Mirrored { groups: 2 },
///     ..Config::square(7)
/// };
/// let mut deal = Deal::<LifeGo>::new(config.clone());
/// let first = deal.outcomes();
/// assert!(first.iter().all(|&(_, p)| p == 1.0 / first.len() as f64));
/// deal.apply(first[0].0)?;
/// assert_eq!(deal.outcome_string(first[0].0), "black a1 b1 c1, white e7 f7 g7");
/// while !deal.is_complete() {
///     let next = deal.outcomes()[0].0;
///     deal.apply(next)?;
/// }
/// assert_eq!(deal.game()?.stones(Colour::Black), deal.game()?.stones(Colour::White));
///
/// // The blinkers a seed draws start the game the seed does.
/// let drawn = LifeGo::chance_outcomes_of_seed(&config, 5);
/// assert_eq!(LifeGo::from_chance_outcomes(config.clone(), &drawn)?, LifeGo::new(config, 5)?);
/// // The rule book's setup has nothing random.
/// assert!(Deal::<LifeGo>::new(Config::default()).is_complete());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ExplicitChance for LifeGo {
    /// The groups of a mirrored setup, one blinker each; 0 for the other setups.
    fn max_chance_events(config: &Config) -> usize {
        mirrored(config).map_or(0, |(_, groups)| groups)
    }

    /// The candidate blinkers of a mirrored setup on the configuration's board; 0 for the
    /// other setups.
    fn max_chance_outcomes(config: &Config) -> usize {
        mirrored(config).map_or(0, |(blinkers, _)| blinkers.len())
    }

    /// Under a mirrored setup, the blinkers that fit the board `drawn` places, each as likely
    /// (every candidate when none fits the empty board), until `groups` are placed or none
    /// fits; nothing for the other setups.
    fn chance_outcomes(config: &Config, drawn: &[usize]) -> Vec<(usize, f64)> {
        let Some((blinkers, groups)) = mirrored(config) else {
            return Vec::new();
        };
        let Some(board) = blinkers.replay(groups, drawn) else {
            return Vec::new();
        };
        let next = blinkers.next(&board, groups, drawn.len());
        let p = 1.0 / next.len() as f64;
        next.into_iter().map(|i| (i, p)).collect()
    }

    /// The blinker's black cells and their white images: `"black a1 b1 c1, white e7 f7 g7"`.
    fn chance_outcome_string(config: &Config, _drawn: &[usize], outcome: usize) -> String {
        let Some((blinkers, _)) = mirrored(config) else {
            return format!("{outcome}: this setup has no chance events");
        };
        let Some(cells) = blinkers.lines.get(outcome) else {
            return format!("{outcome} is not a blinker of this board");
        };
        let mut images: Vec<Cell> = cells.iter().filter_map(|&c| blinkers.image(c)).collect();
        images.sort_by_key(|c| (c.rank(), c.file()));
        format!("black {}, white {}", cell_list(*cells), cell_list(images))
    }

    /// The game a complete draw starts. Refused as the configuration would be by
    /// [`Game::new`](game_core::Game::new), and with [`Error::ChanceOutcomes`] when `drawn` is
    /// not a complete draw (for the rule-book and custom setups: anything but nothing).
    fn from_chance_outcomes(config: Config, drawn: &[usize]) -> Result<Self, Error> {
        config.validate()?;
        let refused = || Error::ChanceOutcomes(drawn.to_vec());
        let Setup::Mirrored { groups } = config.setup else {
            return if drawn.is_empty() {
                LifeGo::from_start(config, 0)
            } else {
                Err(refused())
            };
        };
        if groups == 0 {
            return Err(Error::SetupGroups);
        }
        let blinkers = Blinkers::new(config.width, config.height);
        let board = blinkers
            .replay(groups, drawn)
            .filter(|board| {
                !drawn.is_empty() && blinkers.next(board, groups, drawn.len()).is_empty()
            })
            .ok_or_else(refused)?;
        Ok(LifeGo::from_setup(config, board))
    }

    /// The blinkers the seed's walk places, in order; nothing for the other setups.
    fn chance_outcomes_of_seed(config: &Config, seed: u64) -> Vec<usize> {
        mirrored(config).map_or_else(Vec::new, |(blinkers, groups)| blinkers.seeded(groups, seed))
    }
}
