//! The stored form of a state, checked on the way in: a state read from anywhere either keeps
//! every rule or is refused with the reason.

use cards_core::{Card, CardSet};
use game_core::Game;
use serde::{Deserialize, Serialize};

use crate::Error;
use crate::action::Action;
use crate::dungeon::Dungeon;
use crate::hero::{Hero, Weapon};
use crate::room::Room;
use crate::rules::{
    Config, DUNGEON, FACED_PER_ROOM, MAX_HEALTH, MONSTERS, POTIONS, ROOM_SIZE, WEAPONS, value,
};
use crate::state::Scoundrel;
use crate::table::Table;

/// A state as it is stored: the table's fields by name, the Dungeon top first, and the player's
/// record of the game.
#[derive(Serialize, Deserialize)]
pub(crate) struct StateData {
    config: Config,
    dungeon: Dungeon,
    room: [Option<Card>; ROOM_SIZE],
    health: i32,
    weapon: Option<Weapon>,
    discards: CardSet,
    faced_this_room: u8,
    potion_used: bool,
    avoided_last: bool,
    last_faced: Option<Card>,
    /// How many cards at the bottom of the Dungeon the player saw an avoid put there (none when
    /// missing).
    #[serde(default)]
    known_bottom: u8,
    /// How the game got here. Without it (a position written by hand), the player's record
    /// starts at this position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    history: Option<HistoryData>,
}

/// The player's record as stored: checked on the way in by replaying it, which must lead to
/// exactly the stored table and Dungeon.
#[derive(Serialize, Deserialize)]
struct HistoryData {
    /// The position the record starts from, stored without a history, when it is not the deal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    from: Option<Box<StateData>>,
    /// The cards dealt from the part of the Dungeon of unknown order, in order: for a game from
    /// its deal, the first cards of the deal's order (the rest are the Dungeon's top cards, above
    /// its known bottom).
    dealt: Vec<Card>,
    /// The moves, in order.
    moves: Vec<Action>,
}

impl From<Scoundrel> for StateData {
    fn from(s: Scoundrel) -> Self {
        let t = s.table;
        let h = s.history;
        let history = match h.origin() {
            // A position set up as it is: storing it is enough.
            Some(_) if h.moves_len() == 0 => None,
            origin => Some(HistoryData {
                from: origin.map(|table| {
                    let unknown = s.dungeon.len() - t.known_bottom_len().min(s.dungeon.len());
                    let dungeon = h.origin_dungeon(s.dungeon.iter().take(unknown));
                    Box::new(StateData::from(Scoundrel::set_up(*table, dungeon)))
                }),
                dealt: h.dealt().to_vec(),
                moves: h.moves().collect(),
            }),
        };
        StateData {
            config: t.config,
            dungeon: s.dungeon,
            room: t.room(),
            health: t.hero.health,
            weapon: t.hero.weapon,
            discards: t.discards,
            faced_this_room: t.faced,
            potion_used: t.hero.potion_used,
            avoided_last: t.avoided_last,
            last_faced: t.last_faced,
            known_bottom: t.known_bottom,
            history,
        }
    }
}

impl TryFrom<StateData> for Scoundrel {
    type Error = Error;

    fn try_from(mut d: StateData) -> Result<Self, Self::Error> {
        check(&d).map_err(Error::InvalidState)?;
        let history = d.history.take();
        let position = Scoundrel::set_up(
            Table {
                config: d.config,
                room: Room::from_slots(d.room),
                hero: Hero {
                    health: d.health,
                    weapon: d.weapon,
                    potion_used: d.potion_used,
                },
                discards: d.discards,
                faced: d.faced_this_room,
                avoided_last: d.avoided_last,
                last_faced: d.last_faced,
                dungeon_len: d.dungeon.len() as u8,
                known_bottom: d.known_bottom,
            },
            d.dungeon,
        );
        match history {
            None => Ok(position),
            Some(history) => replay(history, &position),
        }
    }
}

