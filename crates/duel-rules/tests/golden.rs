//! Facts from the rules and the original program, checked on the state machine.

use std::sync::Arc;

use duel_rules::{Action, Config, Duel, Event, Fighter, Preset, RuleSet};
use game_core::{Game, PlayerResult, Turn};

fn act(text: &str) -> Action {
    text.parse().unwrap()
}

fn joint(texts: &[&str]) -> Vec<Action> {
    texts.iter().map(|t| act(t)).collect()
}

fn duel(rules: RuleSet, fighters: &[Fighter]) -> Duel {
    Duel::from_parts(Arc::new(rules), 1, fighters).unwrap()
}

#[test]
fn shoot_against_seal_as_the_original_tells_it() {
    // 「當玩家一用「開槍」而玩家二用「封印」,玩家一會消耗1點「氣」而不受傷害;
    //   反之玩家二不但會消耗4點「氣」,更會受到「開槍」帶來的1點傷害。」
    for seal_first in [false, true] {
        let mut d = Duel::new(Config::default(), 0).unwrap();
        let moves = if seal_first {
            ["seal", "shoot"]
        } else {
            ["shoot", "seal"]
        };
        let round = d.play_round(&joint(&moves)).unwrap();
        let (shooter, sealer) = if seal_first { (1, 0) } else { (0, 1) };
        assert_eq!(
            d.fighters()[shooter],
            Fighter::new(5, 4),
            "the Shoot player"
        );
        assert_eq!(d.fighters()[sealer], Fighter::new(4, 1), "the Seal player");
        assert_eq!(
            round.events,
            vec![
                Event::Overwhelmed {
                    winner: shooter,
                    loser: sealer,
                    winning_attack: "shoot".parse().unwrap(),
                    losing_attack: "seal".parse().unwrap(),
                },
                Event::Hit {
                    attacker: shooter,
                    target: sealer,
                    attack: "shoot".parse().unwrap(),
                    damage: 1,
                },
            ]
        );
    }
}

#[test]
fn block_stops_shoot_and_kamehameha_only() {
    let rich = Fighter::new(5, 10);
    for (attack, lost) in [
        ("shoot", 0),
        ("kamehameha", 0),
        ("dragon-palm", 1),
        ("seal", 2),
        ("buddha-palm", 2),
    ] {
        let mut d = duel(RuleSet::hk(), &[rich, rich]);
        d.play_round(&joint(&[attack, "block"])).unwrap();
        assert_eq!(d.fighters()[1].health, 5 - lost, "{attack} against block");
        assert_eq!(
            d.fighters()[0].qi,
            10 - RuleSet::hk().moves()[RuleSet::hk().find(attack).unwrap()].cost
        );
    }
}

#[test]
fn higher_overwhelms_equal_cancels() {
    let rich = Fighter::new(5, 20);
    let mut d = duel(RuleSet::hk(), &[rich, rich]);
    let r = d
        .play_round(&joint(&["dragon-palm", "kamehameha"]))
        .unwrap();
    assert_eq!(d.fighters()[1].health, 4);
    assert_eq!(d.fighters()[0].health, 5);
    assert!(matches!(r.events[0], Event::Overwhelmed { winner: 0, .. }));
    let r = d.play_round(&joint(&["seal", "seal"])).unwrap();
    assert_eq!((d.fighters()[0].health, d.fighters()[1].health), (5, 4));
    assert!(matches!(
        r.events[..],
        [Event::Cancelled {
            first: 0,
            second: 1,
            ..
        }]
    ));
    // Buddha Palm beats Seal: Shoot's exception is the only one.
    d.play_round(&joint(&["seal", "buddha-palm"])).unwrap();
    assert_eq!(d.fighters()[0].health, 3);
}

