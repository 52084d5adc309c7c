//! The plays of the standard Big Two games (鋤大D, 大老二, Pusoy Dos, the Western game): singles,
//! sets, two pair and the five-card hands of a 52-card deck, classified and compared by a rule
//! set ([`Config`]), with a fast generator and a plain reference beside it.

use std::fmt;

use cards_core::{Card, CardSet, Rank, Suit};

use crate::Error;
use crate::action::{NotACombination, ParseActionError, sorted_for_display};
use crate::rules::{Config, FlushOrder, RankOrder};

/// The type of a play of the standard games. Five-card hands follow each other whatever their
/// kind: straight < flush < full house < four plus one < straight flush.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// One card.
    Single,
    /// Two cards of a rank.
    Pair,
    /// Three cards of a rank.
    Triple,
    /// Four cards of a rank, alone.
    Four,
    /// Two pairs of different ranks.
    TwoPair,
    /// Five cards of consecutive ranks, not all of one suit.
    Straight,
    /// Five cards of one suit, not a straight.
    Flush,
    /// A triple and a pair.
    FullHouse,
    /// A four of a kind and any fifth card.
    FourPlusOne,
    /// A straight of one suit.
    StraightFlush,
}

impl Kind {
    /// Number of cards in a play of this kind.
    pub const fn card_count(self) -> usize {
        match self {
            Kind::Single => 1,
            Kind::Pair => 2,
            Kind::Triple => 3,
            Kind::Four | Kind::TwoPair => 4,
            _ => 5,
        }
    }

    /// The place of a five-card hand among them (straight 0 … straight flush 4).
    pub const fn five_card_class(self) -> Option<u8> {
        match self {
            Kind::Straight => Some(0),
            Kind::Flush => Some(1),
            Kind::FullHouse => Some(2),
            Kind::FourPlusOne => Some(3),
            Kind::StraightFlush => Some(4),
            _ => None,
        }
    }

    /// Whether a rule set with bombs lets this kind beat any play that is not a five-card hand.
    pub const fn is_bomb(self) -> bool {
        matches!(self, Kind::FourPlusOne | Kind::StraightFlush)
    }

    /// Whether the kind holds a four of a kind (which flips the order where reversal is on).
    pub const fn has_four(self) -> bool {
        matches!(self, Kind::Four | Kind::FourPlusOne)
    }
}

impl fmt::Display for Kind {
    /// `a single`, `a two pair`, `a full house`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Single => "a single",
            Kind::Pair => "a pair",
            Kind::Triple => "a triple",
            Kind::Four => "a four of a kind",
            Kind::TwoPair => "a two pair",
            Kind::Straight => "a straight",
            Kind::Flush => "a flush",
            Kind::FullHouse => "a full house",
            Kind::FourPlusOne => "a four of a kind plus one",
            Kind::StraightFlush => "a straight flush",
        })
    }
}

/// A play of the standard games: its cards, its kind and its strength under both rank orders.
///
/// ```
/// use big_two_reversal::{Combination, Config, Kind, Preset, RankOrder};
///
/// let hong_kong = Config::preset(Preset::HongKong);
/// let full: Combination = Combination::parse("3c 3d 3h 7c 7d", &hong_kong)?;
/// assert_eq!(full.kind(), Kind::FullHouse);
/// let flush = Combination::parse("4s 8s 9s Js Ks", &hong_kong)?;
/// assert!(full.beats(&flush, &hong_kong, RankOrder::Normal));
/// # Ok::<(), big_two_reversal::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Combination {
    cards: CardSet,
    kind: Kind,
    /// Strength under the normal and the reversed order; five-card hands carry their class
    /// above bit 24, so one comparison orders every five-card hand.
    keys: [u32; 2],
}

/// A suit's strength, 0 (lowest) to 3, or 0 for every suit when suits never break ties.
fn suit_strength(suit: Suit, config: &Config) -> u32 {
    match config.suit_order {
        Some(order) => order
            .iter()
            .position(|&s| s == suit)
            .map_or(0, |i| 3 - i as u32),
        None => 0,
    }
}

/// The highest suit strength among `cards`.
fn top_suit(cards: CardSet, config: &Config) -> u32 {
    cards
        .iter()
        .filter_map(Card::suit)
        .map(|s| suit_strength(s, config))
        .max()
        .unwrap_or(0)
}

