//! The conformance kit on Take-away: every promise a game makes, checked along random games, and
//! stored states that no game reaches refused.

use game_testkit::{Options, check_conformance};
use my_game::TakeAway;

#[test]
fn take_away_conforms() {
    let report = check_conformance::<TakeAway>(&(), &Options::default()).unwrap();
    assert!(report.get("game").unwrap().games > 0);
    assert!(report.names().contains(&"roster"));
    assert!(report.names().contains(&"narration"));
    assert!(report.mutations.refused > 0);
}

#[test]
fn states_no_game_reaches_are_refused() {
    for json in [
        r#"{"stones":0,"to_move":21}"#,
        r#"{"stones":22,"to_move":0}"#,
        r#"{"stones":5}"#,
    ] {
        assert!(serde_json::from_str::<TakeAway>(json).is_err(), "{json}");
    }
    let kept: TakeAway = serde_json::from_str(r#"{"stones":5,"to_move":1}"#).unwrap();
    assert_eq!(kept.stones(), 5);
}
