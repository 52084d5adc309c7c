//! Actions: a pass, or a play of specific cards with what each joker stands for; the notation
//! people type (`3c 3d`, `5h 6h BJ=7h`, `2h BJ=2`, `pass`).

use std::fmt;
use std::str::FromStr;

use cards_core::{Card, CardSet, Rank, Suit};
use serde::{Deserialize, Serialize};

use crate::rules::{JOKER_STRENGTH, RankOrder, normal_strength};
use game_core::shorten;

/// Text that is not an action, and why: the action's own error, as its parser gives it.
///
/// ```
/// use big_two_reversal::{Action, ParseActionError};
///
/// let refused: ParseActionError = "3c 3c".parse::<Action>().unwrap_err();
/// assert_eq!(refused.input, "3c 3c");
/// assert!(refused.reason.contains("twice"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{}\" is not an action: {reason}", shorten(input))]
pub struct ParseActionError {
    /// The text given.
    pub input: String,
    /// Why it was refused.
    pub reason: String,
}

/// Cards that form no combination of the game, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NotACombination(pub String);

/// The type of a combination. A follow must have the type (and for straight flushes the length)
/// of the play it follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Shape {
    /// One card.
    Single,
    /// Two cards of a rank.
    Pair,
    /// Three cards of a rank.
    Triple,
    /// Four cards of a rank (四條): playing one flips the rank order.
    FourOfAKind,
    /// Three or more cards of one suit with consecutive ranks (同花順), of the given length.
    StraightFlush(u8),
    /// Two pairs of different ranks: a play of the standard rule sets only.
    TwoPair,
    /// Five cards of consecutive ranks in the cycle A 2 3 … K A 2 3 4, not all of one suit (the
    /// standard rule sets; which of them count, and their order, is the rule set's).
    Straight,
    /// Five cards of one suit that are no straight flush of 逆轉大老2 (the standard rule sets;
    /// one that wraps past the ace, J-Q-K-A-2, is a straight flush where the rule set counts
    /// that straight).
    Flush,
    /// A triple and a pair (the standard rule sets).
    FullHouse,
    /// Four of a kind and one more card (the standard rule sets).
    FourPlusOne,
}

impl Shape {
    /// Number of cards in a combination of this type.
    pub const fn card_count(self) -> usize {
        match self {
            Shape::Single => 1,
            Shape::Pair => 2,
            Shape::Triple => 3,
            Shape::FourOfAKind => 4,
            Shape::StraightFlush(n) => n as usize,
            Shape::TwoPair => 4,
            Shape::Straight | Shape::Flush | Shape::FullHouse | Shape::FourPlusOne => 5,
        }
    }
}

impl fmt::Display for Shape {
    /// `a single`, `a pair`, `a triple`, `a four of a kind`, `a straight flush of 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shape::Single => f.write_str("a single"),
            Shape::Pair => f.write_str("a pair"),
            Shape::Triple => f.write_str("a triple"),
            Shape::FourOfAKind => f.write_str("a four of a kind"),
            Shape::StraightFlush(n) => write!(f, "a straight flush of {n}"),
            Shape::TwoPair => f.write_str("a two pair"),
            Shape::Straight => f.write_str("a straight"),
            Shape::Flush => f.write_str("a flush"),
            Shape::FullHouse => f.write_str("a full house"),
            Shape::FourPlusOne => f.write_str("a four of a kind plus one"),
        }
    }
}

/// A combination as played: the cards that leave the hand (jokers included) and the cards they
/// stand for.
///
/// Two plays are the same action exactly when they use the same cards with the same meaning. In a
/// pair, triple or four a joker stands for a rank (its suit would never matter), so the meaning
/// gives it the lowest suit the play's real cards leave free; in a straight flush it stands for a
/// specific card. Jokers played alone stand for themselves and outrank every other combination of
/// their type.
///
/// ```
/// use big_two_reversal::{Play, Shape};
///
/// let pair: Play = "2h BJ=2".parse()?;
/// assert_eq!(pair.shape(), Shape::Pair);
/// let run: Play = "2d BJ=3d 4d".parse()?; // ♦2 + joker + ♦4, the blog post's example
/// assert_eq!(run.shape(), Shape::StraightFlush(3));
/// assert_eq!(run.to_string(), "2♦ BJ=3♦ 4♦");
/// # Ok::<(), big_two_reversal::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Play {
    cards: CardSet,
    meaning: CardSet,
    shape: Shape,
    /// Strength under the normal and the reversed order: a bit per rank strength, so comparing
    /// the integers compares the ranks highest first (and a set's one rank directly).
    keys: [u16; 2],
}

