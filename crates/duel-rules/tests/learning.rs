//! Action ids, masks and observation tensors: game-core's checks on every preset and table
//! size, and golden values that keep the ids and the tensor layout stable across versions.

use duel_rules::prelude::*;
use duel_rules::{Fighter, RuleSet};
use std::sync::Arc;

fn act(text: &str) -> Action {
    text.parse().unwrap()
}

#[test]
fn golden_ids_of_a_duel() {
    let hk = Config::default();
    assert_eq!(Duel::num_distinct_actions(&hk), 7);
    let names = [
        "charge",
        "block",
        "shoot",
        "kamehameha",
        "dragon-palm",
        "seal",
        "buddha-palm",
    ];
    for (id, name) in names.iter().enumerate() {
        assert_eq!(Duel::action_id(&hk, &act(name)), Some(id));
        assert_eq!(Duel::action_from_id(&hk, id), Some(act(name)));
    }
    assert_eq!(Duel::action_from_id(&hk, 7), None);
    assert_eq!(Duel::action_id(&hk, &Action::Out), None);
    assert_eq!(Duel::action_id(&hk, &act("shoot@2")), None);
    assert_eq!(Duel::action_id(&hk, &act("heaven")), None);
    let extended = Config::preset(Preset::Extended);
    assert_eq!(Duel::num_distinct_actions(&extended), 10);
    for (name, id) in [("heaven", 7), ("hell", 8), ("super-charge", 9)] {
        assert_eq!(Duel::action_id(&extended, &act(name)), Some(id));
        assert_eq!(Duel::action_from_id(&extended, id), Some(act(name)));
    }
    assert_eq!(
        Duel::num_distinct_actions(&Config::preset(Preset::Classic)),
        7
    );
}

#[test]
fn golden_ids_of_a_free_for_all() {
    let three = Config::default().with_players(3);
    assert_eq!(Duel::num_distinct_actions(&three), 18);
    for (text, id) in [
        ("charge", 0),
        ("block", 1),
        ("shoot@1", 2),
        ("shoot@2", 3),
        ("shoot@3", 4),
        ("kamehameha@1", 5),
        ("dragon-palm@2", 9),
        ("buddha-palm@3", 16),
        ("out", 17),
    ] {
        assert_eq!(Duel::action_id(&three, &act(text)), Some(id), "{text}");
        assert_eq!(Duel::action_from_id(&three, id), Some(act(text)), "{text}");
    }
    assert_eq!(Duel::action_id(&three, &act("shoot")), None);
    assert_eq!(Duel::action_id(&three, &act("shoot@4")), None);
    assert_eq!(Duel::action_id(&three, &act("charge@2")), None);
    assert_eq!(
        Duel::num_distinct_actions(&Config::default().with_players(8)),
        43
    );
    let extended = Config::preset(Preset::Extended).with_players(3);
    assert_eq!(Duel::num_distinct_actions(&extended), 25);
    assert_eq!(Duel::action_id(&extended, &act("hell@3")), Some(22));
    assert_eq!(Duel::action_id(&extended, &act("super-charge")), Some(23));
    assert_eq!(Duel::action_id(&extended, &Action::Out), Some(24));
}

#[test]
fn golden_tensor_and_string() {
    let rules = Arc::new(RuleSet::hk());
    let state = Duel::from_parts(rules, 3, &[Fighter::new(5, 4), Fighter::new(3, 0)]).unwrap();
    assert_eq!(Duel::observation_tensor_shape(&Config::default()), [24]);
    #[rustfmt::skip]
    let seat0: [f32; 24] = [
        3., 197.,
        // me, in, health, qi, then charge block shoot kamehameha dragon-palm seal buddha-palm
        1., 1., 5., 4.,   1., 1., 1., 1., 1., 1., 0.,
        0., 1., 3., 0.,   1., 1., 0., 0., 0., 0., 0.,
    ];
    assert_eq!(state.observation_tensor(0), seat0);
    let seat1 = state.observation_tensor(1);
    let differ: Vec<usize> = (0..24).filter(|&k| seat1[k] != seat0[k]).collect();
    assert_eq!(differ, [2, 13], "only the observing-seat flags differ");
    assert_eq!(
        state.observation_string(1),
        "round 3 of 200; you are player 2\nplayer 1: health 5 qi 4\nplayer 2: health 3 qi 0"
    );
    assert_eq!(state.legal_action_ids(1), [0, 1]);
    assert_eq!(state.legal_action_ids(0), [0, 1, 2, 3, 4, 5]);
}

#[test]
fn a_knocked_out_seat_in_a_free_for_all() {
    let config = Config::default().with_players(3);
    assert_eq!(Duel::observation_tensor_shape(&config), [35]);
    let mut state = Duel::new(config, 0).unwrap();
    for joint in [
        ["buddha-palm@3", "buddha-palm@3", "charge"],
        ["charge", "charge", "charge"],
        ["shoot@3", "shoot@3", "charge"],
    ] {
        state.apply_joint(&joint.map(act)).unwrap();
    }
    assert!(!state.fighters()[2].is_in());
    assert_eq!(state.legal_action_ids(2), [17]);
    // Players 1 and 2 have 1 qi - 1 = 0 after shooting: charge or block.
    assert_eq!(state.legal_action_ids(0), [0, 1]);
    assert_eq!(state.legal_action_ids(1), [0, 1]);
    let t = state.observation_tensor(2);
    assert_eq!(&t[..2], [3., 197.]);
    let block = &t[2 + 2 * 11..2 + 3 * 11];
    assert_eq!(&block[..4], [1., 0., 0., 10.]);
    assert!(block[4..].iter().all(|&x| x == 0.0));
}
