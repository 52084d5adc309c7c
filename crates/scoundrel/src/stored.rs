//! The stored form of a state, checked on the way in: a state read from anywhere either keeps
//! every rule or is refused with the reason.

use cards_core::{Card, CardSet};
use serde::{Deserialize, Serialize};

use crate::Error;
use crate::dungeon::Dungeon;
use crate::hero::{Hero, Weapon};
use crate::room::Room;
use crate::rules::{
    Config, DUNGEON, FACED_PER_ROOM, MAX_HEALTH, MONSTERS, POTIONS, ROOM_SIZE, WEAPONS, value,
};
use crate::state::Scoundrel;
use crate::table::Table;

/// A state as it is stored: the table's fields by name and the Dungeon top first.
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
}

impl From<Scoundrel> for StateData {
    fn from(s: Scoundrel) -> Self {
        let t = s.table;
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
        }
    }
}

impl TryFrom<StateData> for Scoundrel {
    type Error = Error;

    fn try_from(d: StateData) -> Result<Self, Self::Error> {
        check(&d).map_err(Error::InvalidState)?;
        Ok(Scoundrel {
            table: Table {
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
            dungeon: d.dungeon,
        })
    }
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
        // A state stored without it knows nothing of the bottom.
        let mut old = json;
        old.as_object_mut().unwrap().remove("known_bottom");
        let back = serde_json::from_value::<Scoundrel>(old).unwrap();
        assert_eq!(back.table().known_bottom_len(), 0);
    }
}
