//! What happened at the table, move by move, as data a program can read and text people can:
//! who played or passed, a reversal, a seat going out, who won the trick and leads the next.

use std::fmt;

use cards_core::{Card, CardSet};
use game_core::{Game, Narrate, Player, Turn, capitalise};

use crate::action::{Action, Play};
use crate::rules::{PLAYERS, RankOrder};
use crate::state::{BigTwo, Move, Observation, Table};

/// Something that happened at the table; [`fmt::Display`] says it in words for people ("player 3
/// wins the trick and leads"). Seats count from 0, as everywhere in this crate's code; text for
/// people counts players from 1, as the terminal game and the replay pages do.
///
/// ```
/// use big_two_reversal::prelude::*;
/// use big_two_reversal::Event;
///
/// let mut game = BigTwo::new(Config::default(), 42)?;
/// let before = *game.table();
/// game.apply(&"3c".parse()?)?;
/// let events = Event::of_move(&before, &game.history()[0], game.table());
/// assert!(matches!(events[0], Event::Played { .. }));
/// assert!(events[0].to_string().ends_with("plays 3♣ (a single)"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Event {
    /// `seat` played `play`.
    Played {
        /// Who played.
        seat: Player,
        /// What they played.
        play: Play,
    },
    /// `seat` passed.
    Passed {
        /// Who passed.
        seat: Player,
    },
    /// A four of a kind turned the rank order upside down; `order` is the one now in force.
    Reversed {
        /// The order in force after the reversal.
        order: RankOrder,
    },
    /// `seat` played its last card and went out in `place` (1 for first).
    WentOut {
        /// Who went out.
        seat: Player,
        /// Their place, from 1.
        place: usize,
    },
    /// Everyone else still holding cards passed: `winner` won the trick and `leader` leads the
    /// next one (the winner, or when the winner has gone out, the next seat holding cards).
    TrickWon {
        /// Whose play won the trick.
        winner: Player,
        /// Who leads the next trick.
        leader: Player,
    },
    /// Only `seat` still holds cards: it takes last place (`place`) and the game is over.
    Last {
        /// The seat left holding cards.
        seat: Player,
        /// Its place: the last one.
        place: usize,
    },
}

impl Event {
    /// What `played` did, given the table just before it and just after it, in the order it
    /// happened.
    pub fn of_move(before: &Table, played: &Move, after: &Table) -> Vec<Event> {
        let seat = played.player;
        let mut events = Vec::with_capacity(3);
        match played.action {
            Action::Pass => {
                events.push(Event::Passed { seat });
                if let (Some(trick), None, Some(leader)) =
                    (before.trick(), after.trick(), after.to_move())
                {
                    events.push(Event::TrickWon {
                        winner: trick.player,
                        leader,
                    });
                }
            }
            Action::Play(play) => {
                events.push(Event::Played { seat, play });
                if play.reverses() {
                    events.push(Event::Reversed {
                        order: after.order(),
                    });
                }
            }
        }
        let newly_placed = after
            .finish_order()
            .enumerate()
            .skip(before.finish_order().len());
        for (index, placed) in newly_placed {
            let place = index + 1;
            events.push(if placed == seat {
                Event::WentOut { seat, place }
            } else {
                Event::Last {
                    seat: placed,
                    place,
                }
            });
        }
        events
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::Played { seat, play } => {
                write!(f, "player {} plays {play} ({})", seat + 1, play.shape())
            }
            Event::Passed { seat } => write!(f, "player {} passes", seat + 1),
            Event::Reversed { order } => {
                write!(f, "a four of a kind turns the rank order round: {order}")
            }
            Event::WentOut { seat, place } => {
                write!(
                    f,
                    "player {} has no cards left: out in place {place}",
                    seat + 1
                )
            }
            Event::TrickWon { winner, leader } if winner == leader => {
                write!(f, "player {} wins the trick and leads", winner + 1)
            }
            Event::TrickWon { winner, leader } => write!(
                f,
                "player {} wins the trick; player {} leads, player {} being out",
                winner + 1,
                leader + 1,
                winner + 1
            ),
            Event::Last { seat, place } => write!(
                f,
                "player {} is the last with cards: place {place}, and the game is over",
                seat + 1
            ),
        }
    }
}

