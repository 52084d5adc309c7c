//! The original program's hand scoring (AI2 and AI3): how likely each card is to be beaten, eased for cards
//! that can join a combination.

use std::cmp::Ordering;

use cards_core::{Card, CardSet, Rank, Suit};

use crate::hands::straight_ranks;
use crate::moves::suit_positions;
use crate::rules::{Config, RankOrder};

/// Cards that rank above a card of each rank (jokers included), in each order: row = order,
/// column = rank value − 1.
static ABOVE: [[u64; 13]; 2] = above_table();

const fn above_table() -> [[u64; 13]; 2] {
    let mut table = [[0u64; 13]; 2];
    let mut order = 0;
    while order < 2 {
        let mut v = 1;
        while v <= 13 {
            let mut mask = CardSet::JOKERS.bits();
            let mut w = 1;
            while w <= 13 {
                if strength(order, w) > strength(order, v) {
                    mask |= 0xF << (4 * (w - 1));
                }
                w += 1;
            }
            table[order][v - 1] = mask;
            v += 1;
        }
        order += 1;
    }
    table
}

const fn strength(order: usize, value: usize) -> usize {
    let normal = match value {
        1 => 11,
        2 => 12,
        v => v - 3,
    };
    if order == 0 { normal } else { 12 - normal }
}

/// The score of a hand: the sum of its cards' scores, and how many cards score above the AI3
/// threshold.
///
/// Every card's score is a fraction `above / (unseen × divisor)` with a divisor of 1, 2, 3, 3.5
/// or 4, so the score is kept exactly, as a whole number of units of `1 / (84 × unseen)` (84 is
/// the least common multiple of the divisors' denominators), and compared exactly
/// ([`HandScore::cmp_total`]): two hands scoring 12/5 are equal, whichever way their cards add
/// up, so AI2 and AI3 break the tie by the legal actions' order as documented. [`total`] is the
/// same fraction as a float, for people and for sorting by hand.
///
/// [`total`]: HandScore::total
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd, Default)]
pub struct HandScore {
    /// Sum of the cards' scores (lower is better): the exact score, rounded once to a float.
    pub total: f64,
    /// Cards whose score exceeds [`AI3_THRESHOLD`] (compared exactly).
    pub weak_cards: u32,
    /// The exact sum, in units of `1 / (UNITS_PER_CARD × unseen)`.
    units: u32,
    /// Cards unseen when the hand was scored (0: nothing unseen, every score 0).
    unseen: u32,
}

impl HandScore {
    /// A score of `units` units of `1 / (84 × unseen)` with `weak_cards` weak cards.
    fn exact(units: u32, unseen: u32, weak_cards: u32) -> HandScore {
        let total = if unseen == 0 {
            0.0
        } else {
            f64::from(units) / (f64::from(UNITS_PER_CARD) * f64::from(unseen))
        };
        HandScore {
            total,
            weak_cards,
            units,
            unseen,
        }
    }

    /// Compares the totals exactly (by cross-multiplying the fractions): what AI2 and AI3
    /// minimise.
    ///
    /// ```
    /// use big_two_reversal::{Config, RankOrder, score_hand};
    /// use std::cmp::Ordering;
    ///
    /// let (unseen, rules) = ("4s 6c 6d 7h 8h".parse()?, Config::default());
    /// // 5♥ alone: 4 of 5 unseen cards above it, 4/5. 3♣ 3♦: two cards of 5/5, halved: 5/5.
    /// let five = score_hand("5h".parse()?, unseen, RankOrder::Normal, &rules);
    /// let threes = score_hand("3c 3d".parse()?, unseen, RankOrder::Normal, &rules);
    /// assert_eq!(five.cmp_total(&threes), Ordering::Less);
    /// assert_eq!(threes.total, 1.0);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub fn cmp_total(&self, other: &HandScore) -> Ordering {
        // units / unseen, each side scaled by the other's denominator (an empty unseen set
        // scores 0 units, so 1 stands in for it). At most 54 × 54 × 84 × 54: no overflow.
        let mine = u64::from(self.units) * u64::from(other.unseen.max(1));
        let theirs = u64::from(other.units) * u64::from(self.unseen.max(1));
        mine.cmp(&theirs)
    }
}

