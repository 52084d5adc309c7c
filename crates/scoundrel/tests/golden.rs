//! Golden facts of the rules, on Dungeons laid out by hand.

use cards_core::{Card, CardSet};
use scoundrel::prelude::*;
use scoundrel::{DUNGEON, MONSTERS, monster_total};

fn card(text: &str) -> Card {
    text.parse().expect("a card")
}

/// The given cards on top, then the rest of the Dungeon in index order.
fn order(top: &str) -> Vec<Card> {
    let mut cards: Vec<Card> = top.split_whitespace().map(card).collect();
    let named: CardSet = cards.iter().copied().collect();
    cards.extend((DUNGEON - named).iter());
    cards
}

fn game(top: &str, config: Config) -> Scoundrel {
    Scoundrel::from_dungeon(config, &order(top)).expect("a valid Dungeon")
}

fn play(game: &mut Scoundrel, moves: &str) {
    for text in moves.split(',') {
        let action: Action = text.trim().parse().expect("an action");
        game.apply(&action)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

#[test]
fn a_five_that_slew_a_queen_may_fight_a_six() {
    let mut g = game("5d Qs 6c 2h", Config::default());
    play(&mut g, "5d, Qs w, 6c w");
    // 20 − (12 − 5) − (6 − 5).
    assert_eq!(g.table().health(), 12);
    let weapon = g.table().weapon().expect("a weapon");
    assert_eq!(weapon.last_kill(), Some(card("6c")));
    assert_eq!(weapon.stack(), "Qs 6c".parse().unwrap());
}

#[test]
fn a_five_that_slew_a_six_may_not_fight_a_queen() {
    let mut g = game("5d 6c Qs 2h", Config::default());
    play(&mut g, "5d, 6c w");
    let before = g;
    let refusal = g.apply(&Action::FaceWithWeapon(card("Qs"))).unwrap_err();
    assert_eq!(
        refusal.to_string(),
        "your weapon last slew a 6; it cannot be used on a Q"
    );
    assert_eq!(g, before, "a refused move changes nothing");
    assert!(
        !g.legal_actions(0)
            .contains(&Action::FaceWithWeapon(card("Qs")))
    );
    // Barehanded is always allowed.
    play(&mut g, "Qs");
    assert_eq!(g.table().health(), 20 - 1 - 12);
}

#[test]
fn strict_rule_refuses_an_equal_monster() {
    for (config, allowed) in [(Config::default(), true), (Config::strict(), false)] {
        let mut g = game("5d Qs Qc 2h", config);
        play(&mut g, "5d, Qs w");
        let outcome = g.apply(&Action::FaceWithWeapon(card("Qc")));
        assert_eq!(outcome.is_ok(), allowed, "{config:?}");
        if !allowed {
            assert!(outcome.unwrap_err().to_string().contains("strict"));
        }
    }
}

#[test]
fn a_second_potion_in_a_turn_does_nothing() {
    let mut g = game("10s 5h 7h 2c 9h", Config::default());
    play(&mut g, "10s, 5h");
    assert_eq!(g.table().health(), 15);
    assert!(g.table().potion_used());
    play(&mut g, "7h");
    assert_eq!(g.table().health(), 15, "the second potion is discarded");
    assert!(g.table().discards().contains(card("7h")));
    // A new turn: the next potion heals again (9♥ was dealt into the new Room).
    assert!(!g.table().potion_used());
    play(&mut g, "9h");
    assert_eq!(g.table().health(), 20, "health never exceeds 20");
}

#[test]
fn a_new_weapon_discards_the_old_one_and_its_stack() {
    let mut g = game("5d 3c 8d 2h", Config::default());
    play(&mut g, "5d, 3c w, 8d");
    let weapon = g.table().weapon().expect("a weapon");
    assert_eq!(
        (weapon.card(), weapon.stack()),
        (card("8d"), CardSet::EMPTY)
    );
    assert!(g.table().discards().contains_all("5d 3c".parse().unwrap()));
}

#[test]
fn rooms_fill_their_empty_slots_from_the_top() {
    let mut g = game("2c 3c 4c 5c 6c 7c 8c", Config::default());
    assert_eq!(
        g.table().room(),
        [
            Some(card("2c")),
            Some(card("3c")),
            Some(card("4c")),
            Some(card("5c"))
        ]
    );
    play(&mut g, "2c, 4c, 5c");
    // 3♣ stays in its slot; the others are dealt in order.
    assert_eq!(
        g.table().room(),
        [
            Some(card("6c")),
            Some(card("3c")),
            Some(card("7c")),
            Some(card("8c"))
        ]
    );
    assert_eq!(g.dungeon().len(), 37);
}

#[test]
fn avoiding_puts_the_room_at_the_bottom_and_not_twice() {
    let mut g = game("Ks Qs Js As 2c", Config::default());
    play(&mut g, "avoid");
    let bottom: Vec<Card> = g.dungeon().iter().skip(36).collect();
    assert_eq!(bottom, ["Ks", "Qs", "Js", "As"].map(card));
    assert_eq!(g.table().room()[0], Some(card("2c")));
    assert_eq!(g.apply(&Action::Avoid), Err(Error::AvoidTwice));
    // After facing a card the Room can no longer be avoided either…
    play(&mut g, "2c");
    assert_eq!(g.apply(&Action::Avoid), Err(Error::AvoidAfterFacing));
}

#[test]
fn dying_scores_health_minus_every_monster_left() {
    let mut g = game("Ks As Qs Js", Config::default());
    play(&mut g, "Ks, As");
    assert_eq!(g.turn(), Turn::Over);
    assert_eq!(g.table().health(), 20 - 13 - 14);
    let left = monster_total(MONSTERS) - 13 - 14;
    assert_eq!(g.score(), Some(-7 - left));
    assert_eq!(g.returns(0), f64::from(-7 - left));
    assert_eq!(g.result(0), Some(PlayerResult::Loss));
    assert_eq!(
        g.apply(&Action::Face(card("Qs"))),
        Err(Error::Turn(TurnError::GameOver))
    );
}

/// The end of a game, stored as JSON: the Dungeon empty, two cards left in the last Room.
fn last_room(health: i32) -> Scoundrel {
    let room = ["2c", "10h"].map(card);
    let weapon = card("10d");
    let faced_last = card("3c");
    let discards = DUNGEON - room.iter().copied().collect::<CardSet>() - CardSet::single(weapon);
    let json = serde_json::json!({
        "config": Config::default(),
        "dungeon": [],
        "room": [null, "2♣", "10♥", null],
        "health": health,
        "weapon": { "card": "10♦", "stack": "", "last_kill": null },
        "discards": discards,
        "faced_this_room": 2,
        "potion_used": false,
        "avoided_last": false,
        "last_faced": faced_last,
    });
    serde_json::from_value(json).expect("a consistent end game")
}

#[test]
fn a_potion_last_at_full_health_adds_its_value() {
    let mut g = last_room(20);
    assert!(!g.table().can_avoid(), "the Dungeon is empty");
    play(&mut g, "2c w, 10h");
    assert_eq!(g.turn(), Turn::Over);
    assert_eq!(g.score(), Some(30));
    assert_eq!(g.result(0), Some(PlayerResult::Win));

    // The same cards the other way round: health only.
    let mut g = last_room(20);
    play(&mut g, "10h, 2c");
    assert_eq!(g.score(), Some(18));

    // A potion last below 20 health: no bonus.
    let mut g = last_room(9);
    play(&mut g, "2c w, 10h");
    assert_eq!(g.score(), Some(19));
}

#[test]
fn from_dungeon_wants_exactly_the_44_cards() {
    let mut cards = order("");
    assert!(Scoundrel::from_dungeon(Config::default(), &cards).is_ok());
    cards.pop();
    assert_eq!(
        Scoundrel::from_dungeon(Config::default(), &cards),
        Err(Error::DungeonSize(43))
    );
    cards.push(cards[0]);
    assert_eq!(
        Scoundrel::from_dungeon(Config::default(), &cards),
        Err(Error::RepeatedCard(cards[0]))
    );
    let last = cards.len() - 1;
    cards[last] = card("Qh");
    let err = Scoundrel::from_dungeon(Config::default(), &cards).unwrap_err();
    assert_eq!(err, Error::ForeignCard(card("Qh")));
    assert_eq!(
        err.to_string(),
        "not a Dungeon: Q♥ is not one of the 44 cards"
    );
}

#[test]
fn the_deal_of_seed_42_is_pinned() {
    let g = Scoundrel::new(Config::default(), 42).expect("a game");
    let top: Vec<String> = g
        .table()
        .room()
        .iter()
        .flatten()
        .map(ToString::to_string)
        .chain(g.dungeon().iter().take(4).map(|c| c.to_string()))
        .collect();
    assert_eq!(top.join(" "), GOLDEN_42);
}

const GOLDEN_42: &str = "5♦ 7♦ 3♦ 2♥ 9♥ K♠ 4♥ 5♣";

#[test]
fn people_type_positions_and_cards() {
    let mut g = game("5d Qs 6c 2h", Config::default());
    let t = *g.table();
    assert_eq!(t.parse_action("a"), Ok(Action::Avoid));
    assert_eq!(t.parse_action("0"), Ok(Action::Avoid));
    assert_eq!(t.parse_action("1"), Ok(Action::Face(card("5d"))));
    assert_eq!(
        t.parse_action("2"),
        Ok(Action::Face(card("Qs"))),
        "no weapon yet"
    );
    assert!(t.parse_action("5").is_err());
    assert!(t.parse_action("1w").is_err(), "5♦ is not a monster");
    play(&mut g, "5d");
    let t = *g.table();
    assert!(t.parse_action("1").is_err(), "an empty slot");
    assert_eq!(t.parse_action("2"), Ok(Action::FaceWithWeapon(card("Qs"))));
    assert_eq!(t.parse_action("2 bare"), Ok(Action::Face(card("Qs"))));
    assert_eq!(t.parse_action("Qs b"), Ok(Action::Face(card("Qs"))));
    assert_eq!(t.parse_action("3w"), Ok(Action::FaceWithWeapon(card("6c"))));
    assert_eq!(t.parse_action("6c"), Ok(Action::FaceWithWeapon(card("6c"))));
    play(&mut g, "6c w");
    // The weapon may no longer be used on the Q: unmarked, it is fought barehanded.
    assert_eq!(g.table().parse_action("Qs"), Ok(Action::Face(card("Qs"))));
}

#[test]
fn records_store_moves_as_text() {
    let mut record = Record::<Scoundrel>::new(Config::default(), 42);
    record.actions = ["5d", "Qs w", "2h"]
        .map(|text| text.parse().expect("an action"))
        .to_vec();
    let json = serde_json::to_value(&record).expect("a record serialises");
    assert_eq!(json["actions"], serde_json::json!(["5♦", "Q♠ w", "2♥"]));
    let back: Record<Scoundrel> = serde_json::from_value(json).expect("a record reloads");
    assert_eq!(back, record);
}
