//! What happened at the table, move by move, as data a program can read and text people can:
//! who played or passed (and whether the pass shut them out of the trick), a reversal, a seat
//! going out (and, where the game ends at the first out, what everyone pays), who won the trick
//! and leads the next. Every text follows the game's rule set: a standard play is named by its
//! [`Kind`], the opening card is the table's own.

use std::fmt;

use cards_core::{Card, CardSet};
use game_core::{Game, Narrate, Player, Turn, capitalise};

use crate::action::{Action, Play};
use crate::hands::{Combination, Kind};
use crate::rules::{Config, End, PLAYERS, RankOrder};
use crate::state::{BigTwo, Move, Observation, Table};

/// The kind of `play` under `config`, in words: its [`Kind`] (`a full house`) where a standard
/// rule set judges plays, its [`Shape`](crate::Shape) (`a straight flush of 4`) under 逆轉大老2.
/// The names differ where the rules do: five suited cards in sequence are a straight flush of 5
/// in 逆轉大老2 and a straight flush in the standard games, J-Q-K-A-2 of one suit a flush where
/// it is no straight.
///
/// ```
/// use big_two_reversal::{Config, Play, Preset, play_kind};
///
/// let full: Play = "3c 3d 3h 7c 7d".parse()?;
/// assert_eq!(play_kind(&full, &Config::preset(Preset::HongKong)), "a full house");
/// let run: Play = "5h 6h 7h".parse()?;
/// assert_eq!(play_kind(&run, &Config::default()), "a straight flush of 3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_kind(play: &Play, config: &Config) -> String {
    match standard_kind(play, config) {
        Some(kind) => kind.to_string(),
        None => play.shape().to_string(),
    }
}

/// The play's [`Kind`] where a standard rule set judges plays; `None` under 逆轉大老2 (or for
/// cards that are no play of the rules, which a game never holds).
fn standard_kind(play: &Play, config: &Config) -> Option<Kind> {
    if config.is_reversal() {
        return None;
    }
    Combination::new(play.cards(), config)
        .ok()
        .map(|c| c.kind())
}

/// What a multiplier does to a payment, in words: nothing for 1, `doubled`, `tripled`, `×4`.
fn multiplied(multiplier: u32) -> Option<String> {
    match multiplier {
        0 | 1 => None,
        2 => Some("doubled".to_string()),
        3 => Some("tripled".to_string()),
        n => Some(format!("×{n}")),
    }
}

/// `1 card`, `10 cards`.
fn cards_text(n: u8) -> String {
    match n {
        1 => "1 card".to_string(),
        n => format!("{n} cards"),
    }
}