/// AI3 counts a card whose score exceeds this.
pub const AI3_THRESHOLD: f64 = 0.06;

/// [`AI3_THRESHOLD`] as the fraction 6/100, for exact comparisons.
const THRESHOLD: (u32, u32) = (6, 100);

/// The units of a card's score per unseen card above it: its score is `above / (unseen ×
/// divisor)`, that is `above × (84 / divisor)` units of `1 / (84 × unseen)`.
const UNITS_PER_CARD: u32 = 84;

/// Whether a card scoring `units` units of `1 / (84 × unseen)` scores above the AI3 threshold.
#[inline]
fn is_weak(units: u32, unseen: u32) -> bool {
    units * THRESHOLD.1 > THRESHOLD.0 * UNITS_PER_CARD * unseen
}

/// Each card's divisor as a fraction (numerator, denominator): 2 if it can form a pair in the
/// hand, 3 a triple, 3.5 a straight flush, 4 a four of a kind (the largest that applies; jokers
/// in the hand count as wild).
fn divisor(count_with_jokers: u32, in_run: bool) -> (u32, u32) {
    if count_with_jokers >= 4 {
        (4, 1)
    } else if in_run {
        (7, 2)
    } else if count_with_jokers >= 3 {
        (3, 1)
    } else if count_with_jokers >= 2 {
        (2, 1)
    } else {
        (1, 1)
    }
}

/// 84 / divisor for a card alone, in a pair, a triple, a straight flush, a four: the units one
/// unseen card above it is worth.
const UNITS: [u32; 5] = [84, 42, 28, 24, 21];

/// Run positions (bit 0 = A low … bit 13 = A high) of `held` that lie in some straight flush
/// the hand can form with `jokers` jokers. A three-card window suffices: any longer run through a
/// card contains a three-card window through it with no more gaps.
#[inline]
fn run_cover(held: u16, jokers: u32) -> u16 {
    let (a, b, c) = (held, held >> 1, held >> 2);
    let starts = match jokers {
        0 => a & b & c,
        1 => (a & b) | (a & c) | (b & c),
        _ => a | b | c,
    } & 0x0FFF;
    (starts | starts << 1 | starts << 2) & held
}

/// 逆轉大老2's hand score, as the original AI2 computes it: a card's score is the share of
/// unseen cards that rank above it (jokers above all), divided by its divisor, wild jokers
/// counting towards pairs, triples, fours and straight flushes.
fn score_reversal(hand: CardSet, unseen: CardSet, order: RankOrder) -> HandScore {
    let n_unseen = unseen.len() as u32;
    if n_unseen == 0 {
        return HandScore::default();
    }
    let jokers = hand.jokers().len() as u32;
    let bits = hand.bits();
    let mut covered = [0u16; 4];
    for (suit, slot) in covered.iter_mut().enumerate() {
        let held = suit_positions(hand, suit as u8);
        *slot = run_cover(held, jokers);
    }
    let above = &ABOVE[order.index()];
    let (mut units, mut weak_cards) = (0u32, 0u32);
    let mut rest = bits & CardSet::STANDARD.bits();
    // Rank by rank: the number of unseen cards above is the same for every card of a rank.
    while rest != 0 {
        let rank_index = (rest.trailing_zeros() / 4) as usize;
        let nibble = (bits >> (4 * rank_index) & 0xF) as u32;
        rest &= !(0xF << (4 * rank_index));
        let count = nibble.count_ones() + jokers;
        let base = (unseen.bits() & above[rank_index]).count_ones();
        if count >= 4 {
            let card = base * UNITS[4];
            units += card * nibble.count_ones();
            weak_cards += u32::from(is_weak(card, n_unseen)) * nibble.count_ones();
            continue;
        }
        let set_units = UNITS[count as usize - 1];
        let mut suits = nibble;
        while suits != 0 {
            let suit = suits.trailing_zeros() as usize;
            suits &= suits - 1;
            let cover = covered[suit];
            let in_run = cover >> rank_index & 1 == 1 || (rank_index == 0 && cover >> 13 & 1 == 1);
            let card = base * if in_run { UNITS[3] } else { set_units };
            units += card;
            weak_cards += u32::from(is_weak(card, n_unseen));
        }
    }
    HandScore::exact(units, n_unseen, weak_cards)
}

