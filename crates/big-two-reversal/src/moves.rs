//! Legal-play generation: every distinct combination a hand can make, straight from the bit sets.

use std::ops::RangeInclusive;

use cards_core::{Card, CardSet, Rank, Suit};

use crate::action::{Action, Play, Shape};
use crate::hands::{Combination, legal_plays};
use crate::rules::{Config, RankOrder};

/// Spreads the low 7 bits of an index so bit `p` lands on bit `4p` (rank positions to card bits).
const fn spread_table<const N: usize>(offset: u32) -> [u64; N] {
    let mut table = [0u64; N];
    let mut i = 0;
    while i < N {
        let mut bits = 0u64;
        let mut p = 0;
        while p < 7 {
            if i >> p & 1 == 1 {
                bits |= 1 << (4 * (p as u32 + offset));
            }
            p += 1;
        }
        table[i] = bits;
        i += 1;
    }
    table
}

static SPREAD_LOW: [u64; 128] = spread_table::<128>(0);
static SPREAD_HIGH: [u64; 64] = spread_table::<64>(7);

/// The cards of suit `suit` at run positions `positions` (bit 0 = A low, bits 1–12 = 2…K,
/// bit 13 = A high).
#[inline]
pub(crate) fn positions_to_cards(positions: u16, suit: u8) -> CardSet {
    let low = positions & 0x1FFF;
    let bits = SPREAD_LOW[(low & 0x7F) as usize]
        | SPREAD_HIGH[(low >> 7) as usize & 0x3F]
        | u64::from(positions >> 13 & 1);
    CardSet::from_bits(bits << suit).unwrap_or(CardSet::EMPTY)
}

/// Run positions of the cards of `suit` in `hand` (bit 13 repeats the ace): gathers every
/// fourth bit into 13 contiguous bits with four shift-or-mask steps.
#[inline]
pub(crate) fn suit_positions(hand: CardSet, suit: u8) -> u16 {
    let mut x = (hand.bits() >> suit) & 0x0001_1111_1111_1111;
    x = (x | x >> 3) & 0x0303_0303_0303_0303;
    x = (x | x >> 6) & 0x000F_000F_000F_000F;
    x = (x | x >> 12) & 0x0000_00FF_0000_00FF;
    x = (x | x >> 24) & 0x1FFF;
    let positions = x as u16;
    positions | (positions & 1) << 13
}

/// What a hand may play now, and under which rules.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Situation<'a> {
    /// The cards held.
    pub hand: CardSet,
    /// The play to beat, if following.
    pub table: Option<Play>,
    /// The order in force.
    pub order: RankOrder,
    /// The card the game's first play must contain, while that play is still to come.
    pub opening: Option<Card>,
    /// The rules.
    pub config: &'a Config,
}

/// The 3 of clubs, which opens 逆轉大老2.
pub(crate) const THREE_OF_CLUBS: Card = Card::new(Rank::Three, Suit::Clubs);

/// Which plays a generator lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plays {
    /// Every legal play.
    Legal,
    /// The legal plays AI2 and AI3 may choose: no joker standing for a card the hand holds and
    /// does not play, and the red joker alone only when the black one is not held.
    Choices,
}

/// Appends every legal action in `situation` to `out` (cleared first): each distinct play once,
/// then `pass` when following.
pub(crate) fn legal_into(situation: &Situation, out: &mut Vec<Action>) {
    generate(situation, Plays::Legal, out);
}

/// The legal actions of `situation` (in the same order) without the plays AI2 and AI3 never
/// choose: those where a joker stands for a card the hand holds and does not play, and those
/// with the red joker alone when the black one is held (the same play with the black joker is
/// listed first and scores the same). Their choice among these is their choice among all legal
/// actions (a test proves it); playouts and beliefs use it to save time.
pub(crate) fn choices_into(situation: &Situation, out: &mut Vec<Action>) {
    generate(situation, Plays::Choices, out);
}

fn generate(situation: &Situation, plays: Plays, out: &mut Vec<Action>) {
    out.clear();
    let Situation {
        hand,
        table,
        order,
        opening,
        config,
    } = *situation;
    if !config.is_reversal() {
        return standard(situation, out);
    }
    match table {
        None => {
            all_sets(hand, plays, out);
            for suit in 0..4 {
                runs_of_suit(hand, suit, 3..=13, None, order, plays, out);
            }
            jokers_alone(hand, 1, None, order, out);
            jokers_alone(hand, 2, None, order, out);
            if let Some(card) = opening {
                out.retain(|a| a.cards().contains(card));
            }
        }
        Some(t) => {
            match t.shape() {
                Shape::StraightFlush(len) => {
                    for suit in 0..4 {
                        let len = u32::from(len);
                        runs_of_suit(hand, suit, len..=len, Some(&t), order, plays, out);
                    }
                }
                shape => {
                    let size = shape.card_count();
                    sets(hand, size, Some(&t), order, plays, out);
                    jokers_alone(hand, size, Some(&t), order, out);
                }
            }
            out.push(Action::Pass);
        }
    }
}

