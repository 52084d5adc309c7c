//! What the player has seen and done since the game began: the record its information state is
//! made from ([`crate::Scoundrel`]'s `InformationState`).
//!
//! Two lists are enough, because the rules decide everything else. Cards are dealt from the top
//! of the Dungeon and avoided Rooms go under it, so every card is dealt once from the deal's order
//! before any avoided card comes back: the cards the player has seen, in the order it first saw
//! them, are the first cards of the deal's order. With them and the moves, the game replays move
//! for move, every Room as it was dealt; the cards still unseen are never dealt in that replay,
//! so any cards can stand in for them.

use std::fmt;

use cards_core::{Card, CardSet};

use crate::action::Action;
use crate::dungeon::Dungeon;
use crate::rules::{DUNGEON, DUNGEON_SIZE, ROOM_SIZE};
use crate::table::Table;

/// The most moves a game has ([`game_core::Game::max_game_length`]): 44 faces and fewer avoids.
pub(crate) const MAX_MOVES: usize = 2 * DUNGEON_SIZE;

/// A move's code: the card's index, with [`WEAPON`] set for a weapon fight; [`AVOID`] to avoid.
const AVOID: u8 = u8::MAX;
const WEAPON: u8 = 0x80;

/// The player's record: where it starts, the cards it has seen in the order it first saw them,
/// and its moves. Fixed arrays, so that a state stays `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct History {
    /// Where the record starts: `None` for the deal (the first Room dealt from a full Dungeon);
    /// for a position set up from its stored form without a history, that position's table.
    origin: Option<Table>,
    /// The cards seen, in order: for a set-up position, first its known bottom (top first);
    /// then every card dealt from the part of the Dungeon of unknown order, as dealt.
    seen: [Card; DUNGEON_SIZE],
    seen_len: u8,
    /// Every card not in the part of the Dungeon of unknown order: those already seen.
    seen_set: CardSet,
    /// The moves, coded (see [`AVOID`]).
    moves: [u8; MAX_MOVES],
    moves_len: u8,
}

impl History {
    fn empty(origin: Option<Table>) -> History {
        History {
            origin,
            seen: [Card::RED_JOKER; DUNGEON_SIZE],
            seen_len: 0,
            seen_set: CardSet::EMPTY,
            moves: [0; MAX_MOVES],
            moves_len: 0,
        }
    }

    /// The record of a game whose first Room, `room`, was just dealt from a full Dungeon.
    pub(crate) fn from_deal(room: [Option<Card>; ROOM_SIZE]) -> History {
        let mut history = History::empty(None);
        history.see(room);
        history
    }

    /// The record of a position set up as it is (`table` over `dungeon`), with no past: the
    /// player knows the table and the Dungeon's known bottom, in order.
    pub(crate) fn set_up(table: &Table, dungeon: &Dungeon) -> History {
        let mut history = History::empty(Some(*table));
        let known = table.known_bottom_len().min(dungeon.len());
        for card in dungeon.bottom(known) {
            history.push_seen(card);
        }
        let unknown: CardSet = dungeon.iter().take(dungeon.len() - known).collect();
        history.seen_set = DUNGEON - unknown;
        history
    }

    /// Records `action`, after which the Room is `room`: its cards not seen before were dealt by
    /// the move, in slot order, which is the order they were dealt (the next Room fills empty
    /// slots left to right, and cards of unknown place come before the known bottom).
    #[inline]
    pub(crate) fn record(&mut self, action: Action, room: [Option<Card>; ROOM_SIZE]) {
        if let Some(slot) = self.moves.get_mut(usize::from(self.moves_len)) {
            *slot = match action {
                Action::Avoid => AVOID,
                Action::Face(card) => card.index(),
                Action::FaceWithWeapon(card) => WEAPON | card.index(),
            };
            self.moves_len += 1;
        }
        self.see(room);
    }

    fn see(&mut self, room: [Option<Card>; ROOM_SIZE]) {
        for card in room.into_iter().flatten() {
            if self.seen_set.insert(card) {
                self.push_seen(card);
            }
        }
    }

    fn push_seen(&mut self, card: Card) {
        if let Some(slot) = self.seen.get_mut(usize::from(self.seen_len)) {
            *slot = card;
            self.seen_len += 1;
        }
    }

    /// Where the record starts: `None` for the deal, else the set-up position's table.
    pub(crate) fn origin(&self) -> Option<&Table> {
        self.origin.as_ref()
    }

    /// The cards seen, in order (see [`History`]'s field).
    pub(crate) fn seen(&self) -> &[Card] {
        &self.seen[..usize::from(self.seen_len)]
    }

    /// How many of [`History::seen`] are a set-up position's known bottom (0 for the deal).
    pub(crate) fn origin_bottom_len(&self) -> usize {
        self.origin
            .map_or(0, |t| t.known_bottom_len())
            .min(self.seen().len())
    }

    /// The cards dealt from the part of the Dungeon of unknown order, in order: for a game from
    /// its deal, the first cards of the deal's order.
    pub(crate) fn dealt(&self) -> &[Card] {
        &self.seen()[self.origin_bottom_len()..]
    }

    /// The number of moves.
    pub(crate) fn moves_len(&self) -> usize {
        usize::from(self.moves_len)
    }

    /// The moves, in order.
    pub(crate) fn moves(&self) -> impl ExactSizeIterator<Item = Action> + '_ {
        self.moves[..self.moves_len()].iter().map(|&code| {
            if code == AVOID {
                return Action::Avoid;
            }
            let card = Card::from_index(code & !WEAPON).unwrap_or(Card::RED_JOKER);
            if code & WEAPON != 0 {
                Action::FaceWithWeapon(card)
            } else {
                Action::Face(card)
            }
        })
    }

    /// The Dungeon at the origin, given the cards of unknown place now (`unknown`, in any
    /// order): the cards dealt since, then `unknown`, then the set-up position's known bottom.
    /// With the true order of `unknown` this is the origin's true Dungeon; with any order, the
    /// moves replay to the same table.
    pub(crate) fn origin_dungeon(&self, unknown: impl IntoIterator<Item = Card>) -> Dungeon {
        let (bottom, dealt) = self.seen().split_at(self.origin_bottom_len());
        let order = dealt
            .iter()
            .copied()
            .chain(unknown)
            .chain(bottom.iter().copied());
        Dungeon::from_cards(order).unwrap_or(Dungeon::empty())
    }
}

impl fmt::Debug for History {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves: Vec<String> = self.moves().map(|a| a.to_string()).collect();
        f.debug_struct("History")
            .field("origin", &self.origin)
            .field("seen", &self.seen())
            .field("moves", &moves)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_coded_and_decoded() {
        let mut history = History::from_deal([None; ROOM_SIZE]);
        let actions: Vec<Action> = std::iter::once(Action::Avoid)
            .chain(Card::all().flat_map(|card| [Action::Face(card), Action::FaceWithWeapon(card)]))
            .take(MAX_MOVES)
            .collect();
        for &action in &actions {
            history.record(action, [None; ROOM_SIZE]);
        }
        assert!(history.moves().eq(actions.iter().copied()));
        // Past the bound (only moves that are not legal get there), moves are not recorded.
        history.record(Action::Avoid, [None; ROOM_SIZE]);
        assert_eq!(history.moves_len(), MAX_MOVES);
    }
}
