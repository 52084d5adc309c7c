//! Records: the JSON a record is stored as, and the typed errors of tampered records. (That
//! records replay to the identical state is checked at every step of the conformance games.)

use tictactoe::prelude::*;

fn played(config: Config, seed: u64) -> Match<TicTacToe> {
    let mut agents = [
        TicTacToe::agent("heuristic", seed).unwrap(),
        TicTacToe::agent("random", seed + 1).unwrap(),
    ];
    play::<TicTacToe, _>(config, seed, &mut agents).unwrap()
}

#[test]
fn record_json_is_readable() {
    let mut game = Match::<TicTacToe>::new(Config::default(), 9).unwrap();
    for n in [5, 1] {
        game.apply(&Cell::new(n).unwrap()).unwrap();
    }
    let json = serde_json::to_string(game.record()).unwrap();
    assert_eq!(
        json,
        r#"{"game":"tictactoe","config":{"first":"x"},"seed":9,"actions":["5","1"]}"#
    );
}

#[test]
fn tampered_records_are_typed_errors() {
    let (_, record) = played(Config::X_FIRST, 3).into_parts();

    // A cell played twice.
    let mut twice = record.clone();
    twice.actions[1] = twice.actions[0];
    match twice.replay() {
        Err(ReplayError::Action {
            index: 1, source, ..
        }) => {
            assert_eq!(source, Error::Occupied(record.actions[0]));
        }
        other => panic!("{other:?}"),
    }

    // A move after the end.
    let mut longer = record.clone();
    let spare = Cell::ALL
        .into_iter()
        .find(|c| !record.actions.contains(c))
        .unwrap_or(Cell::CENTRE);
    longer.actions.push(spare);
    match longer.replay() {
        Err(ReplayError::Action { index, source, .. }) => {
            assert_eq!(index, record.actions.len());
            assert!(matches!(
                source,
                Error::Turn(TurnError::GameOver) | Error::Occupied(_)
            ));
        }
        other => panic!("{other:?}"),
    }

    // Another game's record.
    let mut other_game = record.clone();
    other_game.game = "life-go".into();
    assert!(matches!(
        other_game.replay(),
        Err(ReplayError::WrongGame { .. })
    ));

    // Cells off the board do not even deserialise, nor do cells stored as numbers.
    let json = serde_json::to_string(&record).unwrap();
    for prefix in ["\"0\",", "\"10\",", "\"x\",", "5,"] {
        let bad = json.replacen("\"actions\":[", &format!("\"actions\":[{prefix}"), 1);
        assert!(
            serde_json::from_str::<Record<TicTacToe>>(&bad).is_err(),
            "{bad}"
        );
    }
    let bad = json.replacen("\"first\":\"x\"", "\"first\":\"y\"", 1);
    assert!(serde_json::from_str::<Record<TicTacToe>>(&bad).is_err());
}
