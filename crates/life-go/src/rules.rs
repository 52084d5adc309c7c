//! The configuration: board size, starting setup and move limit. `Default` is the standard game's:
//! 19×19, the standard setup, 400 moves.

use serde::{Deserialize, Serialize};

use crate::action::{Cell, parse_cells};
use crate::board::{Board, Colour, MAX_SIDE, MIN_SIDE};
use crate::chance::Blinkers;
use crate::error::Error;

/// Black's stones in the standard setup (11), as the original game placed them.
pub const RULE_BOOK_BLACK: &str = "d3 c5 e5 i10 k10 o4 p4 q4 o15 p17 q15";
/// White's stones in the standard setup (11), as the original game placed them.
pub const RULE_BOOK_WHITE: &str = "c4 d15 d16 d17 e4 d6 j9 j11 p14 o16 q16";
/// The standard move limit: 400 moves in all.
pub const DEFAULT_MOVE_LIMIT: u32 = 400;
/// The standard board side (19).
pub const DEFAULT_SIDE: usize = 19;
/// The short game's board side (13; see [`Config::short`]).
pub const SHORT_SIDE: usize = 13;
/// The short game's move limit: 80 moves in all, 40 each (see [`Config::short`]).
pub const SHORT_MOVE_LIMIT: u32 = 80;

/// Where the stones stand before the first move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Setup {
    /// The standard setup, the original game's: 11 stones each at fixed cells
    /// ([`RULE_BOOK_BLACK`], [`RULE_BOOK_WHITE`]; they reach file q and rank 17, so the board
    /// must be at least 17×17). **Default.**
    #[default]
    RuleBook,
    /// `groups` black blinkers (lines of three stones, across or up) drawn at random from the
    /// game's seed on the lower half of the board, apart from each other, and white's as their
    /// images under a half turn about the centre: the same position for both colours, for boards
    /// the standard setup does not fit. As many groups as fit with a free cell around each
    /// are placed, up to `groups`; on boards too small for even one, one is placed regardless.
    Mirrored {
        /// Blinkers per colour (at least 1).
        groups: usize,
    },
    /// Stones given as cells in the board's notation.
    Custom {
        /// Black's stones.
        black: Vec<Cell>,
        /// White's stones.
        white: Vec<Cell>,
    },
}

impl Setup {
    /// A custom setup from two lists of cells separated by spaces or commas (`"d3 c5 e5"`).
    ///
    /// ```
    /// use life_go::prelude::*;
    /// use life_go::Setup;
    ///
    /// let config = Config {
    ///     setup: Setup::custom("b2 c2 d2", "b4 c4 d4")?,
    ///     ..Config::square(5)
    /// };
    /// let game = LifeGo::new(config, 0)?;
    /// assert_eq!(game.stones(Colour::White), 3);
    /// println!("{game}");
    /// # Ok::<(), Error>(())
    /// ```
    pub fn custom(black: &str, white: &str) -> Result<Self, Error> {
        Ok(Setup::Custom {
            black: parse_cells(black)?,
            white: parse_cells(white)?,
        })
    }
}

/// Rule variants, sizes and limits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Files (3–64). Default 19.
    pub width: usize,
    /// Ranks (3–64). Default 19.
    pub height: usize,
    /// The stones before the first move. Default: the standard setup.
    pub setup: Setup,
    /// Moves in all (both players) after which the player with more stones wins. Default 400.
    pub move_limit: u32,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            width: DEFAULT_SIDE,
            height: DEFAULT_SIDE,
            setup: Setup::RuleBook,
            move_limit: DEFAULT_MOVE_LIMIT,
        }
    }
}

impl Config {
    /// A `side`×`side` board with the standard setup where it fits (17×17 and larger) and a
    /// mirrored random one otherwise ([`Config::mirrored_groups`] blinkers each).
    ///
    /// ```
    /// use life_go::{Config, Setup};
    ///
    /// // Too small for the standard stones: a mirrored random setup instead.
    /// assert!(matches!(Config::square(9).setup, Setup::Mirrored { .. }));
    /// assert_eq!(Config::square(19), Config::default());
    /// ```
    pub fn square(side: usize) -> Self {
        Self::sized(side, side)
    }