/// What the first play must be, in words, when the card written `opening` opens: `contain 3♦`,
/// or `be 3♦ alone`.
pub(crate) fn opening_rule(opening: &str, alone: bool) -> String {
    if alone {
        format!("be {opening} alone")
    } else {
        format!("contain {opening}")
    }
}

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
/// let events = Event::of_move(game.config(), &before, &game.history()[0], game.table());
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
        /// The play's kind where a standard rule set judges plays; `None` under 逆轉大老2,
        /// where the play's [`Shape`](crate::Shape) names it.
        kind: Option<Kind>,
    },
    /// `seat` passed.
    Passed {
        /// Who passed.
        seat: Player,
    },
    /// `seat`'s pass keeps it out of the rest of the trick (rules where a pass shuts a player
    /// out); it plays again when a new trick starts.
    ShutOut {
        /// Who passed.
        seat: Player,
    },
    /// `seat` went out first and the game ends there: every other seat pays it for the cards
    /// it still holds ([`End::payment`]).
    FirstOut {
        /// Who went out.
        seat: Player,
        /// The number of seats in the game.
        players: u8,
        /// How many cards each seat still holds.
        left: [u8; PLAYERS],
        /// What each seat pays the winner (0 for the winner and for seats that do not exist).
        pays: [u32; PLAYERS],
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
    /// What `played` did under the rules `config`, given the table just before it and just
    /// after it, in the order it happened.
    pub fn of_move(config: &Config, before: &Table, played: &Move, after: &Table) -> Vec<Event> {
        let seat = played.player;
        let mut events = Vec::with_capacity(3);
        match played.action {
            Action::Pass => {
                events.push(Event::Passed { seat });
                if config.pass_shuts_out && after.trick().is_some() {
                    events.push(Event::ShutOut { seat });
                }
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
                events.push(Event::Played {
                    seat,
                    play,
                    kind: standard_kind(&play, config),
                });
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
            if let End::FirstOut { .. } = config.end {
                let players = after.players().min(PLAYERS);
                let mut left = [0; PLAYERS];
                let mut pays = [0; PLAYERS];
                for other in (0..players).filter(|&p| p != placed) {
                    let cards = u8::try_from(after.count(other)).unwrap_or(u8::MAX);
                    left[other] = cards;
                    pays[other] = config.end.payment(cards).unwrap_or(0);
                }
                events.push(Event::FirstOut {
                    seat: placed,
                    players: players as u8,
                    left,
                    pays,
                });
                continue;
            }
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
            Event::Played { seat, play, kind } => {
                write!(f, "player {} plays {play} (", seat + 1)?;
                match kind {
                    Some(kind) => write!(f, "{kind})"),
                    None => write!(f, "{})", play.shape()),
                }
            }
            Event::Passed { seat } => write!(f, "player {} passes", seat + 1),
            Event::ShutOut { seat } => write!(
                f,
                "player {} is shut out of this trick: a pass keeps a player out until the \
                 next trick",
                seat + 1
            ),
            Event::FirstOut {
                seat,
                players,
                left,
                pays,
            } => {
                write!(f, "player {} is out first", seat + 1)?;
                let mut sep = ": ";
                for other in (0..usize::from(players)).filter(|&p| p != seat) {
                    let cards = left[other];
                    let multiplier = if cards == 0 {
                        1
                    } else {
                        pays[other] / u32::from(cards)
                    };
                    write!(
                        f,
                        "{sep}player {} pays {} ({}",
                        other + 1,
                        pays[other],
                        cards_text(cards)
                    )?;
                    if let Some(words) = multiplied(multiplier) {
                        write!(f, ", {words}")?;
                    }
                    f.write_str(")")?;
                    sep = ", ";
                }
                Ok(())
            }
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

/// The suits from lowest to highest, `♦ < ♣ < ♥ < ♠`, where suits break ties.
fn suits_text(config: &Config) -> Option<String> {
    config.suit_order.map(|order| {
        order
            .iter()
            .rev()
            .map(|s| s.symbol().to_string())
            .collect::<Vec<_>>()
            .join(" < ")
    })
}

/// The table as lines of text, with the hands `hand` shows (`None`: only the count): the rank
/// order (and under a standard rule set `config`, the suit order), a line per seat, and the
/// play to beat, who leads, or that the game is over. `{:#}` writes cards in ASCII.
fn write_table(
    f: &mut fmt::Formatter<'_>,
    table: &Table,
    config: Option<&Config>,
    hand: impl Fn(Player) -> Option<CardSet>,
) -> fmt::Result {
    let ascii = f.alternate();
    match config.filter(|c| !c.is_reversal()) {
        // No jokers and no reversal: the ranks, then the suits.
        Some(config) => {
            let ranks: Vec<&str> = RankOrder::Normal
                .ranks_ascending()
                .iter()
                .map(|r| r.name())
                .collect();
            write!(f, "rank order: {}", ranks.join(" < "))?;
            if let Some(suits) = suits_text(config) {
                write!(f, "; suits: {suits}")?;
            }
        }
        None => write!(f, "rank order: {}", table.order())?,
    }
    let alone = config.is_some_and(|c| c.opening_alone);
    for seat in 0..table.players().min(PLAYERS) {
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
    let kind = |play: &Play| match config {
        Some(config) => play_kind(play, config),
        None => play.shape().to_string(),
    };
    match (table.trick(), table.to_move()) {
        (_, None) => f.write_str("the game is over"),
        (Some(trick), _) if ascii => write!(
            f,
            "to beat: {:#} ({}) by player {}",
            trick.play,
            kind(&trick.play),
            trick.player + 1
        ),
        (Some(trick), _) => write!(
            f,
            "to beat: {} ({}) by player {}",
            trick.play,
            kind(&trick.play),
            trick.player + 1
        ),
        (None, Some(seat)) if table.is_first_play() => {
            let opening = if ascii {
                format!("{:#}", table.opening())
            } else {
                table.opening().to_string()
            };
            write!(
                f,
                "player {} leads the game: the play must {}",
                seat + 1,
                opening_rule(&opening, alone)
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
        write_table(f, self, None, |_| None)
    }
}

impl fmt::Display for Observation {
    /// The [`Table`]'s text with this seat's own hand, in the order in force, lowest first.
    /// `{:#}` writes the cards in ASCII.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_table(f, self.table(), Some(self.config()), |seat| {
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
        write_table(f, self.table(), Some(self.config()), |seat| {
            Some(self.hand(seat))
        })
    }
}

impl Narrate for BigTwo {
    fn opening(state: &Self) -> Vec<String> {
        let config = state.config();
        let opening = state.table().opening();
        match state.turn() {
            Turn::Player(leader) => {
                let held = if opening == config.opening {
                    format!("holds {opening}")
                } else {
                    // Fewer seats than four: the rules' card may have been set aside.
                    format!(
                        "holds {opening}, the lowest card dealt ({} is set aside)",
                        config.opening
                    )
                };
                let rule = if config.opening_alone {
                    "be it alone"
                } else {
                    "contain it"
                };
                vec![format!(
                    "The deal. Player {} {held} and leads; the first play must {rule}.",
                    leader + 1,
                )]
            }
            _ => vec!["The deal.".to_string()],
        }
    }

    fn narrate(before: &Self, _joint: &[Self::Action], after: &Self) -> Vec<String> {
        let Some(played) = after.history().last() else {
            return Vec::new();
        };
        Event::of_move(after.config(), before.table(), played, after.table())
            .iter()
            .map(|event| format!("{}.", capitalise(&event.to_string())))
            .collect()
    }

    fn closing(state: &Self) -> Vec<String> {
        // The sign as people write it: +3, −1 (a minus sign, not a hyphen).
        let score = |seat: Player| format!("{:+}", state.returns(seat)).replace('-', "−");
        let table = state.table();
        if let End::FirstOut { .. } = state.config().end {
            let Some(winner) = table.finish_order().next() else {
                return vec!["Game over.".to_string()];
            };
            let others: Vec<String> = (0..table.players())
                .filter(|&p| p != winner)
                .map(|p| format!("player {} ({})", p + 1, score(p)))
                .collect();
            return vec![format!(
                "Game over. Player {} is out first ({}); {}.",
                winner + 1,
                score(winner),
                others.join(", ")
            )];
        }
        let places: Vec<String> = table
            .finish_order()
            .enumerate()
            .map(|(i, seat)| {
                format!(
                    "{} player {} ({})",
                    ["1st", "2nd", "3rd", "4th"][i.min(3)],
                    seat + 1,
                    score(seat)
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
            let events = Event::of_move(game.config(), &before, &played, &after);
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

    /// A Hong Kong game played out with the lowest legal action: every pass that leaves the
    /// trick going shuts the passer out, plays are named by their kind, and the game ends at
    /// the first out with payments that are the returns.
    #[test]
    fn a_hong_kong_game_is_told_by_its_rules() {
        let config = Config::preset(crate::Preset::HongKong);
        let mut game = BigTwo::new(config.clone(), 11).expect("a deal");
        let opening = Narrate::opening(&game);
        assert!(
            opening[0].contains("holds 3♦ and leads; the first play must contain it"),
            "{opening:?}"
        );
        assert!(
            game.to_string().contains("the play must contain 3♦"),
            "{game}"
        );
        assert!(
            game.to_string()
                .starts_with("rank order: 3 < 4 < 5 < 6 < 7 < 8 < 9 < 10 < J < Q < K < A < 2; suits: ♦ < ♣ < ♥ < ♠"),
            "{game}"
        );
        let mut shut_outs = 0;
        let mut first_out = None;
        while let Turn::Player(p) = game.turn() {
            let legal = game.legal_actions(p);
            let action = legal
                .iter()
                .copied()
                .find(|a| *a == Action::Pass && p == 1)
                .unwrap_or(legal[0]);
            let before = *game.table();
            game.apply(&action).expect("a legal action");
            let played = *game.history().last().expect("a move");
            let events = Event::of_move(game.config(), &before, &played, game.table());
            for event in &events {
                match *event {
                    Event::Played { play, kind, .. } => {
                        let kind = kind.expect("a standard play has a kind");
                        assert_eq!(kind.card_count(), play.cards().len());
                        assert!(event.to_string().ends_with(&format!("({kind})")));
                    }
                    Event::ShutOut { seat } => {
                        assert_eq!(seat, p);
                        assert!(game.table().has_passed(p));
                        shut_outs += 1;
                    }
                    Event::FirstOut { seat, pays, .. } => first_out = Some((seat, pays, *event)),
                    Event::WentOut { .. } | Event::Last { .. } => {
                        panic!("a first-out game has no places: {event}")
                    }
                    _ => {}
                }
            }
        }
        assert!(shut_outs > 0);
        let (winner, pays, event) = first_out.expect("the game ended at the first out");
        assert_eq!(game.returns(winner), f64::from(pays.iter().sum::<u32>()));
        for p in (0..4).filter(|&p| p != winner) {
            assert_eq!(game.returns(p), -f64::from(pays[p]));
            assert!(
                event
                    .to_string()
                    .contains(&format!("player {} pays {}", p + 1, pays[p])),
                "{event}"
            );
        }
        let closing = Narrate::closing(&game);
        assert!(
            closing[0].starts_with(&format!("Game over. Player {} is out first (+", winner + 1)),
            "{closing:?}"
        );
    }

    #[test]
    fn payments_are_told_with_their_multipliers() {
        let event = Event::FirstOut {
            seat: 1,
            players: 4,
            left: [10, 0, 5, 13],
            pays: [20, 0, 5, 39],
        };
        assert_eq!(
            event.to_string(),
            "player 2 is out first: player 1 pays 20 (10 cards, doubled), player 3 pays 5 \
             (5 cards), player 4 pays 39 (13 cards, tripled)"
        );
        let two = Event::FirstOut {
            seat: 0,
            players: 2,
            left: [0, 1, 0, 0],
            pays: [0, 1, 0, 0],
        };
        assert_eq!(
            two.to_string(),
            "player 1 is out first: player 2 pays 1 (1 card)"
        );
        assert!(
            Event::ShutOut { seat: 2 }
                .to_string()
                .starts_with("player 3 is shut out of this trick")
        );
    }

    #[test]
    fn a_standard_play_is_named_by_its_kind() {
        let hong_kong = Config::preset(crate::Preset::HongKong);
        let full: Play = "3c 3d 3h 7c 7d".parse().expect("cards");
        assert_eq!(play_kind(&full, &hong_kong), "a full house");
        let straight_flush: Play = "5h 6h 7h 8h 9h".parse().expect("cards");
        assert_eq!(play_kind(&straight_flush, &hong_kong), "a straight flush");
        assert_eq!(
            play_kind(&straight_flush, &Config::default()),
            "a straight flush of 5"
        );
        let event = Event::Played {
            seat: 0,
            play: full,
            kind: Some(Kind::FullHouse),
        };
        assert_eq!(
            event.to_string(),
            "player 1 plays 3♣ 3♦ 3♥ 7♣ 7♦ (a full house)"
        );
    }

    /// With three seats the rules' 3♦ may be set aside: the lowest card dealt opens, and the
    /// texts say which.
    #[test]
    fn fewer_seats_open_with_the_lowest_card_dealt() {
        let mut config = Config::preset(crate::Preset::Pagat);
        config.players = 3;
        for seed in 0..40 {
            let game = BigTwo::new(config.clone(), seed).expect("a deal");
            let opening = game.table().opening();
            let text = game.to_string();
            assert_eq!(text.lines().count(), 5, "{text}");
            assert!(
                text.ends_with(&format!("the play must contain {opening}")),
                "{text}"
            );
            let told = Narrate::opening(&game);
            if opening != config.opening {
                assert!(
                    told[0].contains(&format!(
                        "holds {opening}, the lowest card dealt (3♦ is set aside)"
                    )),
                    "{told:?}"
                );
                return;
            }
        }
        panic!("in 40 deals 3♦ was always dealt");
    }
}
