//! Records: actions are stored as text; a tampered record gives a typed error; a stored state
//! that no game can reach is refused. (That records replay to the identical state is checked at
//! every step of the conformance games.)

use std::sync::Arc;

use duel_rules::prelude::*;
use duel_rules::{Fighter, RuleSet};

fn play_game(config: Config, seed: u64) -> Match<Duel> {
    let mut agents: Vec<Box<dyn Agent<Duel>>> = (0..config.players)
        .map(|p| Duel::agent(if p == 0 { "equilibrium" } else { "dice" }, seed + p as u64).unwrap())
        .collect();
    play::<Duel, _>(config, seed, &mut agents).unwrap()
}

#[test]
fn records_store_actions_as_text() {
    let mut record = Record::<Duel>::new(Config::preset(Preset::Classic).with_players(3), 0);
    record.actions.extend(
        ["charge", "block", "charge", "shoot@3", "block", "charge"]
            .map(|t| t.parse::<Action>().unwrap()),
    );
    let json = serde_json::to_string(&record).unwrap();
    assert!(
        json.contains(r#""actions":["charge","block","charge","shoot@3","block","charge"]"#),
        "{json}"
    );
    let back: Record<Duel> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, record);
    assert_eq!(back.replay().unwrap().fighters()[2].health, 0);
}

#[test]
fn a_tampered_record_is_refused_with_a_typed_error() {
    let m = play_game(Config::preset(Preset::Hk), 5);
    let mut record = m.record().clone();
    // Seat 1's first move becomes one it cannot afford... under classic rules nobody can shoot
    // at 0 qi; under hk, make it a move the rules lack.
    record.actions[1] = "hell".parse().unwrap();
    match record.replay() {
        Err(ReplayError::Action { index, source, .. }) => {
            assert_eq!(index, 0);
            assert!(matches!(source, Error::UnknownMove { player: 1, .. }));
        }
        other => panic!("expected a refused action, got {other:?}"),
    }
    let mut short = m.record().clone();
    short.actions.pop();
    assert!(matches!(short.replay(), Err(ReplayError::Truncated { .. })));
    let mut extra = m.record().clone();
    extra
        .actions
        .extend(["block".parse::<Action>().unwrap(); 2]);
    assert!(matches!(
        extra.replay(),
        Err(ReplayError::Action {
            source: Error::Turn(_),
            ..
        })
    ));
    let mut classic = m.record().clone();
    classic.config = Config::preset(Preset::Classic);
    assert!(classic.replay().is_err());
    let mut crowded = m.record().clone();
    crowded.config.players = 9;
    assert!(matches!(
        crowded.replay(),
        Err(ReplayError::Setup(Error::PlayerCount { .. }))
    ));
}

#[test]
fn tampered_text_is_refused() {
    let m = play_game(Config::preset(Preset::Hk), 6);
    let json = serde_json::to_string(m.record()).unwrap();
    let bad_rules = json.replacen("\"start_health\":5", "\"start_health\":-5", 1);
    assert!(serde_json::from_str::<Record<Duel>>(&bad_rules).is_err());
    let bad_action = json.replacen("\"actions\":[\"", "\"actions\":[\"@@ ", 1);
    assert!(serde_json::from_str::<Record<Duel>>(&bad_action).is_err());
}

#[test]
fn unreachable_states_are_refused() {
    let rules = Arc::new(RuleSet::hk());
    let ok = Fighter::new(5, 5);
    let cases: Vec<(u32, Vec<Fighter>)> = vec![
        (1, vec![Fighter::new(6, 0), ok]), // more health than at the start
        (
            1,
            vec![
                Fighter {
                    health: 0,
                    qi: 0,
                    out_round: 0,
                },
                ok,
            ],
        ), // at 0 but not out
        (
            1,
            vec![
                Fighter {
                    health: 2,
                    qi: 0,
                    out_round: 1,
                },
                ok,
            ],
        ), // out with health left
        (
            1,
            vec![
                Fighter {
                    health: 0,
                    qi: 0,
                    out_round: 2,
                },
                ok,
            ],
        ), // out in a future round
        (0, vec![Fighter::new(4, 5), ok]), // damaged before round 1
        (
            3,
            vec![
                Fighter {
                    health: 0,
                    qi: 0,
                    out_round: 1,
                },
                ok,
            ],
        ), // played on after the end
        (201, vec![ok, ok]),               // past the round limit
        (1, vec![ok]),                     // one player
    ];
    for (round, fighters) in cases {
        assert!(
            Duel::from_parts(rules.clone(), round, &fighters).is_err(),
            "{round} {fighters:?}"
        );
    }
    let good = Duel::from_parts(rules, 2, &[ok, Fighter::new(3, 0)]).unwrap();
    let json = serde_json::to_string(&good).unwrap();
    assert_eq!(serde_json::from_str::<Duel>(&json).unwrap(), good);
    let broken = json.replace("\"health\":3", "\"health\":9");
    assert!(serde_json::from_str::<Duel>(&broken).is_err());
}