/// The game `history` replays to, which must be `position` (its table and Dungeon) with the
/// record's own cards dealt.
fn replay(history: HistoryData, position: &Scoundrel) -> Result<Scoundrel, Error> {
    let invalid = |reason: String| Error::InvalidState(format!("its history: {reason}"));
    let mut game = match history.from {
        Some(origin) if origin.history.is_some() => {
            return Err(invalid(
                "the position it starts from has a history of its own".to_string(),
            ));
        }
        Some(origin) => Scoundrel::try_from(*origin)
            .map_err(|e| invalid(format!("the position it starts from: {e}")))?,
        None => {
            // The deal: the cards dealt, then those of unknown place in the stored order.
            let (t, dungeon) = (&position.table, &position.dungeon);
            let unknown = dungeon.len() - t.known_bottom_len().min(dungeon.len());
            let order: Vec<Card> = history
                .dealt
                .iter()
                .copied()
                .chain(dungeon.iter().take(unknown))
                .collect();
            Scoundrel::from_dungeon(t.config, &order)
                .map_err(|e| invalid(format!("its cards are not a deal: {e}")))?
        }
    };
    for (i, action) in history.moves.iter().enumerate() {
        game.apply(action)
            .map_err(|e| invalid(format!("move {} ({action}) is refused: {e}", i + 1)))?;
    }
    if game.table != position.table || game.dungeon != position.dungeon {
        return Err(invalid("it does not lead to this position".to_string()));
    }
    if game.history.dealt() != history.dealt.as_slice() {
        return Err(invalid("its moves deal other cards".to_string()));
    }
    Ok(game)
}

/// Why `d` is not a state the rules can reach, if it is not.
fn check(d: &StateData) -> Result<(), String> {
    let room_cards: CardSet = d.room.iter().flatten().copied().collect();
    if !(1 - 14..=MAX_HEALTH).contains(&d.health) {
        return Err(format!("health {} is out of range", d.health));
    }
    let mut parts: Vec<(&str, CardSet)> = vec![
        ("Dungeon", d.dungeon.cards()),
        ("Room", room_cards),
        ("discards", d.discards),
    ];
    if let Some(w) = d.weapon {
        parts.push(("weapon", CardSet::single(w.card())));
        parts.push(("weapon stack", w.stack()));
        check_weapon(&w, d.config)?;
    }
    let room_count = d.room.iter().flatten().count();
    if room_count != room_cards.len() {
        return Err("a card appears twice in the Room".to_string());
    }
    let mut seen = CardSet::EMPTY;
    for (name, cards) in parts {
        if seen.intersects(cards) {
            return Err(format!("{name} repeats {}", seen & cards));
        }
        seen |= cards;
    }
    if seen != DUNGEON {
        return Err(format!(
            "the 44 cards are not all accounted for (missing {}, foreign {})",
            DUNGEON - seen,
            seen - DUNGEON
        ));
    }
    if usize::from(d.known_bottom) > d.dungeon.len() {
        return Err("more cards are known at the bottom than the Dungeon holds".to_string());
    }
    let faced = d.faced_this_room;
    let dead = d.health <= 0;
    if !d.dungeon.is_empty() {
        if room_count + usize::from(faced) != ROOM_SIZE {
            return Err("the Room is not full while the Dungeon has cards".to_string());
        }
        if faced >= FACED_PER_ROOM && !dead {
            return Err("three cards were faced but no new Room was dealt".to_string());
        }
    } else if room_count + usize::from(faced) > ROOM_SIZE {
        return Err("too many cards faced in this Room".to_string());
    }
    if faced > 0 && d.last_faced.is_none() {
        return Err("a card was faced but none is recorded".to_string());
    }
    if d.potion_used && (faced == 0 || (d.discards & POTIONS).is_empty()) {
        return Err("a potion is marked used before any was faced".to_string());
    }
    if let Some(last) = d.last_faced
        && (d.dungeon.cards().contains(last) || room_cards.contains(last))
    {
        return Err(format!("the last card faced, {last}, is still unfaced"));
    }
    if dead && !d.last_faced.is_some_and(|c| MONSTERS.contains(c)) {
        return Err("only a monster can kill".to_string());
    }
    Ok(())
}