/// What a typed joker stands for: a whole card (`BJ=7h`) or just a rank (`BJ=7`).
/// (A joker typed without it stands for the one card the rest of the play leaves it.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StandsFor {
    /// A specific card.
    Card(Card),
    /// A rank; in a straight flush the suit is the suit of the play's real cards.
    Rank(Rank),
}

/// The bit key of a single rank strength.
const fn set_key(strength: u8) -> u16 {
    1 << strength
}

/// Keys of a straight flush from its ranks (bit `value − 1` per rank).
pub(crate) const fn run_keys(rank_mask: u16) -> [u16; 2] {
    let normal = (rank_mask >> 2) | ((rank_mask & 3) << 11);
    let reversed = normal.reverse_bits() >> 3;
    [normal, reversed]
}

/// The ranks of `set` (bit `value − 1` per rank present).
fn rank_mask(set: CardSet) -> u16 {
    set.iter()
        .filter_map(|c| c.rank())
        .fold(0, |m, r| m | 1 << (r.value() - 1))
}

/// The shape of `cards` among the plays only the standard rule sets have (two pair and the
/// five-card hands other than a straight flush of 逆轉大老2), whatever straights a rule set
/// counts; `None` for anything else.
fn standard_shape(cards: CardSet) -> Option<Shape> {
    if cards.intersects(CardSet::JOKERS) {
        return None;
    }
    // How many cards of each rank, largest first (at most five ranks matter).
    let mut counts = Rank::ALL.map(|r| cards.of_rank(r).len());
    counts.sort_unstable_by(|a, b| b.cmp(a));
    let mask = rank_mask(cards);
    // Five distinct ranks in a row of the cycle A 2 … K A 2 3 4.
    let cycle = (0..13).any(|start| (0x1F_u16 << start | 0x1F >> (13 - start)) & 0x1FFF == mask);
    let one_suit = Suit::ALL.iter().any(|&s| cards.of_suit(s) == cards);
    match (cards.len(), &counts[..5]) {
        (4, [2, 2, ..]) => Some(Shape::TwoPair),
        (5, [4, 1, ..]) => Some(Shape::FourPlusOne),
        (5, [3, 2, ..]) => Some(Shape::FullHouse),
        (5, _) if one_suit => Some(Shape::Flush),
        (5, [1, 1, 1, 1, 1]) if cycle => Some(Shape::Straight),
        _ => None,
    }
}

fn contiguous(mask: u16) -> bool {
    mask != 0 && {
        let t = mask >> mask.trailing_zeros();
        t & (t + 1) == 0
    }
}

