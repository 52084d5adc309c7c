//! Perfect-recall information states ([`InformationState`]), made from the [`Observation`]
//! alone: its record of the game (the cards seen in the order they were dealt, and the moves),
//! replayed with the rules. The layout is documented in the crate's "Learning" section.

use std::fmt::Write;

use cards_core::Card;
use game_core::{Game, InformationState, Learning, Player};

use crate::action::Action;
use crate::history::MAX_MOVES;
use crate::learning::{NUM_ACTIONS, TENSOR_LEN as OBSERVATION_LEN, write_tensor};
use crate::observation::Observation;
use crate::rules::{Config, DUNGEON_SIZE, ROOM_SIZE, card_number};
use crate::state::Scoundrel;

/// Where the parts of the tensor start: the observation now; the position the record starts
/// from (a flag, its observation, its Room's slots); the cards seen, one row of 44 each; the
/// moves, one row of [`NUM_ACTIONS`] each.
const ORIGIN: usize = OBSERVATION_LEN;
const ORIGIN_SLOTS: usize = ORIGIN + 1 + OBSERVATION_LEN;
const SEEN: usize = ORIGIN_SLOTS + DUNGEON_SIZE;
const MOVES: usize = SEEN + DUNGEON_SIZE * DUNGEON_SIZE;
/// The length of the information state tensor: 9,049.
const INFORMATION_LEN: usize = MOVES + MAX_MOVES * NUM_ACTIONS;

/// One thing the player saw or did.
enum Event {
    /// Cards dealt into the Room, in the order they were dealt.
    Dealt(Vec<Card>),
    /// A move.
    Move(Action),
}

/// The player's record in `o`, replayed from where it starts: the set-up position, if it
/// starts at one (as the player saw it), and the events since.
///
/// The cards of unknown place stand in index order for the Dungeon's true order, which is
/// hidden: none of them is dealt in the replay (they would have been seen), so the replay is the
/// game the player saw, whatever their order.
fn replay(o: &Observation) -> (Option<Observation>, Vec<Event>) {
    let history = o.history();
    let dungeon = history.origin_dungeon(o.unseen());
    let mut events = Vec::new();
    let (mut game, origin) = match history.origin() {
        Some(table) => {
            let game = Scoundrel::set_up(*table, dungeon);
            (game, Some(game.observation(0)))
        }
        None => {
            let game = Scoundrel::start(*o.table().config(), dungeon);
            events.push(Event::Dealt(
                game.table().room().into_iter().flatten().collect(),
            ));
            (game, None)
        }
    };
    for action in history.moves() {
        let before = game.table().room_cards();
        game.apply_unchecked(action);
        events.push(Event::Move(action));
        let room = game.table().room().into_iter().flatten();
        // Avoiding deals a whole Room (which may hold cards just avoided, when the Dungeon had
        // fewer than four others); facing deals the cards that were not in the Room before.
        let dealt: Vec<Card> = match action {
            Action::Avoid => room.collect(),
            _ => room.filter(|&card| !before.contains(card)).collect(),
        };
        if !dealt.is_empty() {
            events.push(Event::Dealt(dealt));
        }
    }
    (origin, events)
}

/// A set-up position as the player saw it, every field of the table: `health 9, weapon 5♦
/// (slew 6♣ 8♣, last 6♣), Room Q♠ - 2♥ 10♣, 1 faced, potion drunk, last faced 3♣, discards 2♣
/// 3♣, Dungeon 33 cards (bottom K♠ Q♠)`.
fn position_text(o: &Observation) -> String {
    let t = o.table();
    let mut text = format!("health {}", t.health());
    match t.weapon() {
        None => text.push_str(", no weapon"),
        Some(w) => {
            let _ = write!(text, ", weapon {}", w.card());
            if let Some(last) = w.last_kill() {
                let _ = write!(text, " (slew {}, last {last})", w.stack());
            }
        }
    }
    text.push_str(", Room");
    for slot in t.room() {
        match slot {
            Some(card) => {
                let _ = write!(text, " {card}");
            }
            None => text.push_str(" -"),
        }
    }
    let _ = write!(text, ", {} faced", t.faced_this_room());
    if t.potion_used() {
        text.push_str(", potion drunk");
    }
    if t.avoided_last() {
        text.push_str(", last Room avoided");
    }
    if let Some(card) = t.last_faced() {
        let _ = write!(text, ", last faced {card}");
    }
    if !t.discards().is_empty() {
        let _ = write!(text, ", discards {}", t.discards());
    }
    let _ = write!(text, ", Dungeon {} cards", o.dungeon_cards().len());
    if !o.known_bottom().is_empty() {
        let _ = write!(text, " (bottom {})", o.known_bottom());
    }
    text
}

/// The information state string of `o` (see [`Scoundrel`]'s [`InformationState`]).
fn information_string(o: &Observation) -> String {
    let (origin, events) = replay(o);
    let mut parts: Vec<String> = Vec::with_capacity(events.len() + 1);
    if let Some(origin) = origin {
        parts.push(format!("set up: {}", position_text(&origin)));
    }
    for event in events {
        parts.push(match event {
            Event::Dealt(cards) => {
                let mut text = "deal".to_string();
                for card in cards {
                    let _ = write!(text, " {card}");
                }
                text
            }
            Event::Move(action) => action.to_string(),
        });
    }
    let mut text = parts.join("; ");
    if !o.known_bottom().is_empty() {
        let _ = write!(text, " · bottom, in order: {}", o.known_bottom());
    }
    text
}