/// The legal actions of a standard rule set: its [`legal_plays`], then `pass` when following.
fn standard(situation: &Situation, out: &mut Vec<Action>) {
    let config = situation.config;
    let table = situation
        .table
        .and_then(|t| Combination::new(t.cards(), config).ok());
    let mut plays = Vec::new();
    legal_plays(
        situation.hand,
        table.as_ref(),
        config,
        situation.order,
        situation.opening,
        &mut plays,
    );
    out.extend(
        plays
            .iter()
            .filter_map(|c| Play::new(c.cards(), c.cards()).ok())
            .map(Action::Play),
    );
    if situation.table.is_some() {
        out.push(Action::Pass);
    }
}

/// Every single, pair, triple and four of real cards of one rank plus jokers (a lead).
fn all_sets(hand: CardSet, plays: Plays, out: &mut Vec<Action>) {
    let jokers = hand.jokers();
    let one_joker = one_joker_each(jokers, plays);
    let n_jokers = jokers.len();
    let mut ranks = hand.bits() & CardSet::STANDARD.bits();
    while ranks != 0 {
        let rank_index = ranks.trailing_zeros() / 4;
        let shift = 4 * rank_index;
        ranks &= !(0xF << shift);
        let Some(rank) = Rank::from_value(rank_index as u8 + 1) else {
            continue;
        };
        let nibble = (hand.bits() >> shift & 0xF) as u8;
        // Every non-empty subset of the held cards of this rank, then 0, 1 or 2 jokers on top.
        let mut sub = nibble;
        while sub != 0 {
            let real = CardSet::from_bits(u64::from(sub) << shift).unwrap_or_default();
            let count = sub.count_ones() as usize;
            out.push(Action::Play(Play::set(real, CardSet::EMPTY, rank)));
            // A choice adds jokers only to every card of the rank held.
            let with_jokers = plays == Plays::Legal || sub == nibble;
            if with_jokers && count < 4 {
                for &j in one_joker {
                    out.push(Action::Play(Play::set(real, j, rank)));
                }
            }
            if with_jokers && n_jokers == 2 && count < 3 {
                out.push(Action::Play(Play::set(real, jokers, rank)));
            }
            sub = (sub - 1) & nibble;
        }
    }
}

/// Each joker held, alone, for plays with one joker (a choice: only the first, the black one
/// if held).
fn one_joker_each(jokers: CardSet, plays: Plays) -> &'static [CardSet] {
    const BOTH: [CardSet; 2] = [
        CardSet::single(Card::BLACK_JOKER),
        CardSet::single(Card::RED_JOKER),
    ];
    match (jokers.len(), plays) {
        (0, _) => &[],
        (2, Plays::Legal) => &BOTH,
        _ if jokers.contains(Card::BLACK_JOKER) => &BOTH[..1],
        _ => &BOTH[1..],
    }
}

fn jokers_alone(
    hand: CardSet,
    size: usize,
    table: Option<&Play>,
    order: RankOrder,
    out: &mut Vec<Action>,
) {
    let jokers = hand.jokers();
    let mut push = |set: CardSet| {
        let play = Play::jokers_alone(set);
        if table.is_none_or(|t| play.beats(t, order)) {
            out.push(Action::Play(play));
        }
    };
    match size {
        1 => {
            for j in jokers {
                push(CardSet::single(j));
            }
        }
        2 if jokers.len() == 2 => push(jokers),
        _ => {}
    }
}

/// Singles, pairs, triples or fours (`size` cards) made of real cards of one rank plus jokers,
/// in the order of [`all_sets`] (a follow lists a subsequence of a lead's list).
fn sets(
    hand: CardSet,
    size: usize,
    table: Option<&Play>,
    order: RankOrder,
    plays: Plays,
    out: &mut Vec<Action>,
) {
    let jokers = hand.jokers();
    let n_jokers = if size == 1 { 0 } else { jokers.len() };
    let one_joker = one_joker_each(jokers, plays);
    for rank in Rank::ALL {
        let shift = 4 * (rank.value() as u32 - 1);
        let nibble = (hand.bits() >> shift & 0xF) as u8;
        let held = nibble.count_ones() as usize;
        if held == 0 || held + n_jokers < size {
            continue;
        }
        if let Some(t) = table {
            let strength = order.strength(rank);
            if 1u16 << strength <= t.key(order) {
                continue;
            }
        }
        // Every subset of the held cards of this rank, in decreasing order of its suit bits,
        // completed to `size` cards by jokers when there are enough.
        let mut sub = nibble;
        while sub != 0 {
            let real = CardSet::from_bits(u64::from(sub) << shift).unwrap_or_default();
            let count = sub.count_ones() as usize;
            // A choice adds jokers only to every card of the rank held.
            let with_jokers = plays == Plays::Legal || sub == nibble;
            if count == size {
                out.push(Action::Play(Play::set(real, CardSet::EMPTY, rank)));
            } else if count + 1 == size && n_jokers >= 1 && with_jokers {
                for &j in one_joker {
                    out.push(Action::Play(Play::set(real, j, rank)));
                }
            } else if count + 2 == size && n_jokers == 2 && with_jokers {
                out.push(Action::Play(Play::set(real, jokers, rank)));
            }
            sub = (sub - 1) & nibble;
        }
    }
}

