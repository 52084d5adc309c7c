//! The table drawn in SVG (feature `svg`): the hands round the table (two to four), the trick,
//! the rank order, and the labels of the game's rule set: its opening card, a pass that shuts a
//! player out, the payments where the game ends at the first out.

use cards_core::svg::{card_height, draw_back, draw_card, draw_card_name};
use cards_core::{Card, CardSet};
use game_core::Player;
use game_core::svg::{Svg, ToSvg, View, palette};

use crate::action::{Action, Play, Shape};
use crate::narration::{opening_rule, play_kind};
use crate::rules::{Config, End, PLAYERS, RankOrder};
use crate::state::{BigTwo, Move, Table};

/// The picture's size.
const WIDTH: f64 = 880.0;
const HEIGHT: f64 = 410.0;
/// A card's width in hands and the trick.
const CARD: f64 = 44.0;
/// How far apart cards of a fan are: enough to show each card's corner.
const STEP: f64 = 22.0;
/// The trick's cards spread a little wider.
const TRICK_STEP: f64 = 28.0;
/// Cards per row in the side seats' hands (two rows).
const SIDE_ROW: usize = 7;

/// Where a seat sits: 0 at the bottom, then round the table: 1 on the right, 2 at the top, 3 on
/// the left; with two seats the other faces the bottom one from the top, with three the third
/// sits on the left.
#[derive(Clone, Copy)]
enum Place {
    Bottom,
    Right,
    Top,
    Left,
}

impl Place {
    fn of(seat: Player, players: usize) -> Place {
        match (seat, players) {
            (0, _) => Place::Bottom,
            (1, 2) => Place::Top,
            (1, _) => Place::Right,
            (2, 3) => Place::Left,
            (2, _) => Place::Top,
            _ => Place::Left,
        }
    }
}

/// The hand in the order in force, lowest first, jokers last (as a player holds it).
fn in_order(hand: CardSet, order: RankOrder) -> Vec<Card> {
    let mut cards: Vec<Card> = hand.iter().collect();
    cards.sort_by_key(|c| (c.rank().map_or(13, |r| order.strength(r)), c.index()));
    cards
}