/// `cards` in the order in force, lowest first, jokers last.
fn in_order(cards: CardSet, order: RankOrder) -> Vec<Card> {
    let mut sorted: Vec<Card> = cards.iter().collect();
    sorted.sort_by_key(|c| (c.rank().map_or(13, |r| order.strength(r)), c.index()));
    sorted
}

/// The table as lines of text, with the hands `hand` shows (`None`: only the count): the rank
/// order, a line per seat, and the play to beat, who leads, or that the game is over. `{:#}` writes cards in ASCII.
fn write_table(
    f: &mut fmt::Formatter<'_>,
    table: &Table,
    hand: impl Fn(Player) -> Option<CardSet>,
) -> fmt::Result {
    let ascii = f.alternate();
    write!(f, "rank order: {}", table.order())?;
    for seat in 0..PLAYERS {
        write!(f, "\nplayer {}: ", seat + 1)?;
        if let Some(place) = table.place(seat) {
            write!(f, "out, place {place}")?;
            continue;
        }
        match hand(seat) {
            Some(cards) => {
                for card in in_order(cards, table.order()) {
                    if ascii {
                        write!(f, "{card:#} ")?;
                    } else {
                        write!(f, "{card} ")?;
                    }
                }
                write!(f, "({} cards)", cards.len())?;
            }
            None => write!(f, "{} cards", table.count(seat))?,
        }
        if table.to_move() == Some(seat) {
            f.write_str(" · to move")?;
        }
    }
    f.write_str("\n")?;
    match (table.trick(), table.to_move()) {
        (_, None) => f.write_str("the game is over"),
        (Some(trick), _) if ascii => write!(
            f,
            "to beat: {:#} ({}) by player {}",
            trick.play,
            trick.play.shape(),
            trick.player + 1
        ),
        (Some(trick), _) => write!(
            f,
            "to beat: {} ({}) by player {}",
            trick.play,
            trick.play.shape(),
            trick.player + 1
        ),
        (None, Some(seat)) if table.is_first_play() => {
            write!(
                f,
                "player {} leads the game: the play must contain 3♣",
                seat + 1
            )
        }
        (None, Some(seat)) => write!(f, "player {} leads a new trick", seat + 1),
    }
}

impl fmt::Display for Table {
    /// What everyone sees, one line each: the rank order, every seat's count of cards (or
    /// place, once out) and whose turn it is, then the play to beat or who leads:
    ///
    /// ```text
    /// rank order: normal: 3 < 4 < 5 < 6 < 7 < 8 < 9 < 10 < J < Q < K < A < 2 < joker
    /// player 1: 12 cards
    /// player 2: 13 cards · to move
    /// player 3: 13 cards
    /// player 4: 13 cards
    /// to beat: 3♣ (a single) by player 1
    /// ```
    ///
    /// `{:#}` writes the cards in ASCII.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_table(f, self, |_| None)
    }
}

impl fmt::Display for Observation {
    /// The [`Table`]'s text with this seat's own hand, in the order in force, lowest first.
    /// `{:#}` writes the cards in ASCII.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_table(f, self.table(), |seat| {
            (seat == self.seat()).then_some(self.hand())
        })
    }
}

impl fmt::Display for BigTwo {
    /// The whole deal: the [`Table`]'s text with every hand, in the order in force:
    ///
    /// ```
    /// use big_two_reversal::prelude::*;
    ///
    /// let game = BigTwo::new(Config::default(), 42)?;
    /// let text = game.to_string();
    /// assert!(text.starts_with("rank order: normal"));
    /// assert_eq!(text.lines().count(), 6);
    /// assert!(text.contains("the play must contain 3♣"));
    /// // {:#} for a terminal without the suit symbols.
    /// assert!(format!("{game:#}").contains("3c"));
    /// println!("{game}");
    /// # Ok::<(), Error>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_table(f, self.table(), |seat| Some(self.hand(seat)))
    }
}

impl Narrate for BigTwo {
    fn opening(state: &Self) -> Vec<String> {
        match state.turn() {
            Turn::Player(leader) => vec![format!(
                "The deal. Player {} holds 3♣ and leads; the first play must contain it.",
                leader + 1
            )],
            _ => vec!["The deal.".to_string()],
        }
    }