/// The card at run position `position` (0 = A low, 1–12 = 2…K, 13 = A high) of `suit`, as
/// card bits.
#[inline]
const fn position_bit(position: u32, suit: u8) -> u64 {
    1 << (4 * (position % 13) + suit as u32)
}

/// Straight flushes of `suit` with a number of cards in `lengths`; following, only those beating
/// `table`. A joker may stand for any card of the run, held or not.
///
/// Order (the order of the action ids): windows by lowest position, then by length; within a
/// window the play without jokers, then one joker by position (the black joker before the red),
/// then two jokers by their pair of positions.
fn runs_of_suit(
    hand: CardSet,
    suit: u8,
    lengths: RangeInclusive<u32>,
    table: Option<&Play>,
    order: RankOrder,
    plays: Plays,
    out: &mut Vec<Action>,
) {
    let (min_len, max_len) = (*lengths.start(), *lengths.end());
    let jokers = hand.jokers();
    let n_jokers = jokers.len() as u32;
    let single = one_joker_each(jokers, plays);
    // A choice lets jokers stand only for the cards the hand lacks.
    let only_gaps = plays == Plays::Choices;
    let held = suit_positions(hand, suit);
    if held == 0 || (held & 0x1FFF).count_ones() + n_jokers < min_len {
        return;
    }
    for low in 0..=(14 - min_len) {
        // Grow the window upwards from `low` until it has more gaps than jokers.
        let mut missing = 0;
        let mut window: u16 = 0;
        for high in low..14 {
            let bit = 1u16 << high;
            window |= bit;
            if held & bit == 0 {
                missing += 1;
                if missing > n_jokers {
                    break;
                }
            }
            let len = high - low + 1;
            if len > max_len || (low == 0 && high == 13) {
                break;
            }
            if len < min_len || window & held == 0 || (len == 13 && low == 1) {
                // Too short, all jokers, or A..K with the ace high (the same cards and ranks
                // as with the ace low).
                continue;
            }
            let mask = (window & 0x1FFF) | (window >> 13);
            let keys = crate::action::run_keys(mask);
            if let Some(t) = table
                && keys[order.index()] <= t.key(order)
            {
                continue;
            }
            let meaning = positions_to_cards(window, suit);
            let real = positions_to_cards(window & held, suit);
            let mut push = |real_bits: u64, jokers: CardSet| {
                let cards = CardSet::from_bits(real_bits).unwrap_or_default() | jokers;
                out.push(Action::Play(Play::run(cards, meaning, mask)));
            };
            match missing {
                0 => {
                    push(real.bits(), CardSet::EMPTY);
                    if only_gaps {
                        continue;
                    }
                    for p in low..=high {
                        let without = real.bits() & !position_bit(p, suit);
                        for &joker in single {
                            push(without, joker);
                        }
                    }
                    if n_jokers == 2 {
                        for p in low..=high {
                            let without_p = real.bits() & !position_bit(p, suit);
                            for q in p + 1..=high {
                                push(without_p & !position_bit(q, suit), jokers);
                            }
                        }
                    }
                }
                1 => {
                    for &joker in single {
                        push(real.bits(), joker);
                    }
                    if n_jokers == 2 && !only_gaps {
                        // The gap and one held card, pairs of positions in increasing order.
                        for p in low..=high {
                            if held >> p & 1 == 1 {
                                push(real.bits() & !position_bit(p, suit), jokers);
                            }
                        }
                    }
                }
                _ => push(real.bits(), jokers),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_map_to_cards_and_back() {
        let hand: CardSet = "Ah 2h 5h Kh 3c".parse().unwrap();
        let p = suit_positions(hand, Suit::Hearts as u8);
        assert_eq!(p, 1 | 2 | 1 << 4 | 1 << 12 | 1 << 13);
        assert_eq!(
            positions_to_cards(p, Suit::Hearts as u8),
            "Ah 2h 5h Kh".parse().unwrap()
        );
        assert_eq!(positions_to_cards(1 << 13, 0), "Ac".parse().unwrap());
    }

    #[test]
    fn generated_plays_match_the_parsed_ones() {
        let hand: CardSet = "3c 4c 5c 5d 5h 9s 10s Qs As 2s BJ RJ Kd Kh"
            .parse()
            .unwrap();
        let mut out = Vec::new();
        legal_into(
            &Situation {
                hand,
                table: None,
                order: RankOrder::Normal,
                opening: None,
                config: crate::rules::reversal(),
            },
            &mut out,
        );
        for action in &out {
            let Action::Play(play) = action else {
                panic!("pass on a lead")
            };
            assert_eq!(Play::new(play.cards(), play.meaning()).as_ref(), Ok(play));
        }
        let unique: std::collections::HashSet<_> = out.iter().collect();
        assert_eq!(unique.len(), out.len());
    }
}