/// `1st`, `2nd`, `3rd`, `4th`.
fn ordinal(place: usize) -> String {
    let suffix = match place {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}

/// How wide a pill holding `text` is drawn.
fn pill_width(text: &str) -> f64 {
    12.0 + 6.6 * text.chars().count() as f64
}

/// A small rounded label with `text`, its left end at `x` and baseline at `y`; returns its
/// width.
fn pill(svg: &mut Svg, x: f64, y: f64, text: &str, fill: &str, ink: &str, class: &str) -> f64 {
    let width = pill_width(text);
    svg.rect(x, y - 12.0, width, 16.0)
        .attr("rx", 8)
        .attr("fill", fill)
        .attr("class", class);
    svg.text(x + width / 2.0, y)
        .attr("text-anchor", "middle")
        .attr("font-size", 11)
        .attr("font-weight", "bold")
        .attr("fill", ink)
        .content(text);
    width
}

/// Draws one seat: its name and state (to move, passed or shut out of the trick, its place, or
/// where the game ends at the first out, out first or what it pays) and its hand, face up when
/// `hand` is given, else `count` backs.
fn draw_seat(
    svg: &mut Svg,
    seat: Player,
    hand: Option<&[Card]>,
    count: usize,
    game: &BigTwo,
    view: View,
) {
    let table = game.table();
    let config = game.config();
    let width_of = |n: usize| {
        if n == 0 {
            0.0
        } else {
            STEP * (n - 1) as f64 + CARD
        }
    };
    let (label_x, label_y, cards_x, cards_y, per_row) = match Place::of(seat, table.players()) {
        Place::Bottom => {
            let x = (WIDTH - width_of(14)) / 2.0;
            (x, 270.0, x, 278.0, 14)
        }
        Place::Top => {
            let x = (WIDTH - width_of(14)) / 2.0;
            (x, 22.0, x, 30.0, 14)
        }
        Place::Left => (20.0, 126.0, 20.0, 134.0, SIDE_ROW),
        Place::Right => {
            let x = WIDTH - 20.0 - width_of(SIDE_ROW);
            (x, 126.0, x, 134.0, SIDE_ROW)
        }
    };
    let name = if view == View::Seat(seat) {
        format!("player {} (you)", seat + 1)
    } else {
        format!("player {}", seat + 1)
    };
    let cards = match count {
        1 => "1 card".to_string(),
        n => format!("{n} cards"),
    };
    let mut pills: Vec<(String, &str, &str, &str)> = Vec::new();
    if table.to_move() == Some(seat) {
        pills.push(("to move".into(), palette::ORANGE, palette::INK, "to-move"));
    }
    if table.trick().is_some() && table.has_passed(seat) {
        let text = if config.pass_shuts_out {
            "shut out"
        } else {
            "passed"
        };
        pills.push((text.into(), palette::FAINT, palette::INK, "passed"));
    }
    let first_out = matches!(config.end, End::FirstOut { .. });
    match table.place(seat) {
        Some(_) if first_out => {
            pills.push(("out first".into(), palette::GREEN, palette::PAPER, "place"));
        }
        Some(place) => {
            let text = format!("out: {}", ordinal(place));
            pills.push((text, palette::GREEN, palette::PAPER, "place"));
        }
        None if first_out && table.to_move().is_none() => {
            let cards = u8::try_from(count).unwrap_or(u8::MAX);
            let pays = config.end.payment(cards).unwrap_or(0);
            pills.push((
                format!("pays {pays}"),
                palette::FAINT,
                palette::INK,
                "place",
            ));
        }
        None => {}
    }
    let cards_at = 9.0 * name.chars().count() as f64 + 6.0;
    let pills_at = cards_at + 2.0 + 7.0 * cards.len() as f64;
    let row: f64 = pills_at
        + pills
            .iter()
            .map(|(text, ..)| pill_width(text) + 4.0)
            .sum::<f64>();
    // A long row (a seat on the right with its place) is pulled back inside the table.
    let label_x = label_x.min(WIDTH - 8.0 - row);
    svg.text(label_x, label_y)
        .attr("font-size", 13)
        .attr("font-weight", "bold")
        .attr("fill", palette::INK)
        .content(&name);
    svg.text(label_x + cards_at, label_y)
        .attr("font-size", 12)
        .attr("fill", palette::MUTED)
        .content(&cards);
    let mut x = label_x + pills_at;
    for (text, fill, ink, class) in &pills {
        x += pill(svg, x, label_y, text, fill, ink, class) + 4.0;
    }
    for i in 0..count {
        let (row, column) = (i / per_row, i % per_row);
        let x = cards_x + STEP * column as f64;
        let y = cards_y + 34.0 * row as f64;
        match hand.and_then(|h| h.get(i)) {
            Some(&card) => draw_card(svg, card, x, y, CARD),
            None => draw_back(svg, x, y, CARD),
        }
    }
}

/// Draws `play`'s cards from `x` (left) at `y`, each joker with what it stands for beneath.
fn draw_play(svg: &mut Svg, play: &Play, x: f64, y: f64, step: f64) {
    let is_run = matches!(play.shape(), Shape::StraightFlush(_));
    for (i, (card, declared)) in play.printed().into_iter().enumerate() {
        let cx = x + step * i as f64;
        draw_card(svg, card, cx, y, CARD);
        if let Some(meant) = declared {
            let below = y + card_height(CARD) + 14.0;
            svg.text(cx + 2.0, below)
                .attr("font-size", 12)
                .attr("fill", palette::MUTED)
                .content("=");
            match (is_run, meant.rank()) {
                (false, Some(rank)) => {
                    svg.text(cx + 12.0, below)
                        .attr("font-size", 12)
                        .attr("font-weight", "bold")
                        .attr("fill", palette::INK)
                        .content(rank.name());
                }
                _ => {
                    draw_card_name(svg, meant, cx + 12.0, below, 12.0);
                }
            }
        }
    }
}

/// A card in words, `the 3 of diamonds`, for the headline (a joker, which never opens, by its
/// name).
fn card_words(card: Card) -> String {
    match (card.rank(), card.suit()) {
        (Some(rank), Some(suit)) => {
            let suit = match suit {
                cards_core::Suit::Clubs => "clubs",
                cards_core::Suit::Diamonds => "diamonds",
                cards_core::Suit::Hearts => "hearts",
                cards_core::Suit::Spades => "spades",
            };
            format!("the {} of {suit}", rank.name())
        }
        _ => format!("{card:#}"),
    }
}

/// The middle of the table: the play to beat (named by its kind under the rules) and who made
/// it, or who leads and, for the game's first play, the card it must hold.
fn draw_trick(svg: &mut Svg, table: &Table, config: &Config) {
    let centre = WIDTH / 2.0;
    let (headline, play) = match (table.trick(), table.to_move()) {
        (Some(trick), _) => (
            format!(
                "to beat: {} by player {}",
                play_kind(&trick.play, config),
                trick.player + 1
            ),
            Some(trick.play),
        ),
        (None, Some(leader)) if table.is_first_play() => {
            let rule = if config.opening_alone {
                opening_rule(&card_words(table.opening()), true)
            } else {
                format!("hold {}", card_words(table.opening()))
            };
            (
                format!("player {} leads the game: the play must {rule}", leader + 1),
                None,
            )
        }
        (None, Some(leader)) => (format!("player {} leads a new trick", leader + 1), None),
        (None, None) => ("the game is over".to_string(), None),
    };
    svg.text(centre, 140.0)
        .attr("text-anchor", "middle")
        .attr("font-size", 13)
        .attr("fill", palette::INK)
        .content(&headline);
    if let Some(play) = play {
        let n = play.cards().len();
        let step = if n > 10 { STEP } else { TRICK_STEP };
        let width = step * n.saturating_sub(1) as f64 + CARD;
        svg.group(0.0, 0.0).attr("class", "trick").open();
        draw_play(svg, &play, centre - width / 2.0, 150.0, step);
        svg.close();
    }
}

/// The last move, in words and cards, under the trick.
fn draw_last_move(svg: &mut Svg, last: Option<&Move>) {
    let Some(last) = last else {
        return;
    };
    let y = 246.0;
    let x = WIDTH / 2.0 - 110.0;
    match last.action {
        Action::Pass => {
            svg.text(WIDTH / 2.0, y)
                .attr("text-anchor", "middle")
                .attr("font-size", 12)
                .attr("fill", palette::MUTED)
                .content(&format!("last move: player {} passed", last.player + 1));
        }
        Action::Play(play) => {
            let words = format!("last move: player {} played", last.player + 1);
            svg.text(x, y)
                .attr("font-size", 12)
                .attr("fill", palette::MUTED)
                .content(&words);
            let mut at = x + 6.6 * words.chars().count() as f64 + 6.0;
            for card in play.cards() {
                at += draw_card_name(svg, card, at, y, 12.0) + 6.0;
            }
        }
    }
}

/// The rank order in force, lowest to highest (the jokers last where they are in play), with a
/// mark when it is reversed; where suits break ties, the suits from lowest to highest.
fn draw_order(svg: &mut Svg, table: &Table, config: &Config) {
    let order = table.order();
    let y = 388.0;
    svg.text(20.0, y)
        .attr("font-size", 12)
        .attr("fill", palette::MUTED)
        .content("rank order, low to high:");
    let mut x = 170.0;
    let box_width = 26.0;
    for rank in order.ranks_ascending() {
        svg.rect(x, y - 15.0, box_width, 21.0)
            .attr("rx", 4)
            .attr("fill", palette::PAPER)
            .attr("stroke", palette::MUTED);
        svg.text(x + box_width / 2.0, y)
            .attr("text-anchor", "middle")
            .attr("font-size", 13)
            .attr("font-weight", "bold")
            .attr("fill", palette::INK)
            .content(rank.name());
        x += box_width + 10.0;
    }
    if config.jokers {
        svg.text(x, y)
            .attr("font-size", 13)
            .attr("font-weight", "bold")
            .attr("fill", palette::INK)
            .content("jokers");
        x += 62.0;
    }
    if let Some(order) = config.suit_order {
        let suits: Vec<String> = order.iter().rev().map(|s| s.symbol().to_string()).collect();
        svg.text(x, y)
            .attr("font-size", 13)
            .attr("font-weight", "bold")
            .attr("fill", palette::INK)
            .attr("class", "suits")
            .content(&format!("suits: {}", suits.join(" < ")));
    }
    if order == RankOrder::Reversed {
        let times = match table.reversals() {
            1 => "once".to_string(),
            2 => "twice".to_string(),
            n => format!("{n} times"),
        };
        pill(
            svg,
            x,
            y,
            &format!("REVERSED ({times})"),
            palette::PURPLE,
            palette::INK,
            "reversed",
        );
    } else if table.reversals() > 0 {
        svg.text(x, y)
            .attr("font-size", 11)
            .attr("fill", palette::MUTED)
            .content(&format!(
                "turned {} times, back to normal",
                table.reversals()
            ));
    }
}

impl ToSvg for BigTwo {
    /// The table: the hands round it (seat 0 at the bottom, then 1 on the right, 2 at the
    /// top, 3 on the left; with three seats the third on the left, with two the other at the
    /// top), each seat's count and whether it is to move, has passed in this trick (is shut
    /// out, where a pass does that) or is out and in which place (where the game ends at the
    /// first out: out first, and what each other seat pays); the play to beat in the middle,
    /// named by its kind under the rules (each joker with what it stands for) and the last
    /// move; and the rank order in force, lowest first, with a purple `REVERSED` mark while a
    /// four of a kind has turned it, and the suit order where suits break ties.
    ///
    /// A seat's view shows its own hand face up and the others' as backs, so the picture is
    /// made of that seat's observation alone; [`View::Everything`] turns every hand face up.
    ///
    /// ```
    /// use big_two_reversal::prelude::*;
    ///
    /// let game = BigTwo::new(Config::default(), 42)?;
    /// let mine = game.to_svg(View::Seat(0));
    /// // Seat 0 sees its 14 cards; the others' 40 are backs.
    /// assert_eq!(mine.matches(r#"class="card""#).count(), 14);
    /// assert_eq!(mine.matches(r#"class="card back""#).count(), 40);
    /// assert_eq!(game.to_svg(View::Everything).matches(r#"class="card""#).count(), 54);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_svg(&self, view: View) -> String {
        let table = self.table();
        let first_out = matches!(self.config().end, End::FirstOut { .. });
        let title = match table.to_move() {
            Some(seat) => format!("Big Two: player {} to move", seat + 1),
            None if first_out => match table.finish_order().next() {
                Some(winner) => format!(
                    "Big Two: the game is over, player {} is out first",
                    winner + 1
                ),
                None => "Big Two: the game is over".to_string(),
            },
            None => {
                let places: Vec<String> = table
                    .finish_order()
                    .map(|seat| format!("player {}", seat + 1))
                    .collect();
                format!("Big Two: the game is over, places {}", places.join(", "))
            }
        };
        let mut svg = Svg::new(WIDTH, HEIGHT, &title);
        svg.rect(8.0, 104.0, WIDTH - 16.0, 150.0)
            .attr("rx", 14)
            .attr("fill", palette::GROUND);
        for seat in 0..table.players().min(PLAYERS) {
            let count = table.count(seat);
            let hand = view
                .sees(seat)
                .then(|| in_order(self.hand(seat), table.order()));
            draw_seat(&mut svg, seat, hand.as_deref(), count, self, view);
        }
        draw_trick(&mut svg, table, self.config());
        draw_last_move(&mut svg, self.history().last());
        draw_order(&mut svg, table, self.config());
        svg.finish()
    }
}