#[test]
fn charge_and_the_low_health_bonus() {
    let mut d = duel(RuleSet::hk(), &[Fighter::new(1, 0), Fighter::new(2, 0)]);
    let r = d.play_round(&joint(&["charge", "charge"])).unwrap();
    assert_eq!((d.fighters()[0].qi, d.fighters()[1].qi), (2, 1));
    assert_eq!(
        r.events,
        vec![
            Event::Charged { player: 0, qi: 2 },
            Event::Charged { player: 1, qi: 1 }
        ]
    );
    // Classic has no bonus.
    let mut c = duel(
        RuleSet::classic(),
        &[Fighter::new(1, 0), Fighter::new(1, 0)],
    );
    c.play_round(&joint(&["charge", "block"])).unwrap();
    assert_eq!(c.fighters()[0].qi, 1);
}

#[test]
fn classic_first_hit_wins_and_mutual_hits_draw() {
    let mut d = Duel::new(Config::preset(Preset::Classic), 0).unwrap();
    assert_eq!(d.legal_actions(0), joint(&["charge", "block"]));
    d.play_round(&joint(&["charge", "charge"])).unwrap();
    d.play_round(&joint(&["shoot", "charge"])).unwrap();
    assert_eq!(d.turn(), Turn::Over);
    assert_eq!(d.result(0), Some(PlayerResult::Win));
    assert_eq!((d.returns(0), d.returns(1)), (1.0, -1.0));

    let mut d = Duel::new(Config::preset(Preset::Classic), 0).unwrap();
    d.play_round(&joint(&["charge", "charge"])).unwrap();
    d.play_round(&joint(&["charge", "block"])).unwrap();
    d.play_round(&joint(&["kamehameha", "shoot"])).unwrap();
    assert_eq!(
        d.result(0),
        Some(PlayerResult::Win),
        "kamehameha overwhelms shoot"
    );

    let mut d = duel(
        RuleSet::classic(),
        &[Fighter::new(1, 3), Fighter::new(1, 5)],
    );
    d.play_round(&joint(&["dragon-palm", "charge"])).unwrap();
    assert_eq!(d.result(1), Some(PlayerResult::Loss));
}

#[test]
fn round_limit_is_a_draw() {
    let mut spec = RuleSet::hk().spec().clone();
    spec.round_limit = 3;
    let mut d = Duel::new(
        Config {
            players: 2,
            rules: Arc::new(RuleSet::new(spec).unwrap()),
        },
        0,
    )
    .unwrap();
    for _ in 0..3 {
        assert_eq!(d.turn(), Turn::Simultaneous);
        d.apply_joint(&joint(&["block", "block"])).unwrap();
    }
    assert_eq!(d.turn(), Turn::Over);
    assert_eq!(d.result(0), Some(PlayerResult::Draw));
    assert_eq!(d.returns(1), 0.0);
    assert!(d.legal_actions(0).is_empty());
}

#[test]
fn free_for_all_each_attack_on_its_own() {
    let f = Fighter::new(5, 5);
    let mut d = Duel::from_parts(Arc::new(RuleSet::hk()), 1, &[f, f, f]).unwrap();
    // Player 1 shoots player 2, who blocks; player 3 shoots player 1 (who is not attacking 3).
    let r = d
        .play_round(&joint(&["shoot@2", "block", "shoot@1"]))
        .unwrap();
    assert_eq!(
        r.events,
        vec![
            Event::Blocked {
                attacker: 0,
                target: 1,
                attack: "shoot".parse().unwrap()
            },
            Event::Hit {
                attacker: 2,
                target: 0,
                attack: "shoot".parse().unwrap(),
                damage: 1
            },
        ]
    );
    // 1 and 2 attack each other (compared); 3 hits 2 who is busy with 1.
    let r = d
        .play_round(&joint(&["kamehameha@2", "shoot@1", "shoot@2"]))
        .unwrap();
    assert_eq!(d.fighters()[1].health, 3);
    assert_eq!(d.fighters()[0].health, 4);
    assert_eq!(r.events.len(), 3);
    // Duel targets are refused; free-for-all attacks need one.
    assert!(d.play_round(&joint(&["shoot", "block", "block"])).is_err());
    assert!(
        d.play_round(&joint(&["shoot@1", "block", "block"]))
            .is_err()
    );
    assert!(
        d.play_round(&joint(&["block@2", "block", "block"]))
            .is_err()
    );
}

