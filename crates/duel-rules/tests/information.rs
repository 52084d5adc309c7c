//! Information states and (the absence of) chance events: game-core's checks for the duel and
//! the free-for-all, golden strings and tensors, and the history kept through serde.

use std::sync::Arc;

use duel_rules::prelude::*;
use duel_rules::{Fighter, RuleSet};
use game_core::Deal;

fn act(text: &str) -> Action {
    text.parse().unwrap()
}

fn joint(texts: &[&str]) -> Vec<Action> {
    texts.iter().map(|t| act(t)).collect()
}

#[test]
fn golden_string_and_tensor_of_a_duel() {
    let config = Config::preset(Preset::Hk);
    let mut duel = Duel::new(config.clone(), 0).unwrap();
    assert_eq!(duel.information_state_string(0), "you are player 1");
    duel.apply_joint(&joint(&["charge", "block"])).unwrap();
    duel.apply_joint(&joint(&["seal", "shoot"])).unwrap();
    assert_eq!(
        duel.information_state_string(0),
        "you are player 1; round 1: charge block; round 2: seal shoot"
    );
    assert_eq!(
        duel.information_state_string(1),
        "you are player 2; round 1: charge block; round 2: seal shoot"
    );
    // 2 seat flags; the origin (round 0, health 5 qi 5 out 0 for both); 200 rounds of 2 × 7.
    assert_eq!(Duel::information_state_tensor_shape(&config), [2809]);
    let tensor = duel.information_state_tensor(0);
    let mut expected = vec![0.0f32; 2809];
    expected[0] = 1.0;
    expected[2..9].copy_from_slice(&[0.0, 5.0, 5.0, 0.0, 5.0, 5.0, 0.0]);
    // Round 1: charge (move 0) and block (move 1); round 2: seal (5) and shoot (2).
    for at in [9, 9 + 7 + 1, 9 + 14 + 5, 9 + 14 + 7 + 2] {
        expected[at] = 1.0;
    }
    assert_eq!(tensor, expected);
    let theirs = duel.information_state_tensor(1);
    assert_eq!((theirs[0], theirs[1]), (0.0, 1.0));
    assert_eq!(theirs[2..], tensor[2..]);
}

#[test]
fn golden_tensor_of_a_free_for_all() {
    let config = Config::preset(Preset::Classic).with_players(3);
    // Per action: 7 moves, out, 3 targets = 11; 3 seat flags and 10 origin values first.
    assert_eq!(
        Duel::information_state_tensor_shape(&config),
        [13 + 200 * 3 * 11]
    );
    let mut duel = Duel::new(config, 0).unwrap();
    duel.apply_joint(&joint(&["charge", "charge", "block"]))
        .unwrap();
    duel.apply_joint(&joint(&["shoot@3", "charge", "charge"]))
        .unwrap();
    assert_eq!(duel.fighters()[2].health, 0);
    duel.apply_joint(&joint(&["charge", "block", "out"]))
        .unwrap();
    assert_eq!(
        duel.information_state_string(2),
        "you are player 3; round 1: charge charge block; round 2: shoot@3 charge charge; \
         round 3: charge block out"
    );
    let tensor = duel.information_state_tensor(2);
    let ones: Vec<usize> = (0..tensor.len()).filter(|&i| tensor[i] == 1.0).collect();
    let round = |r: usize, seat: usize, offset: usize| 13 + r * 33 + seat * 11 + offset;
    assert_eq!(
        ones,
        [
            2, // seat 3's view
            4, // the origin: health 1 each (qi 0)
            7,
            10,
            round(0, 0, 0),  // charge
            round(0, 1, 0),  // charge
            round(0, 2, 1),  // block
            round(1, 0, 2),  // shoot …
            round(1, 0, 10), // … at seat 3
            round(1, 1, 0),
            round(1, 2, 0),
            round(2, 0, 0),
            round(2, 1, 1),
            round(2, 2, 7), // out
        ]
    );
}

