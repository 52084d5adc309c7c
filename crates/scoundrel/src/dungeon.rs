//! The Dungeon: the face-down pile, as a fixed ring of at most 44 cards so that a state is `Copy`
//! and a playout never allocates.

use std::fmt;
use std::hash::{Hash, Hasher};

use cards_core::{Card, CardSet};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Error;
use crate::rules::{DUNGEON, DUNGEON_SIZE};

/// The Dungeon's cards, top first.
///
/// Not a [`cards_core::Deck`] (a growable pile) because the searches copy states by the million:
/// this is a ring of 44 slots with a [`CardSet`] beside it, so it is `Copy`, membership is one
/// instruction and drawing or putting a card at the bottom never allocates. Two Dungeons are equal
/// when they hold the same cards in the same order, wherever the ring starts.
#[derive(Clone, Copy)]
pub struct Dungeon {
    ring: [Card; DUNGEON_SIZE],
    head: u8,
    len: u8,
    cards: CardSet,
}

impl Dungeon {
    /// An empty Dungeon.
    pub const fn empty() -> Dungeon {
        Dungeon {
            ring: [Card::RED_JOKER; DUNGEON_SIZE],
            head: 0,
            len: 0,
            cards: CardSet::EMPTY,
        }
    }

    /// The Dungeon holding `cards` top first; refused unless they are distinct cards of the 44.
    pub fn from_cards<I: IntoIterator<Item = Card>>(cards: I) -> Result<Dungeon, Error> {
        let mut dungeon = Dungeon::empty();
        for card in cards {
            if !DUNGEON.contains(card) {
                return Err(Error::ForeignCard(card));
            }
            if dungeon.cards.contains(card) {
                return Err(Error::RepeatedCard(card));
            }
            dungeon.push_bottom(card);
        }
        Ok(dungeon)
    }

    /// The full Dungeon of a shuffle of the 44 cards, top first: the dealing path. A shuffle only
    /// swaps cards, so `cards` holds the 44 once each and needs no card-by-card checks.
    #[inline]
    pub(crate) fn from_shuffle(cards: [Card; DUNGEON_SIZE]) -> Dungeon {
        debug_assert_eq!(
            cards
                .iter()
                .fold(CardSet::EMPTY, |set, &card| set.with(card)),
            DUNGEON
        );
        Dungeon {
            ring: cards,
            head: 0,
            len: DUNGEON_SIZE as u8,
            cards: DUNGEON,
        }
    }

    /// Number of cards.
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether no card is left.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The cards as a set (what a player knows by elimination).
    #[inline]
    pub fn cards(&self) -> CardSet {
        self.cards
    }

    /// The cards top first.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Card> + '_ {
        (0..self.len()).map(move |i| self.at(i))
    }

    /// The card `i` from the top (`i < len`).
    #[inline]
    fn at(&self, i: usize) -> Card {
        self.ring[(usize::from(self.head) + i) % DUNGEON_SIZE]
    }

    /// Takes the top card.
    #[inline]
    pub(crate) fn draw(&mut self) -> Option<Card> {
        if self.len == 0 {
            return None;
        }
        // `head` is always below `DUNGEON_SIZE`: it starts at 0 and wraps here.
        let head = usize::from(self.head);
        let card = *self.ring.get(head)?;
        self.head = if head + 1 == DUNGEON_SIZE {
            0
        } else {
            self.head + 1
        };
        self.len -= 1;
        self.cards = self.cards.without(card);
        Some(card)
    }

    /// Puts `card` at the bottom. Callers only move cards of the 44 that are not here, so the
    /// ring never overflows; a card already present is ignored rather than duplicated.
    #[inline]
    pub(crate) fn push_bottom(&mut self, card: Card) {
        if self.len() >= DUNGEON_SIZE || !self.cards.insert(card) {
            return;
        }
        // Both below `DUNGEON_SIZE`, so one subtraction wraps the sum.
        let mut slot = usize::from(self.head) + self.len();
        if slot >= DUNGEON_SIZE {
            slot -= DUNGEON_SIZE;
        }
        if let Some(s) = self.ring.get_mut(slot) {
            *s = card;
        }
        self.len += 1;
    }

    /// The bottom `n` cards (all of them when there are fewer), top first.
    pub fn bottom(&self, n: usize) -> impl ExactSizeIterator<Item = Card> + '_ {
        self.iter().skip(self.len().saturating_sub(n))
    }
}

impl PartialEq for Dungeon {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.cards == other.cards && self.iter().eq(other.iter())
    }
}

impl Eq for Dungeon {}

impl Hash for Dungeon {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.len.hash(state);
        for card in self.iter() {
            card.index().hash(state);
        }
    }
}

impl fmt::Debug for Dungeon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dungeon({self})")
    }
}

impl fmt::Display for Dungeon {
    /// The cards top first, separated by spaces (`-` when empty); `{:#}` for ASCII.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            fmt::Display::fmt(&card, f)?;
        }
        Ok(())
    }
}

impl Serialize for Dungeon {
    /// As the list of cards, top first.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Dungeon {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        Dungeon::from_cards(cards).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ring_wraps_and_compares_by_content() {
        let mut a = Dungeon::from_cards(DUNGEON).unwrap();
        assert_eq!(a.len(), 44);
        for _ in 0..10 {
            let card = a.draw().unwrap();
            a.push_bottom(card);
        }
        let order: Vec<Card> = a.iter().collect();
        let b = Dungeon::from_cards(order.clone()).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.cards(), DUNGEON);
        assert_eq!(order.len(), 44);
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(serde_json::from_str::<Dungeon>(&json).unwrap(), a);
        let mut c = b;
        c.draw();
        assert_ne!(b, c);
    }

    #[test]
    fn refuses_foreign_and_repeated_cards() {
        let q: Card = "Qs".parse().unwrap();
        assert!(Dungeon::from_cards([q, q]).is_err());
        assert!(Dungeon::from_cards(["Qh".parse().unwrap()]).is_err());
        let mut d = Dungeon::from_cards([q]).unwrap();
        d.push_bottom(q);
        assert_eq!(d.len(), 1);
    }
}
