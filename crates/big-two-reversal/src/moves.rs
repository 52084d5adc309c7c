//! Legal-play generation: every distinct combination a hand can make, straight from the bit sets.

use cards_core::{Card, CardSet, Rank, Suit};

use crate::action::{Action, Play, Shape};
use crate::rules::RankOrder;

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

/// Run positions of the cards of `suit` in `hand` (bit 13 repeats the ace).
#[inline]
pub(crate) fn suit_positions(hand: CardSet, suit: u8) -> u16 {
    let mut bits = hand.bits() >> suit;
    let mut positions = 0u16;
    let mut p = 0;
    while bits != 0 && p < 13 {
        positions |= ((bits & 1) as u16) << p;
        bits >>= 4;
        p += 1;
    }
    positions | (positions & 1) << 13
}

/// What a hand may play now.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Situation {
    /// The cards held.
    pub hand: CardSet,
    /// The play to beat, if following.
    pub table: Option<Play>,
    /// The order in force.
    pub order: RankOrder,
    /// Whether this is the game's first play (it must contain 3♣).
    pub first: bool,
}

/// The 3 of clubs, which must be in the game's first play.
pub(crate) const THREE_OF_CLUBS: Card = Card::new(Rank::Three, Suit::Clubs);

/// Appends every legal action in `situation` to `out` (cleared first): each distinct play once,
/// then `pass` when following.
pub(crate) fn legal_into(situation: &Situation, out: &mut Vec<Action>) {
    out.clear();
    let Situation {
        hand,
        table,
        order,
        first,
    } = *situation;
    match table {
        None => {
            for size in 1..=4 {
                sets(hand, size, None, order, out);
            }
            for len in 3..=13 {
                runs(hand, len, None, order, out);
            }
            jokers_alone(hand, 1, None, order, out);
            jokers_alone(hand, 2, None, order, out);
            if first {
                out.retain(|a| a.cards().contains(THREE_OF_CLUBS));
            }
        }
        Some(t) => {
            match t.shape() {
                Shape::StraightFlush(len) => runs(hand, len as usize, Some(&t), order, out),
                shape => {
                    let size = shape.len();
                    sets(hand, size, Some(&t), order, out);
                    jokers_alone(hand, size, Some(&t), order, out);
                }
            }
            out.push(Action::Pass);
        }
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

/// Singles, pairs, triples or fours (`size` cards) made of real cards of one rank plus jokers.
fn sets(hand: CardSet, size: usize, table: Option<&Play>, order: RankOrder, out: &mut Vec<Action>) {
    let jokers = hand.jokers();
    let joker_list: [CardSet; 2] = [
        CardSet::single(Card::BLACK_JOKER),
        CardSet::single(Card::RED_JOKER),
    ];
    let n_jokers = if size == 1 { 0 } else { jokers.len() };
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
        let lowest_real = size.saturating_sub(n_jokers).max(1);
        for real_count in lowest_real..=size.min(held) {
            let used = size - real_count;
            // Every subset of the held cards of this rank with `real_count` cards.
            let mut sub = nibble;
            loop {
                if sub.count_ones() as usize == real_count {
                    let real = CardSet::from_bits(u64::from(sub) << shift).unwrap_or_default();
                    match used {
                        0 => out.push(Action::Play(Play::set(real, CardSet::EMPTY, rank))),
                        1 => {
                            for j in joker_list {
                                if jokers.contains_all(j) {
                                    out.push(Action::Play(Play::set(real, j, rank)));
                                }
                            }
                        }
                        _ => out.push(Action::Play(Play::set(real, jokers, rank))),
                    }
                }
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & nibble;
            }
        }
    }
}

/// Straight flushes of `len` cards, jokers filling only cards the hand lacks.
fn runs(hand: CardSet, len: usize, table: Option<&Play>, order: RankOrder, out: &mut Vec<Action>) {
    let jokers = hand.jokers();
    let n_jokers = jokers.len() as u32;
    let black = CardSet::single(Card::BLACK_JOKER);
    let red = CardSet::single(Card::RED_JOKER);
    let len = len as u32;
    if !(3..=13).contains(&len) {
        return;
    }
    for suit in 0..4u8 {
        let held = suit_positions(hand, suit);
        if held == 0 || (held & 0x1FFF).count_ones() + n_jokers < len {
            continue;
        }
        let span = (1u16 << len) - 1;
        for low in 0..=(14 - len) {
            if len == 13 && low == 1 {
                // A..K with the ace high is the same cards and ranks as with the ace low.
                continue;
            }
            let window = span << low;
            let real_positions = window & held;
            if real_positions == 0 {
                continue;
            }
            let missing = (window & !held).count_ones();
            if missing > n_jokers {
                continue;
            }
            let mask = (window & 0x1FFF) | (window >> 13);
            let keys = crate::action::run_keys(mask);
            if let Some(t) = table
                && keys[order.index()] <= t.key(order)
            {
                continue;
            }
            let real = positions_to_cards(real_positions, suit);
            let meaning = positions_to_cards(window, suit);
            match missing {
                0 => out.push(Action::Play(Play::run(real, meaning, mask))),
                1 => {
                    if jokers.contains_all(black) {
                        out.push(Action::Play(Play::run(real | black, meaning, mask)));
                    }
                    if jokers.contains_all(red) {
                        out.push(Action::Play(Play::run(real | red, meaning, mask)));
                    }
                }
                _ => out.push(Action::Play(Play::run(real | jokers, meaning, mask))),
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
                first: false,
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