    fn narrate(before: &Self, _joint: &[Self::Action], after: &Self) -> Vec<String> {
        let Some(played) = after.history().last() else {
            return Vec::new();
        };
        Event::of_move(before.table(), played, after.table())
            .iter()
            .map(|event| format!("{}.", capitalise(&event.to_string())))
            .collect()
    }

    fn closing(state: &Self) -> Vec<String> {
        let places: Vec<String> = state
            .table()
            .finish_order()
            .enumerate()
            .map(|(i, seat)| {
                // The sign as people write it: +3, −1 (a minus sign, not a hyphen).
                let score = format!("{:+}", state.returns(seat)).replace('-', "−");
                format!(
                    "{} player {} ({score})",
                    ["1st", "2nd", "3rd", "4th"][i.min(3)],
                    seat + 1,
                )
            })
            .collect();
        vec![format!("Game over. Places: {}.", places.join(", "))]
    }
}

#[cfg(test)]
mod tests {
    use game_core::{Game, Turn};

    use super::*;
    use crate::{BigTwo, Config};

    /// Plays a whole game with the lowest legal action (pass whenever allowed) and checks the
    /// events against the table: one `Played`/`Passed` per move, a `TrickWon` exactly when a
    /// trick ends, every place announced once.
    #[test]
    fn events_follow_the_table() {
        let mut game = BigTwo::new(Config::default(), 7).expect("a deal");
        let mut places = 0;
        let mut tricks_won = 0;
        while let Turn::Player(p) = game.turn() {
            let legal = game.legal_actions(p);
            let action = legal
                .iter()
                .copied()
                .find(|a| *a == Action::Pass && p % 2 == 0)
                .unwrap_or(legal[0]);
            let before = *game.table();
            game.apply(&action).expect("a legal action");
            let after = *game.table();
            let played = *game.history().last().expect("a move");
            let events = Event::of_move(&before, &played, &after);
            match events[0] {
                Event::Played { seat, .. } | Event::Passed { seat } => assert_eq!(seat, p),
                other => panic!("first event {other}"),
            }
            let won = events.iter().any(|e| matches!(e, Event::TrickWon { .. }));
            assert_eq!(won, before.trick().is_some() && after.trick().is_none());
            tricks_won += usize::from(won);
            places += events
                .iter()
                .filter(|e| matches!(e, Event::WentOut { .. } | Event::Last { .. }))
                .count();
            for e in &events {
                assert!(!e.to_string().is_empty());
            }
        }
        assert_eq!(places, 4);
        assert!(tricks_won > 0);
        assert!(game.to_string().ends_with("the game is over"), "{game}");
    }

    #[test]
    fn the_text_views_show_what_their_reader_may_see() {
        let mut game = BigTwo::new(Config::default(), 42).expect("a deal");
        let Turn::Player(first) = game.turn() else {
            panic!("a new game has a player to move")
        };
        game.apply(&"3c".parse().expect("3♣")).expect("3♣ opens");
        let whole = game.to_string();
        let seat_line = |text: &str, seat: Player| {
            text.lines()
                .find(|l| l.starts_with(&format!("player {}:", seat + 1)))
                .map(str::to_string)
                .expect("a line per seat")
        };
        assert!(whole.ends_with(&format!("to beat: 3♣ (a single) by player {}", first + 1)));
        assert!(seat_line(&whole, first).ends_with("(12 cards)"));
        let next = (first + 1) % PLAYERS;
        assert!(seat_line(&whole, next).ends_with("(13 cards) · to move"));
        // The observation shows its own hand and only counts for the others; the table only
        // counts.
        let view = game.observation(next).to_string();
        assert_eq!(seat_line(&view, next), seat_line(&whole, next));
        assert_eq!(
            seat_line(&view, first),
            format!("player {}: 12 cards", first + 1)
        );
        let table = game.table().to_string();
        assert_eq!(
            seat_line(&table, next),
            format!("player {}: 13 cards · to move", next + 1)
        );
        assert!(!format!("{game:#}").contains('♣'));
    }
}
