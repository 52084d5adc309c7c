//! What a move did, as data a program can read and text people can: the drop, then what the
//! tick that followed did to the board (stones born, stones that died, stones that changed
//! colour).

use std::fmt;

use game_core::{Narrate, capitalise};

use crate::action::Cell;
use crate::board::{Board, Colour};
use crate::state::LifeGo;

/// What one tick of Life did to a board. Every list runs rank by rank from `a1`.
///
/// ```
/// use life_go::{Board, Cell, Colour, Tick};
///
/// // A black blinker: the row c2 d2 e2 turns into the column d1 d2 d3.
/// let mut board = Board::empty(5, 5)?;
/// for cell in ["c2", "d2", "e2"] {
///     board.set(cell.parse::<Cell>()?, Some(Colour::Black));
/// }
/// let tick = Tick::between(&board, &board.ticked());
/// assert_eq!(tick.born.len(), 2);
/// assert_eq!(tick.died.len(), 2);
/// assert_eq!(tick.to_string(), "2 born (d1 black, d3 black), 2 died (c2 black, e2 black)");
/// assert_eq!(format!("{tick:#}"), "2 born, 2 died");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tick {
    /// Empty cells that got a stone, with its colour.
    pub born: Vec<(Cell, Colour)>,
    /// Stones that were removed, with the colour they had.
    pub died: Vec<(Cell, Colour)>,
    /// Stones that stayed and changed colour, with their new colour.
    pub turned: Vec<(Cell, Colour)>,
}

impl Tick {
    /// The difference between `before` and `after`, read as a tick (the boards should have one
    /// size; cells beyond either board count as empty).
    pub fn between(before: &Board, after: &Board) -> Tick {
        let mut tick = Tick::default();
        let cells = before.cells().chain(
            after
                .cells()
                .filter(|&c| !before.contains(c))
                .collect::<Vec<_>>(),
        );
        for cell in cells {
            match (before.get(cell), after.get(cell)) {
                (None, Some(colour)) => tick.born.push((cell, colour)),
                (Some(colour), None) => tick.died.push((cell, colour)),
                (Some(old), Some(new)) if old != new => tick.turned.push((cell, new)),
                _ => {}
            }
        }
        tick
    }

    /// Whether the tick changed nothing.
    pub fn is_empty(&self) -> bool {
        self.born.is_empty() && self.died.is_empty() && self.turned.is_empty()
    }
}

impl fmt::Display for Tick {
    /// `2 born (d1 black, d3 black), 1 died (c2 white), 1 turned (e5 now black)`, or `nothing
    /// changed`; `{:#}` gives only the counts (`2 born, 1 died, 1 turned`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("nothing changed");
        }
        let brief = f.alternate();
        let parts = [
            ("born", &self.born, ""),
            ("died", &self.died, ""),
            ("turned", &self.turned, "now "),
        ];
        let mut first = true;
        for (what, cells, before_colour) in parts {
            if cells.is_empty() {
                continue;
            }
            if !first {
                f.write_str(", ")?;
            }
            first = false;
            write!(f, "{} {what}", cells.len())?;
            if !brief {
                let list: Vec<String> = cells
                    .iter()
                    .map(|(cell, colour)| format!("{cell} {before_colour}{colour}"))
                    .collect();
                write!(f, " ({})", list.join(", "))?;
            }
        }
        Ok(())
    }
}

/// One move told as it happened: who dropped a stone where, the board with the new stone (before
/// the tick), and what the tick then did.
///
/// ```
/// use life_go::prelude::*;
/// use life_go::MoveReport;
///
/// let mut game = LifeGo::new(Config::default(), 1)?;
/// let before = game.clone();
/// let drop = game.legal_drops()[0];
/// game.apply(&Action::at(drop))?;
/// let report = MoveReport::new(&before, &game).expect("one move apart");
/// assert_eq!((report.mover, report.cell), (Colour::Black, drop));
/// assert_eq!(report.dropped.get(drop), Some(Colour::Black));
/// assert!(report.to_string().starts_with(&format!("black drops on {drop}; the tick: ")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport {
    /// Who moved.
    pub mover: Colour,
    /// Where the stone was dropped.
    pub cell: Cell,
    /// The board after the drop, before the tick.
    pub dropped: Board,
    /// What the tick did to that board.
    pub tick: Tick,
}

impl MoveReport {
    /// The move that led from `before` to `after`, or `None` unless `after` is `before` one
    /// move later.
    ///
    /// ```
    /// use life_go::prelude::*;
    /// use life_go::MoveReport;
    ///
    /// let mut game = LifeGo::new(Config::default(), 7)?;
    /// let before = game.clone();
    /// game.apply(&"e3".parse()?)?;
    /// let report = MoveReport::new(&before, &game).expect("one move apart");
    /// assert!(report.to_string().starts_with("black drops on e3"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(before: &LifeGo, after: &LifeGo) -> Option<MoveReport> {
        if after.moves_played() != before.moves_played().checked_add(1)? {
            return None;
        }
        let cell = after.last_drop()?;
        let mover = before.to_move();
        let mut dropped = before.board().clone();
        dropped.set(cell, Some(mover));
        let tick = Tick::between(&dropped, after.board());
        Some(MoveReport {
            mover,
            cell,
            dropped,
            tick,
        })
    }

    /// Whether the dropped stone is still on the board after the tick (of either colour).
    pub fn stone_survived(&self) -> bool {
        !self.tick.died.iter().any(|(cell, _)| *cell == self.cell)
    }
}

impl fmt::Display for MoveReport {
    /// `black drops on d4; the tick: 2 born (…), 1 died (…)`; `{:#}` with the tick's counts only.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} drops on {}; the tick: ", self.mover, self.cell)?;
        if f.alternate() {
            write!(f, "{:#}", self.tick)
        } else {
            write!(f, "{}", self.tick)
        }
    }
}

impl Narrate for LifeGo {
    fn opening(_state: &Self) -> Vec<String> {
        vec!["The setup: Black moves first.".to_string()]
    }

    /// As the terminal tells it: the whole list of changes when short, the counts when long.
    fn narrate(before: &Self, _joint: &[Self::Action], after: &Self) -> Vec<String> {
        let Some(report) = MoveReport::new(before, after) else {
            return Vec::new();
        };
        let tick = &report.tick;
        let text = if tick.born.len() + tick.died.len() + tick.turned.len() > 8 {
            format!("{report:#}")
        } else {
            report.to_string()
        };
        vec![format!("{}.", capitalise(&text))]
    }

    fn closing(state: &Self) -> Vec<String> {
        state
            .outcome()
            .map(|outcome| vec![format!("Game over: {outcome}.")])
            .unwrap_or_default()
    }
}