impl Play {
    /// The play of `cards` meaning `meaning` (the ranked cards they stand for): checks that it
    /// is a combination and puts it in canonical form.
    ///
    /// ```
    /// use big_two_reversal::{Play, Shape};
    ///
    /// // 5♥ 6♥ and the black joker standing for 7♥: a straight flush of three.
    /// let run = Play::new("5h 6h BJ".parse()?, "5h 6h 7h".parse()?)?;
    /// assert_eq!(run.shape(), Shape::StraightFlush(3));
    /// assert_eq!(run, "5h 6h BJ=7h".parse()?);
    /// assert!(Play::new("3c 4d".parse()?, "3c 4d".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(cards: CardSet, meaning: CardSet) -> Result<Play, NotACombination> {
        Play::of_reversal(cards, meaning).or_else(|refused| {
            match standard_shape(cards).filter(|_| meaning == cards) {
                Some(shape) => Ok(Play {
                    cards,
                    meaning,
                    shape,
                    keys: [0, 0],
                }),
                None => Err(refused),
            }
        })
    }

    /// The play under the reversal rules (sets and runs, jokers wild), or why it is none.
    fn of_reversal(cards: CardSet, meaning: CardSet) -> Result<Play, NotACombination> {
        let real = cards - CardSet::JOKERS;
        let jokers = cards.jokers();
        if cards.is_empty() {
            return Err(NotACombination("a play needs at least one card".into()));
        }
        if real.is_empty() {
            if meaning != cards {
                return Err(NotACombination(
                    "jokers played alone stand for themselves".into(),
                ));
            }
            let shape = if jokers.len() == 1 {
                Shape::Single
            } else {
                Shape::Pair
            };
            let key = set_key(JOKER_STRENGTH);
            return Ok(Play {
                cards,
                meaning,
                shape,
                keys: [key, key],
            });
        }
        if meaning.intersects(CardSet::JOKERS) {
            return Err(NotACombination(
                "a joker stands for a ranked card, not another joker".into(),
            ));
        }
        if !meaning.contains_all(real) || meaning.len() != cards.len() {
            return Err(NotACombination(format!(
                "{} cannot stand for {}",
                cards, meaning
            )));
        }
        let first = real.first().and_then(|c| c.rank().zip(c.suit()));
        let Some((rank, suit)) = first else {
            return Err(NotACombination("a play needs a ranked card".into()));
        };
        if CardSet::rank(rank).contains_all(meaning) {
            return Ok(Play::set(real, jokers, rank));
        }
        let text = Play::describe(cards, meaning);
        if !CardSet::suit(suit).contains_all(meaning) {
            return Err(NotACombination(format!(
                "{text} is not a combination: cards of different ranks must all be of one suit \
                 (a straight flush)"
            )));
        }
        if meaning.len() < 3 {
            return Err(NotACombination(format!(
                "{text} is not a combination: a straight flush needs at least 3 cards"
            )));
        }
        let mask = rank_mask(meaning);
        let ace_high = (mask >> 1) | ((mask & 1) << 12);
        let is_run = contiguous(mask) || (mask & 1 == 1 && contiguous(ace_high));
        if !is_run {
            return Err(NotACombination(format!(
                "{text} is not a combination: the ranks are not consecutive (A may be low or \
                 high but runs do not wrap: K-A-2 is not a run)"
            )));
        }
        Ok(Play {
            cards,
            meaning,
            shape: Shape::StraightFlush(meaning.len() as u8),
            keys: run_keys(mask),
        })
    }

    /// A pair, triple or four of `rank` (or a single) from the real cards `real` (all of `rank`,
    /// at least one) and the jokers `jokers`; the jokers take the lowest free suits.
    pub(crate) fn set(real: CardSet, jokers: CardSet, rank: Rank) -> Play {
        let mut meaning = real;
        let mut free = CardSet::rank(rank) - real;
        for _ in 0..jokers.len() {
            if let Some(card) = free.first() {
                meaning.insert(card);
                free.remove(card);
            }
        }
        let shape = match meaning.len() {
            1 => Shape::Single,
            2 => Shape::Pair,
            3 => Shape::Triple,
            _ => Shape::FourOfAKind,
        };
        let key_normal = set_key(normal_strength(rank));
        let key_reversed = set_key(12 - normal_strength(rank));
        Play {
            cards: real | jokers,
            meaning,
            shape,
            keys: [key_normal, key_reversed],
        }
    }

    /// A straight flush whose meaning is `meaning` with ranks `mask`, played with `cards`.
    pub(crate) fn run(cards: CardSet, meaning: CardSet, mask: u16) -> Play {
        Play {
            cards,
            meaning,
            shape: Shape::StraightFlush(meaning.len() as u8),
            keys: run_keys(mask),
        }
    }

    /// A joker alone or the two jokers together.
    pub(crate) fn jokers_alone(jokers: CardSet) -> Play {
        let key = set_key(JOKER_STRENGTH);
        Play {
            cards: jokers,
            meaning: jokers,
            shape: if jokers.len() == 1 {
                Shape::Single
            } else {
                Shape::Pair
            },
            keys: [key, key],
        }
    }

    /// Parses the typed form of a play from its real cards and jokers with their declarations.
    pub fn from_declared(
        real: CardSet,
        jokers: &[(Card, Option<StandsFor>)],
    ) -> Result<Play, NotACombination> {
        let joker_set: CardSet = jokers.iter().map(|&(j, _)| j).collect();
        if jokers.iter().any(|(j, _)| !j.is_joker())
            || joker_set.len() != jokers.len()
            || real.intersects(CardSet::JOKERS)
        {
            return Err(NotACombination(
                "each joker appears once, and only jokers take a declaration".into(),
            ));
        }
        if real.is_empty() {
            if let Some((j, Some(_))) = jokers.iter().find(|(_, d)| d.is_some()) {
                return Err(NotACombination(format!(
                    "jokers played alone stand for themselves: write {j} without `=`"
                )));
            }
            return Play::new(joker_set, joker_set);
        }
        if jokers.iter().any(|(_, d)| d.is_none()) {
            return Play::forced(real, jokers);
        }
        let mut ranks: Vec<Rank> = real.iter().filter_map(|c| c.rank()).collect();
        let mut decl = Vec::with_capacity(jokers.len());
        for &(joker, declared) in jokers {
            match declared {
                None => {
                    return Err(NotACombination(format!(
                        "say what {joker} stands for, e.g. {joker}=7h (or {joker}=7 in a pair)"
                    )));
                }
                Some(d) => {
                    decl.push(d);
                    ranks.push(match d {
                        StandsFor::Card(c) => c.rank().unwrap_or(Rank::Ace),
                        StandsFor::Rank(r) => r,
                    });
                    if let StandsFor::Card(c) = d
                        && c.is_joker()
                    {
                        return Err(NotACombination(format!(
                            "{joker} cannot stand for another joker"
                        )));
                    }
                }
            }
        }
        let same_rank = ranks.windows(2).all(|w| w[0] == w[1]);
        if same_rank {
            let rank = ranks[0];
            if real.len() + jokers.len() > 4 {
                return Err(NotACombination(
                    "there are only four cards of a rank".into(),
                ));
            }
            return Ok(Play::set(real, joker_set, rank));
        }
        let suits: Vec<Suit> = real.iter().filter_map(|c| c.suit()).collect();
        let one_suit = suits.windows(2).all(|w| w[0] == w[1]).then(|| suits[0]);
        let mut meaning = real;
        for (d, &(joker, _)) in decl.iter().zip(jokers) {
            let card = match (*d, one_suit) {
                (StandsFor::Card(c), _) => c,
                (StandsFor::Rank(r), Some(s)) => Card::new(r, s),
                (StandsFor::Rank(r), None) => {
                    return Err(NotACombination(format!(
                        "say which card {joker} stands for, e.g. {joker}={r}h"
                    )));
                }
            };
            if !meaning.insert(card) {
                return Err(NotACombination(format!("{card} appears twice in the play")));
            }
        }
        Play::new(real | joker_set, meaning)
    }

    /// The play of `real` and `jokers` where some jokers were typed without what they stand
    /// for: accepted when the rest of the play leaves exactly one combination (`2h RJ` can only
    /// be a pair of 2s), else refused with a request to say it.
    fn forced(
        real: CardSet,
        jokers: &[(Card, Option<StandsFor>)],
    ) -> Result<Play, NotACombination> {
        let joker_set: CardSet = jokers.iter().map(|&(j, _)| j).collect();
        let mut fixed = real;
        let mut open = Vec::new();
        for &(joker, declared) in jokers {
            match declared {
                Some(StandsFor::Card(c)) => {
                    fixed.insert(c);
                }
                Some(StandsFor::Rank(r)) => {
                    // A rank alone: the lowest suit the real cards leave free (sets ignore it;
                    // a run's suit is its real cards').
                    let suit = real.first().and_then(|c| c.suit()).unwrap_or(Suit::Clubs);
                    let card = Some(Card::new(r, suit))
                        .filter(|&c| !fixed.contains(c))
                        .or_else(|| (CardSet::rank(r) - fixed).first());
                    if let Some(card) = card {
                        fixed.insert(card);
                    }
                }
                None => open.push(joker),
            }
        }
        let mut found: Option<Play> = None;
        let choose = |meaning: CardSet, found: &mut Option<Play>| -> bool {
            match Play::new(real | joker_set, meaning) {
                Ok(p) if found.is_some_and(|f| f != p) => false,
                Ok(p) => {
                    *found = Some(p);
                    true
                }
                Err(_) => true,
            }
        };
        let candidates: Vec<Card> = (CardSet::STANDARD - fixed).iter().collect();
        let mut unique = true;
        match open.len() {
            1 => {
                for &c in &candidates {
                    unique &= choose(fixed.with(c), &mut found);
                }
            }
            _ => {
                for (i, &a) in candidates.iter().enumerate() {
                    for &b in &candidates[i + 1..] {
                        unique &= choose(fixed.with(a).with(b), &mut found);
                    }
                }
            }
        }
        match (found, unique) {
            (Some(play), true) => Ok(play),
            _ => {
                let joker = open.first().copied().unwrap_or(Card::BLACK_JOKER);
                Err(NotACombination(format!(
                    "say what {joker} stands for, e.g. {joker}=7h (or {joker}=7 in a pair)"
                )))
            }
        }
    }

    /// The cards that leave the hand, jokers included.
    pub const fn cards(&self) -> CardSet {
        self.cards
    }

    /// The ranked cards the play stands for (for jokers alone: the jokers).
    pub const fn meaning(&self) -> CardSet {
        self.meaning
    }

    /// The cards the jokers stand for (empty for jokers alone and plays without jokers).
    pub const fn declared(&self) -> CardSet {
        if self.cards.difference(CardSet::JOKERS).is_empty() {
            CardSet::EMPTY
        } else {
            self.meaning.difference(self.cards)
        }
    }

    /// The combination's type.
    pub const fn shape(&self) -> Shape {
        self.shape
    }

    /// Whether this is a four of a kind, which flips the rank order.
    pub const fn reverses(&self) -> bool {
        matches!(self.shape, Shape::FourOfAKind)
    }

    /// Whether the play is jokers alone (above every other combination of its type).
    pub const fn is_jokers_alone(&self) -> bool {
        self.cards.difference(CardSet::JOKERS).is_empty()
    }

    /// The strength key under `order`: plays of one type compare by it.
    pub const fn key(&self, order: RankOrder) -> u16 {
        self.keys[order.index()]
    }

    /// Whether the play may follow `table` under `order`: same type (and length) and strictly
    /// higher.
    ///
    /// ```
    /// use big_two_reversal::{Play, RankOrder};
    ///
    /// let twos: Play = "2c 2d".parse()?;
    /// let threes: Play = "3c 3d".parse()?;
    /// assert!(twos.beats(&threes, RankOrder::Normal));
    /// // After a four of a kind the order turns round.
    /// assert!(threes.beats(&twos, RankOrder::Reversed));
    /// assert!("3c 3d 3h 3s".parse::<Play>()?.reverses());
    /// # Ok::<(), big_two_reversal::Error>(())
    /// ```
    pub fn beats(&self, table: &Play, order: RankOrder) -> bool {
        self.shape == table.shape && self.key(order) > table.key(order)
    }

    /// The rank of a single, pair, triple or four (`None` for jokers alone and straight flushes).
    pub fn set_rank(&self) -> Option<Rank> {
        match self.shape {
            Shape::Single | Shape::Pair | Shape::Triple | Shape::FourOfAKind => {
                self.meaning.first().and_then(|c| c.rank())
            }
            _ => None,
        }
    }

    fn describe(cards: CardSet, meaning: CardSet) -> String {
        let real = cards - CardSet::JOKERS;
        let mut parts: Vec<String> = sorted_for_display(real)
            .iter()
            .map(|c| c.to_string())
            .collect();
        let mut extra = (meaning - real).iter();
        for joker in cards.jokers() {
            match extra.next() {
                Some(c) => parts.push(format!("{joker}={c}")),
                None => parts.push(joker.to_string()),
            }
        }
        parts.join(" ")
    }
}