    /// A `width`×`height` board with the standard setup where it fits and a mirrored random
    /// one otherwise.
    pub fn sized(width: usize, height: usize) -> Self {
        let setup = if width >= 17 && height >= 17 {
            Setup::RuleBook
        } else {
            Setup::Mirrored {
                groups: Self::mirrored_groups(width, height),
            }
        };
        Self {
            width,
            height,
            setup,
            move_limit: DEFAULT_MOVE_LIMIT,
        }
    }

    /// The short game, for a person at the keyboard: 13×13 with a mirrored random setup (4
    /// blinkers each) and 80 moves in all, 40 each, which a person plays in about ten minutes.
    /// The rule book's game (19×19, 400 moves) stays the default.
    ///
    /// ```
    /// use life_go::prelude::*;
    ///
    /// let game = LifeGo::new(Config::short(), 7)?;
    /// assert_eq!((game.board().width(), game.config().move_limit), (13, 80));
    /// assert_eq!(game.stones(Colour::Black), game.stones(Colour::White));
    /// # Ok::<(), life_go::Error>(())
    /// ```
    pub fn short() -> Self {
        Self {
            move_limit: SHORT_MOVE_LIMIT,
            ..Self::sized(SHORT_SIDE, SHORT_SIDE)
        }
    }

    /// The number of blinkers per colour for a mirrored setup: one per 40 cells, at least 1.
    pub fn mirrored_groups(width: usize, height: usize) -> usize {
        (width.saturating_mul(height) / 40).max(1)
    }

    /// Checks the sizes and the limit.
    pub fn validate(&self) -> Result<(), Error> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&self.width)
            || !(MIN_SIDE..=MAX_SIDE).contains(&self.height)
        {
            return Err(Error::BoardSize {
                width: self.width,
                height: self.height,
            });
        }
        if self.move_limit == 0 {
            return Err(Error::MoveLimit);
        }
        Ok(())
    }

    /// The starting board, with random choices (mirrored setups) drawn from `seed`.
    pub fn starting_board(&self, seed: u64) -> Result<Board, Error> {
        self.validate()?;
        let mut board = Board::empty(self.width, self.height)?;
        match &self.setup {
            Setup::RuleBook => {
                let black = parse_cells(RULE_BOOK_BLACK)?;
                let white = parse_cells(RULE_BOOK_WHITE)?;
                place_all(&mut board, &black, &white)?;
            }
            Setup::Custom { black, white } => place_all(&mut board, black, white)?,
            Setup::Mirrored { groups } => mirrored(&mut board, *groups, seed)?,
        }
        Ok(board)
    }
}

/// Places up to `groups` black blinkers and their white half-turn images (see [`Setup::Mirrored`]),
/// as [`Blinkers::seeded`] draws them (the draw as chance events is beside it).
fn mirrored(board: &mut Board, groups: usize, seed: u64) -> Result<(), Error> {
    if groups == 0 {
        return Err(Error::SetupGroups);
    }
    let blinkers = Blinkers::new(board.width(), board.height());
    let placed = blinkers.seeded(groups, seed);
    if placed.is_empty() {
        return Err(Error::SetupGroups);
    }
    for i in placed {
        blinkers.place(board, i);
    }
    Ok(())
}