/// Why `w` is not a weapon the rules can leave, if it is not: a ♦ with only monsters on it,
/// slain in an order the weapon rule allows.
fn check_weapon(w: &Weapon, config: Config) -> Result<(), String> {
    if !WEAPONS.contains(w.card()) {
        return Err(format!("{} is not a weapon", w.card()));
    }
    if !MONSTERS.contains_all(w.stack()) {
        return Err("a weapon's stack holds only monsters".to_string());
    }
    match w.last_kill() {
        None if !w.stack().is_empty() => Err("a weapon with a stack has a last kill".to_string()),
        Some(last) if !w.stack().contains(last) => {
            Err(format!("the last kill {last} is not on the stack"))
        }
        // Each kill was allowed after the one before, so every other monster on the stack
        // allows the last one.
        Some(last)
            if w.stack()
                .iter()
                .any(|c| c != last && !config.weapon_rule.allows(value(c), value(last))) =>
        {
            Err("the stack breaks the weapon rule".to_string())
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use game_core::Game;

    use super::*;

    #[test]
    fn stored_rooms_round_trip_and_jokers_are_refused() {
        let mut state = Scoundrel::new(Config::default(), 11).unwrap();
        state.apply(&state.legal_actions(0)[1]).unwrap();
        let json = serde_json::to_value(state).unwrap();
        assert_eq!(
            json["room"],
            serde_json::to_value(state.table().room()).unwrap()
        );
        let back: Scoundrel = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(back, state);
        for joker in [Card::RED_JOKER, Card::BLACK_JOKER] {
            let mut bad = json.clone();
            bad["room"][0] = serde_json::to_value(joker).unwrap();
            let err = serde_json::from_value::<Scoundrel>(bad).unwrap_err();
            assert!(
                err.to_string().contains(&format!("foreign {joker}")),
                "{err}"
            );
        }
    }

    #[test]
    fn the_known_bottom_is_stored_and_bounded() {
        let mut state = Scoundrel::new(Config::default(), 4).unwrap();
        state.apply(&crate::Action::Avoid).unwrap();
        let json = serde_json::to_value(state).unwrap();
        assert_eq!(json["known_bottom"], 4);
        assert_eq!(
            serde_json::from_value::<Scoundrel>(json.clone()).unwrap(),
            state
        );
        let mut bad = json.clone();
        bad["known_bottom"] = serde_json::json!(41);
        assert!(serde_json::from_value::<Scoundrel>(bad).is_err());
        // A state stored before either was kept knows nothing of the bottom. (With its history,
        // the count must be the one the moves leave.)
        let mut old = json.clone();
        old.as_object_mut().unwrap().remove("known_bottom");
        assert!(serde_json::from_value::<Scoundrel>(old.clone()).is_err());
        old.as_object_mut().unwrap().remove("history");
        let back = serde_json::from_value::<Scoundrel>(old).unwrap();
        assert_eq!(back.table().known_bottom_len(), 0);
    }

    /// The history is stored and replayed on the way in: it must lead to the stored position.
    #[test]
    fn the_history_is_stored_and_replayed() {
        let mut state = Scoundrel::new(Config::default(), 4).unwrap();
        for _ in 0..5 {
            state.apply(&state.legal_actions(0)[1]).unwrap();
        }
        let json = serde_json::to_value(state).unwrap();
        assert_eq!(json["history"]["moves"].as_array().unwrap().len(), 5);
        assert_eq!(json["history"]["dealt"].as_array().unwrap().len(), 7);
        assert_eq!(
            serde_json::from_value::<Scoundrel>(json.clone()).unwrap(),
            state
        );
        // Another move, or another card dealt, leads elsewhere.
        let mut bad = json.clone();
        bad["history"]["moves"].as_array_mut().unwrap().pop();
        let err = serde_json::from_value::<Scoundrel>(bad).unwrap_err();
        assert!(err.to_string().contains("history"), "{err}");
        let mut bad = json.clone();
        bad["history"]["dealt"].as_array_mut().unwrap().swap(5, 6);
        assert!(serde_json::from_value::<Scoundrel>(bad).is_err());
        let mut bad = json;
        bad["health"] = serde_json::json!(19);
        assert!(serde_json::from_value::<Scoundrel>(bad).is_err());
    }

    /// A position written without a history starts the player's record; after moves, the
    /// record stores the position it started from.
    #[test]
    fn a_position_set_up_keeps_its_origin() {
        let mut state = Scoundrel::new(Config::default(), 9).unwrap();
        state.apply(&crate::Action::Avoid).unwrap();
        let mut json = serde_json::to_value(state).unwrap();
        json.as_object_mut().unwrap().remove("history");
        let mut set_up: Scoundrel = serde_json::from_value(json.clone()).unwrap();
        assert_ne!(set_up, state, "it remembers less");
        assert_eq!(serde_json::to_value(set_up).unwrap(), json);
        assert_eq!(set_up.dungeon_outcomes(), None);
        set_up.apply(&set_up.legal_actions(0)[0]).unwrap();
        let stored = serde_json::to_value(set_up).unwrap();
        assert_eq!(stored["history"]["from"], json);
        assert_eq!(serde_json::from_value::<Scoundrel>(stored).unwrap(), set_up);
    }
}