/// The 5 ranks of the straight starting at `start` in the cycle A 2 … K A 2 3 4, lowest first.
pub(crate) fn straight_ranks(start: Rank) -> [Rank; 5] {
    let mut out = [start; 5];
    for (i, slot) in out.iter_mut().enumerate() {
        let value = (start.value() - 1 + i as u8) % 13 + 1;
        *slot = Rank::from_value(value).unwrap_or(start);
    }
    out
}

/// Bit `value − 1` per rank.
fn rank_bits(ranks: impl IntoIterator<Item = Rank>) -> u16 {
    ranks.into_iter().fold(0, |m, r| m | 1 << (r.value() - 1))
}

/// The place of a straight with rank bits `mask` in the rule set's straights, with its top rank.
fn straight_place(mask: u16, config: &Config) -> Option<(usize, Rank)> {
    config.straights.iter().enumerate().find_map(|(i, &start)| {
        let ranks = straight_ranks(start);
        (rank_bits(ranks) == mask).then_some((i, ranks[4]))
    })
}

impl Combination {
    /// Classifies `cards` under `config`: the kind it makes and its strength, or why it is no
    /// play of the rule set.
    pub fn new(cards: CardSet, config: &Config) -> Result<Combination, Error> {
        let none = |why: &str| {
            Err(Error::from(NotACombination(format!(
                "{cards} is no play: {why}"
            ))))
        };
        if cards.is_empty() {
            return none("a play needs at least one card");
        }
        if cards.intersects(CardSet::JOKERS) {
            return none("these rules have no jokers");
        }
        let mut counts: Vec<(u8, Rank)> = Rank::ALL
            .iter()
            .map(|&r| (cards.of_rank(r).len() as u8, r))
            .filter(|&(n, _)| n > 0)
            .collect();
        counts.sort_by_key(|&(n, r)| (std::cmp::Reverse(n), RankOrder::Normal.strength(r)));
        let plays = config.plays;
        let kind = match (cards.len(), counts.as_slice()) {
            (1, _) if plays.single => Kind::Single,
            (2, [(2, _)]) if plays.pair => Kind::Pair,
            (3, [(3, _)]) if plays.triple => Kind::Triple,
            (4, [(4, _)]) if plays.four => Kind::Four,
            (4, [(2, _), (2, _)]) if plays.two_pair => Kind::TwoPair,
            (5, _) if plays.five_card_hands => {
                let mask = rank_bits(counts.iter().map(|&(_, r)| r));
                let one_suit = Suit::ALL.iter().any(|&s| cards.of_suit(s) == cards);
                let straight = counts.len() == 5 && straight_place(mask, config).is_some();
                match (one_suit, straight, counts.as_slice()) {
                    (true, true, _) => Kind::StraightFlush,
                    (true, false, _) => Kind::Flush,
                    (false, true, _) => Kind::Straight,
                    (_, _, [(3, _), (2, _)]) => Kind::FullHouse,
                    (_, _, [(4, _), (1, _)]) => Kind::FourPlusOne,
                    _ => return none("five cards make no hand of these rules"),
                }
            }
            _ => return none("the cards make no play these rules allow"),
        };
        let keys = [RankOrder::Normal, RankOrder::Reversed].map(|o| key(cards, kind, config, o));
        Ok(Combination { cards, kind, keys })
    }

    /// Parses cards (`3c 3d 3h 7c 7d`) and classifies them under `config`.
    pub fn parse(text: &str, config: &Config) -> Result<Combination, Error> {
        let cards: CardSet = text.parse().map_err(|e: cards_core::CardError| {
            Error::Parse(ParseActionError {
                input: text.to_string(),
                reason: e.to_string(),
            })
        })?;
        Combination::new(cards, config)
    }

    /// The cards played.
    pub const fn cards(&self) -> CardSet {
        self.cards
    }

    /// The kind of play.
    pub const fn kind(&self) -> Kind {
        self.kind
    }

    /// The strength under `order`; plays that may follow each other compare by it.
    pub const fn key(&self, order: RankOrder) -> u32 {
        self.keys[order.index()]
    }

    /// Whether this play may follow `table` under `config` and `order`: a five-card hand beats a
    /// lower five-card hand of any kind, any other play a lower one of its kind, and with bombs a
    /// four plus one or a straight flush beats any play that is not a five-card hand. Equal never
    /// beats.
    pub fn beats(&self, table: &Combination, config: &Config, order: RankOrder) -> bool {
        let five = |c: &Combination| c.kind.five_card_class().is_some();
        if five(self) && five(table) || self.kind == table.kind {
            self.key(order) > table.key(order)
        } else {
            config.bombs && self.kind.is_bomb() && !five(table)
        }
    }
}