/// Cards in the normal Big Two order (3 first, 2 last, jokers after), suits ♣ ♦ ♥ ♠ within a rank.
pub(crate) fn sorted_for_display(cards: CardSet) -> Vec<Card> {
    let mut v: Vec<Card> = cards.iter().collect();
    v.sort_by_key(|c| match c.rank() {
        Some(r) => (normal_strength(r), c.index()),
        None => (JOKER_STRENGTH, c.index()),
    });
    v
}

impl Play {
    /// The cards in the order they are printed, each with what it stands for: a straight flush
    /// from its low end up (jokers in their places), anything else in the normal order with the
    /// jokers last.
    pub fn printed(&self) -> Vec<(Card, Option<Card>)> {
        let real = self.cards - CardSet::JOKERS;
        let mut jokers = self.cards.jokers().iter();
        if let Shape::StraightFlush(_) = self.shape {
            let mask = rank_mask(self.meaning);
            let ace_high = mask & 1 == 1 && !contiguous(mask);
            let mut cards: Vec<Card> = self.meaning.iter().collect();
            cards.sort_by_key(|c| match c.rank().map(Rank::value) {
                Some(1) if ace_high => 14,
                Some(v) => v,
                None => 15,
            });
            return cards
                .into_iter()
                .map(|c| {
                    if real.contains(c) {
                        (c, None)
                    } else {
                        (jokers.next().unwrap_or(Card::BLACK_JOKER), Some(c))
                    }
                })
                .collect();
        }
        let mut out: Vec<(Card, Option<Card>)> = sorted_for_display(real)
            .into_iter()
            .map(|c| (c, None))
            .collect();
        let mut declared = self.declared().iter();
        for joker in jokers {
            out.push((joker, declared.next()));
        }
        out
    }
}