fn place_all(board: &mut Board, black: &[Cell], white: &[Cell]) -> Result<(), Error> {
    for (colour, cells) in [(Colour::Black, black), (Colour::White, white)] {
        if cells.is_empty() {
            return Err(Error::SetupEmpty { colour });
        }
        for &cell in cells {
            if !board.contains(cell) {
                return Err(Error::SetupOffBoard {
                    colour,
                    cell,
                    width: board.width(),
                    height: board.height(),
                });
            }
            if board.get(cell).is_some() {
                return Err(Error::SetupOverlap { cell });
            }
            board.place(cell, colour);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_short_game_is_small_and_the_default_stays_the_rule_book() {
        let short = Config::short();
        assert_eq!((short.width, short.height, short.move_limit), (13, 13, 80));
        assert_eq!(short.setup, Setup::Mirrored { groups: 4 });
        let board = short.starting_board(3).unwrap();
        assert_eq!(board.count(Colour::Black), 12);
        assert_eq!(board.count(Colour::White), 12);
        let standard = Config::default();
        assert_eq!((standard.width, standard.move_limit), (19, 400));
        assert_eq!(standard.setup, Setup::RuleBook);
    }

    #[test]
    fn rule_book_setup() {
        let board = Config::default().starting_board(0).unwrap();
        assert_eq!(board.count(Colour::Black), 11);
        assert_eq!(board.count(Colour::White), 11);
        assert_eq!(board.get("d3".parse().unwrap()), Some(Colour::Black));
        assert_eq!(board.get("d17".parse().unwrap()), Some(Colour::White));
        assert_eq!(board.get("a19".parse().unwrap()), None);
    }

    #[test]
    fn rule_book_setup_needs_17_by_17() {
        let mut config = Config {
            width: 16,
            ..Config::default()
        };
        assert!(matches!(
            config.starting_board(0),
            Err(Error::SetupOffBoard { .. })
        ));
        config.width = 17;
        config.height = 17;
        assert!(config.starting_board(0).is_ok());
    }

    #[test]
    fn mirrored_setup_is_symmetric_and_seeded() {
        for side in [3, 4, 5, 9, 13] {
            let config = Config::square(side);
            let a = config.starting_board(5).unwrap();
            assert_eq!(a, config.starting_board(5).unwrap());
            let black = a.count(Colour::Black);
            assert!(black >= 3 && black.is_multiple_of(3), "{side}: {black}");
            assert_eq!(a.count(Colour::White), black);
            for cell in a.cells() {
                let image = Cell::new(side - 1 - cell.file(), side - 1 - cell.rank()).unwrap();
                assert_eq!(a.get(cell), a.get(image).map(Colour::opponent), "{side}");
            }
        }
        let config = Config::square(13);
        assert_ne!(
            config.starting_board(5).unwrap(),
            config.starting_board(6).unwrap()
        );
        assert_eq!(
            config.starting_board(1).unwrap().count(Colour::Black) as usize,
            3 * Config::mirrored_groups(13, 13)
        );
        let none = Config {
            setup: Setup::Mirrored { groups: 0 },
            ..Config::square(9)
        };
        assert!(none.starting_board(0).is_err());
    }

    #[test]
    fn bad_sizes_and_limits_are_refused() {
        for (w, h) in [(2, 19), (19, 2), (65, 19), (usize::MAX, usize::MAX)] {
            assert_eq!(
                Config::sized(w, h).starting_board(0),
                Err(Error::BoardSize {
                    width: w,
                    height: h
                })
            );
        }
        let no_moves = Config {
            move_limit: 0,
            ..Config::default()
        };
        assert_eq!(no_moves.starting_board(0), Err(Error::MoveLimit));
    }

    #[test]
    fn custom_setups_are_checked() {
        let mut config = Config::square(5);
        config.setup = Setup::custom("a1 b1", "c1 a1").unwrap();
        assert_eq!(
            config.starting_board(0),
            Err(Error::SetupOverlap {
                cell: "a1".parse().unwrap()
            })
        );
        config.setup = Setup::custom("a1 f1", "c1").unwrap();
        assert!(matches!(
            config.starting_board(0),
            Err(Error::SetupOffBoard { .. })
        ));
        config.setup = Setup::custom("a1", "").unwrap();
        assert_eq!(
            config.starting_board(0),
            Err(Error::SetupEmpty {
                colour: Colour::White
            })
        );
        assert!(Setup::custom("a1 zz", "b2").is_err());
    }

    /// A misspelt field, at the top or inside the setup, is refused rather than replaced by a
    /// default.
    #[test]
    fn unknown_fields_are_refused() {
        let config = Config {
            setup: Setup::Mirrored { groups: 2 },
            ..Config::square(9)
        };
        let json = serde_json::to_string(&config).unwrap();
        assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), config);
        for (from, to) in [
            ("\"move_limit\"", "\"move_limt\":10,\"move_limit\""),
            ("\"groups\"", "\"group\":3,\"groups\""),
        ] {
            assert!(json.contains(from), "{from} not in {json}");
            let typo = json.replacen(from, to, 1);
            let err = serde_json::from_str::<Config>(&typo).unwrap_err();
            assert!(err.to_string().contains("unknown field"), "{typo}: {err}");
        }
    }
}
