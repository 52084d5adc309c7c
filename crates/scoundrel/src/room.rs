//! The Room's four slots packed in one word, so that facing a card, testing for an empty Room
//! and dealing are a few word operations without branches: the hot path of every playout.

use cards_core::{Card, CardSet, Rank, Suit};

use crate::dungeon::Dungeon;
use crate::rules::ROOM_SIZE;

/// What [`Table::room`]-like code uses for "no card" where a plain card is handy: a joker,
/// which is never in the Dungeon.
pub(crate) const EMPTY: Card = Card::RED_JOKER;

/// A [`Room`] byte for an empty slot: no card has this index.
const NO_CARD: u8 = 0xFF;

/// The card of each index, for reading a [`Room`]'s bytes back (indices past the 54 cards, such
/// as [`NO_CARD`], read as [`EMPTY`]).
const CARD_OF: [Card; 256] = card_of();

const fn card_of() -> [Card; 256] {
    let mut out = [EMPTY; 256];
    let mut r = 0;
    while r < Rank::ALL.len() {
        let mut s = 0;
        while s < Suit::ALL.len() {
            let card = Card::new(Rank::ALL[r], Suit::ALL[s]);
            out[card.index() as usize] = card;
            s += 1;
        }
        r += 1;
    }
    out[Card::BLACK_JOKER.index() as usize] = Card::BLACK_JOKER;
    out
}

/// The card of a [`Room::bytes`] byte that holds one ([`EMPTY`] for an empty slot): one load,
/// for callers that already know the slot is not empty.
#[inline]
pub(crate) fn card_at(byte: u8) -> Card {
    CARD_OF[usize::from(byte)]
}

/// `0x80` in each byte of `x` that is zero, `0x00` in the others (exact: no carry crosses bytes).
#[inline]
const fn zero_bytes(x: u32) -> u32 {
    const LOW7: u32 = 0x7F7F_7F7F;
    !(((x & LOW7) + LOW7) | x) & 0x8080_8080
}

/// `byte` in each of the four bytes.
#[inline]
const fn splat(byte: u8) -> u32 {
    byte as u32 * 0x0101_0101
}

/// The card set of a card index (one below 54).
#[inline]
fn set_of(index: u8) -> CardSet {
    CardSet::single(CARD_OF[usize::from(index)])
}

/// The set of the cards whose indices are the low three bytes of `word` (each below 54): the
/// bits are set directly, and the mask to the 54 cards makes the conversion infallible.
#[inline]
fn set_of_three(word: u32) -> CardSet {
    let [a, b, c, _] = word.to_le_bytes();
    let bits = (1u64 << (a & 63)) | (1u64 << (b & 63)) | (1u64 << (c & 63));
    CardSet::from_bits(bits & CardSet::ALL.bits()).unwrap_or(CardSet::EMPTY)
}

/// The Room's four slots as one word: slot `i` is byte `i`, holding a card's index or [`NO_CARD`].
/// Facing a card, testing for an empty Room and dealing are then a few word operations without
/// branches, and equality is that of the slots.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Room(u32);

impl Room {
    /// No card.
    pub(crate) const EMPTY: Room = Room(splat(NO_CARD));

    /// The Room of these slots. A joker would read back as an empty slot: the stored form is
    /// validated with its own slots, which refuses one.
    pub(crate) fn from_slots(slots: [Option<Card>; ROOM_SIZE]) -> Room {
        Room(u32::from_le_bytes(
            slots.map(|c| c.map_or(NO_CARD, Card::index)),
        ))
    }

    /// The slots, left to right.
    #[inline]
    pub(crate) fn slots(self) -> [Option<Card>; ROOM_SIZE] {
        self.0.to_le_bytes().map(|b| {
            let card = CARD_OF[usize::from(b)];
            (b != NO_CARD).then_some(card)
        })
    }

    /// The slots as card indices, left to right, with `0xFF` for an empty slot: what the planners
    /// read a Room as.
    #[inline]
    pub(crate) fn bytes(self) -> [u8; ROOM_SIZE] {
        self.0.to_le_bytes()
    }

    /// How many slots hold a card.
    #[inline]
    pub(crate) fn len(self) -> usize {
        // One bit per empty slot, at bit 7 of its byte; the multiply sums the four bytes.
        let empty = (zero_bytes(!self.0) >> 7).wrapping_mul(0x0101_0101) >> 24;
        ROOM_SIZE - empty as usize
    }

    /// The card in slot `i` (`Some(None)` for an empty slot, `None` past the fourth).
    pub(crate) fn get(self, i: usize) -> Option<Option<Card>> {
        self.slots().get(i).copied()
    }

    /// The cards, as a set (exact for the 44 cards, the only ones a valid Room holds).
    #[inline]
    pub(crate) fn cards(self) -> CardSet {
        let [a, b, c, d] = self.0.to_le_bytes().map(set_of);
        (a | b | c | d).without(EMPTY)
    }