/// Scores `hand` against the `unseen` cards under `order` and the rules `config`, as the
/// original AI2 does: a card's score is the share of unseen cards that beat it alone, divided
/// by the divisor of the largest play it can join in the hand (pair 2, triple 3, a straight
/// flush, and under standard rules a straight, flush or full house, 3.5, four of a kind 4).
/// Under 逆轉大老2 a higher rank beats a card (jokers beat every card) and jokers count as
/// wild; under a standard rule set so does the same rank in a higher suit, where suits break
/// ties, and only the plays the rules allow count.
///
/// ```
/// use big_two_reversal::{Config, Preset, RankOrder, score_hand};
///
/// // The original blog post's example: two 3s and a 5 against an unseen 4 and two 6s.
/// let (hand, unseen) = ("3c 3d 5h".parse()?, "4s 6c 6d".parse()?);
/// let score = score_hand(hand, unseen, RankOrder::Normal, &Config::default());
/// let expected = (3.0 / 3.0) / 2.0 + (3.0 / 3.0) / 2.0 + 2.0 / 3.0;
/// assert!((score.total - expected).abs() < 1e-12);
/// assert_eq!(score.weak_cards, 3);
/// // Under Hong Kong's rules 3♦ is the lowest card: 3♣ beats it as well.
/// let hong_kong = Config::preset(Preset::HongKong);
/// let low = score_hand("3d".parse()?, "3c 4d".parse()?, RankOrder::Normal, &hong_kong);
/// assert_eq!(low.total, 1.0);
/// # Ok::<(), cards_core::CardError>(())
/// ```
pub fn score_hand(hand: CardSet, unseen: CardSet, order: RankOrder, config: &Config) -> HandScore {
    if config.is_reversal() {
        score_reversal(hand, unseen, order)
    } else {
        score_standard(hand, unseen, order, config)
    }
}

/// The plain definition of [`score_hand`], card by card and play by play: the reference the
/// fast version is tested against.
///
/// ```
/// use big_two_reversal::{Config, Preset, RankOrder, score_hand, score_hand_reference};
///
/// let config = Config::preset(Preset::Taiwan);
/// let (hand, unseen) = ("3c 4d 5h 6s 7c 7d".parse()?, "2s 8h 3h".parse()?);
/// let fast = score_hand(hand, unseen, RankOrder::Normal, &config);
/// assert_eq!(fast, score_hand_reference(hand, unseen, RankOrder::Normal, &config));
/// # Ok::<(), cards_core::CardError>(())
/// ```
pub fn score_hand_reference(
    hand: CardSet,
    unseen: CardSet,
    order: RankOrder,
    config: &Config,
) -> HandScore {
    if config.is_reversal() {
        reversal_reference(hand, unseen, order)
    } else {
        standard_reference(hand, unseen, order, config)
    }
}

/// Sums the cards' scores exactly: `(above, divisor)` per card, the divisor a fraction
/// (numerator, denominator), against `unseen` cards.
fn exact_sum(cards: impl IntoIterator<Item = (u32, (u32, u32))>, unseen: u32) -> HandScore {
    let (mut units, mut weak_cards) = (0, 0);
    for (above, (d_num, d_den)) in cards {
        // The card's score above / (n × d) with d = d_num / d_den, as the fraction
        // (above × d_den) / (n × d_num): over 0.06 when above × d_den × 100 > 6 × n × d_num,
        // and worth above × d_den × 84 / d_num units of 1 / (84 × n).
        units += above * d_den * UNITS_PER_CARD / d_num;
        weak_cards += u32::from(above * d_den * THRESHOLD.1 > THRESHOLD.0 * unseen * d_num);
    }
    HandScore::exact(units, unseen, weak_cards)
}