impl fmt::Display for Play {
    /// A straight flush from its low end (`5♥ 6♥ BJ=7♥`, `2♦ BJ=3♦ 4♦`); sets in the normal
    /// order with jokers last, a joker in a set naming its rank (`2♥ BJ=2`); jokers alone as
    /// `BJ RJ`. `{:#}` writes ASCII (`5h 6h BJ=7h`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alt = f.alternate();
        let is_run = matches!(self.shape, Shape::StraightFlush(_));
        for (i, (card, declared)) in self.printed().into_iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if alt {
                write!(f, "{card:#}")?;
            } else {
                write!(f, "{card}")?;
            }
            match (declared, is_run) {
                (None, _) => {}
                (Some(d), false) => {
                    if let Some(rank) = d.rank() {
                        write!(f, "={}", rank.name())?;
                    }
                }
                (Some(d), true) if alt => write!(f, "={d:#}")?,
                (Some(d), true) => write!(f, "={d}")?,
            }
        }
        Ok(())
    }
}

impl FromStr for Play {
    type Err = ParseActionError;

    /// Cards separated by spaces or commas, each joker followed by what it stands for unless it
    /// is played alone: `3c 3d`, `5h 6h BJ=7h`, `2h BJ=2`, `BJ RJ`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let parse_err = |reason: String| ParseActionError {
            input: s.to_string(),
            reason,
        };
        let mut real = CardSet::EMPTY;
        let mut jokers: Vec<(Card, Option<StandsFor>)> = Vec::new();
        let tokens = s
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty());
        for token in tokens {
            let (card_text, declared) = match token.split_once('=') {
                Some((left, right)) => (left, Some(right)),
                None => (token, None),
            };
            let card: Card = card_text
                .parse()
                .map_err(|e: cards_core::CardError| parse_err(e.to_string()))?;
            if real.contains(card) || jokers.iter().any(|&(j, _)| j == card) {
                return Err(parse_err(format!("{card} appears twice")));
            }
            if !card.is_joker() {
                if declared.is_some() {
                    return Err(parse_err(format!(
                        "only a joker can stand for another card, not {card}"
                    )));
                }
                real.insert(card);
                continue;
            }
            let declared = match declared {
                None => None,
                Some(text) => Some(if let Ok(c) = text.parse::<Card>() {
                    StandsFor::Card(c)
                } else if let Ok(r) = text.parse::<Rank>() {
                    StandsFor::Rank(r)
                } else {
                    return Err(parse_err(format!(
                        "\"{}\" is neither a card (7h) nor a rank (7) for {card} to stand for",
                        shorten(text)
                    )));
                }),
            };
            jokers.push((card, declared));
        }
        if real.is_empty() && jokers.is_empty() {
            return Err(parse_err(
                "it is empty: type cards like `3c 3d` or `5h 6h BJ=7h`, or `pass`".into(),
            ));
        }
        // Text that names cards but no combination is still text that is not an action: the
        // message names the text, like every other parse error.
        Play::from_declared(real, &jokers).map_err(|NotACombination(reason)| parse_err(reason))
    }
}

