//! Pictures: golden drawings of a few positions, the last round told, and every drawing of
//! random games well-formed and deterministic.
#![cfg(feature = "svg")]

use duel_rules::Preset;
use duel_rules::prelude::*;
use game_testkit::check_golden;

fn golden(name: &str, duel: &Duel) {
    let path = format!("{}/tests/golden/{name}.svg", env!("CARGO_MANIFEST_DIR"));
    check_golden(path, &duel.to_svg(View::Everything)).unwrap();
}

/// The game under `config` after the rounds in `rounds` (each a joint action as text).
fn after(config: Config, rounds: &[&str]) -> Duel {
    let mut duel = Duel::new(config, 0).unwrap();
    for round in rounds {
        let joint: Vec<Action> = round
            .split_whitespace()
            .map(|a| a.parse().unwrap())
            .collect();
        duel.apply_joint(&joint).unwrap();
    }
    duel
}

#[test]
fn golden_positions() {
    golden("start", &after(Config::default(), &[]));
    golden(
        "shoot-overwhelms-seal",
        &after(Config::default(), &["charge block", "shoot seal"]),
    );
    golden(
        "classic-over",
        &after(
            Config::preset(Preset::Classic),
            &["charge charge", "shoot charge"],
        ),
    );
    golden(
        "free-for-all",
        &after(
            Config::default().with_players(3),
            &["shoot@2 kamehameha@1 block", "charge shoot@3 dragon-palm@2"],
        ),
    );
}

#[test]
fn the_last_round_is_told() {
    let duel = after(Config::default(), &["charge block", "shoot seal"]);
    let svg = duel.to_svg(View::Seat(1));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let moves: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("move"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(moves, ["shoot", "seal"]);
    let events: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("event"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(
        events,
        [
            "Player 1's shoot overwhelms player 2's seal.",
            "Player 1's shoot hits player 2 for 1 damage."
        ]
    );
    assert_eq!(svg, duel.to_svg(View::Everything));
    let start = after(Config::default(), &[]).to_svg(View::Everything);
    assert!(!start.contains("class=\"move\""));
}

#[test]
fn every_picture_of_a_game_has_one_size() {
    // However much a round says, the frame stays: recorded frames of a game make a film.
    let view_box = |duel: &Duel| {
        let svg = duel.to_svg(View::Everything);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        doc.root_element().attribute("viewBox").unwrap().to_string()
    };
    let quiet = after(Config::default(), &[]);
    let busy = after(
        Config::default().with_players(3),
        &["shoot@2 kamehameha@1 block", "charge shoot@3 dragon-palm@2"],
    );
    let three = after(Config::default().with_players(3), &[]);
    assert_eq!(
        view_box(&quiet),
        view_box(&after(Config::default(), &["charge block", "shoot seal"]))
    );
    assert_eq!(view_box(&busy), view_box(&three));
}