/// A suit's strength under `config`, 0 (lowest) to 3; `None` when suits never break ties.
fn suit_rank(suit: Suit, config: &Config) -> Option<u32> {
    let order = config.suit_order?;
    order.iter().position(|&s| s == suit).map(|i| 3 - i as u32)
}

/// The standard rule sets' hand score: each card's share of the unseen cards that beat it alone
/// (a higher rank in `order`, or the same rank in a higher suit where suits break ties), divided
/// by the largest divisor of the plays the rules allow that it can join in the hand: four of a
/// kind (alone, or with a fifth card) 4; a straight, a flush or a full house 3.5; a triple 3; a
/// pair 2.
fn score_standard(hand: CardSet, unseen: CardSet, order: RankOrder, config: &Config) -> HandScore {
    let n_unseen = unseen.len() as u32;
    if n_unseen == 0 {
        return HandScore::default();
    }
    let plays = config.plays;
    let real = hand - CardSet::JOKERS;
    let count = |rank: Rank| real.of_rank(rank).len();
    // The ranks in some straight of the rules that the hand holds (any suits).
    let rank_mask = Rank::ALL
        .iter()
        .filter(|&&r| count(r) > 0)
        .fold(0u16, |m, r| m | 1 << (r.value() - 1));
    let mut in_straight = 0u16;
    if plays.five_card_hands {
        for &start in &config.straights {
            let ranks = straight_ranks(start);
            let mask = ranks.iter().fold(0u16, |m, r| m | 1 << (r.value() - 1));
            if rank_mask & mask == mask {
                in_straight |= mask;
            }
        }
    }
    let (most, second) = Rank::ALL
        .iter()
        .map(|&r| count(r))
        .fold(
            (0, 0),
            |(a, b), c| {
                if c >= a { (c, a) } else { (a, b.max(c)) }
            },
        );
    // Per suit, the bits (within a rank's nibble) of the suits above it.
    let mut higher = [0u64; 4];
    for suit in Suit::ALL {
        let Some(mine) = suit_rank(suit, config) else {
            continue;
        };
        higher[suit as usize] = Suit::ALL
            .iter()
            .fold(0, |m, &t| match suit_rank(t, config) {
                Some(theirs) if theirs > mine => m | 1 << (t as u32),
                _ => m,
            });
    }
    let above = &ABOVE[order.index()];
    let (mut units, mut weak_cards) = (0u32, 0u32);
    for card in real {
        let (Some(rank), Some(suit)) = (card.rank(), card.suit()) else {
            continue;
        };
        let rank_index = usize::from(rank.value() - 1);
        let same_rank = higher[suit as usize] << (4 * rank_index);
        let base = (unseen.bits() & (above[rank_index] | same_rank)).count_ones();
        let n = count(rank);
        let five = plays.five_card_hands && real.len() >= 5;
        let full_house = n >= 3 && second >= 2 || n == 2 && most >= 3;
        let divisor = if n >= 4 && (plays.four || five) {
            4
        } else if five
            && (in_straight >> rank_index & 1 == 1 || real.of_suit(suit).len() >= 5 || full_house)
        {
            3
        } else if n >= 3 && plays.triple {
            2
        } else if n >= 2 && plays.pair {
            1
        } else {
            0
        };
        let card_units = base * UNITS[divisor];
        units += card_units;
        weak_cards += u32::from(is_weak(card_units, n_unseen));
    }
    HandScore::exact(units, n_unseen, weak_cards)
}