/// A move: pass, or play a combination.
///
/// ```
/// use big_two_reversal::Action;
///
/// let action: Action = "5h 6h BJ=7h".parse()?;
/// assert_eq!(format!("{action:#}"), "5h 6h BJ=7h");
/// assert_eq!(action.to_string().parse::<Action>()?, action);
/// assert_eq!("pass".parse::<Action>()?, Action::Pass);
/// # Ok::<(), big_two_reversal::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Decline to follow (never allowed when leading).
    Pass,
    /// Play a combination.
    Play(Play),
}

impl Action {
    /// The play, unless this is a pass.
    pub const fn play(&self) -> Option<&Play> {
        match self {
            Action::Pass => None,
            Action::Play(p) => Some(p),
        }
    }

    /// The cards that leave the hand (none for a pass).
    pub const fn cards(&self) -> CardSet {
        match self {
            Action::Pass => CardSet::EMPTY,
            Action::Play(p) => p.cards,
        }
    }
}

impl From<Play> for Action {
    fn from(play: Play) -> Self {
        Action::Play(play)
    }
}

impl fmt::Display for Action {
    /// `pass`, or the play (see [`Play`]'s `Display`); `{:#}` writes ASCII.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pass => f.write_str("pass"),
            Action::Play(p) => fmt::Display::fmt(p, f),
        }
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    /// `pass` (any case), or a play.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.trim().eq_ignore_ascii_case("pass") {
            return Ok(Action::Pass);
        }
        s.parse().map(Action::Play)
    }
}