    /// The four cards, when no slot is empty.
    #[inline]
    pub(crate) fn full(self) -> Option<[Card; ROOM_SIZE]> {
        (zero_bytes(!self.0) == 0).then(|| self.0.to_le_bytes().map(|b| CARD_OF[usize::from(b)]))
    }

    /// The cards, left to right.
    #[inline]
    pub(crate) fn iter(self) -> impl Iterator<Item = Card> {
        self.slots().into_iter().flatten()
    }

    /// `0x80` in the byte of each slot that holds `card`.
    #[inline]
    pub(crate) fn slots_of(self, card: Card) -> u32 {
        zero_bytes(self.0 ^ splat(card.index()))
    }

    /// Whether `card` is in a slot.
    #[inline]
    pub(crate) fn contains(self, card: Card) -> bool {
        self.slots_of(card) != 0
    }

    /// `0xFF` in the byte of each slot that holds `card`: what [`Room::clear`] takes.
    #[inline]
    pub(crate) fn mask_of(self, card: Card) -> u32 {
        let high = self.slots_of(card);
        high | (high - (high >> 7))
    }

    /// `0xFF` in the byte of slot `slot` (taken modulo 4): what [`Room::clear`] takes.
    #[inline]
    pub(crate) fn slot_mask(slot: u8) -> u32 {
        0xFF << (8 * (slot & 3))
    }

    /// Empties the slots whose bytes are `0xFF` in `mask` ([`Room::mask_of`], [`Room::slot_mask`]).
    #[inline]
    pub(crate) fn clear(&mut self, mask: u32) {
        self.0 |= mask;
    }

    /// Fills the empty slots, left to right, from the top of `dungeon`, as long as it has cards.
    #[inline]
    pub(crate) fn deal_from(&mut self, dungeon: &mut Dungeon) {
        // `0x80` in the byte of each slot that holds a card.
        let held = !zero_bytes(!self.0) & 0x8080_8080;
        if held.count_ones() == 1
            && let Some(top) = dungeon.top_four()
        {
            // The usual case, one card left from the last Room in slot `p`: the top three go
            // to the slots left of it and then right of it, in order.
            let shift = held.trailing_zeros() - 7;
            let below = (1u32 << shift) - 1;
            let kept = 0xFFu32 << shift;
            self.0 = (top & below) | (self.0 & kept) | ((top << 8) & !(below | kept));
            dungeon.skip_top(3, set_of_three(top));
        } else {
            *self = self.dealt_slowly(dungeon, held);
        }
    }

    /// [`Room::deal_from`] in the other cases: the Room after the deal. It takes and gives the
    /// Room by value, so that a caller's Room (and the table around it) may stay in registers.
    #[inline(never)]
    fn dealt_slowly(self, dungeon: &mut Dungeon, held: u32) -> Room {
        if held == 0
            && let Some(top) = dungeon.top_four()
        {
            // An empty Room (the first, or after avoiding one) takes the top four.
            let [a, b, c, d] = top.to_le_bytes().map(set_of);
            dungeon.skip_top(4, a | b | c | d);
            return Room(top);
        }
        let mut bytes = self.0.to_le_bytes();
        for byte in bytes.iter_mut() {
            if *byte == NO_CARD
                && let Some(card) = dungeon.draw()
            {
                *byte = card.index();
            }
        }
        Room(u32::from_le_bytes(bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::DUNGEON;

    #[test]
    fn room_word_operations() {
        let cards: Vec<Card> = DUNGEON.iter().collect();
        for (i, w) in cards.windows(4).enumerate() {
            let mut slots = [Some(w[0]), Some(w[1]), Some(w[2]), Some(w[3])];
            slots[i % 4] = None;
            let mut room = Room::from_slots(slots);
            assert_eq!(room.slots(), slots);
            assert_eq!(room.cards(), slots.iter().flatten().copied().collect());
            assert_eq!(room.full(), None);
            assert_eq!(room.len(), 3);
            for card in [w[0], w[1], w[2], w[3], EMPTY, Card::BLACK_JOKER] {
                assert_eq!(room.contains(card), slots.contains(&Some(card)), "{card}");
            }
            room.clear(room.mask_of(w[(i + 1) % 4]));
            slots[(i + 1) % 4] = None;
            assert_eq!(room.slots(), slots);
            room.clear(room.mask_of(EMPTY));
            room.clear(Room::slot_mask(4 + (i + 1) as u8 % 4));
            assert_eq!(room.slots(), slots);
        }
        assert_eq!(Room::EMPTY.slots(), [None; ROOM_SIZE]);
        assert_eq!(Room::EMPTY.len(), 0);
        assert_eq!(Room::from_slots([Some(cards[0]); ROOM_SIZE]).len(), 4);
        assert_eq!(Room::EMPTY.cards(), CardSet::EMPTY);
    }
}
