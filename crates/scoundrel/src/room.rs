//! The Room: four slots of face-up cards.

use cards_core::{Card, CardSet};

use crate::dungeon::Dungeon;
use crate::rules::ROOM_SIZE;

/// The Room's four slots, left to right. A faced card leaves its slot empty, so positions do not
/// shift during a turn; the next Room fills the empty slots left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Room([Option<Card>; ROOM_SIZE]);

impl Room {
    /// No card.
    pub(crate) const EMPTY: Room = Room([None; ROOM_SIZE]);

    /// The Room of these slots.
    pub(crate) fn from_slots(slots: [Option<Card>; ROOM_SIZE]) -> Room {
        Room(slots)
    }

    /// The slots, left to right.
    #[inline]
    pub(crate) fn slots(self) -> [Option<Card>; ROOM_SIZE] {
        self.0
    }

    /// The cards, left to right.
    #[inline]
    pub(crate) fn iter(self) -> impl Iterator<Item = Card> {
        self.0.into_iter().flatten()
    }

    /// The cards, as a set.
    #[inline]
    pub(crate) fn cards(self) -> CardSet {
        self.iter().fold(CardSet::EMPTY, CardSet::with)
    }

    /// Whether every slot is empty.
    #[inline]
    pub(crate) fn is_empty(self) -> bool {
        self.0 == [None; ROOM_SIZE]
    }

    /// The card in slot `i` (`Some(None)` for an empty slot, `None` past the fourth).
    pub(crate) fn get(self, i: usize) -> Option<Option<Card>> {
        self.0.get(i).copied()
    }

    /// Whether `card` is in a slot.
    #[inline]
    pub(crate) fn contains(self, card: Card) -> bool {
        self.0.contains(&Some(card))
    }

    /// Empties the slot holding `card`, if one does.
    #[inline]
    pub(crate) fn remove(&mut self, card: Card) {
        if let Some(slot) = self.0.iter_mut().find(|slot| **slot == Some(card)) {
            *slot = None;
        }
    }

    /// Empties every slot and returns the cards, left to right.
    pub(crate) fn take_all(&mut self) -> impl Iterator<Item = Card> {
        std::mem::replace(self, Room::EMPTY).iter()
    }

    /// Fills the empty slots, left to right, from the top of `dungeon`, as long as it has cards.
    #[inline]
    pub(crate) fn deal_from(&mut self, dungeon: &mut Dungeon) {
        for slot in self.0.iter_mut().filter(|slot| slot.is_none()) {
            *slot = dungeon.draw();
        }
    }
}