/// The packed strength of a classified play (see [`Combination`]'s `keys`).
fn key(cards: CardSet, kind: Kind, config: &Config, order: RankOrder) -> u32 {
    let rank = |r: Rank| u32::from(order.strength(r));
    let ranked = |n: usize| -> Vec<Rank> {
        let mut ranks: Vec<Rank> = Rank::ALL
            .iter()
            .copied()
            .filter(|&r| cards.of_rank(r).len() == n)
            .collect();
        ranks.sort_by_key(|&r| std::cmp::Reverse(order.strength(r)));
        ranks
    };
    let class = kind.five_card_class().map_or(0, |c| u32::from(c) << 24);
    let within = match kind {
        Kind::Single | Kind::Pair | Kind::Triple | Kind::Four => {
            let r = ranked(kind.card_count())[0];
            rank(r) * 4 + top_suit(cards, config)
        }
        Kind::TwoPair => {
            let pairs = ranked(2);
            (rank(pairs[0]) * 16 + rank(pairs[1])) * 4 + top_suit(cards.of_rank(pairs[0]), config)
        }
        Kind::Straight | Kind::StraightFlush => {
            let mask = rank_bits(cards.iter().filter_map(Card::rank));
            let (place, top) = straight_place(mask, config).unwrap_or((0, Rank::Ace));
            let place = match order {
                RankOrder::Normal => place,
                RankOrder::Reversed => config.straights.len() - 1 - place,
            } as u32;
            place * 4 + top_suit(cards.of_rank(top), config)
        }
        Kind::Flush => {
            let ranks = ranked(1).iter().fold(0, |k, &r| k << 4 | rank(r));
            let suit = top_suit(cards, config);
            match config.flushes {
                FlushOrder::RankFirst => ranks << 2 | suit,
                FlushOrder::SuitFirst => suit << 20 | ranks,
            }
        }
        Kind::FullHouse => rank(ranked(3)[0]),
        Kind::FourPlusOne => rank(ranked(4)[0]),
    };
    class | within
}

impl fmt::Display for Combination {
    /// The cards in the normal order (`3♣ 3♦ 3♥ 7♣ 7♦`); `{:#}` in ASCII.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in sorted_for_display(self.cards).into_iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if f.alternate() {
                write!(f, "{card:#}")?;
            } else {
                write!(f, "{card}")?;
            }
        }
        Ok(())
    }
}

/// Each `k`-card subset of `cards`, passed to `f`.
fn subsets_of_size(cards: CardSet, k: usize, f: &mut impl FnMut(CardSet)) {
    fn go(rest: &[Card], k: usize, acc: CardSet, f: &mut impl FnMut(CardSet)) {
        if k == 0 {
            f(acc);
            return;
        }
        for (i, &c) in rest.iter().enumerate() {
            if rest.len() - i < k {
                break;
            }
            go(&rest[i + 1..], k - 1, acc.with(c), f);
        }
    }
    let list: Vec<Card> = cards.iter().collect();
    go(&list, k, CardSet::EMPTY, f);
}

