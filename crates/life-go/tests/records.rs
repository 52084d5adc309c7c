//! Records store the cells people type; tampered records and states give typed errors. (That
//! records and states replay and round-trip to the identical state is checked at every step of
//! the conformance games.)

use life_go::prelude::*;

fn played(config: Config, seed: u64) -> Match<LifeGo> {
    let mut agents = [
        LifeGo::agent("eval", 1).unwrap(),
        LifeGo::agent("random", 2).unwrap(),
    ];
    play::<LifeGo, _>(config, seed, &mut agents).unwrap()
}

#[test]
fn records_store_actions_as_the_cells_people_type() {
    let (_, record) = played(Config::default(), 11).into_parts();
    let json = serde_json::to_string(&record).unwrap();
    let first = record.actions[0].to_string();
    assert!(
        json.contains(&format!("\"actions\":[\"{first}\",")),
        "{json}"
    );
}

#[test]
fn a_tampered_record_is_refused_with_a_typed_error() {
    let (_, record) = played(Config::default(), 5).into_parts();
    // Replace the third move by a drop on a cell of the setup that is still occupied.
    let mut tampered = record.clone();
    let partial = Record::<LifeGo> {
        actions: tampered.actions[..2].to_vec(),
        ..tampered.clone()
    }
    .replay()
    .unwrap();
    let occupied = partial
        .board()
        .cells()
        .find(|&c| partial.board().get(c).is_some())
        .unwrap();
    tampered.actions[2] = Action::at(occupied);
    match tampered.replay() {
        Err(ReplayError::Action {
            index: 2,
            source: Error::Occupied { cell },
            ..
        }) => {
            assert_eq!(cell, occupied)
        }
        other => panic!("expected an occupied-cell error, got {other:?}"),
    }
    // A move after the end.
    let mut extended = record.clone();
    extended.actions.push(record.actions[0]);
    assert!(matches!(
        extended.replay(),
        Err(ReplayError::Action {
            source: Error::Turn(TurnError::GameOver),
            ..
        })
    ));
    // Another game's record, and a refused configuration.
    let mut other = record.clone();
    other.game = "tictactoe".into();
    assert!(matches!(other.replay(), Err(ReplayError::WrongGame { .. })));
    let mut bad = record.clone();
    bad.config.setup = Setup::custom("a1 a1", "b2").unwrap();
    assert!(matches!(
        bad.replay(),
        Err(ReplayError::Setup(Error::SetupOverlap { .. }))
    ));
    // Tampered JSON text: a move that is not a cell.
    let json = serde_json::to_string(&record).unwrap().replacen(
        &format!("\"{}\"", record.actions[0]),
        "\"zz99\"",
        1,
    );
    assert!(serde_json::from_str::<Record<LifeGo>>(&json).is_err());
}

#[test]
fn inconsistent_states_are_refused() {
    let mut game = LifeGo::new(Config::default(), 0).unwrap();
    game.apply(&"e3".parse().unwrap()).unwrap();
    let json = serde_json::to_value(&game).unwrap();

    let refused = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut value = json.clone();
        edit(&mut value);
        serde_json::from_value::<LifeGo>(value).is_err()
    };
    assert!(refused(&|v| v["board"][0] = "x".into()));
    assert!(refused(&|v| v["board"][3] = "...................?".into()));
    assert!(refused(&|v| {
        v["board"].as_array_mut().unwrap().pop();
    }));
    assert!(refused(&|v| v["moves"] = 401.into()));
    assert!(refused(&|v| v["last_drop"] = serde_json::Value::Null));
    assert!(refused(&|v| v["last_drop"] = "t1".into()));
    assert!(refused(&|v| v["config"]["width"] = 65.into()));
    assert!(refused(&|v| v["config"]["move_limit"] = 0.into()));
    // No move played, yet the board is not the setup.
    assert!(refused(&|v| {
        v["moves"] = 0.into();
        v["last_drop"] = serde_json::Value::Null;
    }));
    // A stone changed by hand is a different but consistent position: accepted, and the outcome
    // follows from the board (here White has been wiped out).
    let mut value = json.clone();
    let rows: Vec<String> = value["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().replace('o', "."))
        .collect();
    value["board"] = rows.into();
    let wiped: LifeGo = serde_json::from_value(value).unwrap();
    assert_eq!(wiped.turn(), Turn::Over);
    assert_eq!(
        wiped.outcome().unwrap().winner,
        Some(life_go::Colour::Black)
    );
}