#[test]
fn a_game_from_a_position_starts_its_history_there() {
    let rules = Arc::new(RuleSet::hk());
    let mut duel = Duel::from_parts(rules, 3, &[Fighter::new(5, 4), Fighter::new(3, 0)]).unwrap();
    assert!(duel.history().is_empty());
    assert_eq!(
        duel.information_state_string(0),
        "you are player 1; from round 3: player 1: health 5 qi 4, player 2: health 3 qi 0"
    );
    duel.apply_joint(&joint(&["shoot", "charge"])).unwrap();
    assert_eq!(
        duel.information_state_string(1),
        "you are player 2; from round 3: player 1: health 5 qi 4, player 2: health 3 qi 0; \
         round 4: shoot charge"
    );
    let tensor = duel.information_state_tensor(0);
    assert_eq!(tensor[2..9], [3.0, 5.0, 4.0, 0.0, 3.0, 0.0, 0.0]);
    // Rounds 1 to 3 are unknown and left at zero; round 4 holds shoot and charge.
    assert!(tensor[9..9 + 3 * 14].iter().all(|&v| v == 0.0));
    assert_eq!(tensor[9 + 3 * 14 + 2], 1.0);
    assert_eq!(tensor[9 + 3 * 14 + 7], 1.0);
    assert_eq!(tensor.iter().filter(|&&v| v == 1.0).count(), 3);
}

#[test]
fn serde_keeps_the_history_and_checks_it() {
    let mut duel = Duel::new(Config::preset(Preset::Hk), 0).unwrap();
    duel.apply_joint(&joint(&["charge", "block"])).unwrap();
    duel.apply_joint(&joint(&["shoot", "kamehameha"])).unwrap();
    let json = serde_json::to_string(&duel).unwrap();
    assert!(
        json.contains(r#""history":[["charge","block"],["shoot","kamehameha"]]"#),
        "{json}"
    );
    let back: Duel = serde_json::from_str(&json).unwrap();
    assert_eq!(back, duel);
    assert_eq!(
        back.information_state_string(0),
        duel.information_state_string(0)
    );
    // A history that does not lead to the position, or that is not legal, is refused.
    let other = json.replace(r#"["charge","block"]"#, r#"["block","block"]"#);
    assert!(matches!(
        serde_json::from_str::<Duel>(&other),
        Err(e) if e.to_string().contains("the history leads to round 2")
    ));
    // Buddha-palm spends all 5 qi, so the shoot of round 2 is unaffordable.
    let illegal = json.replace(r#"["charge","block"]"#, r#"["buddha-palm","block"]"#);
    assert!(matches!(
        serde_json::from_str::<Duel>(&illegal),
        Err(e) if e.to_string().contains("the history's round 2")
    ));
    // A position written without its history is a game from that position.
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let mut bare = value.clone();
    bare.as_object_mut().unwrap().remove("history");
    let position: Duel = serde_json::from_value(bare).unwrap();
    assert_eq!(position.fighters(), duel.fighters());
    assert!(position.history().is_empty());
    assert!(
        position
            .information_state_string(0)
            .starts_with("you are player 1; from round 2: ")
    );
    // …and it round-trips as such.
    let again: Duel = serde_json::from_str(&serde_json::to_string(&position).unwrap()).unwrap();
    assert_eq!(again, position);
}

#[test]
fn no_chance_events() {
    for config in [
        Config::preset(Preset::Hk),
        Config::preset(Preset::Extended).with_players(4),
    ] {
        assert_eq!(Duel::max_chance_outcomes(&config), 0);
        assert!(Duel::chance_outcomes(&config, &[]).is_empty());
        assert!(Duel::chance_outcomes_of_seed(&config, 7).is_empty());
        let deal = Deal::<Duel>::new(config.clone());
        assert!(deal.is_complete());
        assert_eq!(deal.game().unwrap(), Duel::new(config.clone(), 3).unwrap());
        assert_eq!(
            Duel::from_chance_outcomes(config, &[0]),
            Err(Error::ChanceOutcomes(vec![0]))
        );
    }
}