/// [`score_hand_reference`] under a standard rule set: every play of the rules inside the hand
/// classified by the rules' own definition, and each card given the largest divisor of a play
/// holding it.
fn standard_reference(
    hand: CardSet,
    unseen: CardSet,
    order: RankOrder,
    config: &Config,
) -> HandScore {
    use crate::hands::{Combination, Kind};
    let n = unseen.len() as u32;
    if n == 0 {
        return HandScore::default();
    }
    let cards: Vec<Card> = (hand - CardSet::JOKERS).iter().collect();
    // Every play of the rules inside the hand (at most five cards), by its kind.
    let mut plays: Vec<(CardSet, Kind)> = Vec::new();
    let mut subset = |set: CardSet| {
        if let Ok(c) = Combination::new(set, config) {
            plays.push((set, c.kind()));
        }
    };
    subsets_up_to(&cards, 5, CardSet::EMPTY, &mut subset);
    let suit = |card: Card| card.suit().and_then(|s| suit_rank(s, config));
    let strength = |card: Card| card.rank().map(|r| order.strength(r));
    let beats = |u: Card, c: Card| {
        strength(u) > strength(c) || strength(u) == strength(c) && suit(u) > suit(c)
    };
    let scored = cards.iter().map(|&card| {
        let above = unseen.iter().filter(|&u| beats(u, card)).count() as u32;
        let divisor = plays
            .iter()
            .filter(|(set, _)| set.contains(card))
            .map(|(set, kind)| match kind {
                Kind::Single => (1, 1),
                Kind::Pair | Kind::TwoPair => (2, 1),
                Kind::Triple => (3, 1),
                Kind::Four => (4, 1),
                // The fifth card of a four of a kind plus one is not part of the four.
                Kind::FourPlusOne if card.rank().is_some_and(|r| set.of_rank(r).len() == 4) => {
                    (4, 1)
                }
                Kind::FourPlusOne => (1, 1),
                _ => (7, 2),
            })
            .fold(
                (1, 1),
                |best: (u32, u32), d| if d.0 * best.1 > best.0 * d.1 { d } else { best },
            );
        (above, divisor)
    });
    exact_sum(scored, n)
}

/// Calls `f` on every non-empty subset of `cards` of at most `max` cards, each added to `base`.
fn subsets_up_to(cards: &[Card], max: usize, base: CardSet, f: &mut impl FnMut(CardSet)) {
    for (i, &card) in cards.iter().enumerate() {
        let mut set = base;
        set.insert(card);
        f(set);
        if set.len() < max {
            subsets_up_to(&cards[i + 1..], max, set, f);
        }
    }
}