/// Sets `tensor[i]` to `x`, if it is there.
fn set(tensor: &mut [f32], i: usize, x: f32) {
    if let Some(slot) = tensor.get_mut(i) {
        *slot = x;
    }
}

/// The information state tensor of `o` into `out` (what fits of it).
fn write_information_tensor(o: &Observation, out: &mut [f32]) {
    if out.len() == INFORMATION_LEN {
        out.fill(0.0);
        write_whole_tensor(o, out);
    } else {
        let mut tensor = vec![0.0f32; INFORMATION_LEN];
        write_whole_tensor(o, &mut tensor);
        for (o, x) in out.iter_mut().zip(tensor) {
            *o = x;
        }
    }
}

/// The information state tensor of `o` into `tensor`, [`INFORMATION_LEN`] zeros.
fn write_whole_tensor(o: &Observation, tensor: &mut [f32]) {
    write_tensor(o, &mut tensor[..ORIGIN]);
    if let (Some(origin), _) = replay(o) {
        tensor[ORIGIN] = 1.0;
        write_tensor(&origin, &mut tensor[ORIGIN + 1..ORIGIN_SLOTS]);
        for (slot, card) in origin.table().room().into_iter().enumerate() {
            if let Some(n) = card.and_then(card_number) {
                set(
                    tensor,
                    ORIGIN_SLOTS + n,
                    (slot + 1) as f32 / ROOM_SIZE as f32,
                );
            }
        }
    }
    let history = o.history();
    for (i, &card) in history.seen().iter().enumerate() {
        if let Some(n) = card_number(card) {
            set(tensor, SEEN + i * DUNGEON_SIZE + n, 1.0);
        }
    }
    let config = *o.table().config();
    for (j, action) in history.moves().enumerate() {
        if let Some(id) = Scoundrel::action_id(&config, &action) {
            set(tensor, MOVES + j * NUM_ACTIONS + id, 1.0);
        }
    }
}

/// Everything the player has seen and done, in order, made from the [`Observation`] alone (so
/// a world drawn with [`SampleWorld`](game_core::SampleWorld) gives the same): every Room as it
/// was dealt, every move, and so the order of the cards that avoids put under the Dungeon. The
/// same under both weapon rules; the layout is in the crate's "Learning" section.
///
/// **The string** lists the events, separated by `; `: `deal` and the cards dealt into the Room
/// in the order they were dealt (the first Room, and after each avoid and each Room faced), and
/// each move in the [`Action`] notation (`avoid`, `Q♠`, `Q♠ w`); then, while the Dungeon's
/// bottom holds cards the player saw an avoid put there, ` · bottom, in order: ` and those
/// cards. A position read from its stored form without a history starts with `set up: ` and
/// the whole table as the player saw it there.
///
/// ```
/// use cards_core::{Card, CardSet};
/// use scoundrel::prelude::*;
/// use scoundrel::DUNGEON;
///
/// // K♠ Q♠ J♠ A♠ on top, then 5♦ 8♣ 2♥ 9♣, then the rest in index order (A♣ 2♣ 2♦ …).
/// let top: Vec<Card> = "Ks Qs Js As 5d 8c 2h 9c".split(' ').map(|c| c.parse().unwrap()).collect();
/// let rest = DUNGEON - top.iter().copied().collect::<CardSet>();
/// let order: Vec<Card> = top.into_iter().chain(rest).collect();
/// let mut game = Scoundrel::from_dungeon(Config::default(), &order)?;
/// for text in ["avoid", "5d", "8c w", "2h"] {
///     game.apply(&text.parse()?)?;
/// }
/// assert_eq!(
///     game.information_state_string(0),
///     "deal K♠ Q♠ J♠ A♠; avoid; deal 5♦ 8♣ 2♥ 9♣; 5♦; 8♣ w; 2♥; deal A♣ 2♣ 2♦ \
///      · bottom, in order: K♠ Q♠ J♠ A♠"
/// );
/// assert_eq!(game.information_state_tensor(0).len(), 9_049);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl InformationState for Scoundrel {
    /// `[9049]` under every configuration: see the crate's "Learning" section.
    fn information_state_tensor_shape(_config: &Config) -> Vec<usize> {
        vec![INFORMATION_LEN]
    }

    fn information_state_tensor_into(&self, player: Player, out: &mut [f32]) {
        if game_core::NoSuchSeat::check(self, player).is_err() {
            out.fill(0.0);
            return;
        }
        write_information_tensor(&self.observation(player), out);
    }

    fn information_state_string(&self, player: Player) -> String {
        if let Err(refused) = game_core::NoSuchSeat::check(self, player) {
            return refused.to_string();
        }
        information_string(&self.observation(player))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parts_add_up() {
        assert_eq!(OBSERVATION_LEN, 410);
        assert_eq!((ORIGIN, ORIGIN_SLOTS, SEEN, MOVES), (410, 821, 865, 2801));
        assert_eq!(INFORMATION_LEN, 9_049);
    }
}