#[test]
fn free_for_all_last_one_standing_and_shared_draw() {
    let mut d = Duel::from_parts(
        Arc::new(RuleSet::classic()),
        1,
        &[Fighter::new(1, 2), Fighter::new(1, 1), Fighter::new(1, 1)],
    )
    .unwrap();
    d.play_round(&joint(&["shoot@3", "charge", "block"]))
        .unwrap();
    assert_eq!(d.turn(), Turn::Simultaneous);
    d.play_round(&joint(&["shoot@2", "charge", "block"]))
        .unwrap();
    assert_eq!(d.turn(), Turn::Simultaneous);
    assert_eq!(d.legal_actions(1), vec![Action::Out]);
    let mut e = d.clone();
    e.play_round(&joint(&["charge", "out", "shoot@1"])).unwrap();
    assert_eq!(e.result(2), Some(PlayerResult::Win));
    assert_eq!(e.returns(2), 2.0);
    assert_eq!(e.returns(0) + e.returns(1), -2.0);
    let mut f = Duel::from_parts(
        Arc::new(RuleSet::classic()),
        1,
        &[Fighter::new(1, 1), Fighter::new(1, 2), Fighter::new(1, 1)],
    )
    .unwrap();
    f.play_round(&joint(&["shoot@2", "kamehameha@3", "charge"]))
        .unwrap();
    // 1 hits 2 (2 attacks 3, not 1); 2 hits 3: both out at once, 1 wins.
    assert_eq!(f.result(0), Some(PlayerResult::Win));
    let mut g = Duel::from_parts(
        Arc::new(RuleSet::classic()),
        1,
        &[Fighter::new(1, 1), Fighter::new(1, 1), Fighter::new(1, 1)],
    )
    .unwrap();
    g.play_round(&joint(&["shoot@2", "shoot@3", "shoot@1"]))
        .unwrap();
    assert_eq!(g.players_in(), 0);
    for p in 0..3 {
        assert_eq!(g.result(p), Some(PlayerResult::Draw));
        assert_eq!(g.returns(p), 0.0);
    }
}

#[test]
fn two_player_free_for_all_is_the_duel() {
    // With two players attacks need no target; the resolution is the same code as the
    // free-for-all's, with the target implied.
    let config = Config::default();
    assert_eq!(config.players, 2);
    let d = Duel::new(config, 0).unwrap();
    assert!(d.legal_actions(0).iter().all(|a| a.target().is_none()));
}

#[test]
fn extended_moves() {
    let rich = Fighter::new(5, 7);
    let mut d = duel(RuleSet::extended(), &[rich, rich]);
    d.play_round(&joint(&["hell", "super-charge"])).unwrap();
    assert_eq!(d.fighters()[1], Fighter::new(3, 1007));
    d.play_round(&joint(&["charge", "heaven"])).unwrap();
    assert_eq!(d.fighters()[0].health, 3);
    assert!(d.parse_action(0, "上天堂").is_err(), "too dear");
    assert_eq!(d.parse_action(1, "上天堂").unwrap(), act("heaven"));
    assert_eq!(d.parse_action(1, "落地獄").unwrap(), act("hell"));
}

#[test]
fn parse_action_explains_bad_input() {
    let d = Duel::new(Config::default(), 0).unwrap();
    assert_eq!(d.parse_action(0, "開槍").unwrap(), act("shoot"));
    assert_eq!(
        d.parse_action(0, " Kamehameha ").unwrap(),
        act("kamehameha")
    );
    for bad in ["hell", "fireball", "shoot@2", "", "out"] {
        let e = d.parse_action(0, bad).unwrap_err();
        assert!(!e.to_string().is_empty());
    }
}