game_core::serde_as_text!(Action, "{:#}");
game_core::serde_as_text!(Play, "{:#}");

#[cfg(test)]
mod tests {
    use super::*;

    fn play(s: &str) -> Play {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn joker_and_two_is_a_pair_of_twos() {
        let p = play("2h BJ=2");
        assert_eq!(p.shape(), Shape::Pair);
        assert_eq!(p.set_rank(), Some(Rank::Two));
        // The joker's suit in a pair does not matter: every spelling is one action.
        assert_eq!(play("2h BJ=2s"), p);
        assert_eq!(play("BJ=2c 2h"), p);
        assert_eq!(p.to_string(), "2♥ BJ=2");
    }

    #[test]
    fn two_jokers_in_a_run_are_one_action_whichever_way_round() {
        assert_eq!(play("5h BJ=6h RJ=7h"), play("5h RJ=6h BJ=7h"));
        assert_ne!(play("5h 6h BJ=7h"), play("5h 6h RJ=7h"));
        assert_ne!(play("3d 4d BJ=2d"), play("3d 4d BJ=5d"));
    }

    #[test]
    fn a_joker_whose_stand_in_is_forced_needs_no_declaration() {
        assert_eq!(play("2h rj"), play("2h RJ=2"));
        assert_eq!(play("2h 2d BJ"), play("2h 2d BJ=2"));
        assert_eq!(play("10h Jh Qh Kh Ah BJ"), play("BJ=9h 10h Jh Qh Kh Ah"));
        // Left open: 4♥ or 7♥, a triple or a run.
        assert!("5h 6h BJ".parse::<Play>().is_err());
        assert!("2h BJ RJ".parse::<Play>().is_err());
        assert_eq!(play("2h BJ=2 RJ"), play("2h BJ=2 RJ=2"));
    }

    #[test]
    fn rank_only_declaration_in_a_run_takes_the_suit() {
        assert_eq!(play("5h 6h BJ=7"), play("5h 6h BJ=7h"));
    }

    #[test]
    fn runs_take_the_ace_at_either_end_but_do_not_wrap() {
        assert!("Ac 2c 3c".parse::<Play>().is_ok());
        assert!("Qc Kc Ac".parse::<Play>().is_ok());
        assert!("Kc Ac 2c".parse::<Play>().is_err());
        assert!("3c 4c 6c".parse::<Play>().is_err());
        assert!("3c 4d 5c".parse::<Play>().is_err());
        assert!("3c 4c".parse::<Play>().is_err());
        let all: String = Rank::ALL
            .iter()
            .map(|r| format!("{}s ", r.name()))
            .collect();
        assert_eq!(play(&all).shape(), Shape::StraightFlush(13));
    }

    #[test]
    fn malformed_text_says_why() {
        for (text, needle) in [
            ("", "empty"),
            ("3c 3c", "twice"),
            ("3c=4c", "only a joker"),
            ("5h 6h BJ", "stands for"),
            ("BJ=3c", "alone"),
            ("BJ=5", "alone"),
            ("3c 4d", "one suit"),
            ("3c 3d 3h 3s BJ=3", "four cards"),
            ("5h 6h BJ=6h", "twice"),
            ("5h BJ=RJ", "another joker"),
            ("5h BJ=x", "neither"),
            ("9z", "suit"),
        ] {
            let err = text.parse::<Action>().unwrap_err();
            assert!(!err.reason.is_empty(), "{text}: {err:?}");
            let err = err.to_string();
            assert!(err.contains(needle), "{text}: {err}");
            assert!(
                err.starts_with(&format!("{text:?} is not an action: ")),
                "{text}: {err}"
            );
        }
    }

    #[test]
    fn keys_order_runs_highest_rank_first() {
        let n = RankOrder::Normal;
        let a23 = play("Ac 2c 3c");
        let b234 = play("2d 3d 4d");
        let qka = play("Qh Kh Ah");
        let jqk = play("Jh Qh Kh");
        assert!(a23.beats(&b234, n));
        assert!(b234.beats(&qka, n));
        assert!(qka.beats(&jqk, n));
        let r = RankOrder::Reversed;
        assert!(!a23.beats(&b234, r));
        assert!(play("3s 4s 5s").beats(&play("4h 5h 6h"), r));
    }

    #[test]
    fn joker_pairs_top_their_type() {
        let jokers = play("BJ RJ");
        assert_eq!(jokers.shape(), Shape::Pair);
        assert!(jokers.beats(&play("2c 2d"), RankOrder::Normal));
        assert!(jokers.beats(&play("3c 3d"), RankOrder::Reversed));
        assert!(!play("RJ").beats(&play("BJ"), RankOrder::Normal));
    }

    #[test]
    fn ascii_and_unicode_round_trip() {
        for text in [
            "3c 3d",
            "5h 6h BJ=7h",
            "2h BJ=2",
            "BJ RJ",
            "10s Js Qs Ks As",
            "pass",
        ] {
            let a: Action = text.parse().unwrap();
            assert_eq!(a.to_string().parse::<Action>().unwrap(), a);
            assert_eq!(format!("{a:#}").parse::<Action>().unwrap(), a);
        }
        assert_eq!(format!("{:#}", play("3c 3d")), "3c 3d");
    }
}