/// Every legal play of the standard games for `hand`: leading when `table` is `None`, else
/// beating `table`, under `config` and `order`; with `opening`, a lead must contain that card
/// (be it alone where the rules say so). `out` is cleared first and gets each play once, sorted
/// by their cards' bits. Built from the hand's ranks and suits directly; [`legal_plays_reference`]
/// is the plain definition it is tested against.
///
/// ```
/// use big_two_reversal::{Combination, Config, Preset, RankOrder, legal_plays};
///
/// let taiwan = Config::preset(Preset::Taiwan);
/// let mut out = Vec::new();
/// let two = Combination::parse("2s", &taiwan)?;
/// legal_plays("3c 3d 3h 3s 9d Kc".parse()?, Some(&two), &taiwan, RankOrder::Normal, None, &mut out);
/// // Nothing beats 2♠ as a single, but four plus one is a bomb: 3333 with 9♦ or with K♣.
/// assert_eq!(out.len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn legal_plays(
    hand: CardSet,
    table: Option<&Combination>,
    config: &Config,
    order: RankOrder,
    opening: Option<Card>,
    out: &mut Vec<Combination>,
) {
    out.clear();
    let hand = hand - CardSet::JOKERS;
    let plays = config.plays;
    let wanted = |kind: Kind| match table {
        None => true,
        Some(t) => {
            let five = |k: Kind| k.five_card_class().is_some();
            kind == t.kind || five(kind) && five(t.kind) || config.bombs && kind.is_bomb()
        }
    };
    let mut push = |cards: CardSet| {
        if let Ok(c) = Combination::new(cards, config) {
            out.push(c);
        }
    };
    let by_rank: Vec<CardSet> = Rank::ALL.iter().map(|&r| hand.of_rank(r)).collect();
    for (kind, size, allowed) in [
        (Kind::Single, 1, plays.single),
        (Kind::Pair, 2, plays.pair),
        (Kind::Triple, 3, plays.triple),
        (Kind::Four, 4, plays.four),
    ] {
        if allowed && wanted(kind) {
            for &cards in &by_rank {
                subsets_of_size(cards, size, &mut push);
            }
        }
    }
    if plays.two_pair && wanted(Kind::TwoPair) {
        for (i, &low) in by_rank.iter().enumerate() {
            for &high in &by_rank[i + 1..] {
                subsets_of_size(low, 2, &mut |a| {
                    subsets_of_size(high, 2, &mut |b| push(a | b))
                });
            }
        }
    }
    if plays.five_card_hands {
        if wanted(Kind::Straight) || wanted(Kind::StraightFlush) {
            for &start in &config.straights {
                let mut partial = vec![CardSet::EMPTY];
                for r in straight_ranks(start) {
                    let cards = hand.of_rank(r);
                    partial = partial
                        .iter()
                        .flat_map(|&p| cards.iter().map(move |c| p.with(c)))
                        .collect();
                }
                partial.into_iter().for_each(&mut push);
            }
        }
        if wanted(Kind::Flush) {
            for suit in Suit::ALL {
                subsets_of_size(hand.of_suit(suit), 5, &mut |cards| {
                    // Those that are straights were listed as straight flushes above.
                    let mask = rank_bits(cards.iter().filter_map(Card::rank));
                    if straight_place(mask, config).is_none() {
                        push(cards);
                    }
                });
            }
        }
        if wanted(Kind::FullHouse) {
            for (i, &three) in by_rank.iter().enumerate() {
                for (j, &two) in by_rank.iter().enumerate() {
                    if i != j {
                        subsets_of_size(three, 3, &mut |a| {
                            subsets_of_size(two, 2, &mut |b| push(a | b));
                        });
                    }
                }
            }
        }
        if wanted(Kind::FourPlusOne) {
            for &four in by_rank.iter().filter(|s| s.len() == 4) {
                for kicker in hand - four {
                    push(four.with(kicker));
                }
            }
        }
    }
    finish(out, table, config, order, opening);
}

/// Keeps the plays that beat `table` (or contain the opening card), sorted by their cards.
fn finish(
    out: &mut Vec<Combination>,
    table: Option<&Combination>,
    config: &Config,
    order: RankOrder,
    opening: Option<Card>,
) {
    if let Some(t) = table {
        out.retain(|c| c.beats(t, config, order));
    }
    if let Some(card) = opening {
        out.retain(|c| {
            c.cards.contains(card) && (!config.opening_alone || c.cards == CardSet::single(card))
        });
    }
    out.sort_by_key(|c| c.cards.bits());
    out.dedup();
}

