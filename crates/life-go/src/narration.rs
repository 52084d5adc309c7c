//! What a move did, as data a program can read and text people can: the drop, then what the
//! tick that followed did to the board (stones born, stones that died, stones that changed
//! colour).

use std::fmt;

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

    /// What the move did for its mover, counted: the stones each side got, lost and turned,
    /// and the mover's lead in stones before the drop and after the tick.
    ///
    /// ```
    /// use life_go::prelude::*;
    /// use life_go::MoveReport;
    ///
    /// let game = LifeGo::new(Config::default(), 0)?;
    /// let mut after = game.clone();
    /// after.apply(&"e3".parse()?)?;
    /// let gain = MoveReport::new(&game, &after).expect("one move apart").gain();
    /// assert_eq!(gain.mover, Colour::Black);
    /// assert_eq!(gain.lead_before, 0);
    /// let lead = |g: &LifeGo| i64::from(g.stones(Colour::Black)) - i64::from(g.stones(Colour::White));
    /// assert_eq!(gain.lead_after, lead(&after));
    /// println!("{gain}"); // e.g. "black's lead 0 → +2: 5 black born, 2 black died, …"
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gain(&self) -> Gain {
        let mine =
            |list: &[(Cell, Colour)]| list.iter().filter(|(_, c)| *c == self.mover).count() as u32;
        let theirs = |list: &[(Cell, Colour)]| list.len() as u32 - mine(list);
        let lead = i64::from(self.dropped.count(self.mover))
            - i64::from(self.dropped.count(self.mover.opponent()));
        let gain = Gain {
            mover: self.mover,
            born: mine(&self.tick.born),
            opponent_born: theirs(&self.tick.born),
            killed: theirs(&self.tick.died),
            lost: mine(&self.tick.died),
            won_over: mine(&self.tick.turned),
            lost_over: theirs(&self.tick.turned),
            lead_before: lead - 1,
            lead_after: 0,
        };
        Gain {
            lead_after: lead + i64::from(gain.born) - i64::from(gain.opponent_born)
                + i64::from(gain.killed)
                - i64::from(gain.lost)
                + 2 * (i64::from(gain.won_over) - i64::from(gain.lost_over)),
            ..gain
        }
    }
}

/// A move's effect seen from its mover's side ([`MoveReport::gain`]): what a hint gains, or
/// why a drop lost ground. "Mine" is the mover's colour; the dropped stone counts in
/// [`lost`](Self::lost) when it dies in the tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Gain {
    /// Who moved.
    pub mover: Colour,
    /// Stones of the mover's colour born in the tick.
    pub born: u32,
    /// Stones of the opponent's colour born in the tick.
    pub opponent_born: u32,
    /// The opponent's stones that died.
    pub killed: u32,
    /// The mover's stones that died (the dropped one included).
    pub lost: u32,
    /// The opponent's stones turned to the mover's colour.
    pub won_over: u32,
    /// The mover's stones turned to the opponent's colour.
    pub lost_over: u32,
    /// The mover's stones minus the opponent's before the drop.
    pub lead_before: i64,
    /// The mover's stones minus the opponent's after the tick.
    pub lead_after: i64,
}

impl Gain {
    /// How much the mover's lead grew (negative: shrank).
    pub fn change(&self) -> i64 {
        self.lead_after - self.lead_before
    }
}

impl fmt::Display for Gain {
    /// `black's lead 0 → +3: 2 black born, 1 white killed, 1 turned black`; parts that are 0
    /// are left out, and a move that changed nothing but its own stone says `the drop alone`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (me, them) = (self.mover, self.mover.opponent());
        write!(
            f,
            "{me}'s lead {} → {}: ",
            signed(self.lead_before),
            signed(self.lead_after)
        )?;
        let parts = [
            (self.born, format!("{me} born")),
            (self.opponent_born, format!("{them} born")),
            (self.killed, format!("{them} killed")),
            (self.lost, format!("{me} died")),
            (self.won_over, format!("turned {me}")),
            (self.lost_over, format!("turned {them}")),
        ];
        let said: Vec<String> = parts
            .iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, what)| format!("{n} {what}"))
            .collect();
        if said.is_empty() {
            f.write_str("the drop alone")
        } else {
            f.write_str(&said.join(", "))
        }
    }
}

/// `+3`, `0`, `−2` (with a minus sign, as the narration writes numbers).
pub(crate) fn signed(n: i64) -> String {
    match n.cmp(&0) {
        std::cmp::Ordering::Greater => format!("+{n}"),
        std::cmp::Ordering::Equal => "0".to_string(),
        std::cmp::Ordering::Less => format!("−{}", n.unsigned_abs()),
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

#[cfg(test)]
mod tests {
    use game_core::{Game, GameRng};

    use super::*;
    use crate::rules::Config;

    fn lead(game: &LifeGo, colour: Colour) -> i64 {
        i64::from(game.stones(colour)) - i64::from(game.stones(colour.opponent()))
    }

    #[test]
    fn a_gain_counts_what_the_tick_did_and_the_lead_it_left() {
        let mut rng = GameRng::new(5);
        for seed in 0..6 {
            let mut game = LifeGo::new(Config::square(9), seed).unwrap();
            while !game.is_over() {
                let drops = game.legal_drops();
                let cell = *rng.choose(&drops).unwrap();
                let before = game.clone();
                game.apply(&crate::Action::at(cell)).unwrap();
                let report = MoveReport::new(&before, &game).unwrap();
                let gain = report.gain();
                assert_eq!(gain.lead_before, lead(&before, report.mover));
                assert_eq!(gain.lead_after, lead(&game, report.mover));
                assert_eq!(
                    gain.born + gain.opponent_born,
                    report.tick.born.len() as u32
                );
                assert_eq!(gain.killed + gain.lost, report.tick.died.len() as u32);
                assert_eq!(
                    gain.won_over + gain.lost_over,
                    report.tick.turned.len() as u32
                );
                assert_eq!(
                    gain.lost > 0,
                    report.tick.died.iter().any(|(_, c)| *c == report.mover)
                );
            }
        }
    }

    #[test]
    fn a_gain_is_told_from_the_movers_side() {
        let config = Config {
            setup: crate::Setup::Custom {
                black: vec!["a5".parse().unwrap()],
                white: vec!["c2".parse().unwrap(), "e2".parse().unwrap()],
            },
            ..Config::square(5)
        };
        let mut game = LifeGo::new(config, 0).unwrap();
        let before = game.clone();
        // Black's d2 completes a row: d1 and d3 are born of two white and one black
        // neighbour (white), c2 and e2 die, d2 stays and turns white; a5 dies alone.
        game.apply(&"d2".parse().unwrap()).unwrap();
        let gain = MoveReport::new(&before, &game).unwrap().gain();
        assert_eq!((gain.born, gain.opponent_born, gain.killed), (0, 2, 2));
        assert_eq!((gain.lost, gain.lost_over), (1, 1));
        assert_eq!(
            (gain.lead_before, gain.lead_after, gain.change()),
            (-1, -3, -2)
        );
        assert_eq!(
            gain.to_string(),
            "black's lead −1 → −3: 2 white born, 2 white killed, 1 black died, 1 turned white"
        );
        assert_eq!(signed(4), "+4");
        assert_eq!(signed(0), "0");
    }
}
