//! Action ids, masks and observation tensors: game-core's checks (the tensor shows only what the
//! player sees), and golden values that keep the ids and the tensor layout stable.

use cards_core::{Card, CardSet};
use scoundrel::prelude::*;
use scoundrel::{DUNGEON, NUM_ACTIONS};

fn card(text: &str) -> Card {
    text.parse().expect("a card")
}

#[test]
fn golden_ids() {
    let config = Config::default();
    assert_eq!(Scoundrel::num_distinct_actions(&config), 71);
    assert_eq!(NUM_ACTIONS, 71);
    for (action, id) in [
        (Action::Avoid, 0),
        (Action::Face(card("As")), 2),
        (Action::Face(card("2c")), 3),
        (Action::Face(card("2d")), 4),
        (Action::Face(card("2h")), 5),
        (Action::Face(card("10h")), 37),
        (Action::Face(card("Ks")), 44),
        (Action::FaceWithWeapon(card("Ac")), 45),
        (Action::FaceWithWeapon(card("2s")), 48),
        (Action::FaceWithWeapon(card("Ks")), 70),
    ] {
        assert_eq!(Scoundrel::action_id(&config, &action), Some(id), "{action}");
        assert_eq!(Scoundrel::action_from_id(&config, id), Some(action), "{id}");
    }
    // Cards outside the Dungeon, and weapon fights with what is not a monster, have no id.
    for action in [
        Action::Face(card("Qh")),
        Action::Face(Card::RED_JOKER),
        Action::FaceWithWeapon(card("5d")),
    ] {
        assert_eq!(Scoundrel::action_id(&config, &action), None, "{action}");
    }
    assert_eq!(Scoundrel::action_from_id(&config, 71), None);
    assert_eq!(Scoundrel::action_from_id(&config, usize::MAX), None);
}

/// The given cards on top, then the rest of the Dungeon in index order.
fn game(top: &str) -> Scoundrel {
    let mut cards: Vec<Card> = top.split_whitespace().map(card).collect();
    let named: CardSet = cards.iter().copied().collect();
    cards.extend((DUNGEON - named).iter());
    Scoundrel::from_dungeon(Config::default(), &cards).expect("a valid Dungeon")
}

/// The place of a card among the 44 in index order: its column in each card plane.
fn column(text: &str) -> usize {
    DUNGEON
        .iter()
        .position(|c| c == card(text))
        .expect("a Dungeon card")
}

#[test]
fn golden_tensor_and_string() {
    // Avoid K♠ Q♠ J♠ A♠; then equip 5♦, slay 8♣ with it, drink 2♥.
    let mut g = game("Ks Qs Js As 5d 8c 2h 9c");
    for text in ["avoid", "5d", "8c w", "2h"] {
        g.apply(&text.parse().expect("an action"))
            .expect("a legal move");
    }
    assert_eq!(Scoundrel::observation_tensor_shape(g.config()), [410]);
    let t = g.observation_tensor(0);
    assert_eq!(t.len(), 410);
    let plane = |p: usize, text: &str| t[p * 44 + column(text)];
    // The Room: 9♣ is left, and the next three cards of the index order were dealt beside it.
    for text in ["Ac", "2c", "2d", "9c"] {
        assert_eq!(plane(0, text), 1.0, "{text}");
    }
    assert_eq!((0..44).map(|i| t[i]).sum::<f32>(), 4.0);
    // The weapon, its stack and its last kill; the discards; the last card faced.
    assert_eq!(plane(1, "5d"), 1.0);
    assert_eq!(plane(2, "8c"), 1.0);
    assert_eq!(plane(3, "8c"), 1.0);
    assert_eq!(plane(4, "2h"), 1.0);
    assert_eq!(plane(8, "2h"), 1.0);
    // The known bottom, in order, below the 33 cards of unknown place: the A♠ is dealt last
    // (place 37, as 37/44).
    for (i, text) in ["Ks", "Qs", "Js", "As"].into_iter().enumerate() {
        assert_eq!(plane(5, text), 0.0, "{text} is not of unknown place");
        assert_eq!(plane(6, text), 1.0, "{text}");
        assert_eq!(plane(7, text), (34 + i) as f32 / 44.0, "{text}");
    }
    assert_eq!((0..44).map(|i| t[5 * 44 + i]).sum::<f32>(), 33.0);
    // The numbers: health 20 - 3 + 2 = 19, a 5 that may fight up to an 8, a new turn, 37 cards
    // left in the Dungeon (22 monsters, 7 weapons, 8 potions).
    let numbers = &t[396..];
    assert_eq!(numbers[0], 19.0 / 20.0);
    assert_eq!(numbers[1], 0.5);
    assert_eq!(numbers[2], 8.0 / 14.0);
    assert_eq!(&numbers[3..8], [0.0, 0.0, 0.0, 1.0, 37.0 / 44.0]);
    assert_eq!(&numbers[8..11], [22.0 / 26.0, 7.0 / 9.0, 8.0 / 9.0]);
    assert_eq!(&numbers[12..], [0.0, 0.0]);
    assert_eq!(
        g.observation_string(0),
        "health 19/20 · weapon 5♦, last kill 8♣ (fights monsters up to 8)\n\
         Room: A♣ 2♣ 2♦ 9♣ · 0 faced, may avoid\n\
         Dungeon: 37 cards (22 monsters, 7 weapons, 8 potions) · bottom, in order: K♠ Q♠ J♠ A♠"
    );
    let ids = g.legal_action_ids(0);
    assert_eq!(ids[0], 0, "avoiding is allowed");
    assert!(ids.contains(&47), "2♣ may be fought with the weapon");
    assert!(!ids.contains(&45), "A♣ may not");
}