/// What a set of cards is under `config`, by the rules' words and nothing cleverer: the kind
/// and its strength as a list compared item by item (for five-card hands the class first), or
/// `None` if it is no play.
pub fn classify_reference(
    cards: CardSet,
    config: &Config,
    order: RankOrder,
) -> Option<(Kind, Vec<u32>)> {
    if cards.is_empty() || cards.intersects(CardSet::JOKERS) {
        return None;
    }
    let list: Vec<Card> = cards.iter().collect();
    let rank_of = |c: &Card| c.rank().map_or(0, |r| u32::from(order.strength(r)));
    let suit_of = |c: &Card| c.suit().map_or(0, |s| suit_strength(s, config));
    // Cards from the strongest down: rank, then suit.
    let mut sorted = list.clone();
    sorted.sort_by_key(|c| std::cmp::Reverse((rank_of(c), suit_of(c))));
    let same_rank = |cs: &[Card]| cs.iter().all(|c| c.rank() == cs[0].rank());
    let of_rank = |r: Option<Rank>| list.iter().filter(|c| c.rank() == r).count();
    let plays = config.plays;
    let top = sorted[0];
    let set_strength = vec![rank_of(&top), suit_of(&top)];
    match list.len() {
        1 if plays.single => return Some((Kind::Single, set_strength)),
        2 if plays.pair && same_rank(&list) => return Some((Kind::Pair, set_strength)),
        3 if plays.triple && same_rank(&list) => return Some((Kind::Triple, set_strength)),
        4 if plays.four && same_rank(&list) => return Some((Kind::Four, set_strength)),
        4 if plays.two_pair && list.iter().all(|c| of_rank(c.rank()) == 2) => {
            let high = sorted[0];
            let low = sorted.iter().find(|c| c.rank() != high.rank())?;
            return Some((
                Kind::TwoPair,
                vec![rank_of(&high), rank_of(low), suit_of(&high)],
            ));
        }
        5 if plays.five_card_hands => {}
        _ => return None,
    }
    let one_suit = list.iter().all(|c| c.suit() == list[0].suit());
    let straight = config.straights.iter().enumerate().find(|&(_, &start)| {
        let ranks = straight_ranks(start);
        ranks
            .iter()
            .all(|&r| list.iter().any(|c| c.rank() == Some(r)))
    });
    if let Some((place, &start)) = straight {
        let top_rank = straight_ranks(start)[4];
        let top = list.iter().find(|c| c.rank() == Some(top_rank))?;
        let place = match order {
            RankOrder::Normal => place,
            RankOrder::Reversed => config.straights.len() - 1 - place,
        } as u32;
        let class = if one_suit { 4 } else { 0 };
        let kind = if one_suit {
            Kind::StraightFlush
        } else {
            Kind::Straight
        };
        return Some((kind, vec![class, place, suit_of(top)]));
    }
    if one_suit {
        let ranks: Vec<u32> = sorted.iter().map(rank_of).collect();
        let suit = suit_of(&top);
        let strength = match config.flushes {
            FlushOrder::RankFirst => [vec![1], ranks, vec![suit]].concat(),
            FlushOrder::SuitFirst => [vec![1, suit], ranks].concat(),
        };
        return Some((Kind::Flush, strength));
    }
    let biggest = list.iter().max_by_key(|c| of_rank(c.rank()))?;
    match (
        of_rank(biggest.rank()),
        list.iter().map(|c| of_rank(c.rank())).min(),
    ) {
        (3, Some(2)) => Some((Kind::FullHouse, vec![2, rank_of(biggest)])),
        (4, Some(1)) => Some((Kind::FourPlusOne, vec![3, rank_of(biggest)])),
        _ => None,
    }
}

/// Whether `play` beats `table` by [`classify_reference`]'s strengths and the rules' words.
pub fn beats_reference(play: CardSet, table: CardSet, config: &Config, order: RankOrder) -> bool {
    classify_reference(table, config, order)
        .is_some_and(|table| beats_classified(play, &table, config, order))
}

/// [`beats_reference`] with the table already classified.
fn beats_classified(
    play: CardSet,
    (table_kind, table_strength): &(Kind, Vec<u32>),
    config: &Config,
    order: RankOrder,
) -> bool {
    let Some((kind, strength)) = classify_reference(play, config, order) else {
        return false;
    };
    let five = |k: Kind| {
        matches!(
            k,
            Kind::Straight
                | Kind::Flush
                | Kind::FullHouse
                | Kind::FourPlusOne
                | Kind::StraightFlush
        )
    };
    if kind == *table_kind || five(kind) && five(*table_kind) {
        strength > *table_strength
    } else {
        config.bombs
            && matches!(kind, Kind::FourPlusOne | Kind::StraightFlush)
            && !five(*table_kind)
    }
}

/// The plain reference for [`legal_plays`]: every subset of the hand of at most five cards
/// (the largest play of these games), kept if [`classify_reference`] names it a play that
/// beats the table by [`beats_reference`]; the cards of each, sorted by their bits.
pub fn legal_plays_reference(
    hand: CardSet,
    table: Option<CardSet>,
    config: &Config,
    order: RankOrder,
    opening: Option<Card>,
) -> Vec<CardSet> {
    let mut out = Vec::new();
    let hand = hand - CardSet::JOKERS;
    let table = match table.map(|t| classify_reference(t, config, order)) {
        None => None,
        Some(Some(t)) => Some(t),
        // Nothing beats what is no play.
        Some(None) => return out,
    };
    for size in 1..=5 {
        subsets_of_size(hand, size, &mut |cards| {
            let legal = match &table {
                None => classify_reference(cards, config, order).is_some(),
                Some(t) => beats_classified(cards, t, config, order),
            };
            let opens = opening.is_none_or(|card| {
                cards.contains(card) && (!config.opening_alone || cards.len() == 1)
            });
            if legal && opens {
                out.push(cards);
            }
        });
    }
    out.sort_by_key(|c| c.bits());
    out
}
