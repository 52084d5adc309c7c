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

    /// What the drop itself did for its mover: the tick it caused against the tick the board
    /// would have had without it (which differ only on the drop's cell and its 8 neighbours),
    /// counted from the mover's side, and the mover's lead in stones before, after, and had
    /// the board ticked alone.
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
    /// assert_eq!(gain.change(), gain.lead_after - gain.lead_alone);
    /// println!("{gain}"); // "black's lead 0 → +2 (+1 by the drop: 1 black born, …)"
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gain(&self) -> Gain {
        let (me, them) = (self.mover, self.mover.opponent());
        let mut before = self.dropped.clone();
        before.set(self.cell, None);
        let alone = before.ticked();
        let mut after = self.dropped.clone();
        after.tick();
        let lead = |board: &Board| i64::from(board.count(me)) - i64::from(board.count(them));
        let mut gain = Gain {
            mover: me,
            born: 0,
            opponent_born: 0,
            killed: 0,
            lost: 0,
            won_over: 0,
            lost_over: 0,
            lead_before: lead(&before),
            lead_alone: lead(&alone),
            lead_after: lead(&after),
        };
        let (file, rank) = (self.cell.file() as isize, self.cell.rank() as isize);
        for df in -1..=1 {
            for dr in -1..=1 {
                let (f, r) = (file + df, rank + dr);
                if f < 0 || r < 0 {
                    continue;
                }
                let Some(cell) = Cell::new(f as usize, r as usize) else {
                    continue;
                };
                if !after.contains(cell) {
                    continue;
                }
                let count = match (alone.get(cell), after.get(cell)) {
                    (None, Some(c)) if c == me => &mut gain.born,
                    (None, Some(_)) => &mut gain.opponent_born,
                    (Some(c), None) if c == me => &mut gain.lost,
                    (Some(_), None) => &mut gain.killed,
                    (Some(old), Some(new)) if old != new && new == me => &mut gain.won_over,
                    (Some(old), Some(new)) if old != new => &mut gain.lost_over,
                    _ => continue,
                };
                *count += 1;
            }
        }
        gain
    }
}

/// What a drop did for its mover ([`MoveReport::gain`]): the stones born, killed and turned
/// because of it, against the tick the board would have had without it (a drop's stone that
/// survives counts as born), and the mover's lead. What a hint gains, or why a drop lost
/// ground.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Gain {
    /// Who moved.
    pub mover: Colour,
    /// Stones of the mover's colour there because of the drop (its own stone, if it lives).
    pub born: u32,
    /// Stones of the opponent's colour there because of the drop.
    pub opponent_born: u32,
    /// The opponent's stones that the drop killed (they would have lived).
    pub killed: u32,
    /// The mover's stones that die because of the drop.
    pub lost: u32,
    /// The opponent's stones the drop turned to the mover's colour.
    pub won_over: u32,
    /// The mover's stones the drop turned to the opponent's colour.
    pub lost_over: u32,
    /// The mover's stones minus the opponent's before the drop.
    pub lead_before: i64,
    /// The mover's lead had the board ticked without the drop.
    pub lead_alone: i64,
    /// The mover's lead after the drop and its tick.
    pub lead_after: i64,
}

impl Gain {
    /// What the drop added to the mover's lead, against the board ticking alone (negative: it
    /// cost stones).
    pub fn change(&self) -> i64 {
        self.lead_after - self.lead_alone
    }
}

impl fmt::Display for Gain {
    /// `black's lead 0 → +3 (+2 by the drop: 2 black born, 1 white killed)`; counts that are 0
    /// are left out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (me, them) = (self.mover, self.mover.opponent());
        write!(
            f,
            "{me}'s lead {} → {} ({} by the drop",
            signed(self.lead_before),
            signed(self.lead_after),
            signed(self.change())
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
        if !said.is_empty() {
            write!(f, ": {}", said.join(", "))?;
        }
        f.write_str(")")
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

#[cfg(test)]
mod tests {
    use game_core::{Game, GameRng};

    use super::*;
    use crate::rules::Config;

    fn lead(game: &LifeGo, colour: Colour) -> i64 {
        i64::from(game.stones(colour)) - i64::from(game.stones(colour.opponent()))
    }

    #[test]
    fn a_gain_counts_what_the_drop_changed_and_the_leads() {
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
                let me = report.mover;
                assert_eq!(gain.lead_before, lead(&before, me));
                assert_eq!(gain.lead_after, lead(&game, me));
                let alone = before.board().ticked();
                let lead_alone = i64::from(alone.count(me)) - i64::from(alone.count(me.opponent()));
                assert_eq!(gain.lead_alone, lead_alone);
                // Each change moves the lead by one stone, a turned stone by two.
                let counted = i64::from(gain.born) - i64::from(gain.opponent_born)
                    + i64::from(gain.killed)
                    - i64::from(gain.lost)
                    + 2 * (i64::from(gain.won_over) - i64::from(gain.lost_over));
                assert_eq!(gain.change(), counted, "{gain:?}");
                assert_eq!(
                    gain.born > 0
                        || gain.won_over > 0
                        || gain.killed > 0
                        || gain.lost > 0
                        || gain.opponent_born > 0
                        || gain.lost_over > 0,
                    alone != *game.board()
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
        // Alone, every stone would die. Black's d2 completes a row: d1 and d3 are born of two
        // white and one black neighbour (white), c2 and e2 die as they would have, d2 stays
        // and turns white; a5 dies alone.
        game.apply(&"d2".parse().unwrap()).unwrap();
        let gain = MoveReport::new(&before, &game).unwrap().gain();
        assert_eq!(
            (gain.born, gain.opponent_born, gain.killed, gain.lost),
            (0, 3, 0, 0)
        );
        assert_eq!(
            (gain.lead_before, gain.lead_alone, gain.lead_after),
            (-1, 0, -3)
        );
        assert_eq!(gain.change(), -3);
        assert_eq!(
            gain.to_string(),
            "black's lead −1 → −3 (−3 by the drop: 3 white born)"
        );
        assert_eq!(signed(4), "+4");
        assert_eq!(signed(0), "0");
    }
}