/// [`score_hand_reference`] under 逆轉大老2: card by card, every run through a card tried.
fn reversal_reference(hand: CardSet, unseen: CardSet, order: RankOrder) -> HandScore {
    if unseen.is_empty() {
        return HandScore::default();
    }
    let jokers = hand.jokers().len();
    let mut scored = Vec::new();
    for card in hand {
        let (Some(rank), Some(suit)) = (card.rank(), card.suit()) else {
            continue;
        };
        let above = unseen
            .iter()
            .filter(|u| match u.rank() {
                None => true,
                Some(r) => order.strength(r) > order.strength(rank),
            })
            .count();
        let count = hand.of_rank(rank).len() + jokers;
        // A straight flush through the card: some run of three or more of its suit containing it
        // whose missing cards the jokers can fill.
        let seq: Vec<Rank> = std::iter::once(Rank::Ace)
            .chain(Rank::ALL[1..].iter().copied())
            .chain(std::iter::once(Rank::Ace))
            .collect();
        let mut in_run = false;
        for low in 0..seq.len() {
            for high in low + 2..seq.len() {
                if low == 0 && high == seq.len() - 1 {
                    continue;
                }
                let window = &seq[low..=high];
                if !window.contains(&rank) {
                    continue;
                }
                let missing = window
                    .iter()
                    .filter(|&&r| !hand.contains(Card::new(r, suit)))
                    .count();
                if missing <= jokers {
                    in_run = true;
                }
            }
        }
        scored.push((above as u32, divisor(count as u32, in_run)));
    }
    exact_sum(scored, unseen.len() as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn the_blog_posts_example() {
        let s = score_hand(
            set("3c 3d 5h"),
            set("4s 6c 6d"),
            RankOrder::Normal,
            &Config::default(),
        );
        assert!((s.total - (0.5 + 0.5 + 2.0 / 3.0)).abs() < 1e-12);
        assert_eq!(s.weak_cards, 3);
    }

    #[test]
    fn divisors() {
        let unseen = set("2s");
        let score = |hand: &str, order| score_hand(set(hand), unseen, order, &Config::default());
        // 3 alone: beaten by the 2 → 1.0.
        assert_eq!(score("3c", RankOrder::Normal).total, 1.0);
        // With a joker it can form a pair: 1/2 (and the joker scores 0).
        assert_eq!(score("3c BJ", RankOrder::Normal).total, 0.5);
        // With two jokers it can form a straight flush: 1/3.5.
        let two = score("3c BJ RJ", RankOrder::Normal).total;
        assert!((two - 1.0 / 3.5).abs() < 1e-12);
        // Four of a kind beats the run divisor.
        let four = score("3c 3d 3h 3s", RankOrder::Normal).total;
        assert!((four - 4.0 / 4.0).abs() < 1e-12);
        // In the reversed order a 3 is the top rank: nothing unseen but jokers beats it.
        assert_eq!(score("3c", RankOrder::Reversed).total, 0.0);
        // Runs with the ace high and low.
        let high = score_hand(
            set("Qh Kh Ah"),
            set("4c"),
            RankOrder::Reversed,
            &Config::default(),
        )
        .total;
        assert!((high - 3.0 / 3.5).abs() < 1e-12, "{high}");
    }

    #[test]
    fn standard_scores_count_suits_and_five_card_hands() {
        use crate::rules::Preset;
        let hk = Config::preset(Preset::HongKong);
        // Hong Kong's suits, high to low: ♠ ♥ ♣ ♦. 3♦ alone is beaten by 3♣ and the 4.
        let s = score_hand(set("3d"), set("3c 4d"), RankOrder::Normal, &hk);
        assert_eq!(s.total, 1.0);
        let s = score_hand(set("3s"), set("3c 4d"), RankOrder::Normal, &hk);
        assert_eq!(s.total, 0.5);
        // A straight: every card's divisor is 3.5.
        let s = score_hand(set("3c 4d 5h 6s 7c"), set("2s"), RankOrder::Normal, &hk);
        assert!((s.total - 5.0 / 3.5).abs() < 1e-12);
        // A full house: 3.5 for the pair too; a four with a fifth card: 4.
        let s = score_hand(set("3c 3d 3h 4c 4d"), set("2s"), RankOrder::Normal, &hk);
        assert!((s.total - 5.0 / 3.5).abs() < 1e-12);
        let s = score_hand(set("3c 3d 3h 3s 9d"), set("2s"), RankOrder::Normal, &hk);
        assert!((s.total - (4.0 / 4.0 + 1.0)).abs() < 1e-12);
        // Without a fifth card the four is only a triple's worth (no four alone in Hong Kong).
        let s = score_hand(set("3c 3d 3h 3s"), set("2s"), RankOrder::Normal, &hk);
        assert!((s.total - 4.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn standard_scores_match_the_reference() {
        use crate::rules::Preset;
        let mut rng = game_core::GameRng::new(5);
        let mut cards: Vec<cards_core::Card> = CardSet::STANDARD.iter().collect();
        for preset in Preset::ALL.into_iter().skip(1) {
            let config = Config::preset(preset);
            for round in 0..300 {
                rng.shuffle(&mut cards);
                let size = 1 + round % 13;
                let hand: CardSet = cards[..size].iter().copied().collect();
                let unseen: CardSet = cards[size..size + rng.index(39)].iter().copied().collect();
                let order = if round % 3 == 0 {
                    RankOrder::Reversed
                } else {
                    RankOrder::Normal
                };
                let fast = score_hand(hand, unseen, order, &config);
                let plain = score_hand_reference(hand, unseen, order, &config);
                assert_eq!(fast, plain, "{preset}: {hand} vs {unseen}");
            }
        }
    }
}
